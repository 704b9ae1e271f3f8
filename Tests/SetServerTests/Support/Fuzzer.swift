import Glibc
import SetCore
import SetNet
import SetProtocol
import SetTestSupport
import SetTransport

/// Seeded junk for the fault suite: random bytes, and valid lines mutated.
struct Fuzzer {
  var random: SplitMix64

  init(seed: UInt64) {
    random = SplitMix64(seed: seed)
  }

  /// Valid lines of every kind, to mutate. Those that end a session (QUIT, RESUME with a wrong token,
  /// telnet's interrupt) are filtered out later, since a closed connection stops the fuzzing.
  static let corpus = [
    "NAME fuzz", "NAME x_y-z", "name Zed", "PING", "PING tok", "@a1 PING", "CLAIM", "SET", "set", "PICK A B C",
    "PICK ABC", "pick a,b,c", "PICK A", "PICK L", "UNPICK B", "DEAL", "STATE", "SCORES", "HISTORY",
    "SAY hello there", "NEW", "MODE MACHINE", "MODE HUMAN", "HELP", "HELP PICK", "@req-1.x STATE", "@x SCORES",
    "RESUME 0123456789abcdef0123456789abcdef", "QUIT",
  ].map { Array($0.utf8) }

  /// Bytes that tend to find edges: terminators, NUL, telnet, UTF-8 lead and continuation bytes.
  static let edgeBytes: [UInt8] = [
    0, 13, 10, 32, 64, 44, 255, 254, 253, 251, 250, 240, 246, 0xC3, 0x80, 0xE2, 0xF0, 0xED,
  ]

  mutating func below(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }

  mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: random.next()) }

  /// A line of random bytes (no LF inside) and a random terminator; now and then longer than a line may be.
  mutating func randomLine() -> [UInt8] {
    let length = below(50) == 0 ? 900 + below(400) : below(100)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(length + 2)
    for _ in 0..<length {
      var value = below(4) == 0 ? Self.edgeBytes[below(Self.edgeBytes.count)] : byte()
      if value == 10 { value = 11 }
      bytes.append(value)
    }
    return bytes + terminator()
  }

  /// A valid line with one to three mutations.
  mutating func mutatedLine() -> [UInt8] {
    var bytes = Self.corpus[below(Self.corpus.count)]
    for _ in 0...below(3) {
      switch below(8) {
      case 0 where !bytes.isEmpty: bytes[below(bytes.count)] = byte()
      case 1: bytes.insert(Self.edgeBytes[below(Self.edgeBytes.count)], at: below(bytes.count + 1))
      case 2 where !bytes.isEmpty: bytes.remove(at: below(bytes.count))
      case 3: bytes = Array(bytes.prefix(below(bytes.count + 1)))
      case 4 where !bytes.isEmpty:
        let at = below(bytes.count)
        if (65...90).contains(bytes[at]) || (97...122).contains(bytes[at]) { bytes[at] ^= 0x20 }
      case 5: bytes += [32] + Self.corpus[below(Self.corpus.count)]
      case 6: bytes = Array(repeating: bytes, count: 1 + below(4)).joined(separator: [32]).map { $0 }
      default:
        let at = below(bytes.count + 1)
        bytes.insert(contentsOf: (0..<1 + below(4)).map { _ in byte() }, at: at)
      }
    }
    if below(100) == 0 { bytes += [UInt8](repeating: 65, count: 1100) }
    return bytes.map { $0 == 10 ? 11 : $0 } + terminator()
  }

  private mutating func terminator() -> [UInt8] {
    switch below(4) {
    case 0: [13, 10]
    case 1: [13, 0]
    default: [10]
    }
  }
}

/// One connection the fuzzer writes to. It mirrors the server's framer, so it knows exactly which
/// lines the server will see: it leaves out junk that would end the session, counts the lines, and
/// ends each batch with a PING the server can frame whatever state the junk left its telnet parser in.
final class FuzzConnection {
  let link: BlockingLineClient
  private var framer = LineFramer()
  private var pending: [UInt8] = []
  private var marks = 0
  /// Lines the server has been sent that it answers (blank lines are not counted), by its own framing.
  private(set) var lines = 0

  init(port: UInt16) throws {
    link = try BlockingLineClient(host: "127.0.0.1", port: port, timeout: MachineClient.timeout)
  }

  /// Queues `bytes` unless they would end the session; returns whether they were taken.
  @discardableResult
  func offer(_ bytes: [UInt8]) -> Bool {
    var copy = framer
    let items = copy.feed(bytes)
    guard !items.contains(where: Self.endsSession) else { return false }
    framer = copy
    pending += bytes
    lines += items.filter(Self.isLine).count
    return true
  }

  /// Sends what is queued and a PING, and reads up to its PONG: the server has then handled every line.
  func flush() throws {
    marks += 1
    let mark = "zzmark\(marks)"
    let marker = Array("@\(mark) PING\n".utf8)
    let resets: [[UInt8]] = [[10], [255, 240, 10], [255, 240, 255, 240, 10]]
    guard
      let reset = resets.first(where: { reset in
        var copy = framer
        let items = copy.feed(reset + marker)
        return !items.contains(where: Self.endsSession) && items.last == .line("@\(mark) PING")
      })
    else { throw TestFailure("no reset frames the marker") }
    _ = offer(reset + marker)
    lines -= 1  // The marker is not junk.
    guard link.sendRaw(pending) else { throw TestFailure("could not send a batch") }
    pending = []
    while let line = link.readLine(timeout: MachineClient.timeout) {
      if line.hasSuffix("PONG @\(mark)") { return }
    }
    throw TestFailure("no PONG for \(mark): the connection \(link.isClosedByPeer ? "was closed" : "went silent")")
  }

  private static func endsSession(_ item: LineInput) -> Bool {
    switch item {
    case .interrupt: return true
    case .line(let text):
      guard let request = Request.parse(text), case .success(let command) = request.command else { return false }
      switch command {
      case .quit, .resume: return true
      default: return false
      }
    default: return false
    }
  }

  /// Whether the server answers the item: a line that is not blank, or one too long or not UTF-8.
  private static func isLine(_ item: LineInput) -> Bool {
    switch item {
    case .line(let text): Request.parse(text) != nil
    case .tooLong, .invalidUTF8: true
    default: false
    }
  }
}
