import SetCore

/// The human presentation: events in plain words and the table drawn as text, for people on nc or
/// telnet, and for the last-result line of the terminal client.
public enum HumanText {
  /// The words for an event, given the players' names by seat, for the player in `viewer`'s
  /// seat ("You call Set!") or, with no viewer, for anyone ("ann calls Set!").
  public static func sentence(
    for event: ServerEvent, names: PerSeat<String>, viewer: Seat? = nil, groupSize: Int = 3
  ) -> String {
    let who = Who(names: names, viewer: viewer)
    switch event {
    case .joined(let seat, let name):
      return seat == viewer ? "You sit down in seat \(seat.rawValue)." : "\(name) sits down in seat \(seat.rawValue)."
    case .started(let game, let deck, _): return "Game \(game) begins! \(deck) cards left in the deck."
    case .diff(let deck, let change):
      if change.filled.isEmpty, change.emptied.isEmpty, !change.moved.isEmpty {
        return "Every card moves to a new place."
      }
      guard !change.filled.isEmpty else { return "The table closes up. \(deck) cards left in the deck." }
      let slots = change.filled.map(\.slot.label).joined(separator: " ")
      return "\(change.filled.count) cards dealt into \(slots). \(deck) cards left in the deck."
    case .claim(let seat, let ms):
      return "\(who.subject(seat)) \(who.verb(seat, "call", "calls")) Set! \(who.subject(seat)) "
        + "\(who.verb(seat, "have", "has")) \(seconds(ms)) to pick \(groupSize == 4 ? "four" : "three") cards."
    case .turn(let seat, let ms, let kind):
      return kind == .needlessDeal
        ? "\(who.subject(seat)) may look for a set: \(seconds(ms)), no penalty for failing."
        : "Turn passes to \(who.object(seat)): \(seconds(ms)) to find a set."
    case .picked(let seat, let slot): return "\(who.subject(seat)) \(who.verb(seat, "pick", "picks")) \(slot.label)."
    case .unpicked(let seat, let slot):
      return "\(who.subject(seat)) \(who.verb(seat, "put", "puts")) back \(slot.label)."
    case .setFound(let seat, let slots, let cards, let findMs):
      return "\(who.subject(seat)) found a set: \(list(slots, cards))" + (findMs.map { " in \(seconds($0))" } ?? "")
        + "."
    case .notASet(let seat, let slots, let cards):
      return "\(who.subject(seat)) picked \(list(slots, cards)): not a set" + (whyNot(cards).map { ": \($0)" } ?? "")
        + "."
    case .expired(let seat, let kind):
      return kind == .claim
        ? "\(who.subject(seat)) ran out of time."
        : "\(who.possessive(seat)) time is up."
    case .score(let seat, let delta, let total, let reason):
      return
        "\(who.subject(seat)) \(who.verb(seat, "score", "scores")) \(EventCodec.signed(delta)) (\(words(reason))), now \(total)."
    case .chain(let cards):
      guard !cards.isEmpty else { return "The chain is let go: any set counts." }
      let links = zip(Slot.chain, cards).map { "\($0.label)=\($1)" }.joined(separator: " ")
      return "The chain is now \(links): the next set uses exactly one of them."
    case .open: return "Open play: anyone may call SET."
    case .left(let seat, let ms):
      guard let ms else { return "\(who.subject(seat)) left." }
      return "\(who.subject(seat)) left; the game is paused. \(who.subject(seat)) "
        + "\(who.verb(seat, "have", "has")) \(seconds(ms)) to come back with RESUME."
    case .back(let seat): return "\(who.subject(seat)) \(who.verb(seat, "are", "is")) back."
    case .resumed(let window):
      guard let window else { return "Play goes on: open play." }
      let seat = window.holder
      return "Play goes on: \(who.subject(seat)) \(who.verb(seat, "hold", "holds")) the "
        + "\(window.kind == .claim ? "claim" : "turn") with \(seconds(window.ms)) left."
    case .over(let result): return outcome(result, names: names, viewer: viewer)
    case .rated(_, let before, let after):
      let changes = Seat.allCases.map { seat in
        let (from, to) = (before[seat], after[seat])
        return "\(who.object(seat)) \(from) -> \(to) (\(EventCodec.signed(to - from)))"
      }
      return "Ratings: " + changes.joined(separator: ", ") + "."
    case .rematch(let seat, let sameDeck):
      let deck = sameDeck ? " on the same deck" : ""
      return "\(who.subject(seat)) \(who.verb(seat, "ask", "asks")) for a rematch\(deck)"
        + (seat == viewer ? "." : sameDeck ? " (type REMATCH SAME to accept)." : " (type NEW to accept).")
    case .said(let name, let text): return "<\(Harmless.text(name))> \(Harmless.text(text))"
    case .bye(let text): return "Server: \(text)"
    }
  }

