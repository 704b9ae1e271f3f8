import CLinux
import Dispatch
import Glibc
import SetTestSupport
import Testing

@testable import SetNet
@testable import SetTransport

/// The event loop on its own, over a socket pair.
@Suite(.serialized) struct EventLoopTests {
  /// A connected pair of Unix stream sockets, non-blocking, closed at the end of the test.
  final class Pair {
    var fds: [Int32] = [-1, -1]

    init() {
      _ = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds)
      for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    }

    deinit {
      for fd in fds where fd >= 0 { close(fd) }
    }

    func write(_ byte: UInt8, to index: Int) {
      var byte = byte
      _ = Glibc.write(fds[index], &byte, 1)
    }
  }

  @Test func aLoopWhoseEpollDescriptorIsReplacedUnderItTellsItsOwner() throws {
    let queue = DispatchQueue(label: "EventLoopTests.failure")
    let loop = try EventLoop(queue: queue)
    nonisolated(unsafe) var code: Int32?
    // nonisolated(unsafe): written only on `queue`, read through `queue.sync`.
    queue.sync { loop.onFailure { code = $0 } }
    // As a stray close elsewhere in the process and a descriptor opened under the same number would:
    // the number is taken by something that is not an epoll set, and no other descriptor is touched.
    let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
    #expect(dup2(null, loop.epoll) == loop.epoll)
    close(null)
    try loop.start()
    #expect(eventually(timeout: 10) { queue.sync { code == EINVAL } })
  }

  @Test func runsAReadySocketsHandlerOnTheQueue() throws {
    let queue = DispatchQueue(label: "EventLoopTests")
    let loop = try EventLoop(queue: queue)
    try loop.start()
    let pair = Pair()
    nonisolated(unsafe) var seen: [UInt32] = []
    // nonisolated(unsafe): written only on `queue`, read through `queue.sync`.
    queue.sync {
      let token = loop.add(pair.fds[0]) { events in
        dispatchPrecondition(condition: .onQueue(queue))
        seen.append(events)
        var byte: UInt8 = 0
        _ = read(pair.fds[0], &byte, 1)
      }
      loop.setInterest(token, read: true, write: false)
    }
    pair.write(7, to: 1)
    #expect(eventually { queue.sync { seen.count == 1 } })
    #expect(queue.sync { seen.first.map { $0 & EPOLLIN.rawValue != 0 } } == true)
    queue.sync { loop.stop() }
  }

  @Test func aSocketWatchedForNothingDoesNotWakeTheLoopEvenWhenItsPeerHangsUp() throws {
    let queue = DispatchQueue(label: "EventLoopTests")
    let loop = try EventLoop(queue: queue)
    try loop.start()
    let pair = Pair()
    nonisolated(unsafe) var calls = 0
    // nonisolated(unsafe): written only on `queue`, read through `queue.sync`.
    let token = queue.sync {
      loop.add(pair.fds[0]) { _ in calls += 1 }
    }
    queue.sync {
      loop.setInterest(token, read: true, write: false)
      loop.setInterest(token, read: false, write: false)
    }
    close(pair.fds[1])
    pair.fds[1] = -1
    usleep(100_000)
    #expect(queue.sync { calls } == 0)
    queue.sync {
      loop.setInterest(token, read: true, write: false)
    }
    #expect(eventually { queue.sync { calls > 0 } })
    queue.sync { loop.remove(token) }
    queue.sync { loop.stop() }
  }

  @Test func stoppingEndsTheWaitingThread() throws {
    let queue = DispatchQueue(label: "EventLoopTests")
    var loop: EventLoop? = try EventLoop(queue: queue)
    try loop?.start()
    weak let watched = loop
    usleep(20_000)
    loop = nil
    #expect(watched != nil)  // this test let go of it: the waiting thread holds it
    queue.sync { watched?.stop() }
    #expect(eventually { watched == nil })  // the thread ended and let go of it
  }
}
