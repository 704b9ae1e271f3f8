import Testing

@testable import SetTransport

private func hex(_ bytes: [UInt8]) -> String {
  bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
}

@Suite struct DigestTests {
  @Test func sha1MatchesFIPS180Vectors() {
    #expect(hex(SHA1.digest(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
    #expect(hex(SHA1.digest([])) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
    #expect(
      hex(SHA1.digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
        == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
    #expect(
      hex(SHA1.digest([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)))
        == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
  }

  @Test func sha1OfMessagesAroundTheBlockBoundary() {
    // 55, 56 and 64 bytes: the padding takes one block, then two.
    #expect(hex(SHA1.digest([UInt8](repeating: 0x61, count: 55))) == "c1c8bbdc22796e28c0e15163d20899b65621d65a")
    #expect(hex(SHA1.digest([UInt8](repeating: 0x61, count: 56))) == "c2db330f6083854c99d4b5bfb6e8f29f201be699")
    #expect(hex(SHA1.digest([UInt8](repeating: 0x61, count: 64))) == "0098ba824b5c16427bd7a1122a5a442a25ec644d")
  }

  @Test func base64MatchesRFC4648Vectors() {
    let vectors = [
      ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="),
      ("foobar", "Zm9vYmFy"),
    ]
    for (plain, encoded) in vectors {
      #expect(Base64.encode(Array(plain.utf8)) == encoded)
      #expect(Base64.decode(encoded) == Array(plain.utf8))
    }
    #expect(Base64.encode([0xFB, 0xFF]) == "+/8=")
  }

  @Test func base64RefusesWhatIsNotBase64() {
    for bad in ["Zg", "Zg=", "Z===", "Zm9v!A==", "=Zm9", "Zg==Zg==", "Zm=v"] {
      #expect(Base64.decode(bad) == nil, "\(bad)")
    }
  }

  @Test func handshakeAcceptMatchesRFC6455Example() {
    #expect(WebSocketHandshake.accept(key: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
  }
}
