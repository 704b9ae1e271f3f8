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
}
