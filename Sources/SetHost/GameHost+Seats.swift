import SetCore
import SetProtocol
import SetTransport

// Who sits where: naming, sitting, resuming, freeing seats, as `Seating` rules them, told to everyone.
extension GameHost {
  /// `NAME`: the connection `id` takes a free seat under `name` (as the name's owner if `secret` proves
  /// it), or watches when both are taken; a name someone at the table goes by is refused.
  mutating func takeName(_ name: String, secret: String?, for id: ConnectionID, at now: Instant) -> Result<
    Reply.Kind, ProtocolError
  > {
    guard clients[id]?.name == nil else { return .failure(ProtocolError(.alreadyNamed)) }
    guard !knows(name: name) else { return .failure(ProtocolError(.nameTaken)) }
    let fingerprint = secret.map { NameClaim.fingerprint(name: name, secret: $0) }
    let owner = history.owner(of: name)
    if let fingerprint, let owner, owner != fingerprint {
      // Counted with wrong tokens: a connection guessing secrets is closed as one guessing tokens is.
      clients[id]?.badTokens += 1
      log(.warning, "\(id): wrong secret for \(name)")
      closeAfterReply = clients[id]?.badTokens ?? 0 >= Self.maxBadTokens
      return .failure(ProtocolError(.wrongSecret))
    }
    if freeSeat(for: name) != nil, !players.allowSeat(clients[id]?.address ?? "", at: now) {
      return .failure(seatingLimited)
    }
    clients[id]?.name = name
    clients[id]?.fingerprint = fingerprint
    actions.append(.identified(id))
    tell(id, .rules(asked: false))
    tellRecordLost(to: id)
    guard let seat = freeSeat(for: name) else {
      log(.info, "\(name) watches (\(id))")
      tellState(to: id)
      tell(id, .watching)
      return .success(.ok(.name(seat: nil, token: nil)))
    }
    let token = takeSeat(seat, for: id, as: name, fingerprint: fingerprint, owner: owner, at: now)
    return .success(.ok(.name(seat: seat, token: token)))
  }

  /// `SIT`: a spectator takes a free seat under the name it watches with, on the same connection. A
  /// name's owner is seated as its owner only if it proved the secret with its `NAME`.
  mutating func sit(_ id: ConnectionID, at now: Instant) -> Result<Reply.Kind, ProtocolError> {
    guard let client = clients[id], let name = client.name else { return .failure(ProtocolError(.notNamed)) }
    if let seat = seating.seat(of: id) {
      return .failure(ProtocolError(.seatTaken, "you already play in seat \(seat.rawValue)"))
    }
    guard let seat = freeSeat(for: name) else {
      if seating.firstFree != nil {
        return .failure(ProtocolError(.seatTaken, "the free seat is kept for the tournament's paired player"))
      }
      return .failure(ProtocolError(.seatTaken, "both seats are taken; SIT once one is free"))
    }
    guard players.allowSeat(client.address, at: now) else { return .failure(seatingLimited) }
    let token = takeSeat(seat, for: id, as: name, proven: client.fingerprint, at: now)
    return .success(.ok(.sit(seat: seat, token: token)))
  }

  /// Whether a connection here goes by `name`, as names compare (held seats aside).
  func hasConnection(named name: String) -> Bool {
    clients.values.contains { $0.name.map { PlayerName.same($0, name) } ?? false }
  }

  /// Whether someone at the table goes by `name`, or a seat is held for it, as names compare.
  public func knows(name: String) -> Bool {
    hasConnection(named: name) || seating.isHeld(byName: name)
  }

  /// Seats the named connection `id` in the free `seat` under `name`, as its owner if `proven` (the
  /// fingerprint of the secret it named itself with) is still the owner's, else as a guest.
  mutating func takeSeat(
    _ seat: Seat, for id: ConnectionID, as name: String, proven: String?, token: String? = nil, at now: Instant
  ) -> String {
    let owner = history.owner(of: name)
    // A fingerprint no longer the owner's (the name was claimed meanwhile) makes the player a guest.
    let fingerprint = proven.flatMap { owner == nil || owner == $0 ? $0 : nil }
    return takeSeat(seat, for: id, as: name, fingerprint: fingerprint, owner: owner, token: token, at: now)
  }

  /// The refusal of a seat to an address that took too many.
  var seatingLimited: ProtocolError {
    ProtocolError(
      .rateLimited, "seats taken too often from your address: at most \(players.seatingLimit.perMinute) a minute")
  }

