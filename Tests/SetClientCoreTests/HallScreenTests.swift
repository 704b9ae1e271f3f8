import SetCore
import SetProtocol
import Testing

@testable import SetClientCore

/// The hall's list of tables as the terminal client draws it, and its keys.
@Suite("The hall's list")
struct HallScreenTests {
  /// A hall of five tables as `TABLES` lists them, for a connection not named yet.
  static func hall(named: Bool = false) -> ClientModel {
    var model = ClientModel()
    var lines = [
      "SETDUEL 1 hello", "OK MODE machine",
      "HALL 1 table-1 normal - sets ann bob 3 1 playing 2 -",
      "HALL 2 table-2 junior - sets cat - 0 0 waiting 0 -",
      "HALL 3 friday-night-league ultra 5 speed dan eve 12 -4 paused 0 -",
      "HALL 4 table-4 normal - sets fay bot 6 2 playing 0 hard",
      "HALL 5 table-5 chain - sets - - 0 0 waiting 1 -",
      "OK @tables TABLES 5",
    ]
    if named { lines += ["OK @name NAME 0 -", ServerLine.rules(Rules()).line, "OK @join JOIN 1 0 -"] }
    for line in lines { _ = model.apply(line: line, at: .zero) }
    return model
  }

  static func screen(_ model: ClientModel, _ state: PlayState, columns: Int, rows: Int, colour: Bool = false)
    -> [String]
  {
    let options = colour ? ScreenOptions() : .ascii
    return Renderer(options: options).frame(model: model, state: state, now: .zero, columns: columns, rows: rows)
      .encoded(color: colour)
  }

  static var lobby: PlayState {
    var state = PlayState()
    state.link = .connected
    state.lobby = true
    return state
  }

  @Test("at 40x12, 80x24 and 120x40 each table shows its number, name, game, players or the wait, score and watchers")
  func sizes() {
    let model = Self.hall()
    for (columns, rows) in [(40, 12), (80, 24), (120, 40)] {
      let lines = Self.screen(model, Self.lobby, columns: columns, rows: rows)
      #expect(lines.count == rows)
      #expect(lines.allSatisfy { $0.count <= columns }, "\(columns)x\(rows)")
      let text = lines.joined(separator: "\n")
      #expect(text.contains("waiting for a player"))
      #expect(lines.last?.contains("Esc quit") == true, "\(lines.last ?? "")")
      #expect(lines.first?.contains("SetDuel") == true)
      Snapshot.check(lines, named: "hall-\(columns)x\(rows)-ascii")
      Snapshot.check(
        Self.screen(model, Self.lobby, columns: columns, rows: rows, colour: true),
        named: "hall-\(columns)x\(rows)-colour")
    }
    let wide = Self.screen(model, Self.lobby, columns: 120, rows: 40).joined(separator: "\n")
    for shown in [
      "ann 3 : 1 bob, 2 watching", "cat, waiting for a player", "junior", "dan 12 : -4 eve (paused)",
      "bot (computer)", "friday-night-league",
    ] {
      #expect(wide.contains(shown), "\(shown)")
    }
  }

  @Test("the tables waiting for a player come first, the first of them highlighted for Enter")
  func waitingFirst() {
    let model = Self.hall()
    #expect(model.hallTables.map(\.id) == [2, 5, 1, 3, 4])
    var state = Self.lobby
    #expect(state.highlighted(in: model)?.id == 2)
    #expect(state.handle(.enter, model: model, now: .zero) == [.join("2")])
    #expect(state.handle(.down, model: model, now: .zero) == [])
    #expect(state.handle(.enter, model: model, now: .zero) == [.join("5")])
  }

  @Test("a digit picks a table, digit by digit when numbers share their first digit; n and c open one")
  func keys() {
    var model = Self.hall()
    var state = Self.lobby
    #expect(state.handle(.character("3"), model: model, now: .zero) == [.join("3")])
    #expect(state.handle(.character("9"), model: model, now: .zero) == [])
    #expect(state.notice?.text == "no table 9")
    _ = model.apply(line: "HALL 12 table-12 normal - sets - - 0 0 waiting 0 -", at: .zero)
    #expect(state.handle(.character("1"), model: model, now: .zero) == [], "1 or 12")
    #expect(state.handle(.character("2"), model: model, now: .zero) == [.join("12")])
    #expect(state.handle(.character("1"), model: model, now: .zero) == [])
    #expect(state.handle(.enter, model: model, now: .zero) == [.join("1")])
    #expect(state.handle(.character("n"), model: model, now: .zero) == [.open(TableRequest())])
    #expect(state.handle(.character("c"), model: model, now: .zero) == [.open(TableRequest(bot: .normal))])
    #expect(state.handle(.escape, model: model, now: .zero) == [])
    #expect(state.handle(.escape, model: model, now: .zero) == [.quit], "Esc twice quits before sitting down")
  }

  @Test("at a table, # shows the list (twice in a running game); Esc in the list goes back")
  func backToTheList() {
    var model = Self.hall(named: true)
    var state = PlayState()
    #expect(state.handle(.character("#"), model: model, now: .zero) == [.showHall])
    state.lobby = true
    #expect(state.handle(.escape, model: model, now: .zero) == [.leaveHall])
    state.lobby = false
    for line in ["JOINED 1 1 ann", "OK @name NAME 1 1-tok", "JOINED 2 2 bob", "START 3 1 69 A=1RSD"] {
      _ = model.apply(line: line, at: .zero)
    }
    #expect(state.handle(.character("#"), model: model, now: .zero) == [])
    #expect(state.notice?.text.contains("again") == true)
    #expect(state.handle(.character("#"), model: model, now: .zero) == [.showHall])
    let keys = Self.screen(model, PlayState(), columns: 80, rows: 24).last ?? ""
    #expect(keys.contains("# tables") && keys.hasSuffix("Esc quit"), "\(keys)")
  }

  @Test("table names and players from the network are drawn harmless")
  func harmless() {
    var model = ClientModel()
    // Names that pass the line's grammar are already plain; the list draws through StyledLine anyway.
    _ = model.apply(line: "HALL 2 x_y normal - sets ann - 0 0 waiting 0 -", at: .zero)
    _ = model.apply(line: "HALL 3 evil\u{1B}[2J normal - sets - - 0 0 waiting 0 -", at: .zero)
    #expect(model.hall.keys.sorted() == [2], "a table name with controls is no HALL line")
    let text = Self.screen(model, Self.lobby, columns: 80, rows: 24, colour: true).joined()
    #expect(!text.contains("\u{1B}[2J"))
  }
}
