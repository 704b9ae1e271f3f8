import Dispatch
import SetCore
import SetHost
import SetNet
import SetProtocol
import SetServer
import SetTestSupport
import SetTransport
import Testing

/// Seats are bound to connections: a dropped player comes back only with the seat's token, nobody else
/// acts for a seat, and simultaneous claims have exactly one winner. After each, the server answers
/// PING at once and the game's invariants hold.
@Suite("Faults: seats")
struct SeatFaultTests {
  @Test("a player killed mid-claim comes back with RESUME and the claim goes on with the time it had")
  func killedMidClaimThenResume() throws {
    let table = try LoopbackTable.lenient()
    let game = try table.game()
    try game.ann.ok("CLAIM")
    try game.ann.ok("PICK A")
    game.ann.send("SCORES")  // Left unread: the connection dies with input pending, as a killed client's does.
    game.ann.close()
    try game.bob.readUntil("LEFT") { $0.hasPrefix("LEFT ") && $0.split(separator: " ")[2] == "1" }
    let state = try game.bob.ok("STATE")
    #expect(state.count == 6 && state[2] == "paused" && state[3] == "1" && state[5] == "A", "\(state)")
    let remaining = state.count == 6 ? state[4] : "?"
    try game.bob.refused("CLAIM", .paused)
    // A named spectator cannot RESUME at all, whatever the token.
    try game.observer.refused("RESUME " + String(repeating: "0", count: 32), .alreadyNamed)
    let ann = try table.client("ann2")
    let (reply, before) = try ann.request("RESUME \(game.annToken)")
    #expect(reply.line.hasSuffix(" RESUME 1 ann"), "\(reply.line)")
    #expect(before.contains { $0.hasPrefix("BACK ") && $0.hasSuffix(" 1") })
    #expect(before.contains { $0.hasPrefix("GO ") && $0.hasSuffix(" claim 1 \(remaining)") }, "\(before)")
    // The claim is ann's again, with her pick: she finishes it with a set.
    try game.bob.refused("PICK B", .notYourTurn)
    try game.observer.sync()
    let set = try #require(game.observer.model.someSet)
    if !set.contains(Slot(0)) { try ann.ok("UNPICK A") }
    try ann.ok("PICK " + set.filter { $0 != Slot(0) }.map(\.label).joined(separator: " "))
    try game.observer.readUntil("SET") { $0.hasPrefix("SET ") }
    #expect(table.health(observer: game.observer) == [])
    #expect(table.invariantProblems(observer: game.bob) == [])
    #expect(table.inspect { $0.match.scores } == [1, 0])
  }

  @Test(
    "250 simultaneous claims a table (SETDUEL_RACES), on four tables at once: exactly one winner each time",
    arguments: 0..<4)
  func claimRaces(_ part: Int) throws {
    let table = try LoopbackTable.lenient(seed: 100 + UInt64(part))
    let game = try table.game()
    let players = [game.ann, game.bob]
    for player in players { try player.sync() }
    let wrong = try #require(game.ann.model.someNonSet).map(\.label).joined(separator: " ")
    let races = environmentNumber("SETDUEL_RACES") ?? 250
    var wins = [0, 0]
    for race in 0..<races {
      let ids = players.map { $0.nextID() }
      sendTogether(players.map(\.link), ids.map { "@\($0) CLAIM" })
      let replies = try zip(players, ids).map { try $0.reply(to: $1).reply }
      let winners = replies.indices.filter { if case .ok(.claim) = replies[$0].kind { true } else { false } }
      let losers = replies.indices.filter {
        if case .error(let error) = replies[$0].kind { error.code == .notYourTurn } else { false }
      }
      guard winners.count == 1, losers.count == 1 else {
        Issue.record("race \(race): \(replies.map(\.line))")
        return
      }
      let winner = winners[0]
      wins[winner] += 1
      // Reset cheaply: a wrong pick passes the turn; the loser's wrong pick ends it.
      try players[winner].ok("PICK \(wrong)")
      try players[1 - winner].ok("PICK \(wrong)")
      if race % 20 == 0 { game.observer.drain() }
    }
    try game.observer.sync()
    let counts = game.observer.model.counts
    #expect(counts["CLAIM"] == races && counts["SET"] == nil && counts["NOSET"] == 2 * races)
    #expect(table.inspect { $0.match.scores } == [-races, -races])
    #expect(table.health(observer: game.observer) == [])
    #expect(table.invariantProblems(observer: game.ann) == [])
  }

