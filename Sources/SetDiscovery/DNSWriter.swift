/// Writes DNS messages, with names compressed against those already written (RFC 1035 section 4.1.4).
public enum DNSWriter {
  /// The bytes of `message`.
  public static func encode(_ message: DNSMessage) -> [UInt8] {
    var writer = Writer()
    writer.u16(message.id)
    writer.u16(message.flags)
    for count in [
      message.questions.count, message.answers.count, message.authorities.count, message.additionals.count,
    ] {
      writer.u16(UInt16(clamping: count))
    }
    for question in message.questions {
      writer.name(question.name)
      writer.u16(question.type.rawValue)
      writer.u16(DNSClass.internet | (question.unicastResponse ? DNSClass.topBit : 0))
    }
    for record in message.answers + message.authorities + message.additionals { writer.record(record) }
    return writer.bytes
  }

  /// A record's data alone, with no name compressed: what simultaneous probes compare (RFC 6762
  /// section 8.2).
  public static func uncompressedData(_ data: DNSRecordData) -> [UInt8] {
    var writer = Writer()
    writer.compresses = false
    writer.record(DNSRecord(name: DNSName(labels: [])!, data: data, ttl: 0))
    return Array(writer.bytes.dropFirst(11))
  }

  private struct Writer {
    var bytes: [UInt8] = []
    var compresses = true
    /// Where each name suffix already written starts, by its exact labels.
    var offsets: [[[UInt8]]: Int] = [:]

    mutating func u16(_ value: UInt16) { bytes += [UInt8(value >> 8), UInt8(value & 0xFF)] }

    mutating func u32(_ value: UInt32) {
      u16(UInt16(value >> 16))
      u16(UInt16(value & 0xFFFF))
    }

    mutating func name(_ name: DNSName) {
      for index in name.labels.indices {
        let suffix = Array(name.labels[index...])
        if compresses, let offset = offsets[suffix] {
          u16(0xC000 | UInt16(offset))
          return
        }
        // A pointer holds 14 bits of offset: only suffixes that start below 16 KiB can be pointed at.
        if bytes.count < 0x4000 { offsets[suffix] = bytes.count }
        bytes.append(UInt8(name.labels[index].count))
        bytes += name.labels[index]
      }
      bytes.append(0)
    }

    mutating func record(_ record: DNSRecord) {
      name(record.name)
      u16(record.type.rawValue)
      u16(DNSClass.internet | (record.cacheFlush ? DNSClass.topBit : 0))
      u32(record.ttl)
      let lengthAt = bytes.count
      u16(0)
      let start = bytes.count
      switch record.data {
      case .a(let address), .aaaa(let address): bytes += address
      case .ptr(let target): name(target)
      case .srv(let priority, let weight, let port, let target):
        u16(priority)
        u16(weight)
        u16(port)
        name(target)
      case .txt(let strings):
        // An empty TXT record holds one empty string (RFC 6763 section 6.1).
        for string in strings.isEmpty ? [[]] : strings {
          bytes.append(UInt8(clamping: string.count))
          bytes += string.prefix(255)
        }
      case .nsec(let next, let types):
        name(next)
        bytes += DNSTypeBitmap.encode(types)
      case .other(_, let data): bytes += data
      }
      let length = UInt16(clamping: bytes.count - start)
      bytes[lengthAt] = UInt8(length >> 8)
      bytes[lengthAt + 1] = UInt8(length & 0xFF)
    }
  }
}
