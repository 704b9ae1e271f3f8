/// When the line server asks the allocator to give back the memory of connections that closed.
///
/// glibc keeps what is freed in its arenas, among blocks still in use, so without a trim the resident
/// size grows with every burst of thousands of connections opened and closed. Trimming walks every
/// arena, so it is done at a sweep, not at each close: every `duringBurst` closes while a burst goes
/// on, and once more when a sweep finds that no connection closed since the one before, if at least
/// `afterBurst` closed since the last trim. The last part of a burst is then given back too, whatever
/// way its closes fell between sweeps.
struct MemoryTrimSchedule {
  /// Closes after which a sweep trims even while connections are still closing.
  static let duringBurst = 1_000
  /// Closes after which a sweep trims once closing has stopped.
  static let afterBurst = 100

  /// Connections closed since the last trim.
  private var closedSinceTrim = 0
  /// `closedSinceTrim` as the last sweep left it: equal at the next sweep means none closed between.
  private var closedAtLastSweep = 0

  /// Counts one closed connection.
  mutating func connectionClosed() {
    closedSinceTrim += 1
  }

  /// Called at each sweep: whether to trim now.
  mutating func sweep() -> Bool {
    let quiet = closedSinceTrim == closedAtLastSweep
    let trim = closedSinceTrim >= Self.duringBurst || (quiet && closedSinceTrim >= Self.afterBurst)
    if trim { closedSinceTrim = 0 }
    closedAtLastSweep = closedSinceTrim
    return trim
  }
}
