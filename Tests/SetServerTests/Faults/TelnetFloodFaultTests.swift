import Dispatch
import Glibc
import SetNet
import SetTestSupport
import SetTransport
import Synchronization
import Testing

/// A connection flooding telnet commands as fast as it can, reading what comes back, over real sockets:
/// the other connections' PING stays prompt.
@Suite("Faults: telnet floods")
struct TelnetFloodFaultTests {
  enum Command: String, CaseIterable, CustomTestStringConvertible {
    case timingMark = "IAC DO TIMING-MARK"
    case noOperation = "IAC NOP"
    var bytes: [UInt8] { self == .timingMark ? [255, 253, 6] : [255, 241] }
    var testDescription: String { rawValue }
  }

  @Test(
    "while one connection floods telnet commands, another's PING p99 stays under 5 ms (or the quiet p99 ×4)",
    arguments: Command.allCases)
  func bystanderPingUnderFlood(_ command: Command) throws {
    // Limits that let the bystander PING a thousand times a second, and hold the flooder to the same.
    let table = try LoopbackTable.lenient {
      $0.network.rateLimit = TokenBucket.Configuration(linesPerSecond: 2000, burst: 2000)
    }
    let bystander = try table.client("bystander")
    try bystander.sync()
    // The same PINGs without the flood first: the baseline of this machine as it is now.
    let quiet = Self.pingTimes(bystander)
    #expect(quiet.count >= 100, "only \(quiet.count) PINGs answered without a flood")
    let flood = Flood()
    let done = DispatchSemaphore(value: 0)
    let port = table.port
    // A queue of its own gets a thread of its own (an overcommitting one), whatever else is busy.
    DispatchQueue(label: "telnet-flood").async {
      Self.flood(port: port, with: command.bytes, into: flood)
      done.signal()
    }
    // Let the flood get going, then time PINGs one after another for about a second. At these limits
    // the server cuts the flooder off within its first read (16 KiB), so the kernel may have taken
    // no more than the flooder's first write of 64 KB.
    #expect(eventually { flood.sent.load(ordering: .relaxed) >= Self.floodWrite }, "the flood did not start")
    let times = Self.pingTimes(bystander)
    flood.stop.store(true, ordering: .relaxed)
    #expect(done.wait(timeout: .now() + 10) == .success, "the flooder did not stop")
    #expect(times.count >= 100, "only \(times.count) PINGs answered")
    let sent = flood.sent.load(ordering: .relaxed)
    #expect(sent >= Self.floodWrite, "the flood sent only \(sent) bytes")
    // Under 5 ms, or, on a machine so loaded that PING is slow without any flood, within 4× of that.
    let (p99, quietP99) = (Self.p99(times), Self.p99(quiet))
    #expect(
      p99 < max(5, 4 * quietP99),
      "bystander PING p99 \(p99) ms under a flood of \(command.rawValue), \(quietP99) ms without")
  }

  /// Round trips of PINGs sent one after another for about a second (at most 2,000), in milliseconds.
  static func pingTimes(_ client: MachineClient) -> [Double] {
    var times: [Double] = []
    let started = MonotonicClock.now()
    while times.count < 2000 && MonotonicClock.now().duration(since: started) < .seconds(1) {
      let sent = MonotonicClock.now()
      guard client.send("PING p"), client.readLine() == "PONG p" else { break }
      times.append(Double(MonotonicClock.now().duration(since: sent).wholeNanoseconds) / 1e6)
    }
    return times
  }

  static func p99(_ times: [Double]) -> Double {
    times.isEmpty ? .infinity : times.sorted()[min(times.count - 1, times.count * 99 / 100)]
  }

  /// The most bytes the flooder writes at a time: whole commands, at most 64 KB.
  static let floodWrite = 64 * 1024 / 6 * 6

  /// A flood's stop switch and the bytes it sent, shared with the thread that floods.
  final class Flood: Sendable {
    let stop = Atomic<Bool>(false)
    let sent = Atomic<Int>(0)
  }

  /// Writes `command` over and over to a new connection, reading and discarding what comes back, until
  /// `flood.stop` or the server closes it, counting the bytes sent in `flood.sent`.
  static func flood(port: UInt16, with command: [UInt8], into flood: Flood) {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { return }
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    let chunk = Array(Array(repeating: command, count: floodWrite / command.count).joined())
    var input = [UInt8](repeating: 0, count: 64 * 1024)
    while !flood.stop.load(ordering: .relaxed) {
      let count = chunk.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      if count > 0 { flood.sent.add(count, ordering: .relaxed) }
      let read = input.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if read == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK) { break }
      if count <= 0 && read < 0 { usleep(100) }
    }
  }
}
