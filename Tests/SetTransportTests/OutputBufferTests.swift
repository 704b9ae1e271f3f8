import Testing

@testable import SetTransport

/// The output waiting for a socket: what a connection holds once everything is written.
@Suite("Output buffer")
struct OutputBufferTests {
  @Test("once a greeting's burst is written, an idle connection holds no more than an event line's room")
  func aWrittenBurstIsLetGo() {
    var buffer = OutputBuffer()
    buffer.append(Array(repeating: UInt8(ascii: "x"), count: 1_500))
    #expect(buffer.heldBytes >= 1_500)
    _ = buffer.drain { $0.count }
    #expect(buffer.isEmpty)
    #expect(buffer.heldBytes <= OutputBuffer.keptCapacity, "\(buffer.heldBytes) bytes held while idle")
  }

  @Test("a connection sent one event line at a time keeps its storage between lines")
  func aLineAtATimeKeepsItsRoom() {
    var buffer = OutputBuffer()
    buffer.append(Array(repeating: UInt8(ascii: "y"), count: 170))
    _ = buffer.drain { $0.count }
    let held = buffer.heldBytes
    #expect(held > 0)
    buffer.append(Array(repeating: UInt8(ascii: "z"), count: 170))
    _ = buffer.drain { $0.count }
    #expect(buffer.heldBytes == held)
  }
}
