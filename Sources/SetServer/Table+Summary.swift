import SetHost

// The hall's summary (its tables, who waits, for the LAN's announcement), told to a watcher as it changes.
extension Table {
  /// Tells `watcher` the hall's summary now, and again, through `later`, after each change.
  func watchSummary(_ watcher: @escaping @Sendable (TableSummary) -> Void) {
    summaryWatcher = watcher
    lastSummary = nil
    checkSummary()
  }

  /// Works the summary out again a moment after a change, once for every change made meanwhile.
  /// How long a change may wait before it is told, so a busy table works out its summary at most ten
  /// times a second.
  static let summaryDelay = 100

  func noteSummaryChange() {
    guard summaryWatcher != nil, !summaryCheckPending else { return }
    summaryCheckPending = true
    later(Self.summaryDelay) { [self] in
      summaryCheckPending = false
      checkSummary()
    }
  }

  /// Tells the watcher the summary if it changed since it was told last.
  private func checkSummary() {
    let summary = hall.summary
    guard summary != lastSummary, let summaryWatcher else { return }
    lastSummary = summary
    summaryWatcher(summary)
  }
}
