/// Why a packet is not a DNS message this reader accepts.
public enum DNSDecodeError: Error, Equatable, Sendable {
  /// Bigger than a multicast DNS message may be (RFC 6762 section 17: 9,000 bytes).
  case tooLong(Int)
  /// A field runs past the end of the packet.
  case truncated
  /// A compression pointer that does not point strictly backwards, or too many of them.
  case badPointer
  /// A label type other than plain (0) and pointer (3).
  case badLabel
  /// A name longer than 255 bytes.
  case nameTooLong
  /// Record data that does not fit its type (an A record of 5 bytes, say).
  case badRecordData(DNSType)
}

/// Reads DNS messages from untrusted bytes: every length is checked against the packet, every
/// compression pointer must point before the name that uses it, and nothing is allocated by a count
/// the packet claims. Bad input throws; it never traps.
public enum DNSReader {
  /// The largest message accepted.
  public static let maxBytes = 9000

  public static func decode(_ bytes: [UInt8]) throws(DNSDecodeError) -> DNSMessage {
    guard bytes.count <= maxBytes else { throw .tooLong(bytes.count) }
    var reader = Reader(bytes: bytes)
    var message = DNSMessage()
    message.id = try reader.u16()
    message.flags = try reader.u16()
    let questions = try reader.u16()
    let answers = try reader.u16()
    let authorities = try reader.u16()
    let additionals = try reader.u16()
    for _ in 0..<questions {
      let name = try reader.name()
      let type = DNSType(rawValue: try reader.u16())
      let classWord = try reader.u16()
      message.questions.append(
        DNSQuestion(name: name, type: type, unicastResponse: classWord & DNSClass.topBit != 0))
    }
    for _ in 0..<answers { message.answers.append(try reader.record()) }
    for _ in 0..<authorities { message.authorities.append(try reader.record()) }
    for _ in 0..<additionals { message.additionals.append(try reader.record()) }
    return message
  }

  private struct Reader {
    let bytes: [UInt8]
    var at = 0

    /// Most pointers one name may follow; with pointers that must go backwards this can never be
    /// reached by a loop, but it bounds the work a hostile packet can ask for.
    static let maxPointers = 64

    mutating func take(_ count: Int) throws(DNSDecodeError) -> ArraySlice<UInt8> {
      guard count >= 0, count <= bytes.count - at else { throw .truncated }
      defer { at += count }
      return bytes[at..<(at + count)]
    }

    mutating func u16() throws(DNSDecodeError) -> UInt16 {
      let pair = try take(2)
      return UInt16(pair[pair.startIndex]) << 8 | UInt16(pair[pair.startIndex + 1])
    }

    mutating func u32() throws(DNSDecodeError) -> UInt32 {
      UInt32(try u16()) << 16 | UInt32(try u16())
    }

    /// A name starting at the reader's position; the reader moves past it (past its first pointer).
    mutating func name() throws(DNSDecodeError) -> DNSName {
      var labels: [[UInt8]] = []
      var wireLength = 1
      var position = at
      /// Where the labels being read began: a pointer must point before it.
      var floor = at
      var jumped = false
      var pointers = 0
      while true {
        guard position < bytes.count else { throw .truncated }
        let length = bytes[position]
        switch length >> 6 {
        case 0:
          if length == 0 {
            if !jumped { at = position + 1 }
            guard let name = DNSName(labels: labels) else { throw .nameTooLong }
            return name
          }
          let count = Int(length)
          guard position + 1 + count <= bytes.count else { throw .truncated }
          wireLength += count + 1
          guard wireLength <= DNSName.maxWireBytes else { throw .nameTooLong }
          labels.append(Array(bytes[(position + 1)..<(position + 1 + count)]))
          position += 1 + count
        case 3:
          guard position + 1 < bytes.count else { throw .truncated }
          let target = Int(length & 0x3F) << 8 | Int(bytes[position + 1])
          pointers += 1
          guard target < floor, pointers <= Self.maxPointers else { throw .badPointer }
          if !jumped {
            at = position + 2
            jumped = true
          }
          floor = target
          position = target
        default:
          throw .badLabel
        }
      }
    }

    mutating func record() throws(DNSDecodeError) -> DNSRecord {
      let name = try name()
      let type = DNSType(rawValue: try u16())
      let classWord = try u16()
      let ttl = try u32()
      let length = Int(try u16())
      guard length <= bytes.count - at else { throw .truncated }
      let end = at + length
      let data = try recordData(type, end: end)
      at = end
      return DNSRecord(name: name, data: data, ttl: ttl, cacheFlush: classWord & DNSClass.topBit != 0)
    }

    /// The data of a record of `type` that ends at `end`; names in it may point anywhere before them.
    mutating func recordData(_ type: DNSType, end: Int) throws(DNSDecodeError) -> DNSRecordData {
      let length = end - at
      switch type {
      case .a:
        guard length == 4 else { throw .badRecordData(type) }
        return .a(Array(try take(4)))
      case .aaaa:
        guard length == 16 else { throw .badRecordData(type) }
        return .aaaa(Array(try take(16)))
      case .ptr:
        let target = try name()
        guard at == end else { throw .badRecordData(type) }
        return .ptr(target)
      case .srv:
        guard length >= 7 else { throw .badRecordData(type) }
        let priority = try u16()
        let weight = try u16()
        let port = try u16()
        let target = try name()
        guard at == end else { throw .badRecordData(type) }
        return .srv(priority: priority, weight: weight, port: port, target: target)
      case .txt:
        var strings: [[UInt8]] = []
        while at < end {
          let count = Int(bytes[at])
          guard at + 1 + count <= end else { throw .badRecordData(type) }
          at += 1
          strings.append(Array(try take(count)))
        }
        // No strings at all reads as one empty string, which is how it is written (RFC 6763 section 6.1).
        return .txt(strings.isEmpty ? [[]] : strings)
      case .nsec:
        let next = try name()
        guard at <= end, let types = DNSTypeBitmap.decode(bytes[at..<end]) else { throw .badRecordData(type) }
        return .nsec(next: next, types: types)
      default:
        return .other(type, Array(try take(length)))
      }
    }
  }
}
