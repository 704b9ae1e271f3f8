import SetCore
import SetProtocol
import SetTransport

// Telling: what the table says to whom. Each connection's presenter makes the lines; the host chooses
// only the message and who hears it.
extension GameHost {
  /// The presenter of connection `id`'s presentation, nil for a connection the table does not know.
  func presenter(of id: ConnectionID) -> (any Presenter)? {
    clients[id]?.presentation.presenter
  }

  /// The table as `viewer` sees it, in `state` (by default the match as it stands).
  func view(of state: Match? = nil, for viewer: Seat?) -> TableView {
    let state = state ?? match
    return TableView(
      match: state, seating: seating, scores: state.game == match.game ? scores : state.scores, viewer: viewer,
      seq: seq, now: lastNow)
  }

  /// Tells connection `id` `message`, in its presentation.
  mutating func tell(_ id: ConnectionID, _ message: TableMessage) {
    guard let presenter = presenter(of: id) else { return }
    for line in presenter.lines(message, in: view(for: seating.seat(of: id))) { send(id, line) }
  }

  /// Tells connection `id` the whole state, then its status line (or, `statusIfChanged`, the status only
  /// if the broadcast just before did not already tell it).
  mutating func tellState(to id: ConnectionID, statusIfChanged: Bool = false) {
    tell(id, .state)
    tellStatus(to: id, in: view(for: seating.seat(of: id)), ifChanged: statusIfChanged)
  }

  /// Tells connection `id` its status line as `view` has it, if its presentation has one; `ifChanged`,
  /// only if it tells something the connection was not last told. `presenter`: the connection's, when
  /// the caller has it already.
  mutating func tellStatus(
    to id: ConnectionID, in view: TableView, ifChanged: Bool = false, presenter: (any Presenter)? = nil
  ) {
    guard let (status, line) = (presenter ?? self.presenter(of: id))?.status(in: view) else { return }
    if ifChanged, let last = toldStatus[id]?.status, status.repeats(last, inGame: view.match.game) { return }
    toldStatus[id] = ToldStatus.Kept(status)
    send(id, line)
  }

  /// Tells `message` to each named connection of `order`, in that order, each in its presentation; with
  /// `statusOf`, then the status line of that state to each whose status it changed. What a presenter
  /// gives its whole audience alike is made once and written as one grouped action, so a thousand
  /// spectators cost one encoding; otherwise the lines are made once for each seat and the spectators.
  mutating func tellEveryone(_ message: TableMessage, in order: [ConnectionID], statusOf state: Match? = nil) {
    // What was made, by presentation and seat (nil for the spectators, and for a whole audience alike),
    // kept apart from the views and lines so that finding it copies neither.
    var keys: [(presentation: Presentation, seat: Seat?)] = []
    var views: [TableView] = []
    var made: [[String]] = []
    // The lines last given to a whole audience alike, and where they are in `made`: with a thousand
    // programs watching, each finds them without a search.
    var alikeLast: (presentation: Presentation, index: Int)?
    actions.end()
    let members = listeners.members(in: order) { id in
      guard let client = clients[id], client.name != nil else { return nil }
      let alike = client.presentation.presenter.audience == .everyone
      return Listeners.Member(id: id, presentation: client.presentation, seat: alike ? nil : seating.seat(of: id))
    }
    for member in members {
      let (id, presentation, seat) = (member.id, member.presentation, member.seat)
      if let last = alikeLast, last.presentation == presentation {
        actions.broadcast(made[last.index], to: id)
        continue
      }
      let presenter = presentation.presenter
      let alike = presenter.audience == .everyone
      let index: Int
      if let found = keys.firstIndex(where: { $0.presentation == presentation && $0.seat == seat }) {
        index = found
      } else {
        let view = view(of: state, for: seat)
        keys.append((presentation, seat))
        views.append(view)
        made.append(presenter.lines(message, in: view))
        index = made.count - 1
      }
      if alike {
        // One grouped action holds one set of lines: another set starts a group of its own.
        actions.end()
        alikeLast = (presentation, index)
        actions.broadcast(made[index], to: id)
      } else {
        alikeLast = nil
        for line in made[index] { send(id, line) }
        if state != nil { tellStatus(to: id, in: views[index], ifChanged: true, presenter: presenter) }
      }
    }
    actions.end()
  }

  /// The spectators named at the table, in the order they connected.
  var spectators: [ConnectionID] {
    clientOrder.filter { clients[$0]?.name != nil && seating.seat(of: $0) == nil }
  }

  /// What follows an answer to connection `id`, in its presentation (a person's prompt).
  mutating func prompt(_ id: ConnectionID) {
    if let prompt = presenter(of: id)?.prompt { actions.append(.prompt(id, prompt)) }
  }
}
