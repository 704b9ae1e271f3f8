import SetCore
import SetHost
import SetNet
import SetProtocol
import SetPureTestSupport
import SetServer
import SetTransport

/// The fault and identity tests' table: a `LoopbackTable` whose rate limit is generous (so tests that
/// send in bulk are not drowned in `RATE_LIMITED`; the rate limit has tests of its own) and whose claim
/// window is long (so no clock runs out under a test on a loaded machine), with machine-mode clients
/// that keep a model of the game, and the game's invariants checked against the host.
extension LoopbackTable {
  /// A generous limit for tests that send in bulk: the bucket still runs, it just never empties.
  package static let bulkRate = TokenBucket.Configuration(linesPerSecond: 100_000, burst: 100_000)

  /// A table with the bulk rate and a claim window of `claimWindow` milliseconds; `configure` changes
  /// any setting after those.
  package static func lenient(
    seed: UInt64 = 7, claimWindow: Int64 = 60_000, _ configure: (inout TableServer.Settings) -> Void = { _ in }
  ) throws -> LoopbackTable {
    try LoopbackTable(seed: seed, rules: Rules(claimWindow: claimWindow)) { settings in
      settings.network.rateLimit = bulkRate
      configure(&settings)
    }
  }

  /// A new machine-mode connection.
  package func client(_ label: String) throws -> MachineClient {
    try MachineClient(port: port, label: label)
  }

  /// A new connection named `name`: its seat (0 for a spectator) and resume token.
  package func named(_ name: String) throws -> (client: MachineClient, seat: Int, token: String) {
    let client = try client(name)
    let fields = try client.ok("NAME \(name)")
    guard fields.count == 2, let seat = Int(fields[0]) else { throw TestFailure("NAME \(name): \(fields)") }
    return (client, seat, fields[1])
  }

  /// Two seated players, ann and bob, with the first game started, and a spectator to watch it.
  package func game() throws -> Game {
    let ann = try named("ann")
    let bob = try named("bob")
    let observer = try named("observer")
    guard ann.seat == 1, bob.seat == 2, observer.seat == 0 else { throw TestFailure("seats were not 1, 2, 0") }
    try ann.client.readUntil("START") { $0.hasPrefix("START ") }
    try observer.client.ok("STATE")  // For the game's number.
    return Game(ann: ann.client, bob: bob.client, observer: observer.client, annToken: ann.token, bobToken: bob.token)
  }

  /// What is wrong with the server after a fault, or nothing: a new connection's PING is answered,
  /// the observer's PING is answered, and the game's invariants hold between what the observer saw and
  /// what the host holds (see `invariantProblems`).
  package func health(observer: MachineClient) -> [String] {
    var problems: [String] = []
    do {
      let fresh = try client("fresh")
      try fresh.sync()
      fresh.close()
    } catch {
      problems.append("a new connection's PING: \(error)")
    }
    return problems + invariantProblems(observer: observer)
  }

  /// The invariants of ../shared/ORACLES.md, checked between the host's match and the observer's model
  /// at the same event: every card in exactly one place (deck, table, or one seat's sets); each score
  /// the sum of the SCORE deltas since START; no card credited twice; a finished game's sets and
  /// table adding up to 81. Between games the last dealt game is checked.
  package func invariantProblems(observer: MachineClient) -> [String] {
    for _ in 0..<50 {
      do {
        try observer.sync()
      } catch {
        return ["the observer's PING: \(error)"]
      }
      let (seq, match) = inspect { ($0.seq, $0.match) }
      // Something may have happened between the PONG and the look: look again.
      guard seq == observer.model.lastSeq else { continue }
      return Self.compare(match, observer.model)
    }
    return ["the observer never caught up with the host"]
  }

  package static func compare(_ match: Match, _ model: GameModel) -> [String] {
    var problems = model.problems
    guard match.game > 0 else { return problems }
    let everywhere = match.deck.cards + match.table.cards + match.taken.one + match.taken.two
    if everywhere.count != 81 || Set(everywhere) != Set(Card.all) {
      problems.append("the 81 cards are not each in exactly one place (\(everywhere.count) placed)")
    }
    if match.scores != model.scores { problems.append("host scores \(match.scores), SCORE lines \(model.scores)") }
    if match.table.cards != model.cards { problems.append("the host's table differs from the events'") }
    if match.deck.count != model.deck { problems.append("host deck \(match.deck.count), events \(model.deck)") }
    if match.game != model.game { problems.append("host game \(match.game), events \(model.game)") }
    if model.sawStart {
      for seat in Seat.allCases where match.taken[seat].sorted() != model.taken[seat].sorted() {
        problems.append("seat \(seat.rawValue) took other cards than its SET lines say")
      }
    }
    if case .over(let result) = match.phase {
      if !match.deck.isEmpty && result.ending == .completed { problems.append("game over with cards in the deck") }
      if result.ending == .completed && (result.sets.one + result.sets.two) * 3 + match.table.cards.count != 81 {
        problems.append("sets taken * 3 + cards left is not 81")
      }
    }
    return problems
  }
}

/// Two seated players and a spectator at a table whose first game has started.
package struct Game {
  package let ann: MachineClient
  package let bob: MachineClient
  package let observer: MachineClient
  package let annToken: String
  package let bobToken: String
}
