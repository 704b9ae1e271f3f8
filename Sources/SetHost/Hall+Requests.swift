import SetCore
import SetProtocol
import SetTransport

// The requests the hall answers itself (TABLES, JOIN, OPEN, WHERE, PEEK), and the two it looks at before a
// table does: RESUME, to find the table whose seat the token holds, and NAME, as names are the hall's.
extension Hall {
  /// Answers `command` if it is the hall's; false to leave it to the table at `at`.
  mutating func handle(
    _ command: ClientCommand, requestID: String?, from id: ConnectionID, at: Int, now: Instant
  ) -> Bool {
    switch command {
    case .tables(let watch):
      listTables(for: id, at: at, watch: watch)
      reply(id, at: at, requestID, .success(.tables(count: order.count)))
      if watch { actions.append(.host(.identified(id))) }
    case .where:
      reply(id, at: at, requestID, .success(.where(table: at, name: name(ofTable: at))))
    case .join(let target):
      guard let to = table(named: target, for: id, at: at, requestID) else { return true }
      let (seat, token) = move(id, from: at, to: to, opened: false, at: now)
      reply(id, at: to, requestID, .success(.join(table: to, seat: seat, token: token)))
    case .peek(let target):
      guard let to = table(named: target, for: id, at: at, requestID), let host = tables[to]?.host else { return true }
      let (seq, deck, cards, chain) = host.peek
      tell(id, at: at, .peek(table: to, name: name(ofTable: to), match: host.match))
      reply(id, at: at, requestID, .success(.peek(table: to, seq: seq, deck: deck, cards: cards, chain: chain)))
    case .open(let request):
      open(request, requestID: requestID, for: id, at: at, now: now)
    case .resume(let token):
      // A token names its table; the connection goes there first, so the table finds its seat.
      guard tables[at]?.host.name(of: id) == nil, let to = table(holding: token) else { return false }
      // A seat freed outside a game is taken back under its name only if no one else goes by it here.
      if let name = tables[to]?.host.lapsedName(ofToken: token),
        order.contains(where: { $0 != to && tables[$0]?.host.hasConnection(named: name) == true })
      {
        reply(id, at: at, requestID, .failure(ProtocolError(.badToken)))
        return true
      }
      guard to != at else { return false }
      _ = move(id, from: at, to: to, opened: false, at: now, quietly: true)
      run(to, at: now) { $0.receive(Request(id: requestID, command: .success(command)), line: "", from: id, at: now) }
    case .name(let name, _):
      guard tables[at]?.host.name(of: id) == nil,
        order.contains(where: { $0 != at && tables[$0]?.host.knows(name: name) == true })
      else { return false }
      reply(id, at: at, requestID, .failure(ProtocolError(.nameTaken, "someone in this hall already has that name")))
    case .enter, .withdraw, .pause, .back, .tournament, .standings:
      tournamentRequest(command, requestID: requestID, from: id, at: at, now: now)
    default:
      return false
    }
    return true
  }

  /// Table `id`'s name, as `WHERE` and `PEEK` say it.
  func name(ofTable id: Int) -> String {
    tables[id]?.info.name ?? TableName.standard(for: id)
  }

  /// The open table `target` names by number or name; nil, with `NO_SUCH_TABLE` sent, for none.
  mutating func table(named target: String, for id: ConnectionID, at: Int, _ requestID: String?) -> Int? {
    if let to = Int(target).flatMap({ has($0) ? $0 : nil }) ?? named(target) { return to }
    let shown = Echo.word(target)
    reply(id, at: at, requestID, .failure(ProtocolError(.noSuchTable, "no table \(shown) is open; TABLES lists them")))
    return nil
  }

  /// The table whose seat `token` holds: the one its prefix names, else whichever holds it.
  func table(holding token: String) -> Int? {
    if let dash = token.firstIndex(of: "-"), let id = Int(token[..<dash]), tables[id]?.host.holds(token: token) == true
    {
      return id
    }
    return order.first { tables[$0]?.host.holds(token: token) == true }
  }

