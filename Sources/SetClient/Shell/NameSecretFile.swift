@preconcurrency import Glibc
import SetClientCore
import SetProtocol

/// The secrets that prove the player's names at one table, kept beside the resume tokens (mode 0600,
/// in a folder of mode 0700): made at random the first time a name is asked for, and read back ever
/// after, so that the name's rating is the player's alone.
public struct NameSecretFile: Sendable {
  private let host: String
  private let port: UInt16
  private let environment: [String: String]

  /// The secrets for `host:port`, in the folder the process's environment names for state.
  public init(host: String, port: UInt16) {
    var environment: [String: String] = [:]
    for key in ["XDG_STATE_HOME", "HOME"] {
      if let value = getenv(key) { environment[key] = String(cString: value) }
    }
    self.init(host: host, port: port, environment: environment)
  }

  /// The secrets for `host:port` in the folder `environment` names.
  public init(host: String, port: UInt16, environment: [String: String]) {
    self.host = host
    self.port = port
    self.environment = environment
  }

  /// The secret for `name`, made and kept if there was none; nil when none can be kept (no folder
  /// for state, or it cannot be written): the name is then played as a guest.
  public func secret(for name: String) -> String? {
    guard
      let location = SeatTokenLocation(secretFor: name, host: host, port: port, environment: environment)
    else { return nil }
    let file = SeatTokenFile(location: location)
    if let kept = file.read(), NameSecret.isValid(kept) { return kept }
    let made = Self.random()
    return file.write(made) == nil ? made : nil
  }

  /// 32 letters and digits from the system's random source: about 190 bits.
  static func random() -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
    var generator = SystemRandomNumberGenerator()
    return String((0..<32).map { _ in alphabet[Int(generator.next(upperBound: UInt64(alphabet.count)))] })
  }
}
