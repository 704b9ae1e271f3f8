import SetCore
import SetProtocol
import SetTransport

// Moving between tables, the computer players the hall seats, and the changes pushed to those who
// watch the hall.
extension Hall {
  /// Moves connection `id` from table `from` to table `to`: it leaves as a dropped connection leaves,
  /// and at the new table takes back a seat it left held there, or sits if named and a seat is free,
  /// or watches. Returns the seat it took with its token. `quietly`: nothing is said of the move (a
  /// `RESUME` finding its table). `paired`: the hall moves it to its tournament game, a seating the
  /// address's limit does not count (it limits the seats people take, not the ones the server gives).
  mutating func move(
    _ id: ConnectionID, from: Int, to: Int, opened: Bool, at now: Instant, quietly: Bool = false, paired: Bool = false
  ) -> (Seat?, String?) {
    watchers.remove(id)
    guard from != to else {
      let seated = tables[to]?.host.seatAndToken(of: id)
      if !quietly, let listing = tables[to]?.listing { tell(id, at: to, .arrived(listing, opened: opened)) }
      return (seated?.seat, seated?.token)
    }
    guard let (traveller, left) = change(from, { $0.host.depart(id, at: now) }) ?? nil else {
      return (nil, nil)
    }
    append(left, from: from)
    note(from, at: now)
    if let token = traveller.heldToken { heldSeats[id] = (from, token) }
    location[id] = to
    let back = heldSeats[id].flatMap { $0.table == to ? $0.token : nil }
    if back != nil { heldSeats[id] = nil }
    if !quietly, let listing = tables[to]?.listing {
      // Told before what the new table says, in the presentation the connection reads.
      tell(id, as: traveller.client.presentation, .arrived(listing, opened: opened))
    }
    var result: (Seat?, String?) = (nil, nil)
    run(to, at: now) { host in
      let arrived = host.arrive(id, traveller, resuming: back, limited: !paired, at: now)
      result = (arrived.seat, arrived.token)
      return arrived.actions
    }
    return result
  }

  /// Notes whether table `id` is deserted now, and when it next wants the time: after every call to
  /// its host. The table is read and changed where it is stored, never copied.
  mutating func note(_ id: Int, at now: Instant) {
    let idle: Int64? = id == 1 ? nil : limits.idleClose
    wakeUps[id] = change(id) { Self.note(&$0, at: now, closingAfter: idle) }
  }

  /// Notes whether `table` is deserted now; returns when it next wants the time: its host's deadline,
  /// and, if it closes after `idle` milliseconds deserted, when it closes for want of people.
  private static func note(_ table: inout Table, at now: Instant, closingAfter idle: Int64?) -> WakeUp {
    if table.host.isDeserted {
      if table.desertedSince == nil { table.desertedSince = now }
    } else {
      table.desertedSince = nil
    }
    let close = idle.flatMap { idle in table.desertedSince.map { $0 + .milliseconds(idle) } }
    return WakeUp(host: table.host.deadline, close: close)
  }

  /// Asks the shell for a computer player of `level` at table `id`, under a name nobody in the hall
  /// has, marked as a computer player there.
  mutating func seatBot(at id: Int, level: BotLevel) {
    let base = level.playerName
    var name = base
    var count = 1
    while order.contains(where: { tables[$0]?.host.knows(name: name) == true }) {
      count += 1
      name = "\(base)-\(count)"
    }
    markBot(named: name, at: id)
    actions.append(.seatBot(table: id, level: level, name: name))
  }

  /// Pushes each table whose listing changed to those who watch the hall.
  mutating func pushChanges() {
    var changed: [HallListing] = []
    for id in order {
      guard let listing = tables[id]?.listing, listing != tables[id]?.listed else { continue }
      tables[id]?.listed = listing
      changed.append(listing)
    }
    push(changed)
  }

  /// Pushes `listings` to every connection that watches the hall, in its presentation: the lines made
  /// once for each presentation, and sent as one broadcast to all who share it, so that a watcher gets
  /// one write for every table that changed in one call (a `JOIN` changes two).
  mutating func push(_ listings: [HallListing]) {
    guard !watchers.isEmpty, !listings.isEmpty else { return }
    // One audience a presentation (there are two), in the order its first watcher comes.
    var audiences: [(presentation: Presentation, lines: [String], ids: [ConnectionID])] = []
    for id in watchers.sorted() {
      let presentation = presentation(of: id)
      if let index = audiences.firstIndex(where: { $0.presentation == presentation }) {
        audiences[index].ids.append(id)
      } else {
        audiences.append((presentation, listings.flatMap { presentation.presenter.lines(.listing($0)) }, [id]))
      }
    }
    for audience in audiences where !audience.lines.isEmpty {
      actions.append(.host(.broadcast(audience.ids, audience.lines)))
    }
  }
}