  /// The events of one broadcast in words, as few lines as read well: a call and picks that a
  /// judgement in the same broadcast settles are left to the judgement, the score follows its
  /// judgement on the same line, and open play is left to the status line.
  public static func sentences(
    for events: [ServerEvent], names: PerSeat<String>, viewer: Seat? = nil, groupSize: Int = 3
  ) -> [String] {
    var judged: Set<Seat> = []
    for event in events {
      switch event {
      case .setFound(let seat, _, _, _), .notASet(let seat, _, _): judged.insert(seat)
      default: break
      }
    }
    var lines: [String] = []
    var index = 0
    while index < events.count {
      let event = events[index]
      index += 1
      switch event {
      case .claim(let seat, _), .picked(let seat, _):
        if judged.contains(seat) { continue }
      case .open:
        continue
      case .setFound(let seat, _, _, _), .notASet(let seat, _, _):
        if index < events.count, case .score(seat, let delta, let total, _) = events[index] {
          index += 1
          let sentence = self.sentence(for: event, names: names, viewer: viewer)
          lines.append("\(sentence.dropLast()) (\(EventCodec.signed(delta)), now \(total)).")
          continue
        }
      default: break
      }
      lines.append(sentence(for: event, names: names, viewer: viewer, groupSize: groupSize))
    }
    return lines
  }

  /// "Game 1 over: ann wins 14 to 11." and the like: the winner's score first, or, after a forfeit
  /// (when the winner may have fewer points), each score by name.
  public static func outcome(_ result: GameResult, names: PerSeat<String>, viewer: Seat? = nil) -> String {
    let who = Who(names: names, viewer: viewer)
    guard let winner = result.winner else {
      return "Game \(result.game) over: a tie, \(result.scores.one) to \(result.scores.two)."
    }
    switch result.ending {
    case .forfeit(let loser):
      let each = Seat.allCases.map { "\(who.object($0)) \(result.scores[$0])" }.joined(separator: ", ")
      return "Game \(result.game) over: \(who.subject(loser)) \(who.verb(loser, "forfeit", "forfeits")); "
        + "\(who.object(winner)) \(who.verb(winner, "win", "wins")) (\(each))."
    case .completed:
      let score = "\(result.scores[winner]) to \(result.scores[winner.opponent])"
      return "Game \(result.game) over: \(who.subject(winner)) \(who.verb(winner, "win", "wins")) \(score)."
    }
  }

  /// "Sets found: ann in 4.2 s and 7 s; bob in 3.1 s." for a finished game's sets, each seat's in the
  /// order found; nil when nobody found a set.
  public static func findTimes(_ finds: [(seat: Seat, findMs: Int64)], names: PerSeat<String>, viewer: Seat? = nil)
    -> String?
  {
    let who = Who(names: names, viewer: viewer)
    let each = Seat.allCases.compactMap { seat -> String? in
      let times = finds.filter { $0.seat == seat }.map { seconds($0.findMs) }
      guard let last = times.last else { return nil }
      let list = times.count == 1 ? last : times.dropLast().joined(separator: ", ") + " and " + last
      return "\(who.object(seat)) in \(list)"
    }
    return each.isEmpty ? nil : "Sets found: " + each.joined(separator: "; ") + "."
  }

  /// The status line people see when the phase changes: the seats or the scores, the deck, and what
  /// can be done now, always one line of at most `HumanTable.sentenceWidth` columns: what can be done is
  /// said more briefly when the names are long. `names` are the names last seen in each seat; `seated`
  /// who holds each seat now; a `viewer` of nil is a spectator, who is offered no play commands.
  public static func status(
    game: Int, phase: Phase, names: PerSeat<String>, seated: PerSeat<String?>, scores: PerSeat<Int>, deck: Int,
    viewer: Seat? = nil, groupSize: Int = 3
  ) -> String {
    guard game > 0 else {
      let seats = seated.values.map { $0 ?? "(empty seat)" }.joined(separator: " | ")
      return fit("[\(seats)]", ["waiting for a second player", "waiting"])
    }
    // A seat freed after a game ended is told as empty: its last player's score is that game's, not
    // anyone's at the table now.
    let standing = Seat.allCases.map { seat in
      seated[seat].map { "\($0) \(scores[seat])" } ?? "(empty seat)"
    }.joined(separator: " | ")
    let doing = StatusDoing(phase, game: game, names: names, viewer: viewer)
    return fit("[\(standing) | deck \(deck)]", sayings(doing, names: names, groupSize: groupSize))
  }

