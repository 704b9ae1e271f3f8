/// What the solo game's screen tells its player to pass on to friends, when its table is open to the
/// LAN (`setduel --public`): commands a friend can run as they are, with this machine's address in
/// them (the one placeholder, `THIS-MACHINE`, when it has none), and what the friend can do there.
public enum Invitation {
  /// The placeholder for this machine's address when it has no LAN address to give.
  public static let placeholder = "THIS-MACHINE"

  /// The lines for a table on `port` of the machine at `address` (nil when it is not known).
  public static func lines(address: String?, port: UInt16) -> [String] {
    let host = address ?? placeholder
    return [
      "Friends can watch, and sit down when a seat is free:",
      "  in a browser http://\(host):\(port)/  or  nc \(host) \(port)",
    ]
  }

  /// The line for a table open to this machine only: how to let friends in.
  public static func loopbackOnly(command: String) -> String {
    "Open to this machine only: \(command) --public lets friends watch or play"
  }
}
