import SetClientCore
import SetCore
import SetHost
import SetProtocol
import SetTransport

/// Two bots' brains playing one game at a real `GameHost`, each through its own `ClientModel` of the
/// lines the host sends it, on a virtual clock: no sockets and no sleeps, so a game of minutes takes
/// milliseconds and a seed fixes it entirely. This is how the levels are calibrated against each other.
public struct BotDuel {
  /// The brains, in the order they sat down: the first holds seat one.
  public private(set) var brains: [BotBrain]
  /// Each brain's model of the table, in the same order.
  public private(set) var models: [ClientModel]
  private var host: GameHost
  private var now = Instant.zero

  /// A game between `first` (seat one) and `second` (seat two), dealt from `seed` under `rules`.
  public init(_ first: BotBrain, _ second: BotBrain, seed: UInt64, rules: Rules = Rules()) {
    brains = [first, second]
    models = [ClientModel(), ClientModel()]
    let tokens = TokenCounter()
    host = GameHost(rules: rules, seed: seed, makeToken: tokens.next)
    for (index, name) in ["one", "two"].enumerated() {
      let id = ConnectionID(UInt64(index))
      deliver(host.connect(id, peer: "duel", at: now))
      send(.mode(.machine), from: index)
      send(.name(name), from: index)
    }
  }

  /// Plays until the game is over, and returns its result; nil if it did not end within `limit` of
  /// virtual time (a game of Set takes minutes) or the bots stopped acting.
  public mutating func play(limit: Int64 = 3_600_000) -> GameResult? {
    let end = Instant(milliseconds: limit)
    while now < end {
      if case .over(let result) = models[0].phase { return result }
      // As the shells do: each brain looks again whenever anything changed, until both only wait.
      var wakes: [Instant] = []
      for _ in 0..<8 {
        wakes = []
        var acted = false
        for index in brains.indices {
          let decision = brains[index].decide(models[index], now: now)
          for command in decision.commands { send(command, from: index) }
          acted = acted || !decision.commands.isEmpty
          if let wake = decision.wake { wakes.append(wake) }
        }
        if !acted { break }
      }
      if let deadline = host.deadline { wakes.append(deadline) }
      guard let next = wakes.filter({ $0 > now }).min() else { break }
      now = next
      deliver(host.advance(to: now))
    }
    if case .over(let result) = models[0].phase { return result }
    return nil
  }

  private mutating func send(_ command: ClientCommand, from index: Int) {
    deliver(host.receive(command.line, from: ConnectionID(UInt64(index)), at: now))
  }

  /// Hands each line to its model; what a model asks for (STATE, HISTORY) goes back to the host at once.
  private mutating func deliver(_ actions: [HostAction]) {
    var requests: [(Int, ClientCommand)] = []
    for (id, lines) in actions.flatMap(\.deliveries) {
      let index = Int(id.rawValue)
      for line in lines {
        for request in models[index].apply(line: line, at: now) {
          requests.append((index, request.command))
        }
      }
    }
    for (index, command) in requests { send(command, from: index) }
  }
}

/// Distinct resume tokens for the duel's two seats; nobody resumes in a duel.
private final class TokenCounter {
  private var count = 0

  func next() -> String {
    count += 1
    return "duel\(count)"
  }
}
