import Glibc
import SetNet

/// Why a connection to a table could not be made, in words for the person who asked for it.
public enum ConnectFailure: Error, Equatable, Sendable {
  /// The host's name does not resolve to an IPv4 address.
  case nameNotFound
  /// The host answered that nothing listens on the port.
  case refused
  /// The host did not answer within the connect timeout.
  case noAnswer(seconds: Int)
  /// The host or its network cannot be reached.
  case unreachable
  /// The host accepted the connection and closed it without the protocol's banner.
  case notATable
  /// The host accepted the connection and said nothing for this many milliseconds.
  case silent(milliseconds: Int64)
  /// Anything else, in the system's words.
  case other(String)

  /// The failure a socket error stands for.
  public init(_ error: SocketError, timeoutSeconds: Int) {
    switch error.code {
    case ECONNREFUSED: self = .refused
    case ETIMEDOUT: self = .noAnswer(seconds: timeoutSeconds)
    case EHOSTUNREACH, ENETUNREACH: self = .unreachable
    default: self = .other(String(cString: strerror(error.code)))
    }
  }

  /// "cannot connect to HOST:PORT: ..." with the reason and, where it helps, what to try.
  public func message(host: String, port: UInt16) -> String {
    let place = "\(host):\(port)"
    switch self {
    case .nameNotFound: return "cannot connect to \(place): no host named \(host) was found"
    case .refused: return "cannot connect to \(place): refused (is setduel serve running there, on port \(port)?)"
    case .noAnswer(let seconds): return "cannot connect to \(place): no answer within \(seconds) s"
    case .unreachable: return "cannot connect to \(place): the host cannot be reached"
    case .notATable: return "\(place) closed the connection before saying it is a SetDuel table"
    case .silent(let milliseconds):
      let seconds = milliseconds % 1000 == 0 ? "\(milliseconds / 1000)" : "\(Double(milliseconds) / 1000)"
      return "\(place) accepted the connection but said nothing for \(seconds) s: is it a SetDuel table?"
    case .other(let words): return "cannot connect to \(place): \(words)"
    }
  }
}