  /// The game's rule in one sentence when it is not the standard game (another variant, or a first-to
  /// target), or nil.
  public static func variantRule(_ rules: Rules) -> String? {
    guard rules.variant != .normal || rules.firstTo != nil else { return nil }
    let target = rules.firstTo.map { " The first to find \($0) wins." } ?? ""
    return (rules.variant == .normal ? "" : rules.variant.rule) + target
  }

  /// What can be done in `phase`, in words: the part of the status line that says the phase.
  public static func doing(_ phase: Phase, names: PerSeat<String>, viewer: Seat? = nil, groupSize: Int = 3) -> String {
    doing(StatusDoing(phase, game: 1, names: names, viewer: viewer), names: names, groupSize: groupSize)
  }

  /// What `doing` lets players do, in words.
  public static func doing(_ doing: StatusDoing, names: PerSeat<String>, groupSize: Int = 3) -> String {
    sayings(doing, names: names, groupSize: groupSize)[0]
  }

  /// What `doing` lets players do, in words, from the fullest to the briefest: the status line takes the
  /// fullest that fits. A spectator (no viewer) is told what happens, without the commands to play.
  static func sayings(_ doing: StatusDoing, names: PerSeat<String>, groupSize: Int) -> [String] {
    let who = Who(names: names, viewer: doing.viewer)
    let count = groupSize == 4 ? "four" : "three"
    let watching = doing.viewer == nil
    switch doing.kind {
    case .beforeFirstGame, .waiting: return ["waiting for players", "waiting"]
    case .open:
      if watching { return ["open play: the first to call Set picks", "open play"] }
      let slots = groupSize == 4 ? "A B C D" : "A B C"
      return [
        "open play: SET to claim, PICK \(slots) or DEAL", "open play: SET, PICK \(slots) or DEAL", "SET, PICK or DEAL",
      ]
    case .picking(let holder, _):
      // Only the holder is offered PICK: the other player and spectators are told who picks.
      let picks = "\(who.object(holder)) \(who.verb(holder, "pick", "picks"))"
      return holder != doing.viewer
        ? ["\(picks) \(count) cards", picks] : ["\(picks): PICK \(count) cards", "\(picks): PICK"]
    case .turn(let holder, _):
      let has = "\(who.object(holder)) \(who.verb(holder, "have", "has")) the turn"
      return holder != doing.viewer ? [has] : ["\(has): PICK \(count) cards", "\(has): PICK"]
    case .paused: return ["paused: a player is away", "paused"]
    case .over: return watching ? ["game over"] : ["game over: NEW for a rematch", "over: NEW"]
    }
  }
  /// The scores in words, such as `Scores: you 3, bob 1.`; a seat with nobody in it (nil) is left out,
  /// as its score belongs to a player who has gone.
  public static func scores(_ scores: PerSeat<Int>, names: PerSeat<String?>, viewer: Seat? = nil) -> String {
    let who = Who(names: names.map { $0 ?? "" }, viewer: viewer)
    let each = Seat.allCases.filter { names[$0] != nil }.map { "\(who.object($0)) \(scores[$0])" }
    return each.isEmpty ? "Scores: nobody is seated." : "Scores: " + each.joined(separator: ", ") + "."
  }

  /// `first` and the fullest of `sayings` that fits one line beside it; `first` alone if none does.
  private static func fit(_ first: String, _ sayings: [String]) -> String {
    sayings.lazy.map { first + " " + $0 }.first { $0.count <= HumanTable.sentenceWidth } ?? first
  }

  /// The reason for a score change in words.
  public static func words(_ reason: ScoreReason) -> String {
    switch reason {
    case .setFound: "set found"
    case .wrongPick: "not a set"
    case .claimExpired: "claim ran out"
    case .needlessDeal: "needless deal: a set was on the table"
    }
  }

  /// What a spectator is told when a seat is freed: the one request that takes it.
  public static func seatFree(_ seat: Seat) -> String {
    "Seat \(seat.rawValue) is free: type SIT to play in it."
  }

  /// The notice that the game record could not be written, for `reason` (the system's words).
  public static func recordLost(_ reason: String) -> String {
    "Notice: the game record could not be written (\(reason)); the game goes on without it."
  }

