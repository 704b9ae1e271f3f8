import SetCore
import SetProtocol

/// Reads a record line by line into its games' analyses: follows the table from `START` and `DIFF`
/// (and the chain from `CHAIN`), lists every group of the record's variant that `GroupFinder` sees at
/// each table state (sets, UltraSets, a chain card's sets), and credits finds, wrong picks and missed
/// groups to the players. The time of an event is that of the `cmd` or `tick` line before it.
///
/// The lines come as values (`RecordLine`), read by the record's one grammar or handed over by the
/// table that records them.
struct RecordFold {
  private var analysis = RecordAnalysis()
  /// The variant the record's games are played in, from its `rules` line (or the table's).
  private var variant: Variant
  private var line = 0
  private var lastSeq = 0
  private var now = Instant.zero
  private var names = ["seat 1", "seat 2"]
  private var bots = [false, false]
  private var game: GameState?

  /// The running game's table and what the fold keeps while it runs.
  private struct GameState {
    var analysis: GameAnalysis
    var start: Instant
    var table: Table
    /// The chain beside the table (the chain variant's last group), empty before a game's first group.
    var chain: [Card] = []
    /// A group was just found in the chain variant: its `CHAIN` comes after the table's `DIFF`, and the
    /// groups are listed once both are known.
    var chainDue = false
    /// The index in `analysis.sets` of each set on the table, by its key.
    var live: [Int: Int] = [:]
    var clock = FindClock()
    var changedAt: Instant
    /// Per seat, the sets on the table when that seat's claim ran out or pick was judged wrong.
    var failedWith: [Set<Int>] = [[], []]
    /// Every find: who, when the search began and ended (ms from the start), and the find time.
    var finds: [(seat: Seat, fromMs: Int64, toMs: Int64, findMs: Int64)] = []
  }

  init(variant: Variant = .normal) {
    self.variant = variant
  }

  /// Reads the record's line `number` (from 2; the magic line is checked before), as `RecordLine`
  /// reads it; `text` gives the line's text for a failure to name.
  mutating func read(
    _ parsed: Result<RecordLine, RecordLine.Malformed>, number: Int, text: () -> String
  ) throws(AnalysisError) {
    line = number
    if analysis.closedCleanly { throw fail("the record goes on after its end") }
    switch parsed {
    case .success(let value): try read(value)
    case .failure(.event): throw fail("unreadable event: \(text().dropFirst(3).prefix(40))")
    case .failure(.command), .failure(.tick), .failure(.time): throw fail("unreadable line: \(text().prefix(40))")
    case .failure(let malformed): throw fail("unreadable line (\(malformed)): \(text().prefix(40))")
    }
  }

  /// Reads the record's next line, as the table records it.
  mutating func read(_ value: RecordLine) throws(AnalysisError) {
    switch value {
    case .event(let seq, let event):
      guard seq == lastSeq + 1 else { throw fail("event out of sequence after \(lastSeq)") }
      lastSeq = seq
      try decoded(event, seq: seq)
    case .command(_, _, let at), .tick(let at):
      // The commands themselves do not matter here, only their times.
      guard at >= now else { throw fail("time goes backwards") }
      now = at
    case .seed(let seed): analysis.seed = seed
    case .rules(let rules):
      variant = rules.variant
      analysis.variant = rules.variant
    case .bot(let seat): bots[seat.offset] = true
    case .owner, .tournament, .resumeDigest: break
    case .sameDeck(let game, let earlier):
      if self.game?.analysis.game == game { self.game?.analysis.sameDeckAs = earlier }
    case .end: analysis.closedCleanly = true
    case .magic: throw fail("unexpected line: \(value.line.prefix(40))")
    }
  }

  mutating func finish(lastLine: Int) -> RecordAnalysis {
    line = lastLine
    finishGame(result: nil)
    analysis.lastLine = lastLine
    return analysis
  }

