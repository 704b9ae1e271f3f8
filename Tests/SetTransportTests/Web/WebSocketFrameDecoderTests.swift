import SetBase
import Testing

@testable import SetTransport

/// A client frame: masked with `mask`, length in its shortest form unless `lengthForm` says otherwise.
func clientFrame(
  _ opcode: UInt8, _ payload: [UInt8], fin: Bool = true, mask: [UInt8] = [0x37, 0xFA, 0x21, 0x3D], masked: Bool = true,
  rsv: UInt8 = 0
) -> [UInt8] {
  var bytes: [UInt8] = [(fin ? 0x80 : 0) | rsv | opcode]
  let maskBit: UInt8 = masked ? 0x80 : 0
  switch payload.count {
  case 0..<126: bytes.append(maskBit | UInt8(payload.count))
  case 126...0xFFFF: bytes += [maskBit | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
  default:
    bytes.append(maskBit | 127)
    for shift in stride(from: 56, through: 0, by: -8) {
      bytes.append(UInt8(truncatingIfNeeded: payload.count >> shift))
    }
  }
  if masked { bytes += mask }
  for (index, byte) in payload.enumerated() { bytes.append(masked ? byte ^ mask[index & 3] : byte) }
  return bytes
}

private func decode(_ bytes: [UInt8], max: Int = 1024) -> [WebSocketFrameDecoder.Event] {
  var decoder = WebSocketFrameDecoder(maxMessageBytes: max)
  return decoder.feed(bytes)
}

@Suite struct WebSocketFrameDecoderTests {
  @Test func rfc6455MaskedHelloIsText() {
    #expect(decode([0x81, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58]) == [.text("Hello")])
  }

  @Test func anUnmaskedClientFrameIsRefusedWith1002() {
    // RFC 6455's own unmasked "Hello", which only a server may send.
    #expect(decode([0x81, 0x05, 0x48, 0x65, 0x6C, 0x6C, 0x6F]) == [.failed(code: 1002)])
  }

  @Test func fragmentsAreJoinedWithControlFramesBetween() {
    let bytes =
      clientFrame(0x1, Array("Hel".utf8), fin: false) + clientFrame(0x9, Array("p".utf8))
      + clientFrame(0x0, Array("lo".utf8), fin: false) + clientFrame(0xA, []) + clientFrame(0x0, Array(" you".utf8))
    #expect(decode(bytes) == [.ping(Array("p".utf8)), .pong([]), .text("Hello you")])
  }

  @Test func sixteenAndSixtyFourBitLengthsAreRead() {
    let medium = [UInt8](repeating: UInt8(ascii: "m"), count: 300)
    #expect(decode(clientFrame(0x1, medium), max: 70_000) == [.text(String(repeating: "m", count: 300))])
    let large = [UInt8](repeating: UInt8(ascii: "l"), count: 66_000)
    #expect(decode(clientFrame(0x1, large), max: 70_000) == [.text(String(repeating: "l", count: 66_000))])
  }

  @Test func everySplitOfAStreamGivesTheSameEvents() {
    let stream =
      clientFrame(0x1, Array("NAME ann".utf8)) + clientFrame(0x1, Array("PI".utf8), fin: false)
      + clientFrame(0x9, [1, 2]) + clientFrame(0x0, Array("NG".utf8)) + clientFrame(0x1, [])
      + clientFrame(0x1, [UInt8](repeating: 0x41, count: 200)) + clientFrame(0x8, [0x03, 0xE8] + Array("bye".utf8))
    let expected = decode(stream)
    #expect(
      expected == [
        .text("NAME ann"), .ping([1, 2]), .text("PING"), .text(""), .text(String(repeating: "A", count: 200)),
        .close(code: 1000, reason: "bye"),
      ])
    for split in 0...stream.count {
      var decoder = WebSocketFrameDecoder(maxMessageBytes: 1024)
      var events: [WebSocketFrameDecoder.Event] = []
      decoder.feed(stream[..<split], into: &events)
      decoder.feed(stream[split...], into: &events)
      #expect(events == expected, "split at \(split)")
    }
    var decoder = WebSocketFrameDecoder(maxMessageBytes: 1024)
    var events: [WebSocketFrameDecoder.Event] = []
    for byte in stream { decoder.feed([byte], into: &events) }
    #expect(events == expected)
  }

  @Test func protocolErrorsAreRefusedWith1002() {
    let cases: [(String, [UInt8])] = [
      ("reserved bit", clientFrame(0x1, Array("x".utf8), rsv: 0x40)),
      ("unknown opcode", clientFrame(0x3, [])),
      ("continuation first", clientFrame(0x0, Array("x".utf8))),
      ("new message mid-message", clientFrame(0x1, Array("a".utf8), fin: false) + clientFrame(0x1, Array("b".utf8))),
      ("fragmented ping", clientFrame(0x9, [], fin: false)),
      ("long ping", clientFrame(0x9, [UInt8](repeating: 0, count: 126))),
      ("close with one byte", clientFrame(0x8, [3])),
      ("close code 1005", clientFrame(0x8, [0x03, 0xED])),
      ("close code 999", clientFrame(0x8, [0x03, 0xE7])),
      ("64-bit top bit", [0x81, 0xFF, 0x80, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4]),
      ("16-bit form for a short length", [0x81, 0xFE, 0, 5, 1, 2, 3, 4] + [1, 2, 3, 4, 5]),
    ]
    for (name, bytes) in cases {
      #expect(decode(bytes).last == .failed(code: 1002), "\(name)")
    }
  }

  @Test func aFrameClaiming2To63BytesIsRefusedBeforeItsPayload() {
    var decoder = WebSocketFrameDecoder(maxMessageBytes: 1024)
    let events = decoder.feed([0x81, 0xFF, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 1, 2, 3, 4])
    #expect(events == [.failed(code: 1009)])
    #expect(decoder.isDone && decoder.bufferedBytes == 0)
  }

  @Test func aMessageOverTheLimitIsRefusedWith1009EvenInFragments() {
    #expect(decode(clientFrame(0x1, [UInt8](repeating: 0x41, count: 1025))) == [.failed(code: 1009)])
    let fragments =
      clientFrame(0x1, [UInt8](repeating: 0x41, count: 1000), fin: false)
      + clientFrame(0x0, [UInt8](repeating: 0x41, count: 25))
    #expect(decode(fragments) == [.failed(code: 1009)])
    #expect(decode(clientFrame(0x1, [UInt8](repeating: 0x41, count: 1024))).count == 1)
  }

  @Test func invalidUTF8IsRefusedWith1007() {
    #expect(decode(clientFrame(0x1, [0xC3, 0x28])) == [.failed(code: 1007)])
    // A character split across fragments is fine once joined.
    let split = clientFrame(0x1, [0xC3], fin: false) + clientFrame(0x0, [0xA9])
    #expect(decode(split) == [.text("é")])
    #expect(decode(clientFrame(0x8, [0x03, 0xE8, 0xFF])) == [.failed(code: 1007)])
  }

  @Test func closeWithoutCodeAndNothingReadAfterClose() {
    #expect(decode(clientFrame(0x8, []) + clientFrame(0x1, Array("late".utf8))) == [.close(code: nil, reason: "")])
  }

  @Test func serverFramesAreUnmaskedAndUseTheShortestLength() {
    #expect(WebSocketFrame.text("Hello") == [0x81, 0x05, 0x48, 0x65, 0x6C, 0x6C, 0x6F])
    #expect(Array(WebSocketFrame.text(String(repeating: "a", count: 126)).prefix(4)) == [0x81, 126, 0, 126])
    #expect(
      Array(WebSocketFrame.text(String(repeating: "a", count: 65536)).prefix(10)) == [
        0x81, 127, 0, 0, 0, 0, 0, 1, 0, 0,
      ])
    #expect(
      WebSocketFrame.textMessages(lines: Array("OK\r\nDIFF 3\n\r\n> ".utf8))
        == WebSocketFrame.text("OK") + WebSocketFrame.text("DIFF 3") + WebSocketFrame.text("> "))
    #expect(WebSocketFrame.text("é") == [0x81, 2, 0xC3, 0xA9])
    #expect(WebSocketFrame.close(code: nil) == [0x88, 0])
    #expect(WebSocketFrame.close(code: 1005) == [0x88, 0])
    #expect(WebSocketFrame.close(code: 1000, reason: "ok") == [0x88, 4, 0x03, 0xE8, 0x6F, 0x6B])
    #expect(WebSocketFrame.close(code: 1000, reason: String(repeating: "é", count: 100)).count == 2 + 2 + 122)
  }

  @Test func mutatedFramesNeverTrapAndStayBounded() {
    var generator = SplitMix64(seed: 19)
    let base =
      clientFrame(0x1, Array("PICK A B C".utf8)) + clientFrame(0x9, [9]) + clientFrame(0x1, Array("x".utf8), fin: false)
      + clientFrame(0x0, Array("y".utf8)) + clientFrame(0x8, [0x03, 0xE8])
    for _ in 0..<3000 {
      var bytes = base
      for _ in 0..<Int(generator.next() % 6) + 1 {
        let index = Int(generator.next() % UInt64(bytes.count))
        switch generator.next() % 3 {
        case 0: bytes[index] = UInt8(truncatingIfNeeded: generator.next())
        case 1: bytes.insert(UInt8(truncatingIfNeeded: generator.next()), at: index)
        default: bytes.remove(at: index)
        }
      }
      var decoder = WebSocketFrameDecoder(maxMessageBytes: 1024)
      var events: [WebSocketFrameDecoder.Event] = []
      var index = 0
      while index < bytes.count {
        let step = Int(generator.next() % 7) + 1
        decoder.feed(bytes[index..<min(bytes.count, index + step)], into: &events)
        index += step
        #expect(decoder.bufferedBytes <= 1024 + 14 + 125)
      }
      for event in events {
        if case .failed(let code) = event { #expect([1002, 1007, 1009].contains(code)) }
      }
    }
  }
}
