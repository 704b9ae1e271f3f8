import SetDiscovery
import SetLAN
import SetNet

/// Facts about this machine's network, for telling people how to connect.
enum Network {
  /// This machine's IPv4 addresses other than loopback, of the interfaces that are up.
  static func lanAddresses() -> [String] {
    NetworkInterfaces.ipv4().filter { $0.address.first != 127 }.map { IPv4.text($0.address) }
  }

  /// Whether `host` names this machine alone: `localhost`, 127.x.x.x or ::1.
  static func isLoopback(_ host: String) -> Bool {
    host == "localhost" || host.hasPrefix("127.") || host == "::1"
  }
}
