import SetCore
import SetProtocol
import SetTransport

/// Who holds each seat, with the secret that lets them take it back, and the names the seats were
/// last played under.
///
/// A seat is held by a named player from the moment they take it until it is freed: while they are
/// away, the seat stays theirs, and whoever shows its token takes it back. A value with no I/O: the
/// host asks it and tells everyone what changed.
struct Seating: Equatable {
  /// A seat taken by a named player, kept while they are away so they can RESUME.
  struct Holder: Equatable {
    var name: String
    var token: String
    /// The connection the player sits on, or nil while they are away.
    var client: ConnectionID?
    /// The fingerprint of the secret the player proved the name with, nil for a guest.
    var fingerprint: String? = nil
    /// For a seat held again from the record after a restart, whose `token` is not known (it is
    /// empty): the digest of the token that takes it back (`ResumeToken`); nil otherwise.
    var digest: String? = nil

    /// Whether `given` is this holder's resume token.
    func isToken(_ given: String) -> Bool {
      guard token.isEmpty else { return token == given }
      return digest != nil && !given.isEmpty && ResumeToken.digest(given) == digest
    }
  }

  /// A seat's last holder, freed outside a game at `freed`: while the seat stays free and the resume
  /// grace has not passed, the holder's token takes it back (`GameHost.resume`).
  struct Lapsed: Equatable {
    var holder: Holder
    var freed: Instant
  }

  /// Each seat's holder, nil when the seat is free.
  private(set) var holders = PerSeat<Holder?>.repeating(nil)
  /// The name last seen in each seat, to tell events about a seat that has emptied.
  private(set) var names: PerSeat = ["seat 1", "seat 2"]
  /// Seats taken by a new player since the last game ended: their score is 0 until a game starts.
  private(set) var newcomers: Set<Seat> = []
  /// Each free seat's last holder, freed outside a game (nil once someone takes the seat).
  private(set) var lapsed = PerSeat<Lapsed?>.repeating(nil)

  /// Whether each seat is taken (held for a player, here or away).
  var taken: PerSeat<Bool> { holders.map { $0 != nil } }

  /// The name holding each seat, nil when free.
  var seated: PerSeat<String?> { holders.map { $0?.name } }

  /// The first free seat, or nil when both are taken.
  var firstFree: Seat? { Seat.allCases.first { holders[$0] == nil } }

  /// Whether a seat holder goes by `name`, as names compare (case aside).
  func isHeld(byName name: String) -> Bool {
    holders.values.contains { $0.map { PlayerName.same($0.name, name) } ?? false }
  }

  /// The seat connection `client` sits in, or nil: the one record of who sits where.
  func seat(of client: ConnectionID) -> Seat? {
    if holders.one?.client == client { return .one }
    return holders.two?.client == client ? .two : nil
  }

  /// The seat whose resume token is `token`, or nil.
  func seat(ofToken token: String) -> Seat? {
    Seat.allCases.first { holders[$0]?.isToken(token) == true }
  }

  /// The free seat whose last holder's token is `token`, freed less than `grace` milliseconds before
  /// `now`, or nil.
  func lapsedSeat(ofToken token: String, at now: Instant, grace: Int64) -> Seat? {
    Seat.allCases.first { seat in
      guard holders[seat] == nil, let lapsed = lapsed[seat], lapsed.holder.token == token else { return false }
      return now < lapsed.freed.adding(milliseconds: grace)
    }
  }

  /// The scores as players see them: a newcomer to a seat after a game ended has 0, not the score
  /// the seat's last player left.
  func scores(_ played: PerSeat<Int>) -> PerSeat<Int> {
    PerSeat { newcomers.contains($0) ? 0 : played[$0] }
  }

  /// `name` takes the free `seat` on connection `client` with its resume `token`; `afterGame` when a
  /// game has ended, which makes them a newcomer whose score is 0 until the next game starts.
  mutating func take(
    _ seat: Seat, name: String, token: String, client: ConnectionID, fingerprint: String? = nil, afterGame: Bool
  ) {
    precondition(holders[seat] == nil, "seat \(seat.rawValue) is taken")
    holders[seat] = Holder(name: name, token: token, client: client, fingerprint: fingerprint)
    lapsed[seat] = nil
    if afterGame { newcomers.insert(seat) }
    names[seat] = name
  }

  /// The holder of `seat` comes back on connection `client` with `token`; returns the connection they
  /// sat on before, if another one still held it. A seat held again from the record learns its token.
  mutating func resume(_ seat: Seat, on client: ConnectionID, token: String) -> ConnectionID? {
    let old = holders[seat]?.client
    holders[seat]?.client = client
    if holders[seat]?.token.isEmpty == true {
      holders[seat]?.token = token
      holders[seat]?.digest = nil
    }
    return old == client ? nil : old
  }

  /// The seats held again for their players, away, as the record of a game that was running when the
  /// server was killed left them (`GameHost(rebuilding:)`): each holder's token is known only by its
  /// digest.
  mutating func restore(_ held: PerSeat<Holder?>) {
    holders = held
    for seat in Seat.allCases {
      if let name = held[seat]?.name { names[seat] = name }
    }
    newcomers = []
    lapsed = .repeating(nil)
  }

  /// Connection `client` left: the seat it held is kept for its player, now away. Returns that seat,
  /// or nil if the connection held none (as after another connection resumed it).
  mutating func leave(_ seat: Seat, by client: ConnectionID) -> Seat? {
    guard holders[seat]?.client == client else { return nil }
    holders[seat]?.client = nil
    return seat
  }

  /// Frees every seat whose player is away, at `now`, returning each freed seat with its player's name.
  mutating func freeAbandoned(at now: Instant) -> [(seat: Seat, name: String)] {
    var freed: [(seat: Seat, name: String)] = []
    for seat in Seat.allCases {
      guard let holder = holders[seat], holder.client == nil else { continue }
      holders[seat] = nil
      lapsed[seat] = Lapsed(holder: holder, freed: now)
      freed.append((seat, holder.name))
    }
    return freed
  }

  /// Swaps the two holders, each keeping their name, token and connection; false, changing nothing,
  /// unless both seats are held.
  mutating func swap() -> Bool {
    guard let one = holders.one, let two = holders.two else { return false }
    holders = [two, one]
    names = PerSeat(one: names.two, two: names.one)
    return true
  }

  /// A game started: every seat's score counts again.
  mutating func gameStarted() {
    newcomers = []
  }
}
