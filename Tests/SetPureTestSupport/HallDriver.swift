import SetCore
import SetHost
import SetProtocol
import SetTournament
import SetTransport

/// Drives a `Hall` on a manual clock, as `HostDriver` drives one table: keeps every line each connection
/// received, every table's record lines (each record's header included, so that it replays), and the
/// computer players the hall asked for.
package struct HallDriver {
  /// The hall driven.
  package var hall: Hall
  /// The time of the last thing that happened.
  package private(set) var now = Instant.zero
  /// Every line each connection received, in order.
  package private(set) var received: [ConnectionID: [String]] = [:]
  /// Every table's record, header first, by table.
  package private(set) var records: [Int: [String]] = [:]
  /// The tables opened and closed, in order, as the hall said.
  package private(set) var opened: [HallTableInfo] = []
  package private(set) var closed: [Int] = []
  /// The computer players asked for: table, level, name.
  package private(set) var botsWanted: [(table: Int, level: BotLevel, name: String, token: String?)] = []
  /// The tournament's record, header first, once `hold` gave the hall one.
  package private(set) var tournamentRecord: [String] = []
  private var drained: [ConnectionID: Int] = [:]

  /// A hall whose table 1 deals from `seed` under `rules`, with `limits`, at time zero.
  package init(seed: UInt64, rules: Rules = Rules(), limits: Hall.Limits = Hall.Limits()) {
    let tokens = TokenSource()
    hall = Hall(rules: rules, seed: seed, limits: limits, makeToken: tokens.next)
    records[1] = GameRecord.header(seed: seed, rules: rules)
  }

  /// The hall runs a tournament of `settings`, with `organiser`.
  package mutating func hold(_ settings: TournamentSettings, organiser: String? = nil, record: String? = nil) {
    tournamentRecord = [TournamentRecord.header(settings)]
    perform(hall.hold(Tournament(settings: settings), organiser: organiser, record: record, at: now))
  }

  /// Takes table `info.id` up again from `record`, the text of its record when the server was killed,
  /// at `time`: the record goes on after that text, as the server appends to the same file. Returns the
  /// table's number, or nil when the hall dealt it afresh.
  package mutating func rebuild(_ info: HallTableInfo, from record: String, at time: Instant) throws -> Int? {
    now = max(now, time)
    let (id, actions) = hall.rebuild(info, from: try Replay(text: record), at: now)
    guard let id else { return nil }
    records[id] = record.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    perform(actions.filter { if case .opened = $0 { false } else { true } })
    return id
  }

  /// The hall takes up `tournament` again, as after a restart.
  package mutating func resume(_ tournament: Tournament, organiser: String? = nil, record: String? = nil) {
    perform(hall.resume(tournament, organiser: organiser, record: record, at: now))
  }

  /// Opens connection `id` (at table 1) from `peer`.
  package mutating func connect(_ id: ConnectionID, peer: String = "test") {
    perform(hall.connect(id, peer: peer, at: now))
  }

  /// Opens connection `id` (at table 1) and turns it to the machine presentation.
  package mutating func connectMachine(_ id: ConnectionID) {
    connect(id)
    send("MODE MACHINE", from: id)
  }

  /// `line` arrives from `id`, at `now` unless a time is given. Returns the lines `id` was sent because of it.
  @discardableResult
  package mutating func send(_ line: String, from id: ConnectionID, at time: Instant? = nil) -> [String] {
    if let time { now = max(now, time) }
    let before = received[id]?.count ?? 0
    perform(hall.receive(line, from: id, at: now))
    return Array((received[id] ?? []).dropFirst(before))
  }

  /// Connection `id` drops.
  package mutating func disconnect(_ id: ConnectionID) {
    perform(hall.disconnect(id, at: now))
  }

  /// Moves the clock to `time` (never back) and lets every deadline fire.
  package mutating func advance(to time: Instant) {
    now = max(now, time)
    perform(hall.advance(to: now))
  }

  /// The lines sent to `id` since the last `drain` of it.
  package mutating func drain(_ id: ConnectionID) -> [String] {
    let lines = received[id] ?? []
    defer { drained[id] = lines.count }
    return Array(lines[min(drained[id] ?? 0, lines.count)...])
  }

  /// Table `id`'s record as a file would hold it, closed or not.
  package func recordText(of id: Int) -> String {
    (records[id] ?? []).map { $0 + "\n" }.joined()
  }

  private mutating func perform(_ actions: [HallAction]) {
    for action in actions {
      switch action {
      case .host(let action):
        for (id, lines) in action.deliveries { received[id, default: []] += lines }
      case .record(let table, let line): records[table, default: []].append(line)
      case .opened(let info):
        opened.append(info)
        records[info.id] = GameRecord.header(seed: info.seed, rules: info.rules)
      case .closed(let table):
        closed.append(table)
        records[table, default: []].append("end")
      case .seatBot(let table, let level, let name, let token): botsWanted.append((table, level, name, token))
      case .tournamentRecord(let lines): tournamentRecord += lines
      }
    }
  }
}
