import CLinux
import Glibc

/// Which core this process runs on.
enum Affinity {
  /// Pins the calling thread to `cpu`; returns false if the system refused.
  @discardableResult
  static func pin(to cpu: Int) -> Bool {
    var set = cpu_set_t()
    let bits = MemoryLayout<cpu_set_t>.size * 8
    guard cpu >= 0 && cpu < bits else { return false }
    withUnsafeMutableBytes(of: &set) { bytes in
      bytes[cpu / 8] |= UInt8(1 << (cpu % 8))
    }
    return clinux_sched_setaffinity(0, MemoryLayout<cpu_set_t>.size, &set) == 0
  }

  /// Lets the calling thread run only when nothing else on its CPU wants to (`SCHED_IDLE`), or as
  /// usual again (`SCHED_OTHER`): a thread that loads the machine then yields at once to one that
  /// measures. Returns false if the system refused.
  @discardableResult
  static func runOnlyWhenIdle(_ idle: Bool) -> Bool {
    // SCHED_IDLE and SCHED_OTHER: glibc defines the first only with _GNU_SOURCE, which Swift's Glibc
    // module is built without.
    let policy: Int32 = idle ? 5 : 0
    var parameters = sched_param()
    parameters.sched_priority = 0
    return pthread_setschedparam(pthread_self(), policy, &parameters) == 0
  }
}
