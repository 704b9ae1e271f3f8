import SetCore
import SetProtocol
import Testing

@testable import SetClientCore

/// The session's rules step by step, without sockets: each test feeds events and lines to a
/// `SessionMachine` and reads the actions it returns.
@Suite("The client session as a state machine")
struct SessionMachineTests {
  /// The line the server wrote, decoded.
  static func line(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> ServerLine {
    try #require(ServerLine.decode(text), "not a server line: \(text)", sourceLocation: sourceLocation)
  }

  /// The table's `RULES` line, with a dropped player's seat held for `grace` milliseconds.
  static func rules(grace: Int64) -> String {
    var rules = Rules()
    rules.resumeGrace = grace
    return (["RULES"] + RuleFields.encode(rules)).joined(separator: " ")
  }

  /// What every connection opened asks first: the wait for the table's banner.
  static let awaitBanner = SessionAction.awaitBanner(milliseconds: ReconnectPolicy.quick.answerWithin)

  /// Feeds a line at time zero.
  static func receive(_ text: String, _ machine: inout SessionMachine) throws -> [SessionAction] {
    machine.received(try line(text), at: .zero)
  }

  /// A machine started and connected, whose table's banner came, that asked for `name`'s secret.
  static func connected(name: String = "ann", policy: ReconnectPolicy = .quick, savedToken: String? = nil) throws
    -> SessionMachine
  {
    var machine = SessionMachine(name: name, policy: policy, savedToken: savedToken)
    _ = machine.start()
    _ = machine.connected()
    _ = try receive("SETDUEL 1 welcome", &machine)
    return machine
  }

  @Test("connects, switches to the machine presentation, and names itself with the name's secret")
  func naming() throws {
    var machine = SessionMachine(name: "ann", policy: .quick)
    #expect(machine.status == .connecting)
    #expect(machine.start() == [.connect])
    #expect(machine.connected() == [Self.awaitBanner, .send(.mode(.machine), id: nil), .lookUpSecret(name: "ann")])
    #expect(machine.secretFound("s3cret", for: "ann") == [.send(.name("ann", secret: "s3cret"), id: .name)])
    #expect(!machine.guest, "a name proven by a secret is not a guest's")
    #expect(try Self.receive("SETDUEL 1 welcome", &machine).isEmpty)
    #expect(machine.status == .connected)
    let named = try Self.receive("OK @name NAME 1 tok1", &machine)
    #expect(named.allSatisfy { if case .send(_, id: nil) = $0 { true } else { false } }, "only the model's requests")
    #expect(machine.model.seat == .one && machine.token == "tok1" && machine.name == "ann")
    #expect(machine.renaming == nil)
  }

  @Test("without a secret the name is played as a guest")
  func guest() throws {
    var machine = try Self.connected()
    #expect(machine.secretFound(nil, for: "ann") == [.send(.name("ann", secret: nil), id: .name)])
    #expect(machine.guest)
  }

  @Test("a taken name is tried again as name2, name3, ... up to name9, cut short to fit")
  func renameRetries() throws {
    var machine = try Self.connected(name: "abcdefghijklmnop")
    #expect(machine.requestedName.count == PlayerName.maxLength)
    for number in 2...SessionMachine.nameTries {
      let wanted = String("abcdefghijklmnop".prefix(PlayerName.maxLength - 1)) + "\(number)"
      #expect(
        try Self.receive("ERR @name NAME_TAKEN that name is taken", &machine) == [.lookUpSecret(name: wanted)])
      #expect(machine.name == wanted && PlayerName.isValid(wanted))
    }
    #expect(try Self.receive("ERR @name NAME_TAKEN that name is taken", &machine).isEmpty, "nine tries at most")
    #expect(machine.name == "abcdefghijklmno9")
  }

  @Test("a refusal of another request, or of a request the player sent, renames nothing")
  func otherRefusals() throws {
    var machine = try Self.connected()
    #expect(try Self.receive("ERR NAME_TAKEN that name is taken", &machine).isEmpty, "no id: the player's own")
    #expect(try Self.receive("ERR @x1 NAME_TAKEN that name is taken", &machine).isEmpty, "an id of the player's")
    #expect(try Self.receive("ERR @name BAD_NAME a name is letters", &machine).isEmpty, "not a name clash")
    #expect(machine.name == "ann")
  }

