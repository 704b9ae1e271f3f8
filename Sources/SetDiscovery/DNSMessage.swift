/// A whole DNS message: header, questions and the three record sections.
public struct DNSMessage: Hashable, Sendable {
  /// The message ID: 0 in multicast DNS, the query's own in a reply to a legacy unicast query.
  public var id: UInt16 = 0
  /// The header's flags word (QR, opcode, AA, TC, RD, RA, Z, AD, CD, RCODE), as sent.
  public var flags: UInt16 = 0
  public var questions: [DNSQuestion] = []
  public var answers: [DNSRecord] = []
  public var authorities: [DNSRecord] = []
  public var additionals: [DNSRecord] = []

  public init(
    id: UInt16 = 0, flags: UInt16 = 0, questions: [DNSQuestion] = [], answers: [DNSRecord] = [],
    authorities: [DNSRecord] = [], additionals: [DNSRecord] = []
  ) {
    self.id = id
    self.flags = flags
    self.questions = questions
    self.answers = answers
    self.authorities = authorities
    self.additionals = additionals
  }

  /// The flags of a multicast DNS response: QR and AA set (RFC 6762 section 18).
  public static let responseFlags: UInt16 = 0x8400

  /// Whether this is a response (QR set).
  public var isResponse: Bool { flags & 0x8000 != 0 }
  /// The opcode: 0 for a standard query; multicast DNS ignores messages with any other (section 18.3).
  public var opcode: UInt16 { (flags >> 11) & 0xF }
  /// The response code: multicast DNS ignores messages with a nonzero one (section 18.11).
  public var responseCode: UInt16 { flags & 0xF }

  /// A query's flags-free multicast DNS response holding `answers` and `additionals`.
  public static func response(answers: [DNSRecord], additionals: [DNSRecord] = []) -> DNSMessage {
    DNSMessage(flags: responseFlags, answers: answers, additionals: additionals)
  }
}
