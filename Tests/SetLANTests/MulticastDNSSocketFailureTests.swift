import Dispatch
import Glibc
import SetDiscovery
import SetLAN
import SetTestSupport
import Synchronization
import Testing

/// A multicast DNS socket that cannot be made closes its descriptor once: a second close would close
/// whatever another thread of the process opened under the same number meanwhile, a connection's
/// socket or its event loop's descriptor, which then goes deaf.
@Suite("Multicast DNS socket that cannot be made")
struct MulticastDNSSocketFailureTests {
  @Test("a socket that cannot join its interfaces closes only its own descriptor")
  func failureClosesOnlyItsOwnDescriptor() async {
    // In a child process of its own: the other thread's descriptors must be the only others opened.
    await #expect(processExitsWith: .success) {
      let nowhere = LinkInterface(index: 999_999, name: "nowhere", address: [10, 9, 9, 9], netmask: [255, 0, 0, 0])
      signal(SIGPIPE, SIG_IGN)  // A pipe whose read end was closed under it is counted, not fatal.
      let shared = Shared()
      let done = DispatchSemaphore(value: 0)
      // The checker opens pipes, the lowest numbers free, as fast as it can, and uses each.
      DetachedThread.run {
        var byte: UInt8 = 1
        while !shared.stop.load(ordering: .relaxed) {
          var ends: [Int32] = [0, 0]
          guard pipe(&ends) == 0 else { continue }
          if write(ends[1], &byte, 1) != 1 || read(ends[0], &byte, 1) != 1 {
            shared.closedUnderIt.add(1, ordering: .relaxed)
          }
          close(ends[0])
          close(ends[1])
        }
        done.signal()
      }
      for _ in 0..<20_000 {
        _ = try? MulticastDNSSocket(port: 0, interfaces: [nowhere])
      }
      shared.stop.store(true, ordering: .relaxed)
      done.wait()
      exit(shared.closedUnderIt.load(ordering: .relaxed) == 0 ? 0 : 1)
    }
  }
}

/// What the checker thread and the test share.
private final class Shared: Sendable {
  let stop = Atomic(false)
  let closedUnderIt = Atomic(0)
}