  /// The games ended so far (by `OVER`, or by the next `START`).
  var games: [GameAnalysis] { analysis.games }

  private func fail(_ message: String) -> AnalysisError { AnalysisError(line: line, message: message) }

  // MARK: - Events

  private mutating func decoded(_ event: ServerEvent, seq: Int) throws(AnalysisError) {
    switch event {
    case .joined(let seat, let name):
      names[seat.offset] = name
      bots[seat.offset] = false
    case .started(let number, _, let cards):
      finishGame(result: nil)
      guard Set(cards).count == cards.count, cards.count <= Slot.limit else { throw fail("a table with a card twice") }
      let players = Seat.allCases.map { seat in
        var player = PlayerAnalysis(seat: seat, name: names[seat.offset])
        player.isBot = bots[seat.offset]
        return player
      }
      var state = GameState(
        analysis: GameAnalysis(game: number, players: players), start: now, table: Table(cards: cards),
        changedAt: now)
      state.clock.tableChanged(at: now)
      game = state
      tableChanged(seq: seq)
    case .diff(_, let change):
      guard game != nil else { throw fail("the table changes before a game starts") }
      do {
        try game?.table.apply(change)
      } catch {
        throw fail("the change does not fit the table: \(error)")
      }
      game?.clock.tableChanged(at: now)
      game?.changedAt = now
      if game?.chainDue != true { tableChanged(seq: seq) }
    case .setFound(let seat, _, let cards, let findMs):
      try found(cards, by: seat, findMs: findMs, seq: seq)
    case .chain(let cards):
      guard variant.chains else { throw fail("a chain, which \(variant.rawValue) has not") }
      chainChanged(to: cards, seq: seq)
    case .notASet(let seat, _, let cards):
      guard var state = game else { throw fail("a pick before a game starts") }
      game = nil  // Taken out while it changes, so that its arrays are not copied.
      guard !variant.isGroup(cards, chain: state.chain) else {
        throw fail("NOSET of cards that are a \(variant.groupSize == 4 ? "UltraSet" : "set")")
      }
      state.analysis.players[seat.offset].wrongPicks += 1
      // Which features broke it, for three cards: a chain pick may be a set without one chain card.
      for feature in SetLogic.broken(cards) { state.analysis.players[seat.offset].wrongPicksBy[feature.rawValue] += 1 }
      state.failedWith[seat.offset].formUnion(state.live.values)
      game = state
    case .expired(let seat, let kind):
      guard kind == .claim, var state = game else { return }
      game = nil  // Taken out while it changes, so that its arrays are not copied.
      state.failedWith[seat.offset].formUnion(state.live.values)
      game = state
    case .over(let result):
      finishGame(result: result)
    case .claim, .picked:
      game?.clock.moved(at: now)
    case .open, .turn, .resumed:
      game?.clock.tableChanged(at: now)
      game?.changedAt = now
    case .unpicked, .score, .left, .back, .rated, .rematch, .said, .bye:
      break  // Scores, chat and comings and goings say nothing about the sets.
    }
  }

  /// The key of a group of three or four cards, whatever their order.
  private static func key(_ cards: [Card]) -> Int {
    cards.map { Int($0.index) }.sorted().reduce(0) { $0 * 81 + $1 + 1 }
  }

  /// Lists the groups new on the table (and chain) as they now stand.
  private mutating func tableChanged(seq: Int) {
    guard var state = game else { return }
    game = nil  // Taken out while it changes, so that its arrays are not copied.
    let ms = now.milliseconds(since: state.start)
    for cards in GroupFinder.all(variant, in: state.table.cards, chain: state.chain) {
      let key = Self.key(cards)
      guard state.live[key] == nil else { continue }
      state.live[key] = state.analysis.sets.count
      state.analysis.sets.append(
        SetOnTable(cards: cards.sorted(), appearedSeq: seq, appearedMs: ms, fate: .stillThere))
    }
    game = state
  }

