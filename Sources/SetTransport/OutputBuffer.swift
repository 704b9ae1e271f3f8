/// Bytes waiting to be written to a socket, oldest first.
package struct OutputBuffer {
  package init() {}

  /// Let go once everything in it is written: an idle connection holds no output storage (a thousand
  /// idle spectators would otherwise hold their last event's room each, for as long as they idle). The
  /// next output allocates again, which costs tens of nanoseconds beside the send that follows.
  private var storage: [UInt8] = []
  /// Where the unwritten bytes start in `storage`.
  private var head = 0
  /// The last byte handed to the kernel, if any.
  package private(set) var lastWritten: UInt8?
  /// The byte handed to the kernel before `lastWritten`, if any.
  private var beforeLastWritten: UInt8?

  /// The bytes of storage held, written or waiting: what an idle connection's output costs it.
  package var heldBytes: Int { storage.capacity }

  /// How many bytes wait.
  package var count: Int { storage.count - head }

  package var isEmpty: Bool { head == storage.count }

  /// Whether the bytes written so far stop in the middle of a line.
  package var isMidLine: Bool { lastWritten.map { $0 != 10 } ?? false }

  package mutating func append(_ bytes: some Sequence<UInt8>) {
    compact()
    storage.append(contentsOf: bytes)
  }

  // The two kinds of bytes a line server writes, each with an `append` of its own: called from another
  // module, the generic one runs unspecialized, looking up the sequence's type at every call.

  /// Appends `bytes` (a telnet answer, a CRLF, a farewell).
  package mutating func append(_ bytes: [UInt8]) {
    compact()
    storage.append(contentsOf: bytes)
  }

  /// Appends a line's text.
  package mutating func append(_ bytes: String.UTF8View) {
    compact()
    storage.append(contentsOf: bytes)
  }

  /// Drops the bytes already written once they are half the storage or more.
  private mutating func compact() {
    if head > 0 && head >= storage.count / 2 {
      storage.removeFirst(head)
      head = 0
    }
  }

  /// Calls `write` with the waiting bytes; it returns how many it wrote, which are then dropped.
  package mutating func drain(_ write: (UnsafeRawBufferPointer) -> Int) -> Int {
    let written = storage.withUnsafeBytes { write(UnsafeRawBufferPointer(rebasing: $0[head...])) }
    if written > 0 {
      head += written
      beforeLastWritten = written > 1 ? storage[head - 2] : lastWritten
      lastWritten = storage[head - 1]
      if head == storage.count {
        storage = []
        head = 0
      }
    }
    return written
  }

  /// How many of the waiting bytes finish a telnet command the written bytes stopped inside. The
  /// server's lines are UTF-8, which never holds a 255 byte, so every 255 it writes starts a command:
  /// `IAC verb option` for the verbs WILL, WONT, DO and DONT, `IAC command` for the others.
  package var unfinishedCommandBytes: Int {
    let waiting = storage[head...]
    if lastWritten == Telnet.iac {
      guard let verb = waiting.first else { return 0 }
      return (Telnet.will...Telnet.dont).contains(verb) ? min(2, waiting.count) : 1
    }
    if beforeLastWritten == Telnet.iac, let verb = lastWritten, (Telnet.will...Telnet.dont).contains(verb) {
      return min(1, waiting.count)
    }
    return 0
  }

  /// Forgets the waiting bytes but those that finish a telnet command already begun, so the peer never
  /// reads half a command followed by something else.
  package mutating func removeAllButUnfinishedCommand() {
    let keep = Array(storage[head..<head + unfinishedCommandBytes])
    removeAll()
    storage = keep
  }

  /// Whether the bytes written so far and those kept by `removeAllButUnfinishedCommand` stop in the
  /// middle of a line: a farewell then starts on a line of its own.
  package var endsMidLine: Bool {
    storage[head...].last.map { $0 != 10 } ?? isMidLine
  }

  package mutating func removeAll() {
    storage = []
    head = 0
  }
}
