import Testing

@testable import SetProtocol

/// Text from others made harmless to show: every control and invisible formatting character replaced
/// by a visible one, everything else kept.
@Suite("Harmless text")
struct HarmlessTests {
  @Test("printable text, accents and symbols included, is kept as it is")
  func keepsPrintableText() {
    for text in ["hello there", "ann's table", "héllo, 日本, ◆●▲", "a-b_c 1+2=3 <x>", ""] {
      #expect(Harmless.text(text) == text)
      #expect(Harmless.isHarmless(text))
    }
  }

  @Test("C0 controls and DEL become their control pictures")
  func controlPictures() {
    #expect(Harmless.text("\u{1B}[2J") == "\u{241B}[2J")
    #expect(Harmless.text("a\u{8}\u{8}b") == "a\u{2408}\u{2408}b")
    #expect(Harmless.text("x\u{7F}\t\r\n\u{0}") == "x\u{2421}\u{2409}\u{240D}\u{240A}\u{2400}")
  }

  @Test(
    "C1 controls and invisible or direction-changing characters become U+FFFD",
    arguments: [
      0x80, 0x85, 0x9B, 0x9D, 0x9F, 0xAD, 0x061C, 0x200B, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A, 0x202E, 0x2066,
      0x2069, 0xFEFF, 0xE0041,
    ])
  func invisibleCharacters(_ value: UInt32) throws {
    let scalar = try #require(Unicode.Scalar(value))
    let text = "a" + String(Character(scalar)) + "b"
    #expect(Harmless.text(text) == "a\u{FFFD}b")
    #expect(!Harmless.isHarmless(text))
  }

  @Test("what comes out is harmless, and a character's replacement takes one column like it")
  func harmlessOut() {
    let hostile = "\u{8}\u{8}\u{8}\u{8}\u{8}\u{8}\u{8}\u{8}\u{8}server: you lose \u{9B}31m\u{9D}0;x\u{7}\u{202E}gnp.exe"
    let shown = Harmless.text(hostile)
    #expect(Harmless.isHarmless(shown))
    #expect(shown.unicodeScalars.count == hostile.unicodeScalars.count)
  }
}
