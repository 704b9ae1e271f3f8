/// The record types SetDuel's discovery writes or reads (RFC 1035, 2782, 3596, 4034, 6763).
public struct DNSType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  public let rawValue: UInt16
  public init(rawValue: UInt16) { self.rawValue = rawValue }

  public static let a = DNSType(rawValue: 1)
  public static let ptr = DNSType(rawValue: 12)
  public static let txt = DNSType(rawValue: 16)
  public static let aaaa = DNSType(rawValue: 28)
  public static let srv = DNSType(rawValue: 33)
  public static let nsec = DNSType(rawValue: 47)
  /// In a question only: every type.
  public static let any = DNSType(rawValue: 255)

  /// Whether a question of this type asks for a record of `type`.
  public func matches(_ type: DNSType) -> Bool { self == .any || self == type }

  public var description: String {
    switch self {
    case .a: "A"
    case .ptr: "PTR"
    case .txt: "TXT"
    case .aaaa: "AAAA"
    case .srv: "SRV"
    case .nsec: "NSEC"
    case .any: "ANY"
    default: "TYPE\(rawValue)"
    }
  }
}

/// The class IN, the only one multicast DNS uses; its top bit is the cache-flush (in a record) or
/// unicast-response (in a question) bit (RFC 6762 sections 5.4 and 10.2).
public enum DNSClass {
  public static let internet: UInt16 = 1
  public static let topBit: UInt16 = 0x8000
}
