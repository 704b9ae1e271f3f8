import SetTransport

/// Ann and Bob seated at a host on a manual clock, in the machine presentation (Bob asks for it in
/// lower case): where most tests of one host begin.
package enum SeatedPair {
  package static let ann = ConnectionID(1)
  package static let bob = ConnectionID(2)

  /// A fresh host, seed 7, with both seated and nothing else done.
  package static func driver() -> HostDriver {
    var driver = HostDriver(seed: 7)
    for (id, name) in [(ann, "ann"), (bob, "bob")] {
      driver.connect(id)
      driver.send(name == "ann" ? "MODE MACHINE" : "mode machine", from: id)
      driver.send("NAME \(name)", from: id)
    }
    return driver
  }
}