  /// The rules in force, in words, for `RULES` in the human presentation: the windows, the points, the
  /// game, and how long a dropped player's seat is held.
  public static func rules(_ rules: Rules) -> [String] {
    let size = rules.variant.groupSize == 4 ? "four" : "three"
    var lines = [
      "Calling Set gives you \(seconds(rules.claimWindow)) to pick \(size) cards. After a wrong pick or a claim "
        + "that ran out, the other player has \(seconds(rules.passedTurnWindow)) alone; after a needless deal, "
        + "\(seconds(rules.needlessDealWindow)).",
      "A set scores \(Counted.of(rules.setReward, "point"))"
        + (rules.scoring == .speed ? ", more when found fast" : "") + ". A wrong pick costs "
        + "\(rules.wrongPickPenalty), a claim that ran out \(rules.claimExpiredPenalty), a needless deal "
        + "\(rules.needlessDealPenalty).",
    ]
    if let rule = variantRule(rules) { lines.append(rule) }
    lines.append("A dropped player's seat is held for \(seconds(rules.resumeGrace)).")
    return lines
  }

  /// Milliseconds as seconds, such as `5 s` or `7.5 s`.
  public static func seconds(_ ms: Int64) -> String {
    let (rounded, overflow) = ms.addingReportingOverflow(50)  // Any number read from a line says something.
    let tenths = (overflow ? ms : rounded) / 100
    return tenths % 10 == 0 ? "\(tenths / 10) s" : "\(tenths / 10).\(tenths % 10) s"
  }

  /// Why three cards are not a set, in words: each feature on which two agree and the third differs,
  /// with its three values in the cards' order, such as `colour is red, red, green (two the same, one
  /// different)`. Nil when they are a set (or not three cards).
  public static func whyNot(_ cards: [Card]) -> String? {
    let broken = SetLogic.broken(cards)
    guard !broken.isEmpty else { return nil }
    let each = broken.map { feature in
      "\(feature.name) is " + cards.map { value(feature, of: $0) }.joined(separator: ", ")
    }
    return each.joined(separator: "; ") + (broken.count == 1 ? whyNotOne : whyNotMany)
  }

  /// The end of `whyNot` for one feature that keeps three cards from being a set.
  public static let whyNotOne = " (two the same, one different)"
  /// The end of `whyNot` for more than one.
  public static let whyNotMany = " (each two the same, one different)"

  /// A card's value for one feature in words, such as `red`, `two` or `oval`.
  public static func value(_ feature: Feature, of card: Card) -> String {
    switch feature {
    case .number: ["one", "two", "three"][card.number]
    case .colour: ["red", "green", "purple"][card.colour]
    case .shading: ["solid", "striped", "open"][card.shading]
    case .shape: ["diamond", "oval", "squiggle"][card.shape]
    }
  }

  /// A card in words, such as `two red solid diamonds`.
  public static func words(_ card: Card) -> String {
    let numbers = ["one", "two", "three"]
    let colours = ["red", "green", "purple"]
    let shadings = ["solid", "striped", "open"]
    let shapes = [["diamond", "oval", "squiggle"], ["diamonds", "ovals", "squiggles"]]
    return
      "\(numbers[card.number]) \(colours[card.colour]) \(shadings[card.shading]) \(shapes[card.number == 0 ? 0 : 1][card.shape])"
  }

  /// The table drawn as text, two cards a row, picked slots marked with `*`.
  public static func table(_ cards: [Card], picked: [Slot] = []) -> [String] {
    HumanTable.full(cards, picked: picked)
  }

  private static func list(_ slots: [Slot], _ cards: [Card]) -> String {
    zip(slots, cards).map { "\($0.label) \($1)" }.joined(separator: ", ")
  }
}

/// A seat named for one reader: "you" for the reader's own seat, the player's name for any other.
package struct Who {
  package var names: PerSeat<String>
  package var viewer: Seat?

  package init(names: PerSeat<String>, viewer: Seat?) {
    self.names = names
    self.viewer = viewer
  }

  package func subject(_ seat: Seat) -> String { seat == viewer ? "You" : names[seat] }
  package func object(_ seat: Seat) -> String { seat == viewer ? "you" : names[seat] }
  package func possessive(_ seat: Seat) -> String { seat == viewer ? "Your" : names[seat] + "'s" }
  package func verb(_ seat: Seat, _ plain: String, _ third: String) -> String { seat == viewer ? plain : third }
}
