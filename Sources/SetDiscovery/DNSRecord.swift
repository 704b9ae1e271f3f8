/// One resource record: a name, a type's data, a time to live, and the cache-flush bit that marks a
/// record the sender alone owns (RFC 6762 section 10.2).
public struct DNSRecord: Hashable, Sendable {
  public var name: DNSName
  public var data: DNSRecordData
  /// Seconds the record may be kept; 0 says goodbye (RFC 6762 section 10.1).
  public var ttl: UInt32
  public var cacheFlush: Bool

  public init(name: DNSName, data: DNSRecordData, ttl: UInt32, cacheFlush: Bool = false) {
    self.name = name
    self.data = data
    self.ttl = ttl
    self.cacheFlush = cacheFlush
  }

  public var type: DNSType { data.type }

  /// Whether this is the same record as `other` (name, type and data), whatever the TTL and flags.
  public func sameRecord(as other: DNSRecord) -> Bool { name == other.name && data == other.data }

  /// The record with another time to live.
  public func with(ttl: UInt32) -> DNSRecord {
    var copy = self
    copy.ttl = ttl
    return copy
  }
}

/// A record's data, by type.
public enum DNSRecordData: Hashable, Sendable {
  /// An IPv4 address, four bytes.
  case a([UInt8])
  /// An IPv6 address, sixteen bytes.
  case aaaa([UInt8])
  case ptr(DNSName)
  /// A service's host and port (RFC 2782).
  case srv(priority: UInt16, weight: UInt16, port: UInt16, target: DNSName)
  /// Character strings, each up to 255 bytes (RFC 6763 section 6: `key=value` pairs).
  case txt([[UInt8]])
  /// Which types exist for `next` (RFC 4034 section 4; RFC 6762 section 6.1 uses `next` = the owner).
  case nsec(next: DNSName, types: [DNSType])
  /// Any other type, its data kept as bytes.
  case other(DNSType, [UInt8])

  public var type: DNSType {
    switch self {
    case .a: .a
    case .aaaa: .aaaa
    case .ptr: .ptr
    case .srv: .srv
    case .txt: .txt
    case .nsec: .nsec
    case .other(let type, _): type
    }
  }
}
