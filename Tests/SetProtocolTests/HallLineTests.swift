import SetCore
import SetProtocol
import Testing

@Suite("The hall's requests and lines")
struct HallLineTests {
  @Test("OPEN reads a name and options in any order and any case of key, and refuses what it cannot use")
  func openOptions() {
    #expect(
      Request.parse("OPEN finals FIRSTTO=5 variant=Ultra bot=hard scoring=speed")?.command
        == .success(.open(TableRequest(name: "finals", variant: .ultra, firstTo: 5, scoring: .speed, bot: .hard))))
    #expect(Request.parse("open")?.command == .success(.open(TableRequest())))
    let refusals = [
      "OPEN variant=ultar": "did you mean ultra?",
      "OPEN a b": "usage: OPEN",
      "OPEN 42": "with a letter",
      "OPEN \(String(repeating: "x", count: 25))": "1 to 24",
      "OPEN firstTo=0": "firstTo takes",
      "OPEN firstTo=1000": "firstTo takes",
      "OPEN scoring=fast": "sets or speed",
      "OPEN bot=god": "easy, normal, hard",
      "OPEN varient=ultra": "did you mean variant?",
    ]
    for (line, words) in refusals {
      guard case .failure(let error) = Request.parse(line)?.command else {
        Issue.record("\(line) was taken")
        continue
      }
      #expect(error.code == .badArgument, "\(line)")
      #expect(error.text.contains(words), "\(line): \(error.text)")
    }
  }

  @Test("JOIN takes one word, TABLES takes WATCH or nothing, WHERE nothing")
  func joinTablesWhere() {
    #expect(Request.parse("join 3")?.command == .success(.join("3")))
    #expect(Request.parse("tables watch")?.command == .success(.tables(watch: true)))
    for line in ["JOIN", "JOIN 1 2", "TABLES ALL", "WHERE 1", "JOIN \(String(repeating: "a", count: 33))"] {
      guard case .failure(let error) = Request.parse(line)?.command else {
        Issue.record("\(line) was taken")
        continue
      }
      #expect(error.code == .badArgument, "\(line)")
    }
  }

  @Test("a table name has a letter and at most 24 characters of a name's kind")
  func tableNames() {
    for name in ["finals", "t-2", "Table_1", "a", "x23456789012345678901234"] {
      #expect(TableName.isValid(name), "\(name)")
    }
    for name in ["", "123", "-_", "x234567890123456789012345", "caf\u{E9}", "a b", "a\u{1B}[2J", "tab\tle"] {
      #expect(!TableName.isValid(name), "\(name)")
    }
  }

  @Test("a HALL line is written field by field and read back, and a line that is not one is refused")
  func hallLine() {
    let listing = HallListing(
      id: 3, name: "finals", variant: .ultra, firstTo: 5, scoring: .speed, seats: PerSeat(one: "ann", two: nil),
      scores: PerSeat(one: 2, two: -1), state: .waiting, watching: 4, bot: .hard)
    #expect(listing.line == "HALL 3 finals ultra 5 speed ann - 2 -1 waiting 4 hard")
    #expect(ServerLine.decode(listing.line) == .hall(listing))
    #expect(HallListing(line: listing.line + " later fields") == listing)
    let plain = HallListing(id: 1, name: "table-1")
    #expect(plain.line == "HALL 1 table-1 normal - sets - - 0 0 waiting 0 -")
    for line in [
      "HALL 0 t normal - sets - - 0 0 waiting 0 -", "HALL 1 123 normal - sets - - 0 0 waiting 0 -",
      "HALL 1 t normal - sets - - 0 0 lost 0 -", "HALL 1 t normal - sets a\u{1B} - 0 0 waiting 0 -",
      "HALL 1 t normal - sets - - 0 0 waiting 0", "HALL 1 t normal 0 sets - - 0 0 waiting 0 -",
    ] {
      #expect(HallListing(line: line) == nil, "\(line)")
    }
  }

  @Test("OK JOIN, OK OPEN, OK WHERE, OK PEEK and the tournament's replies carry their fields both ways")
  func replies() throws {
    let cards = try ["1RSD", "2GTO", "3POS"].map { try #require(CardCode.card(from: $0)) }
    let replies: [OKReply] = [
      .join(table: 2, seat: .one, token: "2-abc"), .join(table: 3, seat: nil, token: nil),
      .open(table: 4, seat: .one, token: "4-x"), .where(table: 1, name: "table-1"), .tables(count: 3),
      .peek(table: 2, seq: 0, deck: 0, cards: [], chain: []),
      .peek(table: 3, seq: 9, deck: 66, cards: cards, chain: []),
      .peek(table: 4, seq: 12, deck: 60, cards: cards, chain: Array(cards.reversed())),
      .enter, .withdraw, .pause, .back, .standings(count: 16),
      .tournament(TournamentSummary(format: "swiss", state: "entering", entrants: 3, clockMilliseconds: 299_000)),
      .tournament(TournamentSummary(format: "arena", state: "finished", entrants: 0, clockMilliseconds: -1)),
    ]
    for reply in replies {
      let line = Reply(id: nil, .ok(reply)).line
      #expect(Reply.decode(line) == Reply(id: nil, .ok(reply)), "\(line)")
    }
    #expect(Reply(id: nil, .ok(.join(table: 3, seat: nil, token: nil))).line == "OK JOIN 3 0 -")
    #expect(
      Reply(id: nil, .ok(.peek(table: 4, seq: 12, deck: 60, cards: cards, chain: [cards[2]]))).line
        == "OK PEEK 4 12 60 A=1RSD B=2GTO C=3POS X=3POS")
    // Cards out of slot order, or a chain before the table, fit no grammar.
    #expect(Reply.decode("OK PEEK 4 12 60 B=1RSD A=2GTO") == nil)
    #expect(Reply.decode("OK PEEK 4 12 60 X=1RSD A=2GTO") == nil)
  }
}
