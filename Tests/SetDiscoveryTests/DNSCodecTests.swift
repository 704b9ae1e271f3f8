import SetBase
import SetDiscovery
import Testing

/// Hex text (spaces and line breaks ignored) as bytes.
func hex(_ text: String) -> [UInt8] {
  let digits = Array(text.filter(\.isHexDigit))
  return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(digits[$0...$0 + 1]), radix: 16)! }
}

@Suite struct DNSCodecTests {
  let instance = DNSName("ann's table._setduel._tcp.local")!
  let host = DNSName("annhost.local")!

  @Test func namesCompareWithoutCase() {
    #expect(DNSName("_SetDuel._TCP.Local") == ServiceNames.serviceType)
    #expect(DNSName("_setduel._tcp.local")!.hashValue == DNSName("_SETDUEL._TCP.LOCAL")!.hashValue)
    #expect(DNSName("a..b") == nil)
    #expect(DNSName(String(repeating: "x", count: 64) + ".local") == nil)
    #expect(DNSName(labels: Array(repeating: Array("abcdefg".utf8), count: 32)) == nil)
  }

  /// A PTR query for the service type, byte by byte as RFC 1035 lays it out.
  @Test func aQueryIsWrittenByteByByte() throws {
    let query = DNSMessage(questions: [DNSQuestion(name: ServiceNames.serviceType, type: .ptr)])
    let expected = hex(
      """
      0000 0000 0001 0000 0000 0000
      08 5f736574647565 6c 04 5f746370 05 6c6f63616c 00
      000c 0001
      """)
    #expect(DNSWriter.encode(query) == expected)
    #expect(try DNSReader.decode(expected) == query)
  }

  /// A response with a PTR, SRV, TXT and A: later names point back at earlier ones.
  @Test func aResponseCompressesItsNames() throws {
    let response = DNSMessage.response(
      answers: [DNSRecord(name: ServiceNames.serviceType, data: .ptr(instance), ttl: 4500)],
      additionals: [
        DNSRecord(
          name: instance, data: .srv(priority: 0, weight: 0, port: 7878, target: host), ttl: 120, cacheFlush: true),
        DNSRecord(name: instance, data: .txt([Array("txtvers=1".utf8)]), ttl: 4500, cacheFlush: true),
        DNSRecord(name: host, data: .a([192, 168, 1, 5]), ttl: 120, cacheFlush: true),
      ])
    let bytes = DNSWriter.encode(response)
    let expected = hex(
      """
      0000 8400 0000 0001 0000 0003
      085f7365746475656c 045f746370 056c6f63616c 00  000c 0001 00001194 000e
      0b 616e6e2773207461626c65 c00c
      c02b 0021 8001 00000078 0010 0000 0000 1ec6 07 616e6e686f7374 c01a
      c02b 0010 8001 00001194 000a 09 7478747665 72733d31
      c04b 0001 8001 00000078 0004 c0a80105
      """)
    #expect(bytes == expected)
    #expect(try DNSReader.decode(bytes) == response)
  }

  @Test func everyRecordTypeRoundTrips() throws {
    let records: [DNSRecord] = [
      DNSRecord(name: host, data: .a([10, 0, 0, 1]), ttl: 120, cacheFlush: true),
      DNSRecord(name: host, data: .aaaa(Array(0..<16)), ttl: 120),
      DNSRecord(name: ServiceNames.serviceTypes, data: .ptr(ServiceNames.serviceType), ttl: 4500),
      DNSRecord(name: instance, data: .srv(priority: 1, weight: 2, port: 3, target: host), ttl: 0),
      DNSRecord(name: instance, data: .txt([[], Array("a=b".utf8), Array(repeating: 0x41, count: 255)]), ttl: 1),
      DNSRecord(name: host, data: .nsec(next: host, types: [.a, .aaaa, .nsec, DNSType(rawValue: 300)]), ttl: 120),
      DNSRecord(name: host, data: .other(DNSType(rawValue: 99), [1, 2, 3]), ttl: 5),
    ]
    let message = DNSMessage(
      id: 77, flags: 0x8400, questions: [DNSQuestion(name: instance, type: .any, unicastResponse: true)],
      answers: Array(records[0..<3]), authorities: Array(records[3..<5]), additionals: Array(records[5...]))
    #expect(try DNSReader.decode(DNSWriter.encode(message)) == message)
  }

  @Test func anEmptyTXTRecordHoldsOneEmptyString() throws {
    let record = DNSRecord(name: instance, data: .txt([]), ttl: 1)
    let decoded = try DNSReader.decode(DNSWriter.encode(.response(answers: [record])))
    #expect(decoded.answers[0].data == .txt([[]]))
  }

  // MARK: Hostile packets

  /// The header of a response with one answer, then `rest`.
  func oneAnswer(_ rest: String) -> [UInt8] { hex("0000 8400 0000 0001 0000 0000 " + rest) }

