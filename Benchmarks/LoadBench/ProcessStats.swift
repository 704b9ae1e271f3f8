import Glibc

/// Another process's resident memory and CPU time, read from /proc.
enum ProcessStats {
  /// Resident memory (VmRSS) in bytes, or nil if the process cannot be read.
  static func residentBytes(pid: Int32) -> Int? {
    kilobytes("VmRSS:", in: "/proc/\(pid)/status").map { $0 * 1024 }
  }

  /// Proportional memory (Pss: each resident page shared with other processes counted as its share)
  /// in bytes, or nil if the process cannot be read. Summed over processes, shared pages count once.
  static func proportionalBytes(pid: Int32) -> Int? {
    kilobytes("Pss:", in: "/proc/\(pid)/smaps_rollup").map { $0 * 1024 }
  }

  /// The kilobytes on the line of file `path` that starts with `key`.
  private static func kilobytes(_ key: String, in path: String) -> Int? {
    guard let text = read(path) else { return nil }
    for line in text.split(separator: "\n") where line.hasPrefix(key) {
      let words = line.split(separator: " ", omittingEmptySubsequences: true)
      guard words.count >= 2, let kilobytes = Int(words[1]) else { return nil }
      return kilobytes
    }
    return nil
  }

  /// User plus system CPU time in clock ticks (fields 14 and 15 of /proc/PID/stat), or nil.
  static func cpuTicks(pid: Int32) -> Int? {
    guard let text = read("/proc/\(pid)/stat"), let close = text.lastIndex(of: ")") else { return nil }
    // After the command name in parentheses, the fields start at field 3 (state).
    let fields = text[text.index(after: close)...].split(separator: " ")
    guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
    return user + system
  }

  /// Clock ticks per second, for `cpuTicks`.
  static var ticksPerSecond: Int { sysconf(Int32(_SC_CLK_TCK)) }

  /// The share of one core `pid` used over `seconds`, in percent, or nil.
  static func cpuPercent(pid: Int32, over seconds: Double) -> Double? {
    guard let start = cpuTicks(pid: pid) else { return nil }
    let began = Clock.now()
    Clock.sleep(seconds: seconds)
    guard let end = cpuTicks(pid: pid) else { return nil }
    let elapsed = Double(Clock.now() - began) / 1e9
    return Double(end - start) / Double(ticksPerSecond) / elapsed * 100
  }

  private static func read(_ path: String) -> String? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    for _ in 0..<64 {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      bytes += buffer[..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
