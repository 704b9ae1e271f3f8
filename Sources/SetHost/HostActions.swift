import SetTransport

/// The actions one call to the host returns, gathered in order. Lines for one connection in a row
/// join one `.lines` action, and the machine clients of a broadcast one `.broadcast` action, so the
/// shell gets them grouped and never has to regroup them.
struct HostActions {
  private var actions: [HostAction] = []
  /// The lines or the broadcast being gathered, not yet in `actions`.
  private var open = Open.none

  private enum Open {
    case none
    case lines(ConnectionID, [String])
    case broadcast([ConnectionID], [String])
  }

  /// Appends `action`, after what is being gathered.
  mutating func append(_ action: HostAction) {
    end()
    actions.append(action)
  }

  /// Sends `line` to `id`: with the lines just before it if they are for `id` too.
  mutating func send(_ line: String, to id: ConnectionID) {
    if case .lines(let runID, var lines) = open, runID == id {
      open = .none  // The lines are held here alone, so appending does not copy them.
      lines.append(line)
      open = .lines(id, lines)
    } else {
      end()
      open = .lines(id, [line])
    }
  }

  /// Sends the `lines` of a broadcast to `id`: with the connections just before it, if they were given
  /// this broadcast too. A broadcast is gathered between two calls of `end()`, which keep two
  /// broadcasts apart.
  mutating func broadcast(_ lines: [String], to id: ConnectionID) {
    guard !lines.isEmpty else { return }
    if case .broadcast(var ids, let lines) = open {
      open = .none
      ids.append(id)
      open = .broadcast(ids, lines)
    } else {
      end()
      open = .broadcast([id], lines)
    }
  }

  /// Ends the lines or the broadcast being gathered: what comes next is an action of its own.
  mutating func end() {
    switch open {
    case .none: return
    case .lines(let id, let lines): actions.append(.lines(id, lines))
    case .broadcast(let ids, let lines): actions.append(.broadcast(ids, lines))
    }
    open = .none
  }

  /// Every action gathered, in order; the list starts again empty.
  mutating func take() -> [HostAction] {
    end()
    defer { actions = [] }
    return actions
  }
}