  @Test func aPointerToItselfIsRefused() {
    #expect(throws: DNSDecodeError.badPointer) {
      try DNSReader.decode(oneAnswer("c00c 0001 0001 00000078 0004 01020304"))
    }
  }

  @Test func aPointerLoopIsRefused() {
    // A label at 12 followed by a pointer back to 12: a loop through a label.
    #expect(throws: DNSDecodeError.badPointer) {
      try DNSReader.decode(oneAnswer("01 61 c00c 0001 0001 00000078 0004 01020304"))
    }
  }

  @Test func aForwardPointerIsRefused() {
    #expect(throws: DNSDecodeError.badPointer) {
      try DNSReader.decode(oneAnswer("c020 0001 0001 00000078 0004 01020304 00 00 00 00 00 00 00 00 00 00 00 00"))
    }
  }

  @Test func lengthsPastTheEndAreRefused() {
    #expect(throws: DNSDecodeError.truncated) { try DNSReader.decode(oneAnswer("05 6162")) }
    #expect(throws: DNSDecodeError.truncated) { try DNSReader.decode(oneAnswer("00 0001 0001 00000078 0010 01020304")) }
    #expect(throws: DNSDecodeError.truncated) { try DNSReader.decode(hex("0000 8400 ffff ffff ffff ffff")) }
    #expect(throws: DNSDecodeError.truncated) { try DNSReader.decode(hex("00")) }
  }

  @Test func recordDataThatDoesNotFitItsTypeIsRefused() {
    #expect(throws: DNSDecodeError.badRecordData(.a)) {
      try DNSReader.decode(oneAnswer("00 0001 0001 00000078 0005 0102030405"))
    }
    #expect(throws: DNSDecodeError.badRecordData(.txt)) {
      try DNSReader.decode(oneAnswer("00 0010 0001 00000078 0003 05 6162"))
    }
    #expect(throws: DNSDecodeError.badLabel) { try DNSReader.decode(oneAnswer("41 00")) }
  }

  @Test func namesLongerThan255BytesAreRefused() {
    let label = "3f" + String(repeating: "61", count: 63)
    #expect(throws: DNSDecodeError.nameTooLong) {
      try DNSReader.decode(oneAnswer(String(repeating: label, count: 5) + "00 0001 0001 00000078 0004 01020304"))
    }
  }

  @Test func packetsOver9000BytesAreRefused() {
    #expect(throws: DNSDecodeError.tooLong(9001)) { try DNSReader.decode([UInt8](repeating: 0, count: 9001)) }
    // 9,000 bytes of a valid header and junk after it: read, the junk ignored.
    #expect(
      (try? DNSReader.decode(hex("0000 8400 0000 0000 0000 0000") + [UInt8](repeating: 0xC0, count: 8988))) != nil)
  }

  /// 20,000 mutations of real packets (flipped bytes, cuts, spliced pointers, big counts): each decodes
  /// or throws, and what decodes re-encodes to a packet that decodes to the same message.
  @Test func mutatedPacketsNeverTrap() throws {
    var random = SystemRandomNumberGenerator()
    let seed = random.next()
    var generator = Mutator(seed: seed)
    let samples = AvahiPackets.all.map(\.bytes)
    var decoded = 0
    for _ in 0..<20_000 {
      let packet = generator.mutate(samples[Int(generator.next() % UInt64(samples.count))])
      guard let message = try? DNSReader.decode(packet) else { continue }
      decoded += 1
      let again = try DNSReader.decode(DNSWriter.encode(message))
      #expect(again == message, "seed \(seed): \(packet)")
      if again != message { return }
    }
    #expect(decoded > 0, "some mutations are still messages (seed \(seed))")
  }
}

/// Mutations for the fuzz test, from a seed.
struct Mutator {
  var generator: SplitMix64
  init(seed: UInt64) { generator = SplitMix64(seed: seed) }

  mutating func next() -> UInt64 { generator.next() }

  mutating func mutate(_ packet: [UInt8]) -> [UInt8] {
    var bytes = packet
    for _ in 0...(next() % 4) {
      guard !bytes.isEmpty else { break }
      let at = Int(next() % UInt64(bytes.count))
      switch next() % 6 {
      case 0: bytes[at] ^= UInt8(truncatingIfNeeded: 1 << (next() % 8))
      case 1: bytes = Array(bytes.prefix(at))
      case 2: bytes[at] = 0xC0 | UInt8(next() % 0x40)
      case 3: bytes[at] = UInt8(truncatingIfNeeded: next())
      case 4: bytes.insert(contentsOf: bytes[at...].prefix(Int(next() % 40)), at: at)
      default: bytes += [UInt8](repeating: UInt8(truncatingIfNeeded: next()), count: Int(next() % 10_000))
      }
    }
    return bytes
  }
}
