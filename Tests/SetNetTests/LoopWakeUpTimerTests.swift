import CLinux
import Dispatch
import Glibc
import SetTestSupport
import Testing

@testable import SetNet
@testable import SetTransport

/// The game clock's timer on a started `LineServer`: a timerfd that the server's event loop reads.
@Suite(.serialized) struct LoopWakeUpTimerTests {
  /// The name of the thread running now.
  static func threadName() -> String {
    let fd = open("/proc/thread-self/comm", O_RDONLY)
    guard fd >= 0 else { return "" }
    defer { close(fd) }
    var bytes = [UInt8](repeating: 0, count: 32)
    let count = read(fd, &bytes, bytes.count)
    return String(decoding: bytes.prefix(max(0, count)), as: UTF8.self).split(separator: "\n").first.map(String.init)
      ?? ""
  }

  /// What the handler saw: when it ran, and on which thread.
  final class Firings: @unchecked Sendable {
    // Touched only on the server's queue.
    var times: [Instant] = []
    var threads: [String] = []
  }

  @Test func firesAtItsDeadlineOnTheLoopsOwnThreadAndOnTheQueue() throws {
    let harness = try ServerHarness()
    let firings = Firings()
    let queue = harness.queue
    let (timer, deadline) = harness.sync { server, _ in
      let timer = server.makeWakeUpTimer()
      timer.setHandler {
        dispatchPrecondition(condition: .onQueue(queue))
        firings.times.append(timer.now)
        firings.threads.append(Self.threadName())
      }
      let deadline = timer.now.adding(milliseconds: 30)
      timer.schedule(at: deadline)
      return (timer, deadline)
    }
    #expect(timer is LoopWakeUpTimer)
    #expect(harness.eventually { _, _ in firings.times.count == 1 })
    harness.sync { _, _ in
      #expect(firings.times.allSatisfy { $0 >= deadline })
      // Read by the thread that waits on epoll, not handed to a Dispatch worker.
      #expect(firings.threads == [EventLoop.threadName])
    }
    // One firing a deadline: it is not reported again.
    usleep(100_000)
    harness.sync { _, _ in #expect(firings.times.count == 1) }
    harness.sync { _, _ in timer.cancel() }
  }

  @Test func aDeadlinePastFiresAtOnceNilDisarmsAndANewDeadlineReplacesTheOld() throws {
    let harness = try ServerHarness()
    let firings = Firings()
    let timer = harness.sync { server, _ in
      let timer = server.makeWakeUpTimer()
      timer.setHandler { firings.times.append(timer.now) }
      timer.schedule(at: Instant.zero)
      return timer
    }
    #expect(harness.eventually { _, _ in firings.times.count == 1 })
    harness.sync { _, _ in
      timer.schedule(at: timer.now.adding(milliseconds: 40))
      timer.schedule(at: nil)
    }
    usleep(150_000)
    harness.sync { _, _ in #expect(firings.times.count == 1) }
    let later = harness.sync { _, _ in
      timer.schedule(at: timer.now.adding(milliseconds: 10_000))
      let sooner = timer.now.adding(milliseconds: 20)
      timer.schedule(at: sooner)
      return sooner
    }
    #expect(harness.eventually { _, _ in firings.times.count == 2 })
    harness.sync { _, _ in
      #expect(firings.times[1] >= later)
      timer.cancel()
      // Cancelled: a deadline armed now is never heard.
      timer.schedule(at: Instant.zero)
    }
    usleep(100_000)
    harness.sync { _, _ in #expect(firings.times.count == 2) }
  }
}
