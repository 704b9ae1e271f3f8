import Foundation
import SetCore
import SetProtocol
import SetPureTestSupport
import SetStats
import SetTournament
import SetTransport
import Testing

@testable import SetHost

/// Connection `n`.
private func c(_ number: UInt64) -> ConnectionID { ConnectionID(rawValue: number) }

/// A table taken up again from its record after the server was killed in the middle of a game: the
/// same game, its seats held for the players who show their resume tokens, its record going on.
@Suite("A game taken up again from its record")
struct RebuiltTableTests {
  /// The slots of a set on `host`'s table, as `PICK` names them.
  static func setSlots(_ host: GameHost?) throws -> String {
    let cards = try #require(host).match.table.cards
    let set = try #require(SetFinder.first(in: cards))
    return set.compactMap { cards.firstIndex(of: $0) }.map { Slot($0).label }.joined(separator: " ")
  }

  /// ann (connection 1) and bob (2) at table 1 of a hall on seed 7, first to 2 sets: ann has found a
  /// set, and bob has claimed at 2 s, his window open when the server is killed at 3 s. Returns the
  /// hall, the record's text as the file holds it (no `end`), and the two tokens.
  static func killedInAWindow() throws -> (HallDriver, String, PerSeat<String>) {
    var rules = Rules()
    rules.firstTo = 2
    var hall = HallDriver(seed: 7, rules: rules)
    var tokens: [String] = []
    for (id, name) in [(c(1), "ann"), (c(2), "bob")] {
      hall.connectMachine(id)
      let reply = try #require(hall.send("NAME \(name)", from: id).last { $0.hasPrefix("OK NAME ") })
      tokens.append(String(try #require(reply.split(separator: " ").last)))
    }
    hall.send("PICK " + (try setSlots(hall.hall.host(of: 1))), from: c(1), at: Instant(milliseconds: 1_000))
    hall.send("CLAIM", from: c(2), at: Instant(milliseconds: 2_000))
    hall.advance(to: Instant(milliseconds: 3_000))
    return (hall, hall.recordText(of: 1), PerSeat(one: tokens[0], two: tokens[1]))
  }

  @Test(
    "the same cards, scores and window come back, the seats held for the tokens alone; the record goes on and replays, its games counted once"
  )
  func gameComesBack() throws {
    let (before, text, tokens) = try Self.killedInAWindow()
    let old = try #require(before.hall.host(of: 1))
    // The server starts again: the history folded from the folder, then the table taken up again.
    var hall = HallDriver(seed: 99)
    var history = History()
    _ = try history.fold(record: text)
    hall.hall.replaceHistory(history)
    #expect(hall.hall.players.history.player("ann")?.sets == 1)
    let info = HallTableInfo(id: 1, name: "table-1", rules: Rules(), seed: 99)
    #expect(try hall.rebuild(info, from: text, at: Instant(milliseconds: 3_000)) == 1)
    let host = try #require(hall.hall.host(of: 1))
    #expect(host.match.table.cards == old.match.table.cards)
    #expect(host.match.scores == old.match.scores && host.match.scores.one == 1)
    #expect(host.match.rules.firstTo == 2, "the record's rules, not the server's")
    #expect(host.seq == old.seq + 2, "both players left, as dropped connections leave")
    guard case .paused(let pause) = host.match.phase else {
      Issue.record("not paused: \(host.match.phase)")
      return
    }
    #expect(pause.suspended?.holder == .two && pause.remaining == 4_000, "bob's window keeps its 4 s")
    #expect(hall.hall.listings.first?.seats.values == ["ann", "bob"])

    // A wrong token, a digest read off the record, and ann's name are all refused: the seat is hers.
    hall.connectMachine(c(3))
    let digest = try #require(
      text.split(separator: "\n").first { $0.hasPrefix("resume 1 ") }?.split(separator: " ").last)
    #expect(digest == Substring(ResumeToken.digest(tokens.one)))
    for line in ["RESUME token9", "RESUME \(digest)"] {
      #expect(hall.send(line, from: c(3)).last?.hasPrefix("ERR BAD_TOKEN") == true, "\(line)")
    }
    #expect(hall.send("NAME ann", from: c(3)).last?.hasPrefix("ERR NAME_TAKEN") == true)

    hall.connectMachine(c(4))
    let ann = hall.send("RESUME \(tokens.one)", from: c(4), at: Instant(milliseconds: 10_000))
    #expect(ann.last == "OK RESUME 1 ann", "\(ann)")
    #expect(ann.contains { $0.hasPrefix("TABLE ") } && ann.contains("PLAYER 2 bob 0 away 53000"), "\(ann)")
    hall.connectMachine(c(5))
    let bob = hall.send("RESUME \(tokens.two)", from: c(5), at: Instant(milliseconds: 11_000))
    #expect(bob.last == "OK RESUME 2 bob", "\(bob)")
    guard case .window(let window) = hall.hall.host(of: 1)?.match.phase else {
      Issue.record("bob's window did not resume")
      return
    }
    #expect(window.holder == .two && window.deadline == Instant(milliseconds: 15_000))
    // bob's window runs out; ann finds the second set and wins.
    hall.advance(to: Instant(milliseconds: 15_000))
    hall.send("PICK " + (try Self.setSlots(hall.hall.host(of: 1))), from: c(4), at: Instant(milliseconds: 16_000))
    #expect(hall.hall.host(of: 1)?.match.results.count == 1)
    let whole = hall.recordText(of: 1)
    #expect(whole.hasPrefix(text))
    #expect(try Replay(text: whole).verify() > 0, "the record goes on as one game")
    let annAfter = try #require(hall.hall.players.history.player("ann"))
    #expect(annAfter.games == 1 && annAfter.wins == 1 && annAfter.sets == 2, "\(annAfter)")
    var folded = History()
    _ = try folded.fold(record: whole)
    #expect(folded.player("ann")?.sets == 2 && folded.player("ann")?.games == 1)
  }

  @Test("a table whose record shows no game running, or that does not replay, is dealt afresh")
  func nothingToTakeUp() throws {
    var hall = HallDriver(seed: 7)
    hall.connectMachine(c(1))
    hall.send("NAME ann", from: c(1))
    let waiting = hall.recordText(of: 1)
    let (_, running, _) = try Self.killedInAWindow()
    let edited = running.replacingOccurrences(of: "cmd 1000 1 PICK", with: "cmd 1000 2 PICK")
    for text in [waiting, edited] {
      var again = HallDriver(seed: 99)
      let info = HallTableInfo(id: 1, name: "table-1", rules: Rules(), seed: 99)
      #expect(try again.rebuild(info, from: text, at: Instant(milliseconds: 3_000)) == nil)
      #expect(again.hall.host(of: 1)?.match.game == 0 && again.hall.listings.first?.seats.values == [nil, nil])
    }
  }

  /// ann and bob's Swiss game of one round (first to 1) at its table, and the hall started again with
  /// that table taken up from its record at 2 s: the new hall, the table, and the seats' tokens.
  static func tournamentTakenUp() throws -> (HallDriver, Int, [String: String]) {
    var rules = Rules()
    rules.firstTo = 1
    var hall = HallDriver(seed: 3, rules: rules)
    let settings = TournamentSettings(format: .swiss(rounds: 1), seed: 5, startAt: Instant(milliseconds: 1_000))
    hall.hold(settings, record: "t.tournament")
    var tokens: [String: String] = [:]
    for (number, name) in [(UInt64(1), "ann"), (2, "bob")] {
      hall.connectMachine(c(number))
      hall.send("NAME \(name)", from: c(number))
      hall.send("ENTER", from: c(number))
    }
    hall.advance(to: Instant(milliseconds: 1_000))
    for number in [UInt64(1), 2] {
      let moved = try #require(hall.drain(c(number)).last { $0.hasPrefix("TOURNEY moved ") })
      let words = moved.split(separator: " ")
      tokens[String(words[3])] = String(words[4])
    }
    let table = try #require(hall.hall.table(of: c(1)))
    #expect(table != 1 && hall.hall.host(of: table)?.tournamentGame?.game == 1)
    let text = hall.recordText(of: table)
    let tournament = try #require(hall.hall.tournament)

    var again = HallDriver(seed: 99, rules: rules)
    let info = HallTableInfo(id: table, name: "table-\(table)", rules: rules, seed: 99)
    #expect(try again.rebuild(info, from: text, at: Instant(milliseconds: 2_000)) == table)
    again.resume(tournament, record: "t.tournament")
    return (again, table, tokens)
  }

  @Test("a tournament game taken up again goes on at its table and its result counts; no forfeit of both")
  func tournamentGameGoesOn() throws {
    var (again, table, tokens) = try Self.tournamentTakenUp()
    for (number, seat) in [(UInt64(11), "1"), (12, "2")] {
      again.connectMachine(c(number))
      let reply = again.send("RESUME \(try #require(tokens[seat]))", from: c(number))
      #expect(reply.last?.hasPrefix("OK RESUME \(seat) ") == true, "\(reply)")
    }
    #expect(again.hall.table(of: c(11)) == table)
    again.send("PICK " + (try Self.setSlots(again.hall.host(of: table))), from: c(11), at: Instant(milliseconds: 3_000))
    let round = try #require(again.hall.tournament?.swiss.rounds.first)
    #expect(round.games.first?.result == .seat1, "\(round)")
    #expect(!again.tournamentRecord.contains { $0.contains("forfeit") }, "\(again.tournamentRecord)")
    // Past the resume grace nothing is forfeited either: the game ended at its table.
    again.advance(to: Instant(milliseconds: 200_000))
    #expect(again.hall.tournament?.swiss.rounds.first?.games.first?.result == .seat1)
  }

  @Test("a tournament game taken up again that neither player comes back to is lost by both at the grace")
  func neitherComesBack() throws {
    var (again, table, _) = try Self.tournamentTakenUp()
    #expect(again.hall.host(of: table)?.untaken == [.one, .two])
    again.advance(to: Instant(milliseconds: 63_000))
    #expect(again.hall.host(of: table)?.match.results.first?.ending == .forfeit(.one), "the table's own rule")
    #expect(again.hall.tournament?.swiss.rounds.first?.games.first?.result == .forfeitBoth)
  }

  @Test("a tournament game taken up again that one player comes back to is won by that player at the grace")
  func oneComesBack() throws {
    var (again, table, tokens) = try Self.tournamentTakenUp()
    again.connectMachine(c(11))
    let reply = again.send("RESUME \(try #require(tokens["1"]))", from: c(11), at: Instant(milliseconds: 3_000))
    #expect(reply.last?.hasPrefix("OK RESUME 1 ") == true, "\(reply)")
    again.advance(to: Instant(milliseconds: 63_000))
    #expect(again.hall.host(of: table)?.match.results.first?.ending == .forfeit(.two))
    #expect(again.hall.tournament?.swiss.rounds.first?.games.first?.result == .forfeit2)
  }

  @Test(
    "the server's computer player is asked back to a table taken up again, with a new token for its seat that the record keeps the digest of"
  )
  func computerComesBack() throws {
    var hall = HallDriver(seed: 7)
    hall.connectMachine(c(1))
    hall.send("NAME ann", from: c(1))
    #expect(hall.send("OPEN bot=normal", from: c(1)).last?.hasPrefix("OK OPEN 2 1 2-") == true)
    hall.connectMachine(c(2))
    hall.send("JOIN 2", from: c(2))
    #expect(hall.send("NAME bot-normal", from: c(2)).last?.hasPrefix("OK NAME 2 ") == true)
    #expect(hall.hall.host(of: 2)?.match.game == 1, "the game is dealt")
    let text = hall.recordText(of: 2)
    #expect(text.contains("\nbot 2\n"))

    var again = HallDriver(seed: 99)
    let info = HallTableInfo(id: 2, name: "table-2", rules: Rules(), seed: 99, bot: .normal)
    #expect(try again.rebuild(info, from: text, at: Instant(milliseconds: 1_000)) == 2)
    let wanted = try #require(again.botsWanted.first)
    #expect(again.botsWanted.count == 1 && wanted.table == 2 && wanted.level == .normal && wanted.name == "bot-normal")
    let token = try #require(wanted.token)
    #expect(token.hasPrefix("2-"))
    let digests = again.recordText(of: 2).split(separator: "\n").filter { $0.hasPrefix("resume 2 ") }
    #expect(digests.last == Substring("resume 2 \(ResumeToken.digest(token))"), "a second kill finds it too")
    again.connectMachine(c(3))
    #expect(again.send("RESUME \(token)", from: c(3)).last == "OK RESUME 2 bot-normal")
    #expect(again.hall.host(of: 2)?.botNames.contains("bot-normal") == true, "still shown as a computer player")
    // Without a level in the table's line the hall cannot seat one: the seat is held, and forfeits.
    var plain = HallDriver(seed: 99)
    let unmarked = HallTableInfo(id: 2, name: "table-2", rules: Rules(), seed: 99)
    #expect(try plain.rebuild(unmarked, from: text, at: Instant(milliseconds: 1_000)) == 2)
    #expect(plain.botsWanted.isEmpty)
  }
}
