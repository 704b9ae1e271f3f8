import Glibc
import SetDiscovery

/// The machine's IPv4 interfaces that are up, from getifaddrs(3).
public enum NetworkInterfaces {
  /// Every interface that is up and has an IPv4 address, loopback included.
  public static func ipv4() -> [LinkInterface] {
    var list: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&list) == 0, let first = list else { return [] }
    defer { freeifaddrs(list) }
    var found: [LinkInterface] = []
    for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
      let flags = Int32(bitPattern: entry.pointee.ifa_flags)
      guard flags & Int32(IFF_UP) != 0, let address = entry.pointee.ifa_addr,
        address.pointee.sa_family == sa_family_t(AF_INET), let mask = entry.pointee.ifa_netmask,
        let name = entry.pointee.ifa_name
      else { continue }
      let index = Int32(bitPattern: if_nametoindex(name))
      guard index > 0 else { continue }
      found.append(
        LinkInterface(
          index: index, name: String(cString: name), address: bytes(address), netmask: bytes(mask)))
    }
    return found
  }

  /// The interfaces a server listening on `host` is reachable through, where it announces itself:
  /// every one for 0.0.0.0, else the one with that address (loopback for 127.0.0.1 and localhost).
  public static func serving(host: String) -> [LinkInterface] {
    let all = ipv4()
    if host == "0.0.0.0" { return all }
    let wanted = host == "localhost" ? "127.0.0.1" : host
    return all.filter { IPv4.text($0.address) == wanted }
  }

  private static func bytes(_ address: UnsafeMutablePointer<sockaddr>) -> [UInt8] {
    address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { pointer in
      withUnsafeBytes(of: pointer.pointee.sin_addr.s_addr) { Array($0) }
    }
  }
}
