import SetCore
import SetProtocol
import Testing

@Suite struct ClientCommandTests {
  /// One command of every kind, with and without its optional arguments.
  static let commands: [ClientCommand] =
    [
      .help(nil), .help("PICK"), .help("CARDS"), .name("ann"), .name("Bob-2_x"),
      .name("ann", secret: "8cTq2VbX0rLm5YwJ"),
      .sit,
      .mode(.human), .mode(.machine), .claim,
      .pick(.slots([Slot(0)])), .pick(.slots([Slot(0), Slot(1), Slot(20)])),
      .pick(.cards(Array(Card.all.prefix(3)))),
      .pick(.cards([Card.all[80]]), table: 17), .pick(.slots([Slot(2), Slot(5)]), table: 0),
      .unpick(Slot(3)), .deal, .table, .state, .rules, .scores, .history, .events, .review(nil), .review(3),
      .stats(nil),
      .stats("ann"),
      .top(1), .top(100), .variantStats(nil, .chain), .variantStats("ann", .ultra9), .variantTop(5, .junior),
      .say("good  game, ann!"), .mood(.looking), .mood(.beaten), .new, .rematchSame, .ping(nil), .ping("t.1:a-b"),
      .resume("abc123"), .quit,
      .tables(watch: false), .tables(watch: true), .join("2"), .join("finals"), .where, .peek("3"), .peek("finals"),
      .open(TableRequest()),
      .open(TableRequest(name: "finals", variant: .ultra, firstTo: 5, scoring: .speed, bot: .hard)),
      .open(TableRequest(bot: .easy)), .enter, .withdraw, .pause, .back, .tournament(nil), .standings,
    ] + TournamentOrder.allCases.map { ClientCommand.tournament($0) }

  @Test("every command's line parses back to the same command, with an id or without")
  func roundTrip() {
    for command in Self.commands {
      let plain = Request.parse(command.line)
      #expect(plain?.id == nil && plain?.command == .success(command), "\(command.line)")
      let withID = Request.parse(command.line(id: "r-1"))
      #expect(withID?.id == "r-1" && withID?.command == .success(command), "\(command.line(id: "r-1"))")
    }
  }

  @Test("every verb is written as spelled, and every verb has a command among those tried")
  func verbsAreSpelledOnce() {
    for command in Self.commands {
      #expect(command.line.split(separator: " ").first.map(String.init) == command.verb.spelling)
    }
    #expect(Set(Self.commands.map(\.verb)) == Set(Verb.allCases))
  }

  @Test("a verb's aliases and its spelling in any case name the verb; anything else names none")
  func wordsNameVerbs() {
    #expect(Verb(word: "SET") == .claim)
    #expect(Verb(word: "LOOK") == .table)
    #expect(Verb(word: "FLY") == nil)
    #expect(Request.parse("set")?.command == .success(.claim))
    #expect(Request.parse("look")?.command == .success(.table))
  }

  @Test("a tournament request with words it does not take is a usage error naming its use")
  func tournamentUsage() {
    for line in ["ENTER now", "TOURNAMENT BEGIN", "TOURNAMENT START NOW", "STANDINGS all", "WITHDRAW me"] {
      guard case .failure(let error) = Request.parse(line)?.command else {
        Issue.record("\(line) parsed")
        continue
      }
      #expect(error.code == .badArgument && error.text.hasPrefix("usage: "), "\(line)")
    }
    #expect(Request.parse("tournament start")?.command == .success(.tournament(.start)))
  }

  @Test("lines are written as clients have always sent them")
  func linesAsSent() {
    #expect(ClientCommand.mode(.machine).line == "MODE MACHINE")
    #expect(ClientCommand.pick(.slots([Slot(0), Slot(1), Slot(2)])).line == "PICK A B C")
    #expect(ClientCommand.pick(.cards([Card.all[0]])).line == "PICK \(Card.all[0])")
    #expect(ClientCommand.pick(.slots([Slot(0)])).line == "PICK A")
    #expect(ClientCommand.name("ann").line(id: "name") == "@name NAME ann")
    #expect(ClientCommand.unpick(Slot(2)).line == "UNPICK C")
  }
}
