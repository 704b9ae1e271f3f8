/// A domain name as DNS carries it: a list of labels, each 1 to 63 bytes, 255 bytes in all on the wire.
/// Names compare without regard to ASCII case, as DNS asks (RFC 1035 section 2.3.3; RFC 6762 section 16).
public struct DNSName: Hashable, Sendable, CustomStringConvertible {
  /// The labels, most specific first: `["ann's table", "_setduel", "_tcp", "local"]`.
  public let labels: [[UInt8]]

  /// The longest a label may be.
  public static let maxLabelBytes = 63
  /// The longest a name may be on the wire, with its length bytes and the closing zero.
  public static let maxWireBytes = 255

  /// A name from its labels, or nil when a label is empty or too long, or the name is too long.
  public init?(labels: [[UInt8]]) {
    guard labels.allSatisfy({ !$0.isEmpty && $0.count <= Self.maxLabelBytes }) else { return nil }
    guard labels.reduce(1, { $0 + $1.count + 1 }) <= Self.maxWireBytes else { return nil }
    self.labels = labels
  }

  /// A name from dotted text, each label taken as it is (no escapes): `_setduel._tcp.local`.
  public init?(_ dotted: String) {
    let parts = dotted.split(separator: ".", omittingEmptySubsequences: false).map { Array($0.utf8) }
    self.init(labels: parts == [[]] ? [] : parts)
  }

  /// This name with `label` in front: an instance name under a service type.
  public func prepending(_ label: [UInt8]) -> DNSName? { DNSName(labels: [label] + labels) }

  /// The name's labels in lower case, for comparing and for hashing.
  private var folded: [[UInt8]] { labels.map { $0.map(Self.lowercased) } }

  private static func lowercased(_ byte: UInt8) -> UInt8 { (65...90).contains(byte) ? byte + 32 : byte }

  public static func == (left: DNSName, right: DNSName) -> Bool { left.folded == right.folded }

  public func hash(into hasher: inout Hasher) { hasher.combine(folded) }

  /// The first label as text (an instance's readable name); invalid UTF-8 is replaced.
  public var firstLabelText: String { labels.first.map { String(decoding: $0, as: UTF8.self) } ?? "" }

  /// Dotted text, labels as they are.
  public var description: String { labels.map { String(decoding: $0, as: UTF8.self) }.joined(separator: ".") }
}
