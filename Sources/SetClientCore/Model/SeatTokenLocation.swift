/// Where a seat's resume token is kept between runs of the terminal client: one file per server
/// address and name, in `$XDG_STATE_HOME/setduel`, else `~/.local/state/setduel`. Pure: the
/// environment comes in as a value, and the shell reads and writes the file.
public struct SeatTokenLocation: Equatable, Sendable {
  /// The folder the token files live in.
  public let directory: String
  /// The file's name inside `directory`.
  public private(set) var fileName: String

  /// The file for the seat taken as `name` at `host:port`, or nil when the environment names no
  /// home for state (neither an absolute `XDG_STATE_HOME` nor `HOME`).
  public init?(host: String, port: UInt16, name: String, environment: [String: String]) {
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      directory = state + "/setduel"
    } else if let home = environment["HOME"], home.hasPrefix("/") {
      directory = home + "/.local/state/setduel"
    } else {
      return nil
    }
    fileName = "seat-\(Self.safe(host))-\(port)-\(Self.safe(name)).token"
  }

  /// The file beside the tokens that keeps the secret proving `name` at `host:port` (`NameSecret`):
  /// one for each name, in any case, so that a relaunch or a seat taken again proves the same name.
  public init?(secretFor name: String, host: String, port: UInt16, environment: [String: String]) {
    self.init(host: host, port: port, name: name, environment: environment)
    fileName = "secret-\(Self.safe(host))-\(port)-\(Self.safe(name.lowercased())).secret"
  }

  /// The file's full path.
  public var path: String { directory + "/" + fileName }

  /// `text` with every character but letters, digits, `.`, `-` and `_` replaced by `_`, so that no
  /// address or name can reach outside the folder.
  static func safe(_ text: String) -> String {
    String(
      text.map { character in
        character.isASCII && (character.isLetter || character.isNumber || "-_.".contains(character)) ? character : "_"
      })
  }

  /// Whether a token read back from the file has the shape of one: 1 to 64 letters and digits, after
  /// the number of its table in the hall and a `-` for a table other than the first (`3-...`).
  public static func isPlausible(_ token: String) -> Bool {
    let secret =
      token.firstIndex(of: "-").map { dash -> Substring in
        token[..<dash].allSatisfy { $0.isASCII && $0.isNumber } && dash != token.startIndex
          ? token[token.index(after: dash)...] : ""
      } ?? token[...]
    return (1...64).contains(token.count) && !secret.isEmpty
      && secret.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
  }
}
