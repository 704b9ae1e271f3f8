import SetTransport

/// The actions one call to the host returns, gathered in order. Lines for one connection in a row
/// join one `.lines` action, and the machine clients of a broadcast one `.broadcast` action, so the
/// shell gets them grouped and never has to regroup them.
struct HostActions {
  private var actions: [HostAction] = []
  /// What is being gathered, not yet in `actions`: the lines for `openIDs`' one connection, or the
  /// lines of a broadcast to each of `openIDs`. Kept apart from `actions`, so that adding to it never
  /// copies it.
  private var open = Open.none
  private var openIDs: [ConnectionID] = []
  private var openLines: [String] = []

  private enum Open {
    case none, lines, broadcast
  }

  /// Appends `action`, after what is being gathered.
  mutating func append(_ action: HostAction) {
    end()
    actions.append(action)
  }

  /// Sends `line` to `id`: with the lines just before it if they are for `id` too.
  mutating func send(_ line: String, to id: ConnectionID) {
    if open != .lines || openIDs[0] != id {
      end()
      open = .lines
      openIDs = [id]
    }
    openLines.append(line)
  }

  /// Sends the `lines` of a broadcast to `id`: with the connections just before it, if they were given
  /// this broadcast too. A broadcast is gathered between two calls of `end()`, which keep two
  /// broadcasts apart.
  mutating func broadcast(_ lines: [String], to id: ConnectionID) {
    guard !lines.isEmpty else { return }
    if open != .broadcast {
      end()
      open = .broadcast
      openLines = lines
    }
    openIDs.append(id)
  }

  /// Ends the lines or the broadcast being gathered: what comes next is an action of its own.
  mutating func end() {
    switch open {
    case .none: return
    case .lines: actions.append(.lines(openIDs[0], openLines))
    case .broadcast: actions.append(.broadcast(openIDs, openLines))
    }
    open = .none
    openIDs = []
    openLines = []
  }

  /// Every action gathered, in order; the list starts again empty.
  mutating func take() -> [HostAction] {
    end()
    defer { actions = [] }
    return actions
  }
}
