import Glibc

/// A thread of its own, without Foundation or Dispatch: for a test's helper that must run whatever the
/// tests alongside do to Dispatch's threads (a relay, a checker that opens descriptors).
package enum DetachedThread {
  /// Runs `body` on a new detached thread.
  package static func run(_ body: @escaping @Sendable () -> Void) {
    final class Box: @unchecked Sendable {
      // @unchecked Sendable: the closure is handed to the new thread once and read only there.
      let body: @Sendable () -> Void
      init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    var thread = pthread_t()
    let box = Unmanaged.passRetained(Box(body)).toOpaque()
    let started = pthread_create(
      &thread, nil,
      { context in
        Unmanaged<Box>.fromOpaque(context!).takeRetainedValue().body()
        return nil
      }, box)
    guard started == 0 else {
      Unmanaged<Box>.fromOpaque(box).release()
      fatalError("pthread_create failed: \(started)")
    }
    pthread_detach(thread)
  }
}
