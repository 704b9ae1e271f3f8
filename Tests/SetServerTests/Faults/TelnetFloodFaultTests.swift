import Dispatch
import Foundation
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
    "while one connection floods telnet commands, another's PING p99 stays under 20 ms (or the quiet p99 ×4)",
    arguments: Command.allCases)
  func bystanderPingUnderFlood(_ command: Command) throws {
    // Limits that let the bystander PING a thousand times a second, and hold the flooder to the same:
    // each of its connections is cut off within one read, so it floods by coming back, again and
    // again. (At the benchmark's looser limits a connection floods for many reads; that case is the
    // read cap's, tested in LineServerTests, and measured in a release build by Benchmarks/run.sh.)
    let table = try LoopbackTable.lenient {
      $0.network.rateLimit = TokenBucket.Configuration(linesPerSecond: 2000, burst: 2000)
    }
    let bystander = try table.client("bystander")
    try bystander.sync()
    // The same PINGs without the flood first: the baseline of this machine as it is now.
    let quiet = Self.pingTimes(bystander)
    #expect(quiet.count == 1000, "only \(quiet.count) PINGs answered without a flood")
    let flood = Flood()
    let done = DispatchSemaphore(value: 0)
    let port = table.port
    // A queue of its own gets a thread of its own (an overcommitting one), whatever else is busy.
    // The flooder runs on a thread of its own at the lowest priority (nice 19): a flooder on another
    // machine would take nothing from this one's CPU, and what is judged is the server, not two of the
    // test's own threads sharing a core (see BENCHMARKS.md, "The telnet flood"). Unlike SCHED_IDLE, it
    // still runs when other tests keep both cores busy. The thread ends with the flood.
    let flooder = Thread {
      Self.lowerThisThreadsPriority()
      Self.flood(port: port, with: command.bytes, into: flood)
      done.signal()
    }
    flooder.start()
    // Time PINGs one after another, a second at a time, while the flood runs. At these limits the
    // server cuts the flooder off within its first reads (256 bytes each), so it connects again at
    // once, as a determined one would, and floods on. What is judged is the server under the flood
    // the flooder managed: only the seconds in which it flooded (wrote a full chunk and came back)
    // count, and the PINGs go on until those add up to a real flood (four chunks, four times back),
    // for at most `maxRounds` seconds. On a machine so busy that the flooder hardly runs, fewer
    // seconds count; a flood that never came judges nothing, as there was nothing to withstand.
    var times: [Double] = []
    var (sent, connections, rounds) = (0, 0, 0)
    while rounds < Self.maxRounds && (sent < 4 * Self.floodWrite || connections < 4) {
      rounds += 1
      let (sentBefore, connectionsBefore) = (
        flood.sent.load(ordering: .relaxed), flood.connections.load(ordering: .relaxed)
      )
      let round = Self.pingTimes(bystander)
      #expect(round.count == 1000, "only \(round.count) PINGs answered")
      let (roundSent, roundConnections) = (
        flood.sent.load(ordering: .relaxed) - sentBefore,
        flood.connections.load(ordering: .relaxed) - connectionsBefore
      )
      guard roundSent >= Self.floodWrite, roundConnections >= 1 else { continue }
      times += round
      sent += roundSent
      connections += roundConnections
    }
    flood.stop.store(true, ordering: .relaxed)
    #expect(done.wait(timeout: .now() + 10) == .success, "the flooder did not stop")
    guard !times.isEmpty else { return }  // The flooder never ran: nothing to judge the server by.
    // A flood that stalls the server holds a bystander's PINGs for hundreds of milliseconds. Under
    // 20 ms, or, on a machine so loaded that PING is slow without any flood, within 4× of that: a
    // bound a stall breaks and a busy machine does not. The speed itself (a p99 under 5 ms) is the
    // benchmark's to measure, in a release build (Benchmarks/run.sh --only flood).
    // The machine's load may have grown while the flood ran (other tests start): the baseline is taken
    // again once the flood has stopped, and the larger of the two judges.
    var quietP99 = Self.p99(quiet)
    let p99 = Self.p99(times)
    if p99 >= max(20, 4 * quietP99) { quietP99 = max(quietP99, Self.p99(Self.pingTimes(bystander))) }
    let under = "\(command.rawValue) (\(sent) bytes, \(connections) connections)"
    #expect(
      p99 < max(20, 4 * quietP99), "bystander PING p99 \(p99) ms under a flood of \(under), \(quietP99) ms without")
  }

  /// The most seconds of PINGs timed under a flood.
  static let maxRounds = 15

  /// Round trips of PINGs sent for a second, one a millisecond (half what the bystander's rate limit
  /// allows), in milliseconds.
  static func pingTimes(_ client: MachineClient) -> [Double] {
    var times: [Double] = []
    let started = MonotonicClock.now()
    while times.count < 1000 {
      let slot = started + .milliseconds(Int64(times.count))
      let wait = slot.duration(since: MonotonicClock.now()).wholeNanoseconds / 1000
      if wait > 0 { usleep(UInt32(wait)) }
      let sent = MonotonicClock.now()
      guard client.send("PING p"), client.readLine() == "PONG p" else { break }
      times.append(Double(MonotonicClock.now().duration(since: sent).wholeNanoseconds) / 1e6)
    }
    return times
  }

  /// Gives the calling thread (not the process) the lowest priority, nice 19. Linux keeps a nice value
  /// per thread, addressed by the thread's ID, read from /proc/thread-self.
  static func lowerThisThreadsPriority() {
    var path = [CChar](repeating: 0, count: 64)
    let count = readlink("/proc/thread-self", &path, path.count - 1)
    guard count > 0 else { return }
    let text = String(decoding: path[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard let tid = text.split(separator: "/").last.flatMap({ id_t($0) }) else { return }
    _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), tid, 19)
  }

  static func p99(_ times: [Double]) -> Double {
    times.isEmpty ? .infinity : times.sorted()[min(times.count - 1, times.count * 99 / 100)]
  }

  /// The most bytes the flooder writes at a time: whole commands, at most 64 KB.
  static let floodWrite = 64 * 1024 / 6 * 6

  /// A flood's stop switch, the bytes it sent and the connections it made, shared with the thread
  /// that floods.
  final class Flood: Sendable {
    let stop = Atomic<Bool>(false)
    let sent = Atomic<Int>(0)
    let connections = Atomic<Int>(0)
  }

  /// Floods over connection after connection: each time the server drops one, a new one, until
  /// `flood.stop`.
  static func flood(port: UInt16, with command: [UInt8], into flood: Flood) {
    while !flood.stop.load(ordering: .relaxed) {
      floodOneConnection(port: port, with: command, into: flood)
    }
  }

  /// Writes `command` over and over to a new connection, reading and discarding what comes back, until
  /// `flood.stop` or the server closes it, counting the bytes sent in `flood.sent`.
  static func floodOneConnection(port: UInt16, with command: [UInt8], into flood: Flood) {
    guard let fd = LoopbackSockets.connect(port: port) else {
      usleep(1000)
      return
    }
    defer { close(fd) }
    flood.connections.add(1, ordering: .relaxed)
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
