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

  /// The lines for a table open to this machine only: how to let friends in, and how to play one,
  /// naming `command` (this program as it was run) where the line still fits 79 columns.
  public static func loopbackOnly(command: String) -> [String] {
    func fitting(_ lines: String...) -> String { lines.first { $0.count <= 79 } ?? lines[lines.count - 1] }
    return [
      fitting(
        "Open to this machine only: \(command) --public lets friends watch or play",
        "Open to this machine only: --public lets friends watch or play"),
      fitting(
        "Play a friend: \(command) serve; each runs \(command) play HOST",
        "Play a friend: serve hosts a table; each player runs play HOST"),
    ]
  }
}
