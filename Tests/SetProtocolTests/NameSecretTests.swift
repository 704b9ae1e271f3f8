import SetCore
import Testing

@testable import SetProtocol

/// `NAME <name> <secret>`, and the record's `owner` line.
@Suite("Names' secrets")
struct NameSecretTests {
  @Test("NAME takes an optional secret of 16 to 64 letters, digits, - or _")
  func secrets() {
    let secret = "Ab3_-xYz0123456789"
    #expect(Request.parse("NAME ann \(secret)")?.command == .success(.name("ann", secret: secret)))
    #expect(Request.parse("name ann")?.command == .success(.name("ann", secret: nil)))
    let longest = String(repeating: "k", count: 64)
    #expect(Request.parse("NAME ann \(longest)")?.command == .success(.name("ann", secret: longest)))
    for bad in [longest + "k", "0123456789abcdef!", "0123456789abcdéf", "0123456789abcde\u{7F}"] {
      #expect(
        Request.parse("NAME ann \(bad)")?.command == .failure(ProtocolError(.badArgument, NameSecret.rule)), "\(bad)")
    }
    #expect(Request.parse("NAME änn \(secret)")?.command == .failure(ProtocolError(.badName)))
    // A short second word is a name with a space, as before.
    #expect(Request.parse("NAME joe smith")?.command.failureCode == .badName)
    #expect(Request.parse("NAME ann \(secret) more")?.command.failureCode == .badName)
  }

  @Test("an owner line reads back as it was written, and a malformed one is refused")
  func ownerLine() {
    let line = RecordLine.owner(.two, fingerprint: "0123456789abcdef0123456789abcdef01234567")
    #expect(line.line == "owner 2 0123456789abcdef0123456789abcdef01234567")
    #expect(RecordLine.parse(line.line) == .success(line))
    for bad in ["owner 0 ab", "owner 1 AB", "owner 1 ab cd", "owner 1", "owner 1 " + String(repeating: "a", count: 65)]
    {
      #expect(RecordLine.parse(bad) == .failure(.owner), "\(bad)")
    }
  }
}
