/// Bytes waiting to be written to a socket, oldest first.
package struct OutputBuffer {
  package init() {}

  private var storage: [UInt8] = []
  /// Where the unwritten bytes start in `storage`.
  private var head = 0
  /// The last byte handed to the kernel, if any.
  package private(set) var lastWritten: UInt8?

  /// How many bytes wait.
  package var count: Int { storage.count - head }

  package var isEmpty: Bool { head == storage.count }

  /// Whether the bytes written so far stop in the middle of a line.
  package var isMidLine: Bool { lastWritten.map { $0 != 10 } ?? false }

  package mutating func append(_ bytes: some Sequence<UInt8>) {
    if head > 0 && head >= storage.count / 2 {
      storage.removeFirst(head)
      head = 0
    }
    storage.append(contentsOf: bytes)
  }

  /// Calls `write` with the waiting bytes; it returns how many it wrote, which are then dropped.
  package mutating func drain(_ write: (UnsafeRawBufferPointer) -> Int) -> Int {
    let written = storage.withUnsafeBytes { write(UnsafeRawBufferPointer(rebasing: $0[head...])) }
    if written > 0 {
      head += written
      lastWritten = storage[head - 1]
      if head == storage.count {
        storage.removeAll(keepingCapacity: storage.capacity <= 64 * 1024)
        head = 0
      }
    }
    return written
  }

  package mutating func removeAll() {
    storage = []
    head = 0
  }
}
