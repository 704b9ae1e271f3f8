import CLinux
import Glibc
import SetDiscovery
import SetNet

/// A UDP socket for multicast DNS on Glibc: bound to port 5353 beside any other responder on the host
/// (SO_REUSEADDR and SO_REUSEPORT, as RFC 6762 section 15 asks), a member of 224.0.0.251 on the
/// interfaces it is given and deaf to the rest, sending with IP TTL 255, and telling for each datagram
/// which interface it came in on.
public final class MulticastDNSSocket {
  public let fd: Int32
  /// Where each datagram is read, one longer than a multicast DNS message may be, to tell one cut short.
  private var buffer = [UInt8](repeating: 0, count: DNSReader.maxBytes + 1)
  /// The interfaces it is joined on and sends from.
  public private(set) var interfaces: [LinkInterface]

  /// A datagram read.
  public struct Datagram {
    public var bytes: [UInt8]
    public var source: Endpoint
    /// The index of the interface it arrived on.
    public var interface: Int32
    /// Its IP TTL, or -1 if the kernel did not say.
    public var ttl: Int32

    /// A response that did not come with IP TTL 255 crossed a router, so it is not from the local
    /// link: multicast DNS ignores it (RFC 6762 section 11). Queries from legacy askers may have any TTL.
    public var isFromBeyondTheLink: Bool {
      bytes.count > 2 && bytes[2] & 0x80 != 0 && ttl >= 0 && ttl != 255
    }
  }

  /// A socket on `port` (5353; 0 for any free port, which hears only unicast answers), joined to the
  /// multicast DNS group on each of `interfaces`.
  public init(port: UInt16 = MulticastDNS.port, interfaces: [LinkInterface]) throws(SocketError) {
    self.interfaces = interfaces
    let type = Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    let fd = socket(AF_INET, type, 0)
    guard fd >= 0 else { throw SocketError.last("socket") }
    let ip = Int32(IPPROTO_IP)
    Sockets.setOption(fd, level: SOL_SOCKET, name: SO_REUSEADDR, value: 1)
    Sockets.setOption(fd, level: SOL_SOCKET, name: SO_REUSEPORT, value: 1)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = 0
    guard Sockets.withSockaddr(&address, { bind(fd, $0, $1) }) == 0 else {
      let error = SocketError.last("bind UDP port \(port)")
      close(fd)
      throw error
    }
    // Link-local only: a TTL of 255 lets receivers check nothing was routed (RFC 6762 section 11).
    Sockets.setOption(fd, level: ip, name: Int32(CLINUX_IP_MULTICAST_TTL), value: 255)
    Sockets.setOption(fd, level: ip, name: Int32(CLINUX_IP_TTL), value: 255)
    Sockets.setOption(fd, level: ip, name: Int32(CLINUX_IP_MULTICAST_LOOP), value: 1)
    // Hear the group only on the interfaces this socket joined, not on those other programs joined.
    Sockets.setOption(fd, level: ip, name: Int32(CLINUX_IP_MULTICAST_ALL), value: 0)
    Sockets.setOption(fd, level: ip, name: Int32(CLINUX_IP_PKTINFO), value: 1)
    Sockets.setOption(fd, level: ip, name: Int32(CLINUX_IP_RECVTTL), value: 1)
    let group = Self.networkOrder(MulticastDNS.group)
    var joined = 0
    for interface in interfaces where clinux_join_group(fd, group, interface.index) == 0 { joined += 1 }
    guard joined > 0 || interfaces.isEmpty else {
      let error = SocketError.last("join 224.0.0.251 on \(interfaces.map(\.name).joined(separator: ", "))")
      close(fd)
      throw error
    }
    // Only now the socket's own, and closed by `deinit`: a socket that could not be made closes its
    // descriptor once, above, as a second close would close another thread's descriptor of that number.
    self.fd = fd
  }

  deinit { close(fd) }

  /// Joins the group on the interfaces in `interfaces` it has not joined yet, and sends from them from
  /// now on; interfaces that went away need no leaving.
  public func setInterfaces(_ interfaces: [LinkInterface]) {
    let group = Self.networkOrder(MulticastDNS.group)
    let joined = Set(self.interfaces.map(\.index))
    for interface in interfaces where !joined.contains(interface.index) {
      _ = clinux_join_group(fd, group, interface.index)
    }
    self.interfaces = interfaces
  }

  /// Four address bytes as an `s_addr`, in network order.
  private static func networkOrder(_ address: [UInt8]) -> UInt32 {
    address.count == 4 ? address.withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) } : 0
  }

  /// Sends `message` as `transmission` says: to the group out of its interface alone, or to one asker.
  public func send(_ transmission: Transmission) {
    let bytes = DNSWriter.encode(transmission.message)
    var destination = sockaddr_in()
    destination.sin_family = sa_family_t(AF_INET)
    switch transmission.destination {
    case .multicast:
      guard let interface = interfaces.first(where: { $0.index == transmission.interface }),
        clinux_set_multicast_interface(fd, interface.index, Self.networkOrder(interface.address)) == 0
      else { return }
      destination.sin_port = MulticastDNS.port.bigEndian
      destination.sin_addr.s_addr = Self.networkOrder(MulticastDNS.group)
    case .unicast(let endpoint):
      destination.sin_port = endpoint.port.bigEndian
      destination.sin_addr.s_addr = Self.networkOrder(endpoint.address)
    }
    _ = bytes.withUnsafeBytes { buffer in
      Sockets.withSockaddr(&destination) { sendto(fd, buffer.baseAddress, buffer.count, 0, $0, $1) }
    }
  }

  /// The next datagram waiting, or nil when none is. Datagrams longer than a multicast DNS message
  /// may be are read and dropped.
  public func receive() -> Datagram? {
    while true {
      var source = sockaddr_in()
      var index: Int32 = 0
      var ttl: Int32 = -1
      let count = buffer.withUnsafeMutableBytes { raw in
        clinux_receive_datagram(
          fd, raw.baseAddress, raw.count, &source, UInt32(MemoryLayout<sockaddr_in>.size), &index, &ttl)
      }
      guard count >= 0 else { return nil }
      guard count <= DNSReader.maxBytes else { continue }
      let address = withUnsafeBytes(of: source.sin_addr.s_addr) { Array($0) }
      return Datagram(
        bytes: Array(buffer[0..<count]), source: Endpoint(address: address, port: UInt16(bigEndian: source.sin_port)),
        interface: index, ttl: ttl)
    }
  }
}
