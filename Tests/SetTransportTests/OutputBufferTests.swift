import Testing

@testable import SetTransport

/// The output waiting for a socket: what a connection holds once everything is written.
@Suite("Output buffer")
struct OutputBufferTests {
  @Test("once a greeting's burst is written, an idle connection holds no output storage")
  func aWrittenBurstIsLetGo() {
    var buffer = OutputBuffer()
    buffer.append(Array(repeating: UInt8(ascii: "x"), count: 1_500))
    #expect(buffer.heldBytes >= 1_500)
    _ = buffer.drain { $0.count }
    #expect(buffer.isEmpty)
    #expect(buffer.heldBytes == 0, "\(buffer.heldBytes) bytes held while idle")
  }

  @Test("a connection sent one event line at a time holds nothing between lines, and writes each whole")
  func aLineAtATimeHoldsNothing() {
    var buffer = OutputBuffer()
    for letter in ["y", "z"] {
      buffer.append(Array(repeating: UInt8(ascii: Unicode.Scalar(letter)!), count: 170))
      var written: [UInt8] = []
      _ = buffer.drain {
        written = Array($0)
        return $0.count
      }
      #expect(written == Array(repeating: UInt8(ascii: Unicode.Scalar(letter)!), count: 170))
      #expect(buffer.heldBytes == 0)
    }
  }
}
