import SetCore
import SetProtocol
import Testing

@testable import SetClientCore

/// The session in a hall of tables, step by step: the list before sitting down, `JOIN` before `NAME`,
/// moving between tables, and a resume at a table other than the first.
@Suite("The client session in a hall")
struct SessionHallTests {
  static func receive(_ text: String, _ machine: inout SessionMachine) throws -> [SessionAction] {
    try SessionMachineTests.receive(text, &machine)
  }

  static let five = [
    "HALL 1 table-1 normal - sets ann bob 3 1 playing 0 -", "HALL 2 table-2 junior - sets cat - 0 0 waiting 0 -",
    "HALL 3 table-3 normal - sets - - 0 0 waiting 0 -",
  ]

  @Test("in a lobby the session lists the hall with TABLES WATCH and waits for a choice; JOIN comes before NAME")
  func lobby() throws {
    var machine = SessionMachine(name: "dan", policy: .quick, lobby: true)
    _ = machine.start()
    #expect(
      machine.connected() == [
        SessionMachineTests.awaitBanner, .send(.mode(.machine), id: nil), .send(.tables(watch: true), id: .tables),
      ])
    for line in Self.five { #expect(try Self.receive(line, &machine).isEmpty) }
    #expect(try Self.receive("OK @tables TABLES 3", &machine).isEmpty, "no NAME: the player chooses")
    #expect(machine.choosing && machine.model.hall.count == 3)
    #expect(machine.join("2") == [.send(.join("2"), id: .join)])
    #expect(machine.join("3").isEmpty, "one move at a time")
    #expect(try Self.receive("OK @join JOIN 2 0 -", &machine) == [.lookUpSecret(name: "dan")])
    #expect(!machine.choosing && machine.model.table == 2 && machine.destination == "2")
    _ = machine.secretFound(nil, for: "dan")
    _ = try Self.receive("OK @name NAME 2 2-abc", &machine)
    #expect(machine.model.seat == .two && machine.token == "2-abc")
  }

  @Test("a hall of one table, or a server without a hall, is sat at at once")
  func oneTable() throws {
    var machine = SessionMachine(name: "dan", policy: .quick, lobby: true)
    _ = machine.start()
    _ = machine.connected()
    _ = try Self.receive(Self.five[0], &machine)
    #expect(try Self.receive("OK @tables TABLES 1", &machine) == [.lookUpSecret(name: "dan")])
    var old = SessionMachine(name: "dan", policy: .quick, lobby: true)
    _ = old.start()
    _ = old.connected()
    #expect(try Self.receive("ERR @tables UNKNOWN_COMMAND no such command", &old) == [.lookUpSecret(name: "dan")])
    #expect(!old.choosing)
  }

  @Test("with a table asked for, JOIN follows TABLES WATCH; a refused JOIN shows the list, or ends a bot's session")
  func tableAskedFor() throws {
    var machine = SessionMachine(name: "dan", policy: .quick, table: "table-3", lobby: true)
    _ = machine.start()
    #expect(
      machine.connected() == [
        SessionMachineTests.awaitBanner, .send(.mode(.machine), id: nil), .send(.tables(watch: true), id: .tables),
        .send(.join("table-3"), id: .join),
      ])
    #expect(try Self.receive("OK @tables TABLES 3", &machine).isEmpty)
    #expect(!machine.choosing, "the JOIN is on its way")
    _ = try Self.receive("ERR @join NO_SUCH_TABLE no table table-3", &machine)
    #expect(machine.choosing && machine.destination == nil)