  /// Seats the named connection `id` in the free `seat`, tells everyone, and returns its resume token.
  /// `token` is the seat's last holder's, taking it back (`resume`); nil draws a new one.
  mutating func takeSeat(
    _ seat: Seat, for id: ConnectionID, as name: String, fingerprint: String?, owner: String?,
    token given: String? = nil, at now: Instant
  ) -> String {
    let token = given ?? makeToken()
    let afterGame = if case .over = match.phase { true } else { false }
    seating.take(seat, name: name, token: token, client: id, fingerprint: fingerprint, afterGame: afterGame)
    log(.info, "\(name) takes seat \(seat.rawValue) (\(id))")
    // After a game the seat changed hands: the new pair's first game starts once both are seated.
    let events = (try? apply(afterGame ? .takeFreedSeat : .join, by: seat, at: now)) ?? []
    broadcast(wire: [.joined(seat, name: name)] + events.compactMap { ServerEvent($0, now: now) })
    record(.resumeDigest(seat, digest: ResumeToken.digest(token)))
    if botNames.contains(PlayerName.key(name)) { record(.bot(seat)) }
    if let fingerprint { record(.owner(seat, fingerprint: fingerprint)) }
    let started = events.contains { if case .gameStarted = $0 { true } else { false } }
    if match.game > 0, !started { tellState(to: id, statusIfChanged: true) }
    tell(id, .resumeHint(token: token))
    tellRating(name, owned: fingerprint != nil, byOther: fingerprint == nil && owner != nil, to: id)
    return token
  }

  /// Tells a player just seated whether their games change the name's rating: as its owner (a secret
  /// was given), as a guest on a name someone else owns (they do not), or as a guest on a name no one
  /// owns (they do).
  mutating func tellRating(_ name: String, owned: Bool, byOther: Bool, to id: ConnectionID) {
    let status: Notice.NameRating = owned ? .rated : byOther ? .guest : .open
    tell(id, .rating(.rating(status, name: name)))
  }

  /// `RESUME`: a new connection takes back the seat its token holds, while the seat is held for it.
  mutating func resume(_ token: String, for id: ConnectionID, at now: Instant) -> Result<
    Reply.Kind, ProtocolError
  > {
    // A named connection, seated or watching, is someone already: RESUME is for a new connection.
    guard clients[id]?.name == nil else { return .failure(ProtocolError(.alreadyNamed)) }
    if let seat = seating.lapsedSeat(ofToken: token, at: now, grace: match.rules.resumeGrace),
      let holder = seating.lapsed[seat]?.holder, !knows(name: holder.name)
    {
      retakeLapsed(seat, holder, for: id, at: now)
      return .success(.ok(.resume(seat: seat, name: holder.name)))
    }
    guard let seat = seating.seat(ofToken: token), let holder = seating.holders[seat]
    else {
      clients[id]?.badTokens += 1
      log(.warning, "\(id): wrong resume token")
      closeAfterReply = clients[id]?.badTokens ?? 0 >= Self.maxBadTokens
      return .failure(ProtocolError(.badToken))
    }
    resumeSeat(seat, name: holder.name, token: token, for: id, at: now)
    return .success(.ok(.resume(seat: seat, name: holder.name)))
  }

  /// The connection `id` takes back the free `seat` its last `holder` left outside a game: named as the
  /// holder was (proven as they were), seated with the same token, as `NAME` seats a player.
  mutating func retakeLapsed(_ seat: Seat, _ holder: Seating.Holder, for id: ConnectionID, at now: Instant) {
    clients[id]?.name = holder.name
    clients[id]?.fingerprint = holder.fingerprint
    actions.append(.identified(id))
    tell(id, .rules(asked: false))
    tellRecordLost(to: id)
    log(.info, "\(holder.name) takes back seat \(seat.rawValue), freed after they left (\(id))")
    _ = takeSeat(seat, for: id, as: holder.name, proven: holder.fingerprint, token: holder.token, at: now)
  }

  /// The connection `id` takes back the held `seat` with its `token`, under the seat's `name`: a
  /// connection that still held it is told and closed, and the game goes on if both players are back.
  mutating func resumeSeat(_ seat: Seat, name: String, token: String, for id: ConnectionID, at now: Instant) {
    if let old = seating.resume(seat, on: id, token: token) {
      // The same person on a new connection: the old one is stale (a dropped link not yet noticed), or
      // a second client of theirs with the same token; told why, so that it does not take it back.
      send(old, Reply(id: nil, .error(ProtocolError(.resumedElsewhere))).line)
      actions.append(.close(old))
    }
    clients[id]?.name = name
    untaken.remove(seat)
    actions.append(.identified(id))
    tell(id, .rules(asked: false))
    tellRecordLost(to: id)
    log(.info, "\(name) resumes seat \(seat.rawValue) (\(id))")
    if let events = try? apply(.join, by: seat, at: now) { broadcast(events, at: now) }
    tellState(to: id, statusIfChanged: true)
  }

  /// Outside a running game, a seat whose player has gone is freed for the next NAME.
  mutating func freeEmptySeats() {
    switch match.phase {
    case .waiting, .over:
      for (seat, name) in seating.freeAbandoned(at: lastNow) {
        log(.info, "seat \(seat.rawValue) (\(name)) is free")
        tellEveryone(.seatFree(seat), in: spectators)
      }
    case .open, .window, .paused:
      break
    }
  }
}
