/// A network interface multicast DNS runs on: its index, and the IPv4 address and netmask that say
/// which senders are on the local link.
public struct LinkInterface: Hashable, Sendable {
  /// The kernel's interface index.
  public var index: Int32
  public var name: String
  /// The interface's IPv4 address, four bytes.
  public var address: [UInt8]
  public var netmask: [UInt8]

  public init(index: Int32, name: String, address: [UInt8], netmask: [UInt8]) {
    self.index = index
    self.name = name
    self.address = address
    self.netmask = netmask
  }

  /// Whether `source` is on this interface's subnet: the only senders multicast DNS listens to
  /// (RFC 6762 section 11).
  public func isOnLink(_ source: [UInt8]) -> Bool {
    source.count == 4 && (0..<4).allSatisfy { source[$0] & netmask[$0] == address[$0] & netmask[$0] }
  }
}

/// A UDP sender or receiver: an IPv4 address and a port.
public struct Endpoint: Hashable, Sendable, CustomStringConvertible {
  public var address: [UInt8]
  public var port: UInt16

  public init(address: [UInt8], port: UInt16) {
    self.address = address
    self.port = port
  }

  public var description: String { "\(IPv4.text(address)):\(port)" }
}

/// Dotted-quad text for IPv4 addresses.
public enum IPv4 {
  public static func text(_ address: [UInt8]) -> String { address.map(String.init).joined(separator: ".") }
}

/// A message to send on one interface: to the multicast DNS group, or to one asker.
public struct Transmission: Hashable, Sendable {
  public enum Destination: Hashable, Sendable {
    /// 224.0.0.251, port 5353.
    case multicast
    case unicast(Endpoint)
  }

  public var message: DNSMessage
  public var interface: Int32
  public var destination: Destination

  public init(message: DNSMessage, interface: Int32, destination: Destination) {
    self.message = message
    self.interface = interface
    self.destination = destination
  }
}

/// The multicast DNS group and port (RFC 6762 section 3).
public enum MulticastDNS {
  public static let group: [UInt8] = [224, 0, 0, 251]
  public static let port: UInt16 = 5353
}