    var bot = SessionMachine(name: "bot", policy: .quick, table: "7")
    _ = bot.start()
    #expect(
      bot.connected() == [
        SessionMachineTests.awaitBanner, .send(.mode(.machine), id: nil), .send(.join("7"), id: .join),
      ])
    _ = try Self.receive("ERR @join NO_SUCH_TABLE no table 7", &bot)
    #expect(bot.status == .ended(.tableRefused("no table 7")))
  }

  @Test("moving from a table: the old table's late events are ignored, the new one's lines replace it")
  func moving() throws {
    var machine = SessionMachine(name: "dan", policy: .quick, lobby: true)
    _ = machine.start()
    _ = machine.connected()
    _ = try Self.receive("OK @tables TABLES 1", &machine)
    _ = machine.secretFound(nil, for: "dan")
    for line in ["JOINED 1 1 dan", "OK @name NAME 1 tok1", "JOINED 2 2 eve", "START 3 1 69 A=1RSD B=2GTO C=3POS"] {
      _ = try Self.receive(line, &machine)
    }
    #expect(machine.showHall() == [.send(.tables(watch: true), id: .tables)])
    #expect(machine.choosing)
    _ = try Self.receive("HALL 2 table-2 junior - sets cat - 0 0 waiting 0 -", &machine)
    #expect(machine.join("2") == [.send(.join("2"), id: .join)])
    #expect(try Self.receive("CLAIM 4 1 5000", &machine).isEmpty, "the old table's event")
    var junior = Rules()
    junior.variant = .junior
    junior.tableSize = Variant.junior.tableSize
    for line in [ServerLine.rules(junior).line, "PLAYER 1 cat 0 here"] { _ = try Self.receive(line, &machine) }
    let actions = try Self.receive("OK @join JOIN 2 2 2-def", &machine)
    #expect(actions == [.send(.state, id: nil)])
    let model = machine.model
    #expect(model.table == 2 && model.seat == .two && model.token == "2-def" && model.rules.variant == .junior)
    #expect(model.names == PerSeat(one: "cat", two: nil) && model.cards.isEmpty && model.lastSeq == 0)
    #expect(!machine.choosing && machine.destination == "2")
  }

  @Test("a refused RESUME of table 3's token (the server started again) names itself after JOIN 3")
  func resumeAtTableThree() throws {
    #expect(SessionMachine.table(ofToken: "3-0123abcd") == 3)
    #expect(SessionMachine.table(ofToken: "0123abcd") == nil)
    var machine = SessionMachine(name: "dan", policy: .quick, savedToken: "3-0123abcd", lobby: true)
    _ = machine.start()
    #expect(
      machine.connected() == [
        SessionMachineTests.awaitBanner, .send(.mode(.machine), id: nil), .send(.resume("3-0123abcd"), id: .resume),
      ])
    let actions = try Self.receive("ERR @resume BAD_TOKEN no seat holds that token", &machine)
    #expect(actions == [.send(.join("3"), id: .join), .savedTokenAnswered(resumed: false)])
    #expect(
      try Self.receive("OK @join JOIN 3 0 -", &machine) == [
        .lookUpSecret(name: "dan"), .send(.tables(watch: false), id: .tables),
      ], "table 3 is not listed yet: its listing is asked for")
    #expect(try Self.receive("OK @tables TABLES 3", &machine).isEmpty && !machine.choosing)
  }

  @Test("OPEN from the list: NAME follows at the new table, whose listing is asked for; no list comes back")
  func openFromTheList() throws {
    var machine = SessionMachine(name: "dan", policy: .quick, lobby: true)
    _ = machine.start()
    _ = machine.connected()
    for line in Self.five { _ = try Self.receive(line, &machine) }
    _ = try Self.receive("OK @tables TABLES 3", &machine)
    #expect(machine.open(TableRequest(bot: .normal)) == [.send(.open(TableRequest(bot: .normal)), id: .open)])
    #expect(
      try Self.receive("OK @open OPEN 4 0 -", &machine) == [
        .lookUpSecret(name: "dan"), .send(.tables(watch: false), id: .tables),
      ])
    _ = try Self.receive("HALL 4 table-4 normal - sets - - 0 0 waiting 0 normal", &machine)
    #expect(try Self.receive("OK @tables TABLES 4", &machine).isEmpty)
    #expect(!machine.choosing && machine.model.tableListing?.name == "table-4")
  }

  @Test("a seat taken back with table 3's token is at table 3, and a lobby asks for the hall's tables")
  func resumedAtTableThree() throws {
    var machine = SessionMachine(name: "dan", policy: .quick, savedToken: "3-0123abcd", lobby: true)
    _ = machine.start()
    _ = machine.connected()
    let actions = try Self.receive("OK @resume RESUME 1 dan", &machine)
    #expect(actions.contains(.send(.tables(watch: false), id: .tables)))
    #expect(machine.model.table == 3 && machine.destination == "3")
    #expect(try Self.receive("OK @tables TABLES 3", &machine).isEmpty && !machine.choosing)
  }

  @Test("a watcher at table 2 whose connection dropped joins table 2 again before NAME")
  func reconnectAtTable() throws {
    var machine = SessionMachine(name: "dan", policy: .quick, table: "2")
    _ = machine.start()
    _ = machine.connected()
    _ = try Self.receive("SETDUEL 1 welcome", &machine)
    _ = try Self.receive("OK @join JOIN 2 0 -", &machine)
    _ = machine.secretFound(nil, for: "dan")
    _ = try Self.receive("OK @name NAME 0 -", &machine)
    #expect(machine.disconnected() == [.wait(milliseconds: 50)])
    _ = machine.timerFired()
    #expect(
      machine.connected() == [
        SessionMachineTests.awaitBanner, .send(.mode(.machine), id: nil), .send(.join("2"), id: .join),
      ])
  }

  @Test("a kept token of a table other than the first has the shape of a token")
  func tokenShape() {
    #expect(SeatTokenLocation.isPlausible("3-0123456789abcdef0123456789abcdef"))
    #expect(SeatTokenLocation.isPlausible("0123456789abcdef"))
    for bad in ["-abc", "3-", "a-b", "3-ab-c", "3-a b", ""] { #expect(!SeatTokenLocation.isPlausible(bad), "\(bad)") }
  }
}
