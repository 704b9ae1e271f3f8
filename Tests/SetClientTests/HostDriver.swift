import SetCore
import SetHost
import SetProtocol
import SetServer
import SetTransport

@testable import SetClient
@testable import SetClientCore

/// A pure table host with clients attached, for tests: lines go in, each client's model takes the
/// lines the host writes to it, and time moves only when the test says.
struct HostDriver {
  var host: GameHost
  var now = Instant.zero
  var models: [ConnectionID: ClientModel] = [:]
  /// Every line each client received, in order.
  var received: [ConnectionID: [String]] = [:]
  private var tokens = 0

  init(seed: UInt64, rules: Rules = Rules()) {
    var counter = 0
    host = GameHost(rules: rules, seed: seed) {
      counter += 1
      return "token\(counter)"
    }
  }

  /// Connects a client in the machine presentation and names it.
  mutating func join(_ id: Int, name: String) {
    let client = ConnectionID(UInt64(id))
    models[client] = ClientModel()
    perform(host.connect(client, peer: "test", at: now))
    send("MODE MACHINE", from: id)
    send("NAME \(name)", from: id)
  }

  /// Sends a request line from a client and delivers what comes back.
  mutating func send(_ line: String, from id: Int) {
    perform(host.receive(line, from: ConnectionID(UInt64(id)), at: now))
  }

  /// Moves the clock and lets the host's deadlines fire.
  mutating func advance(to instant: Instant) {
    now = max(now, instant)
    perform(host.advance(to: now))
  }

  mutating func model(_ id: Int) -> ClientModel { models[ConnectionID(UInt64(id))]! }

  private mutating func perform(_ actions: [HostAction]) {
    var requests: [(ConnectionID, String)] = []
    for action in actions {
      guard case .send(let id, let line) = action, models[id] != nil else { continue }
      received[id, default: []].append(line)
      for request in models[id]!.apply(line: line, at: now) {
        requests.append((id, request == .requestState ? "STATE" : "HISTORY"))
      }
    }
    for (id, line) in requests { perform(host.receive(line, from: id, at: now)) }
  }
}
