import Testing

@testable import SetTransport

private let iac: UInt8 = 255

/// Feeds `bytes` to a fresh framer all at once.
private func frame(_ bytes: [UInt8], maxLineBytes: Int = 1024) -> [LineInput] {
  var framer = LineFramer(maxLineBytes: maxLineBytes)
  return framer.feed(bytes)
}

/// Feeds `bytes` to a fresh framer one byte at a time.
private func frameByteByByte(_ bytes: [UInt8], maxLineBytes: Int = 1024) -> [LineInput] {
  var framer = LineFramer(maxLineBytes: maxLineBytes)
  var output: [LineInput] = []
  for byte in bytes {
    framer.feed([byte], into: &output)
  }
  return output
}

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

@Suite struct LineFramerTests {
  @Test func splitsOnLFAndCRLFAndCRNULAndBareCR() {
    let input = bytes("a\nb\r\nc\r") + [0] + bytes("d\re\n")
    #expect(frame(input) == [.line("a"), .line("b"), .line("c"), .line("d"), .line("e")])
  }

  @Test func emptyLinesAreLinesButCRLFMakesOnlyOne() {
    #expect(frame(bytes("\n\n")) == [.line(""), .line("")])
    #expect(frame(bytes("\r\n\r\n")) == [.line(""), .line("")])
    #expect(frame(bytes("\r") + [0] + bytes("\r") + [0]) == [.line(""), .line("")])
    #expect(frame(bytes("\r\r")) == [.line(""), .line("")])
  }

  @Test func crlfSplitAcrossFeedsMakesNoSpuriousEmptyLine() {
    var framer = LineFramer()
    #expect(framer.feed(bytes("abc\r")) == [.line("abc")])
    #expect(framer.feed(bytes("\n")) == [])
    #expect(framer.feed(bytes("def\r")) == [.line("def")])
    #expect(framer.feed([0]) == [])
    #expect(framer.feed(bytes("ghi\r")) == [.line("ghi")])
    #expect(framer.feed(bytes("jkl\n")) == [.line("jkl")])
  }