  /// `OPEN`: a new table with the rules asked for, and the connection moved to it.
  mutating func open(_ request: TableRequest, requestID: String?, for id: ConnectionID, at: Int, now: Instant) {
    let rules = request.rules(over: self.rules)
    if let firstTo = rules.firstTo, firstTo > rules.variant.maxGroups {
      let most = rules.variant.maxGroups
      reply(
        id, at: at, requestID,
        .failure(ProtocolError(.badArgument, "firstTo in \(rules.variant.rawValue) is at most \(most)")))
      return
    }
    if let name = request.name, named(name) != nil {
      reply(id, at: at, requestID, .failure(ProtocolError(.nameTaken, "a table is called \(name) already")))
      return
    }
    guard order.count < limits.maxTables else {
      let text = "the hall has \(order.count) tables open, as many as it may; JOIN one of them"
      reply(id, at: at, requestID, .failure(ProtocolError(.hallFull, text)))
      return
    }
    let address = tables[at]?.host.address(of: id) ?? ""
    var recent = (opens[address] ?? []).filter { now < $0 + .milliseconds(60_000) }
    guard recent.count < limits.opensPerMinute else {
      let text = "tables opened too often from your address: at most \(limits.opensPerMinute) a minute"
      reply(id, at: at, requestID, .failure(ProtocolError(.rateLimited, text)))
      return
    }
    recent.append(now)
    opens[address] = recent
    let number = nextID
    let info = HallTableInfo(
      id: number, name: request.name ?? TableName.standard(for: number), rules: rules, seed: nextSeed(),
      bot: request.bot)
    _ = add(info)
    actions.append(.opened(info))
    actions.append(.host(.log(.info, "table \(number) (\(info.name)) opened by connection \(id)")))
    let (seat, token) = move(id, from: at, to: number, opened: true, at: now)
    if let bot = request.bot { seatBot(at: number, level: bot) }
    reply(id, at: number, requestID, .success(.open(table: number, seat: seat, token: token)))
  }

  /// The tables, in the connection's presentation. With `watch`, the connection is told each change
  /// from now on.
  mutating func listTables(for id: ConnectionID, at: Int, watch: Bool) {
    let listings = self.listings
    if watch {
      watchers.insert(id)
      for listing in listings { tables[listing.id]?.listed = listing }
    }
    tell(id, at: at, .tables(listings, here: at))
  }

  /// Sends a connection the hall's reply to its request, with the prompt after it where its
  /// presentation prompts.
  mutating func reply(_ id: ConnectionID, at table: Int, _ requestID: String?, _ answer: Result<OKReply, ProtocolError>)
  {
    let line =
      switch answer {
      case .success(let kind): Reply(id: requestID, .ok(kind)).line
      case .failure(let error): Reply(id: requestID, .error(error)).line
      }
    actions.append(.host(.lines(id, [line])))
    if let prompt = presenter(of: id, at: table).prompt { actions.append(.host(.prompt(id, prompt))) }
  }

  /// How connection `id` reads, at its table (or at `table`).
  func presentation(of id: ConnectionID, at table: Int? = nil) -> Presentation {
    tables[table ?? location[id] ?? 1]?.host.presentation(of: id) ?? .human
  }

  /// The presenter of connection `id`'s presentation, at its table (or at `table`).
  func presenter(of id: ConnectionID, at table: Int? = nil) -> any Presenter {
    presentation(of: id, at: table).presenter
  }

  /// Tells connection `id` the hall's `message` in `presentation`, by default the one it reads at its
  /// table (or at `table`).
  mutating func tell(
    _ id: ConnectionID, at table: Int? = nil, as presentation: Presentation? = nil, _ message: HallMessage
  ) {
    let lines = (presentation ?? self.presentation(of: id, at: table)).presenter.lines(message)
    if !lines.isEmpty { actions.append(.host(.lines(id, lines))) }
  }
}
