import SetCore
import SetProtocol
import SetTransport

// What each command does: the requests that inform, the plays the match decides, and how time passing
// and the match's own events are recorded and told.
extension GameHost {
  mutating func handle(_ command: ClientCommand, requestID: String?, from id: ConnectionID, at now: Instant) {
    let answer: Result<Reply.Kind, ProtocolError>
    switch command {
    case .help(let verb):
      if var lines = Help.lines(for: verb, groupSize: match.rules.variant.groupSize) {
        if verb == nil, let rule = HumanText.variantRule(match.rules) { lines.append(rule) }
        tell(id, .help(lines))
        answer = .success(.ok(.help))
      } else if let presenter = presenter(of: id), let verb {
        answer = .failure(presenter.unknownCommand(ProtocolError(.unknownCommand), verb: verb, help: true))
      } else {
        answer = .failure(ProtocolError(.unknownCommand))
      }
    case .ping(let token): answer = .success(.pong(token: token))
    case .mode(let presentation):
      let switched = clients[id]?.presentation != presentation
      clients[id]?.presentation = presentation
      // A named connection that turns to another presentation missed what it tells at a NAME.
      if switched, clients[id]?.name != nil { tell(id, .rules(asked: false)) }
      answer = .success(.ok(.mode(presentation)))
    case .name(let name, let secret): answer = takeName(name, secret: secret, for: id, at: now)
    case .resume(let token): answer = resume(token, for: id, at: now)
    case .sit: answer = sit(id, at: now)
    case .quit:
      answer = .success(.ok(.quit))
    case .table, .state, .scores, .history, .say:
      answer = inform(command, for: id)
    case .stats(let name): answer = stats(name, for: id)
    case .review(let game): answer = review(game, for: id)
    case .events: answer = pastEvents(for: id)
    case .top(let count): answer = top(count, for: id)
    case .variantStats(let name, let variant): answer = stats(name, variant: variant, for: id)
    case .variantTop(let count, let variant): answer = top(count, variant: variant, for: id)
    case .mood(let mood): answer = show(mood, by: id, at: now)
    case .rules:
      // Named or not: a page shows How to play with the table's numbers before its visitor has a name.
      tell(id, .rules(asked: true))
      answer = .success(.ok(.rules))
    case .claim, .unpick, .deal, .new, .rematchSame:
      answer = play(command, by: id, at: now)
    case .pick(let target, let table):
      answer = pick(target, table: table, by: id, at: now)
    case .tables, .join, .open, .where, .peek, .enter, .withdraw, .pause, .back, .tournament, .standings:
      // The hall's requests: `Hall` answers them before a table sees them.
      answer = .failure(ProtocolError(.unknownCommand))
    }
    let closing = command == .quit || closeAfterReply
    switch answer {
    case .success(let kind): reply(id, Reply(id: requestID, kind), prompting: !closing)
    case .failure(let error): reply(id, Reply(id: requestID, .error(error)), prompting: !closing)
    }
    if command == .quit {
      actions.append(.hangUp(id))
    } else if closing {
      actions.append(.close(id))
    }
    closeAfterReply = false
  }

  mutating func inform(_ command: ClientCommand, for id: ConnectionID) -> Result<Reply.Kind, ProtocolError> {
    guard let name = clients[id]?.name else { return .failure(ProtocolError(.notNamed)) }
    switch command {
    case .table:
      tell(id, .table)
      tellStatus(to: id, in: view(for: seating.seat(of: id)))
      return .success(.ok(.table))
    case .state:
      tellState(to: id)
      tell(id, .scores)
      return .success(.ok(.state(StateSummary(match, seq: seq, now: lastNow))))
    case .scores:
      tell(id, .scores)
      return .success(.ok(.scores(scores.one, scores.two)))
    case .history:
      let games = zip(match.results, zip(resultNames, resultFinds)).map { (result: $0, names: $1.0, finds: $1.1) }
      tell(id, .history(games))
      return .success(.ok(.history(count: match.results.count)))
    case .say(let text):
      broadcast(wire: [.said(name: name, text: text)])
      return .success(.ok(.say))
    default:
      return .failure(ProtocolError(.unknownCommand))
    }
  }

  /// A seated player's mood, told to everyone at the table, each in its presentation. Neither an event
  /// nor recorded, it changes nothing; a seat may show `Mood.perSecond`.
  mutating func show(_ mood: Mood, by id: ConnectionID, at now: Instant) -> Result<Reply.Kind, ProtocolError> {
    guard clients[id]?.name != nil else { return .failure(ProtocolError(.notNamed)) }
    guard let seat = seating.seat(of: id) else { return .failure(ProtocolError(.notSeated)) }
    guard moodLimits[seat].take(now: now.milliseconds) else {
      return .failure(
        ProtocolError(.rateLimited, "moods shown too often: at most \(Mood.perSecond) a second"))
    }
    tellEveryone(.mood(mood, seat: seat), in: clientOrder)
    return .success(.ok(.mood))
  }