  /// The chain is now `cards`: a group that holds a chain card no longer beside the table is gone with
  /// it (broken, as one that lost a card is), and the groups of the new chain appear.
  private mutating func chainChanged(to cards: [Card], seq: Int) {
    guard var state = game else { return }
    game = nil  // Taken out while it changes, so that its arrays are not copied.
    let ms = now.milliseconds(since: state.start)
    for (key, index) in state.live
    where !state.analysis.sets[index].cards.allSatisfy({ card in
      state.table.cards.contains(card) || cards.contains(card)
    }) || !variant.isGroup(state.analysis.sets[index].cards, chain: cards) {
      state.analysis.sets[index].goneSeq = seq
      state.analysis.sets[index].goneMs = ms
      state.analysis.sets[index].fate = .broken
      state.live[key] = nil
    }
    state.chain = cards
    state.chainDue = false
    game = state
    tableChanged(seq: seq)
  }

  /// A set found: it leaves the table, and every other set that shared a card with it is broken.
  private mutating func found(_ cards: [Card], by seat: Seat, findMs: Int64?, seq: Int) throws(AnalysisError) {
    guard var state = game else { throw fail("a set found before a game starts") }
    game = nil  // Taken out while it changes, so that its arrays are not copied.
    guard cards.count == variant.groupSize, let index = state.live[Self.key(cards)] else {
      throw fail("a \(variant.groupSize == 4 ? "group" : "set") found that is not on the table")
    }
    let ms = now.milliseconds(since: state.start)
    let time = findMs ?? state.clock.findTime(at: now)
    for (key, other) in state.live where !Set(state.analysis.sets[other].cards).isDisjoint(with: cards) {
      state.analysis.sets[other].goneSeq = seq
      state.analysis.sets[other].goneMs = ms
      state.analysis.sets[other].fate = other == index ? .found(seat) : .broken
      state.live[key] = nil
    }
    state.analysis.sets[index].findMs = time
    state.analysis.players[seat.offset].setsFound += 1
    state.analysis.players[seat.offset].findTimes[SetOnTable.differing(cards) - 1].append(time)
    state.finds.append((seat, state.changedAt.milliseconds(since: state.start), ms, time))
    state.chainDue = variant.chains
    game = state
  }

  /// Ends the running game, if any: sets still on the table stay there, and the figures that need the
  /// whole game (the median find time, missed sets, the longest unseen) are worked out.
  private mutating func finishGame(result: GameResult?) {
    guard let state = game else { return }
    game = nil
    var analysis = state.analysis
    analysis.result = result
    analysis.durationMs = now.milliseconds(since: state.start)
    let times = state.finds.map(\.findMs).sorted()
    analysis.medianFindMs = times.isEmpty ? nil : times[(times.count - 1) / 2]
    for seat in Seat.allCases {
      var missed = state.failedWith[seat.offset]
      // The other player searched longer than the median: every set on the table all that time.
      for find in state.finds where find.seat != seat && find.findMs > (analysis.medianFindMs ?? .max) {
        for (index, set) in analysis.sets.enumerated()
        where set.appearedMs <= find.fromMs && (set.goneMs ?? .max) >= find.toMs {
          missed.insert(index)
        }
      }
      missed = missed.filter { analysis.sets[$0].foundBy != seat }
      var player = analysis.players[seat.offset]
      player.missed = missed.sorted()
      let unseen = analysis.sets.indices.filter { analysis.sets[$0].foundBy != seat }
      if let longest = unseen.max(by: {
        analysis.sets[$0].duration(endMs: analysis.durationMs) < analysis.sets[$1].duration(endMs: analysis.durationMs)
      }) {
        player.longestUnseenMs = analysis.sets[longest].duration(endMs: analysis.durationMs)
        player.longestUnseenSet = longest
      }
      analysis.players[seat.offset] = player
    }
    self.analysis.games.append(analysis)
  }
}
