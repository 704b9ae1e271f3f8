/// One question of a DNS message.
public struct DNSQuestion: Hashable, Sendable {
  public var name: DNSName
  public var type: DNSType
  /// The unicast-response ("QU") bit: the asker would like a unicast answer (RFC 6762 section 5.4).
  public var unicastResponse: Bool

  public init(name: DNSName, type: DNSType, unicastResponse: Bool = false) {
    self.name = name
    self.type = type
    self.unicastResponse = unicastResponse
  }

  /// Whether this question asks for `record`.
  public func asks(for record: DNSRecord) -> Bool { name == record.name && type.matches(record.type) }
}