  @Test("wrong RESUME tokens get BAD_TOKEN, and the third closes the connection")
  func wrongTokensAreLimited() throws {
    let table = try LoopbackTable.lenient()
    let game = try table.game()
    let guesser = try table.client("guess")
    for guess in ["0123456789abcdef0123456789abcdef", String(game.annToken.reversed()), "ann"] {
      try guesser.refused("RESUME \(guess)", .badToken)
    }
    let (rest, closed) = guesser.readToEnd()
    #expect(closed && rest.isEmpty, "\(rest)")
    // A named spectator cannot RESUME at all, right token or wrong: no token is tried, none counted.
    let spectator = try table.named("nosy").client
    for token in [game.bobToken + "x", game.bobToken, "nope", "nope"] {
      try spectator.refused("RESUME \(token)", .alreadyNamed)
    }
    try spectator.sync()
    // Nothing changed at the table.
    let (_, before) = try game.bob.request("STATE")
    #expect(before.contains("PLAYER 1 ann 0 here") && before.contains("PLAYER 2 bob 0 here"))
    try game.ann.sync()
    #expect(table.health(observer: game.observer) == [])
    #expect(table.invariantProblems(observer: game.ann) == [])
  }

  @Test("resume tokens come from the system's random source, not from the seed")
  func tokensAreNotFromTheSeed() throws {
    let first = try LoopbackTable.lenient(seed: 42)
    let second = try LoopbackTable.lenient(seed: 42)
    let one = try first.named("ann")
    let two = try second.named("ann")
    #expect(one.token != two.token)
    #expect(one.token.count == 32 && one.token.allSatisfy(\.isHexDigit))
    // One table's token holds no seat at another table dealt from the same seed.
    _ = try second.named("bob")
    let thief = try second.client("thief")
    try thief.refused("RESUME \(one.token)", .badToken)
  }

  @Test("a spectator or an unnamed connection cannot act for a seat")
  func spectatorCannotAct() throws {
    let table = try LoopbackTable.lenient()
    let game = try table.game()
    let stranger = try table.client("stranger")
    for line in ["CLAIM", "SET", "PICK A B C", "PICK A", "UNPICK A", "DEAL", "NEW"] {
      try game.observer.refused(line, .notSeated)
      try stranger.refused(line, .notNamed)
    }
    try stranger.refused("NAME ann", .nameTaken)
    try stranger.refused("NAME BOB", .nameTaken)
    // A seat's holder acts only for it: bob cannot pick in ann's claim.
    try game.ann.ok("CLAIM")
    try game.bob.refused("PICK A", .notYourTurn)
    try game.observer.refused("UNPICK A", .notSeated)
    try game.observer.sync()
    let counts = game.observer.model.counts
    #expect(counts.keys.sorted() == ["CLAIM"] && counts["CLAIM"] == 1, "\(counts)")
    #expect(table.health(observer: game.observer) == [])
  }
}

/// Sends each line on its connection at the same moment, each from a thread of its own.
func sendTogether(_ links: [BlockingLineClient], _ lines: [String]) {
  let box = UncheckedBox((links, lines))
  DispatchQueue.concurrentPerform(iterations: links.count) { index in
    let (links, lines) = box.value
    links[index].send(lines[index])
  }
}

/// Carries a value into concurrent code that uses each part of it from one thread only.
struct UncheckedBox<Value>: @unchecked Sendable {
  // @unchecked Sendable: `sendTogether` touches each connection from exactly one thread.
  let value: Value

  init(_ value: Value) {
    self.value = value
  }
}
