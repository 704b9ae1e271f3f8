import SetCore
import SetHost
import SetProtocol
import SetPureTestSupport
import SetTransport

@testable import SetClientCore

/// Clients' models on a `HostDriver`: each model takes the lines the host writes to its connection,
/// and what it asks for (STATE, HISTORY) goes back to the host at once. Time moves only when the test says.
struct ModelDriver {
  var driver: HostDriver
  var models: [ConnectionID: ClientModel] = [:]

  init(seed: UInt64, rules: Rules = Rules()) {
    driver = HostDriver(seed: seed, rules: rules)
  }

  var host: GameHost { driver.host }
  var now: Instant { driver.now }
  /// Every line each client received, in order.
  var received: [ConnectionID: [String]] { driver.received }

  /// Connects a client in the machine presentation and names it.
  mutating func join(_ id: Int, name: String) {
    let client = ConnectionID(UInt64(id))
    models[client] = ClientModel()
    deliver(driver.connect(client))
    send(.mode(.machine), from: id)
    send(.name(name), from: id)
  }

  /// Connects a client with a fresh model, as a relaunched program would, and takes back a seat.
  mutating func resume(_ id: Int, token: String) {
    let client = ConnectionID(UInt64(id))
    models[client] = ClientModel()
    deliver(driver.connect(client))
    send(.mode(.machine), from: id)
    send(.resume(token), from: id)
  }

  /// Sends a request from a client and delivers what comes back.
  mutating func send(_ command: ClientCommand, from id: Int) {
    send(line: command.line, from: id)
  }

  /// Sends a line as typed, mistakes included, and delivers what comes back.
  mutating func send(line: String, from id: Int) {
    deliver(driver.send(line, from: ConnectionID(UInt64(id))))
  }

  /// Drops a client's connection, as a closed window would.
  mutating func leave(_ id: Int) {
    deliver(driver.disconnect(ConnectionID(UInt64(id))))
  }

  /// Moves the clock and lets the host's deadlines fire.
  mutating func advance(to instant: Instant) {
    deliver(driver.advance(to: instant))
  }

  mutating func model(_ id: Int) -> ClientModel { models[ConnectionID(UInt64(id))]! }

  private mutating func deliver(_ deliveries: [HostDriver.Delivery]) {
    var requests: [(ConnectionID, ClientCommand)] = []
    for delivery in deliveries where models[delivery.to] != nil {
      for request in models[delivery.to]!.apply(line: delivery.line, at: now) {
        requests.append((delivery.to, request.command))
      }
    }
    for (id, command) in requests { deliver(driver.send(command.line, from: id)) }
  }
}
