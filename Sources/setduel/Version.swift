import SetProtocol

/// The program's version, for `setduel --version` and `setduel version`.
enum Version {
  /// This release of setduel.
  static let release = "0.1.0"

  /// The line `--version` prints: the release, the protocol version the server speaks, and the commit
  /// the program was built from: the git checkout's that the build found (`BuildCommit`, from the
  /// CommitStamp plugin, for every build, the release script's too), else unknown.
  static var line: String {
    "setduel \(release) (protocol \(ServerLine.version), commit \(BuildCommit.commit ?? "unknown"))"
  }
}
