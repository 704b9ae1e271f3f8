import SetCore
import SetProtocol
import Testing

@testable import SetClientCore

/// A seat's past belongs to whoever played from it: a newcomer is not shown the games before, a
/// spectator learns that a seat is free, and a relaunched client learns the games it missed.
@Suite("Seats and history")
struct SeatHistoryTests {
  static let renderer = Renderer(options: .ascii)

  static func screen(_ model: ClientModel, _ state: PlayState = PlayState(), at now: Instant) -> String {
    var state = state
    state.link = .connected
    return renderer.frame(model: model, state: state, now: now, columns: 80, rows: 24).encoded(color: false)
      .joined(separator: "\n")
  }

  /// eve and bot played game 1, which eve forfeited; fay (3) then took eve's seat, which began game 2,
  /// and cat (4) watches.
  static func forfeited() -> ModelDriver {
    var table = ModelDriver(seed: 7)
    table.join(1, name: "eve")
    table.join(2, name: "bot")
    table.join(4, name: "cat")
    table.leave(1)
    table.advance(to: table.now.adding(milliseconds: Rules().resumeGrace + 1))
    table.join(3, name: "fay")
    return table
  }

  @Test("a player in a freed seat reads the last game under the names of those who played it")
  func newcomerSeesPastUnderTheirNames() throws {
    var table = Self.forfeited()
    let fay = table.model(3)
    #expect(fay.seat == .one)
    let result = try #require(fay.results.first)
    #expect(fay.names(for: result) == ["eve", "bot"])
    #expect(fay.viewer(of: result) == nil)
    #expect(fay.playedResults.isEmpty)
    // The new pair's first game began as fay sat down; the last one is history, under eve's name.
    #expect(fay.game == 2 && fay.phase == .open)
    let screen = Self.screen(fay, at: table.now)
    #expect(screen.contains("fay (you) 0 : 0 bot"), "\(screen)")
    #expect(screen.contains("Game 1 over: eve forfeits; bot wins (eve 0, bot 0)."), "\(screen)")
    #expect(!screen.contains("fay forfeits"))
    #expect(!screen.contains("You win"))
    // bot played it, and is told so.
    let bot = table.model(2)
    #expect(bot.viewer(of: result) == .two)
    #expect(bot.game == 2 && bot.phase == .open)
    #expect(bot.playedResults == [result])
  }

  @Test("a spectator is told a seat is free and sits down with Enter")
  func spectatorSitsWithOneKey() {
    var table = ModelDriver(seed: 7)
    table.join(1, name: "ann")
    table.join(2, name: "bob")
    table.join(3, name: "cat")
    var state = PlayState()
    #expect(Self.screen(table.model(3), at: table.now).contains("both seats are taken"))
    #expect(state.handle(.enter, model: table.model(3), now: table.now).isEmpty)
    table.send(.deal, from: 2)  // a needless deal: bob leaves a score behind him
    #expect(table.model(1).scores[.two] == -1)
    table.leave(2)
    table.advance(to: table.now.adding(milliseconds: Rules().resumeGrace + 1))
    let cat = table.model(3)
    let screen = Self.screen(cat, at: table.now)
    #expect(screen.contains("A seat is free: press Enter to sit down"), "\(screen)")
    #expect(!screen.contains("both seats are taken"))
    #expect(screen.split(separator: "\n").last?.contains("Enter sit down") == true)
    #expect(state.handle(.enter, model: cat, now: table.now) == [.sitDown])
    // The seat is taken on the same connection, and its token kept for a resume.
    table.send(.sit, from: 3)
    let seated = table.model(3)
    #expect(seated.seat == .two)
    #expect(seated.token != nil)
    #expect(seated.log.entries.map(\.text).contains("You sit down in seat 2"), "\(seated.log.entries)")
    #expect(!Self.screen(seated, at: table.now).contains("A seat is free"))
    // The one who stayed sees the newcomer at 0, not the score the seat's last player left.
    #expect(table.model(1).scores == seated.scores)
    #expect(table.model(1).scores[.two] == 0)
  }

  @Test("a relaunched client learns the finished games and says You're back")
  func relaunchFetchesHistory() throws {
    var table = ModelDriver(seed: 7)
    table.join(1, name: "ann")
    table.join(2, name: "bob")
    table.leave(2)
    table.advance(to: table.now.adding(milliseconds: Rules().resumeGrace + 1))
    table.join(3, name: "cy")
    table.send(.new, from: 1)
    table.send(.new, from: 3)
    #expect(table.model(1).game == 2)
    let token = try #require(table.model(1).token)
    table.leave(1)
    table.resume(5, token: token)
    let ann = table.model(5)
    #expect(ann.seat == .one)
    #expect(ann.results.map(\.game) == [1])
    let lines = ann.log.entries.map(\.text)
    #expect(lines.contains("Game 1 over: bob forfeits; ann wins (ann 0, bob 0)."), "\(lines)")
    #expect(lines.contains("You're back"))
    // The finished game comes before the coming back, which belongs to the game it came back to.
    let over = try #require(ann.log.entries.firstIndex { $0.text.hasPrefix("Game 1 over") })
    let back = try #require(ann.log.entries.firstIndex { $0.text == "You're back" })
    #expect(over < back)
    #expect(ann.log.entries[back].game == 2)
    #expect(ann.log.entries[back - 1].text == "Game 2 under way: ann 0 : 0 cy, 69 cards left in the deck")
    #expect(!lines.contains { $0.contains("seat 1") || $0.contains("ann is back") }, "\(lines)")
    // The game in progress is not told as this player's past.
    #expect(ann.playedResults.map(\.game) == [1])
  }
}
