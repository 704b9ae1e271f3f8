import SetCore
import SetProtocol
import SetPureTestSupport
import SetTransport
import Testing

@testable import SetHost

/// Connection `n`.
private func c(_ number: UInt64) -> ConnectionID { ConnectionID(rawValue: number) }

@Suite("PEEK: another table's cards, without going there")
struct PeekTests {
  /// The fields of the `TABLE` line a player seated at a table (`player`) is sent there.
  static func tableFields(_ hall: inout HallDriver, player: ConnectionID) throws -> [String] {
    let line = try #require(hall.send("TABLE", from: player).first { $0.hasPrefix("TABLE ") })
    return Array(line.split(separator: " ").dropFirst().map(String.init))
  }

  @Test("an unnamed connection at table 1 peeks at table 2: the fields of table 2's own TABLE line, after a set too")
  func peekFollowsTheTable() throws {
    var hall = HallTests.twoGames()
    hall.connectMachine(c(5))
    let before = try Self.tableFields(&hall, player: c(3))
    #expect(hall.send("PEEK 2", from: c(5)) == ["OK PEEK 2 " + before.joined(separator: " ")])
    #expect(before.count == 2 + 12)

    // cy finds a set at table 2: the peek follows, as seq, deck and cards change.
    let host = try #require(hall.hall.host(of: 2))
    let cards = host.match.table.cards
    let set = try #require(SetFinder.first(in: cards))
    let slots = set.compactMap { cards.firstIndex(of: $0) }.map { Slot($0).label }
    hall.send("PICK " + slots.joined(separator: " "), from: c(3))
    let after = try Self.tableFields(&hall, player: c(3))
    #expect(after != before)
    #expect(hall.send("@p PEEK table-2", from: c(5)) == ["OK @p PEEK 2 " + after.joined(separator: " ")])

    // Peeking moved nobody and made no one a spectator: the connection is still at table 1, and table
    // 2's events do not reach it.
    #expect(hall.hall.table(of: c(5)) == 1)
    _ = hall.drain(c(5))
    hall.send("SAY at two", from: c(3))
    #expect(!hall.drain(c(5)).contains { $0.contains("at two") })
    #expect(hall.hall.listings.first { $0.id == 2 }?.watching == 0)
  }

  @Test("a table not dealt yet has no cards; a table that is not open is NO_SUCH_TABLE; PEEK needs one table")
  func peekAtNothing() {
    var hall = HallDriver(seed: 7)
    hall.connectMachine(c(1))
    hall.send("OPEN second", from: c(1))
    hall.connectMachine(c(2))
    #expect(hall.send("PEEK second", from: c(2)) == ["OK PEEK 2 0 0"])
    #expect(hall.send("PEEK 9", from: c(2)) == ["ERR NO_SUCH_TABLE no table 9 is open; TABLES lists them"])
    #expect(hall.send("PEEK", from: c(2)) == ["ERR BAD_ARGUMENT usage: PEEK <table>"])
    #expect(hall.send("PEEK 1 2", from: c(2)) == ["ERR BAD_ARGUMENT usage: PEEK <table>"])
    #expect(hall.hall.table(of: c(2)) == 1)
  }

  @Test("in words, the cards are drawn under the table's number and name before the OK line")
  func peekInWords() throws {
    var hall = HallTests.twoGames()
    hall.connect(c(5))
    let lines = hall.send("PEEK 2", from: c(5))
    let cards = try #require(hall.hall.host(of: 2)?.match.table.cards)
    #expect(lines.first == "Table 2 (table-2), 69 cards left in the deck:")
    #expect(Array(lines.dropFirst().prefix(6)) == HumanTable.full(cards))
    #expect(lines.contains { $0.hasPrefix("OK PEEK 2 ") })
  }
}
