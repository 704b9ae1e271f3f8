import SetProtocol

/// The program's version, for `setduel --version` and `setduel version`.
enum Version {
  /// This release of setduel.
  static let release = "0.1.0"

  /// The line `--version` prints: the release and the protocol version the server speaks.
  static var line: String { "setduel \(release) (protocol \(ServerLine.version))" }
}