  @Test func byteAtATimeAndEverySplitGiveTheSameItemsAsAllAtOnce() {
    let input: [UInt8] =
      bytes("hello\r\nwor") + [iac, 251, 1] + bytes("ld\r") + [0] + bytes("x\ry\n")
      + [iac, 250, 24, 0] + bytes("xterm") + [iac, 240] + bytes("sb\n")
      + [iac, iac] + bytes("\n") + [iac, 253, 6] + bytes("tm\n") + [iac, 244]
      + bytes(String(repeating: "z", count: 40) + "\r\nafter\n") + [0xC3, 0x28] + bytes("\r\n")
      + bytes("caf\u{E9}\n")
    let whole = frame(input, maxLineBytes: 16)
    #expect(
      whole == [
        .line("hello"), .line("world"), .line("x"), .line("y"), .line("sb"), .invalidUTF8,
        .reply([iac, 251, 6]), .line("tm"), .interrupt, .tooLong, .line("after"), .invalidUTF8, .line("café"),
      ])
    #expect(frameByteByByte(input, maxLineBytes: 16) == whole)
    for split in 0...input.count {
      var framer = LineFramer(maxLineBytes: 16)
      var output = framer.feed(input[..<split])
      framer.feed(input[split...], into: &output)
      #expect(output == whole, "split at \(split)")
    }
  }

  @Test func aReadBufferFramesAsTheSameBytesInAnArray() {
    let input: [UInt8] =
      bytes("hello\r\nwor") + [iac, 251, 1] + bytes("ld\r") + [0] + [iac, 253, 6] + [iac, 253, 6]
      + bytes("tm\n") + [iac, 244] + bytes(String(repeating: "z", count: 40) + "\nafter\n") + [0xC3, 0x28, 10]
      // Whole lines read straight from the buffer: at the limit and one past it, empty ones, a NUL inside
      // a line, CR NUL and CRLF after them, and a line that a telnet command interrupts.
      + bytes(String(repeating: "a", count: 16) + "\r\n" + String(repeating: "b", count: 17) + "\n\r\r\n")
      + bytes("n") + [0] + bytes("ul\r") + [0] + bytes("q\r\nr") + [iac, 241] + bytes("s\n")
    let whole = frame(input, maxLineBytes: 16)
    #expect(
      whole.suffix(7) == [
        .line(String(repeating: "a", count: 16)), .tooLong, .line(""), .line(""),
        .line("n\u{0}ul"), .line("q"), .line("rs"),
      ])
    for split in 0...input.count {
      var framer = LineFramer(maxLineBytes: 16)
      var output: [LineInput] = []
      input.withUnsafeBytes { buffer in
        framer.feed(UnsafeRawBufferPointer(rebasing: buffer[..<split]), into: &output)
        framer.feed(UnsafeRawBufferPointer(rebasing: buffer[split...]), into: &output)
      }
      #expect(output == whole, "split at \(split)")
    }
  }

  @Test func manyLinesInOneBuffer() {
    let input = (0..<5000).map { "line \($0)\r\n" }.joined()
    let output = frame(bytes(input))
    #expect(output == (0..<5000).map { .line("line \($0)") })
  }

  @Test func telnetNegotiationIsStripped() {
    let input = bytes("he") + [iac, 251, 1, iac, 252, 3, iac, 253, 24, iac, 254, 31] + bytes("llo\n")
    #expect(frame(input) == [.line("hello")])
  }

  @Test func telnetSubnegotiationIsStrippedIncludingDoubledIAC() {
    let input = bytes("a") + [iac, 250, 31, 0, 80, iac, iac, 24, iac, 240] + bytes("b\n")
    #expect(frame(input) == [.line("ab")])
    #expect(frameByteByByte(input) == [.line("ab")])
  }

  @Test func otherTwoByteCommandsAreStripped() {
    // NOP, DM, BRK, AO, AYT, EC, EL, GA and a stray SE.
    let input = bytes("a") + [241, 242, 243, 245, 246, 247, 248, 249, 240].flatMap { [iac, $0] } + bytes("b\n")
    #expect(frame(input) == [.line("ab")])
  }

  @Test func doubledIACIsALiteralByteAndSoInvalidUTF8() {
    #expect(frame([iac, iac] + bytes("\n")) == [.invalidUTF8])
  }

  @Test func iacSplitAcrossFeeds() {
    var framer = LineFramer()
    #expect(framer.feed(bytes("ab") + [iac]) == [])
    #expect(framer.feed([253]) == [])
    #expect(framer.feed([6]) == [.reply([iac, 251, 6])])
    #expect(framer.feed(bytes("c") + [iac]) == [])
    #expect(framer.feed([244] + bytes("d\n")) == [.interrupt, .line("abcd")])
  }

  @Test func timingMarkIsAnsweredAndOtherOptionsAreNot() {
    #expect(frame([iac, 253, 6]) == [.reply([iac, 251, 6])])
    #expect(frame([iac, 251, 6, iac, 254, 6, iac, 253, 1]) == [])
  }

  @Test func interruptIsReported() {
    #expect(frame(bytes("partial") + [iac, 244]) == [.interrupt])
  }

  @Test func overlongLineIsReportedOnceAndTheNextLineIsFine() {
    let long = String(repeating: "x", count: 10_000)
    #expect(frame(bytes(long + "\nok\n"), maxLineBytes: 8) == [.tooLong, .line("ok")])
    #expect(frameByteByByte(bytes(long + "\r\nok\r\n"), maxLineBytes: 8) == [.tooLong, .line("ok")])
    #expect(frame(bytes("123456789\r") + [0] + bytes("ok\n"), maxLineBytes: 8) == [.tooLong, .line("ok")])
  }

  @Test func lineAtTheLimitIsAccepted() {
    #expect(frame(bytes("12345678\n123456789\n"), maxLineBytes: 8) == [.line("12345678"), .tooLong])
  }

  @Test func invalidUTF8IsReportedAndValidUTF8Decoded() {
    #expect(frame([0xC3, 0x28, 10]) == [.invalidUTF8])
    #expect(frame([0xED, 0xA0, 0x80, 10]) == [.invalidUTF8])  // An encoded surrogate.
    #expect(frame(bytes("✓ déjà vu\n")) == [.line("✓ déjà vu")])
  }

  @Test func finishDeliversAnUnterminatedLastLine() {
    var framer = LineFramer(maxLineBytes: 4)
    #expect(framer.feed(bytes("ab\ncd")) == [.line("ab")])
    #expect(framer.finish() == [.line("cd")])
    #expect(framer.feed(bytes("toolong")) == [.tooLong])
    #expect(framer.finish() == [])
    #expect(framer.feed(bytes("x\r")) == [.line("x")])
    #expect(framer.finish() == [])
  }
}