  mutating func play(_ command: ClientCommand, by id: ConnectionID, at now: Instant) -> Result<
    Reply.Kind, ProtocolError
  > {
    if case .pick(.slots(let slots), _) = command, let wrong = wrongArity(slots.count) { return .failure(wrong) }
    guard let client = clients[id], client.name != nil else { return .failure(ProtocolError(.notNamed)) }
    guard let seat = seating.seat(of: id) else { return .failure(ProtocolError(.notSeated)) }
    let matchCommand: MatchCommand
    let done: OKReply
    switch command {
    case .claim: (matchCommand, done) = (.claim, .claim)
    case .pick(.slots(let slots), _): (matchCommand, done) = (.pick(slots), .pick)
    case .unpick(let slot): (matchCommand, done) = (.unpick(slot), .unpick)
    case .deal: (matchCommand, done) = (.deal, .deal)
    case .rematchSame: (matchCommand, done) = (.rematchSameDeck, .rematch)
    case .new: (matchCommand, done) = (.rematch, .new)
    default: return .failure(ProtocolError(.unknownCommand))  // A pick of cards is made one of slots first.
    }
    do {
      let game = match.game
      broadcast(try apply(matchCommand, by: seat, at: now), at: now)
      // A game dealt from the same deck as an earlier one is played with the seats swapped, and the
      // record marks the pair to compare.
      if match.game > game, let earlier = match.sameDeckAs {
        swapSeats()
        record(.sameDeck(game: match.game, earlier: earlier))
      }
      freeEmptySeats()
      return .success(.ok(done))
    } catch {
      return .failure(ProtocolError(error, phase: match.phase, names: seating.names))
    }
  }

  /// The usage error for a pick naming more cards than the variant's group holds (a request may name up
  /// to four, for UltraSets, which is as many as a group holds at most), or nil.
  func wrongArity(_ count: Int) -> ProtocolError? {
    let size = match.rules.variant.groupSize
    guard count > size else { return nil }
    return ProtocolError(.badArgument, "usage: " + Verb.pick.usage(groupSize: size))
  }

  /// A pick: of slots as they are; or one that cannot go stale, refused, costing nothing, when the table
  /// changed after event `table` or a card it names is no longer on the table; otherwise the pick of
  /// those slots.
  mutating func pick(_ target: PickTarget, table: Int?, by id: ConnectionID, at now: Instant) -> Result<
    Reply.Kind, ProtocolError
  > {
    let count =
      switch target {
      case .slots(let slots): slots.count
      case .cards(let cards): cards.count
      }
    if let wrong = wrongArity(count) { return .failure(wrong) }
    guard let client = clients[id], client.name != nil else { return .failure(ProtocolError(.notNamed)) }
    guard seating.seat(of: id) != nil else { return .failure(ProtocolError(.notSeated)) }
    if let table, table < tableSeq { return .failure(ProtocolError(.stale)) }
    switch target {
    case .slots(let slots):
      return play(.pick(.slots(slots)), by: id, at: now)
    case .cards(let cards):
      var slots: [Slot] = []
      for card in cards {
        if let link = match.chain.firstIndex(of: card) {
          slots.append(Slot.chain[link])
          continue
        }
        guard let index = match.table.cards.firstIndex(of: card) else {
          return .failure(ProtocolError(.stale, "\(card) is not on the table; nothing was done"))
        }
        slots.append(Slot(index))
      }
      return play(.pick(.slots(slots)), by: id, at: now)
    }
  }

  /// Applies a command to the match and records it, returning the events the command caused. What the
  /// match made due first (a window that ran out before the timer fired) goes out on its own, as a
  /// firing timer's would, whether or not the command is carried out.
  mutating func apply(_ command: MatchCommand, by seat: Seat, at now: Instant) throws(MatchError)
    -> ArraySlice<MatchEvent>
  {
    // What a passed deadline made due happens first, on its own and told with the status it left,
    // so the match has nothing due left to handle with the command.
    if let deadline = match.deadline, deadline <= now {
      passTime(match.advance(to: now).events, at: now, leaving: match)
    }
    do throws(MatchRefusal) {
      let outcome = try match.apply(command, by: seat, at: now)
      record(.command(command, seat: seat, at: now))
      return outcome.caused
    } catch {
      throw error.reason
    }
  }

  /// Records and broadcasts what time made due, if anything, ending in words with the status of `state`.
  mutating func passTime(_ due: some Collection<MatchEvent>, at now: Instant, leaving state: Match) {
    guard !due.isEmpty else { return }
    record(.tick(at: now))
    broadcast(wire: due.compactMap { ServerEvent($0, now: now) }, statusOf: state)
    freeEmptySeats()
  }
}

extension GameHost {
  /// `EVENTS`: the events broadcast so far in the game being played (or the one just over), from its
  /// `START`, in the connection's presentation. Only what every named connection was already told:
  /// never the sets on the table.
  mutating func pastEvents(for id: ConnectionID) -> Result<Reply.Kind, ProtocolError> {
    guard clients[id]?.name != nil else { return .failure(ProtocolError(.notNamed)) }
    tell(id, .pastEvents(gameEvents))
    return .success(.ok(.events(game: match.game, count: gameEvents.count)))
  }
}