  @Test("a name whose secret is not ours is owned by someone else: the session sits down under another")
  func wrongSecret() throws {
    var machine = try Self.connected()
    _ = machine.secretFound("mine", for: "ann")
    #expect(
      try Self.receive("ERR @name WRONG_SECRET that name has another secret", &machine) == [
        .lookUpSecret(name: "ann2")
      ])
    #expect(machine.secretFound(nil, for: "ann2") == [.send(.name("ann2", secret: nil), id: .name)])
    _ = try Self.receive("OK @name NAME 2 tok2", &machine)
    #expect(machine.renaming == "ann belongs to someone else here: you play as ann2.")
  }

  @Test("a taken name (not an owned one) is told as such, and a spectator watches")
  func takenNameWords() throws {
    var machine = try Self.connected()
    _ = try Self.receive("ERR @name NAME_TAKEN that name is taken", &machine)
    #expect(machine.renaming == nil, "not named yet")
    _ = try Self.receive("OK @name NAME 0 -", &machine)
    #expect(machine.renaming == "Someone here is already called ann: you watch as ann2.")
  }

  @Test("a kept token is tried first with RESUME; a seat taken back is reported once")
  func savedResume() throws {
    var machine = SessionMachine(name: "ann", policy: .quick, savedToken: "old")
    _ = machine.start()
    #expect(
      machine.connected() == [Self.awaitBanner, .send(.mode(.machine), id: nil), .send(.resume("old"), id: .resume)])
    let resumed = try Self.receive("OK @resume RESUME 1 ann", &machine)
    #expect(resumed.contains(.savedTokenAnswered(resumed: true)))
    #expect(machine.token == "old")
  }

  @Test("BAD_TOKEN for a kept token: the token is forgotten and the session names itself afresh")
  func resumeFallback() throws {
    var machine = SessionMachine(name: "ann", policy: .quick, savedToken: "old")
    _ = machine.start()
    _ = machine.connected()
    _ = try Self.receive("SETDUEL 1 welcome", &machine)
    #expect(
      try Self.receive("ERR @resume BAD_TOKEN no seat holds that token", &machine) == [
        .lookUpSecret(name: "ann"), .savedTokenAnswered(resumed: false),
      ])
    #expect(machine.token == nil, "the kept token is forgotten")
    _ = machine.secretFound(nil, for: "ann")
    _ = try Self.receive("OK @name NAME 2 new", &machine)
    #expect(machine.token == "new")
    // A later drop takes the new seat back, and nothing more is reported about the old token.
    _ = machine.disconnected()
    #expect(machine.timerFired() == [.connect])
    #expect(
      machine.connected() == [Self.awaitBanner, .send(.mode(.machine), id: nil), .send(.resume("new"), id: .resume)])
    #expect(
      try Self.receive("ERR @resume BAD_TOKEN no seat holds that token", &machine) == [.lookUpSecret(name: "ann")])
  }

  @Test("a dropped connection is made again after doubling delays, and RESUME takes the seat back")
  func reconnectBackoff() throws {
    let policy = ReconnectPolicy(first: 100, longest: 300, attempts: 4)
    var machine = try Self.connected(policy: policy)
    _ = machine.secretFound(nil, for: "ann")
    _ = try Self.receive("OK @name NAME 1 tok", &machine)
    // The table holds a dropped player's seat for 1 s: waits of 100, 200, 300, 300 and 300 ms add up
    // to 1.2 s, the first total to reach it, so the session makes five tries, one more than the policy's count.
    _ = try Self.receive(Self.rules(grace: 1_000), &machine)
    #expect(machine.disconnected() == [.wait(milliseconds: 100)])
    #expect(machine.status == .reconnecting(attempt: 1, limit: 5))
    #expect(machine.timerFired() == [.connect])
    #expect(machine.timerFired().isEmpty, "one connection at a time")
    #expect(machine.connectFailed("refused") == [.wait(milliseconds: 200)])
    #expect(machine.status == .reconnecting(attempt: 2, limit: 5))
    _ = machine.timerFired()
    #expect(machine.connectFailed("refused") == [.wait(milliseconds: 300)])
    _ = machine.timerFired()
    #expect(
      machine.connected() == [
        .awaitBanner(milliseconds: policy.answerWithin), .send(.mode(.machine), id: nil),
        .send(.resume("tok"), id: .resume),
      ])
    #expect(machine.status == .reconnecting(attempt: 3, limit: 5), "connected only once the banner comes")
    _ = try Self.receive("SETDUEL 1 welcome", &machine)
    #expect(machine.status == .connected)
    let resumed = try Self.receive("OK @resume RESUME 1 ann", &machine)
    #expect(!resumed.contains(.savedTokenAnswered(resumed: true)), "the token was not kept from an earlier run")
    // The count starts again after a seat was taken back.
    #expect(machine.disconnected() == [.wait(milliseconds: 100)])
    #expect(machine.status == .reconnecting(attempt: 1, limit: 5))
  }

  @Test("a session that holds a seat keeps trying for as long as the table holds it, then gives up")
  func triesForTheWholeHold() throws {
    // Tries refused one after another, as while the player's link is down: the policy's count (2) is
    // spent after 150 ms, but the seat is held for 600 ms. Waits of 50, 100, 200, 200 and 200 ms add up
    // to 750 ms, the first total to reach 600: five tries.
    var machine = try Self.connected(policy: ReconnectPolicy(first: 50, longest: 200, attempts: 2))
    _ = machine.secretFound(nil, for: "ann")
    _ = try Self.receive("OK @name NAME 2 tok", &machine)
    _ = try Self.receive(Self.rules(grace: 600), &machine)
    var waits: [SessionAction] = machine.disconnected()
    for _ in 1..<5 {
      #expect(machine.timerFired() == [.connect])
      waits += machine.connectFailed("refused")
    }
    #expect(waits == [50, 100, 200, 200, 200].map { .wait(milliseconds: $0) })
    #expect(machine.status == .reconnecting(attempt: 5, limit: 5))
    _ = machine.timerFired()
    #expect(machine.connectFailed("refused").isEmpty)
    #expect(machine.status == .ended(.gaveUp))
  }

  @Test("after the policy's last try a session that holds no seat gives up")
  func givesUp() throws {
    var machine = try Self.connected(policy: ReconnectPolicy(first: 50, longest: 50, attempts: 2))
    _ = try Self.receive(Self.rules(grace: 600), &machine)
    #expect(machine.disconnected() == [.wait(milliseconds: 50)])
    #expect(machine.status == .reconnecting(attempt: 1, limit: 2))
    _ = machine.timerFired()
    #expect(machine.connectFailed("refused") == [.wait(milliseconds: 50)])
    _ = machine.timerFired()
    #expect(machine.connectFailed("refused").isEmpty)
    #expect(machine.status == .ended(.gaveUp))
    #expect(machine.timerFired().isEmpty)
  }

  @Test("RESUMED_ELSEWHERE: the seat went to another connection, so the session stops and does not resume")
  func resumedElsewhere() throws {
    var machine = try Self.connected()
    _ = machine.secretFound(nil, for: "ann")
    _ = try Self.receive("OK @name NAME 1 tok", &machine)
    #expect(
      try Self.receive(
        "ERR RESUMED_ELSEWHERE your seat was taken back on another connection with its token; goodbye", &machine
      )
      .isEmpty)
    #expect(machine.disconnected().isEmpty, "no reconnection")
    #expect(machine.status == .ended(.closed(farewell: ErrorCode.resumedElsewhere.text)))
  }

  @Test("BYE ends the session without reconnecting")
  func bye() throws {
    var machine = try Self.connected()
    _ = try Self.receive("BYE 1 the server is shutting down", &machine)
    #expect(machine.disconnected().isEmpty)
    guard case .ended(.closed) = machine.status else {
      Issue.record("ended with \(machine.status)")
      return
    }
  }

  @Test("a first connection that fails ends the session; one that never reached a table is not retried")
  func firstConnection() {
    var refused = SessionMachine(name: "ann", policy: .quick)
    _ = refused.start()
    #expect(refused.connectFailed("cannot connect: refused").isEmpty)
    #expect(refused.status == .ended(.cannotConnect("cannot connect: refused")))
    var closing = SessionMachine(name: "ann", policy: .quick)
    _ = closing.start()
    _ = closing.connected()
    #expect(closing.disconnected().isEmpty)
    #expect(closing.status == .ended(.notATable))
    #expect(closing.bannerTimerFired().isEmpty)
    var silent = SessionMachine(name: "ann", policy: .quick)
    _ = silent.start()
    _ = silent.connected()
    #expect(silent.bannerTimerFired() == [.disconnect])
    #expect(silent.status == .ended(.silent(milliseconds: ReconnectPolicy.quick.answerWithin)))
    #expect(silent.timerFired().isEmpty && silent.disconnected().isEmpty, "nothing is retried")
  }

  @Test("a connection made again on which the table says nothing is closed after answerWithin and made again")
  func silentReconnection() throws {
    let policy = ReconnectPolicy(first: 100, longest: 300, attempts: 3, answerWithin: 2_000)
    var machine = try Self.connected(policy: policy)
    #expect(machine.bannerTimerFired().isEmpty, "the banner came on this connection")
    _ = machine.secretFound(nil, for: "ann")
    _ = try Self.receive("OK @name NAME 1 tok", &machine)
    #expect(machine.disconnected() == [.wait(milliseconds: 100)])
    #expect(machine.timerFired() == [.connect])
    #expect(machine.connected().first == .awaitBanner(milliseconds: 2_000))
    // The link came up and went dead (or the server is too busy to answer): it counts as dropped.
    #expect(machine.bannerTimerFired() == [.disconnect, .wait(milliseconds: 200)])
    #expect(machine.status == .reconnecting(attempt: 2, limit: policy.attempts(holding: Rules().resumeGrace)))
    #expect(machine.bannerTimerFired().isEmpty, "one close for one connection")
    #expect(machine.timerFired() == [.connect])
    #expect(machine.connected().contains(.send(.resume("tok"), id: .resume)))
    _ = try Self.receive("SETDUEL 1 welcome", &machine)
    #expect(machine.bannerTimerFired().isEmpty, "the banner came in time")
    #expect(machine.status == .connected)
    _ = try Self.receive("OK @resume RESUME 1 ann", &machine)
    #expect(machine.model.seat == .one)
  }

  @Test("leaving sends QUIT and closes once; nothing is retried after")
  func leaving() throws {
    var machine = try Self.connected()
    #expect(machine.close() == [.send(.quit, id: nil), .disconnect])
    #expect(machine.close().isEmpty)
    #expect(machine.disconnected().isEmpty)
    #expect(machine.status == .ended(.left))
    var waiting = try Self.connected()
    _ = waiting.disconnected()
    #expect(waiting.close().isEmpty, "no connection to quit on")
    #expect(waiting.timerFired().isEmpty, "the wait ends in nothing")
  }

  @Test("a spectator sits on the same connection with SIT, under the name it watches with")
  func sitDownAgain() throws {
    var machine = try Self.connected()
    _ = try Self.receive("ERR @name NAME_TAKEN that name is taken", &machine)
    _ = try Self.receive("OK @name NAME 0 -", &machine)
    #expect(machine.name == "ann2")
    #expect(machine.sitDownAgain() == [.send(.sit, id: .sit)], "on the same connection, under the name it watches with")
    #expect(machine.name == "ann2" && machine.model.isNamed)
    _ = machine.disconnected()
    #expect(machine.sitDownAgain().isEmpty, "nothing to sit with while disconnected")
  }

  @Test("reply ids: the session's own requests are told by id, others are not")
  func replyIds() {
    #expect(SessionRequest(answeredBy: Reply(id: "name", .pong(token: nil))) == .name)
    #expect(SessionRequest(answeredBy: Reply(id: "resume", .pong(token: nil))) == .resume)
    #expect(SessionRequest(answeredBy: Reply(id: "sit", .pong(token: nil))) == .sit)
    #expect(SessionRequest(answeredBy: Reply(id: "x", .pong(token: nil))) == nil)
    #expect(SessionRequest(answeredBy: Reply(id: nil, .pong(token: nil))) == nil)
    #expect(ClientCommand.name("ann", secret: nil).line(id: SessionRequest.name.rawValue) == "@name NAME ann")
  }
}
