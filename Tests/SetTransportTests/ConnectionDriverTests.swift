import Testing

@testable import SetTransport

/// The connection driver on its own, over a `MemoryChannel`, with an owner that records what it is asked.
@Suite struct ConnectionDriverTests {
  final class Owner: ConnectionDriverOwner {
    var calls: [String] = []
    var scheduled: [(ConnectionCheck, Duration)] = []

    func driverAttached(_ id: ConnectionID, peer: String, waiting: Bool) {
      calls.append("attached \(id) \(peer)" + (waiting ? " waiting" : ""))
    }
    func driverReceived(_ input: LineInput, from id: ConnectionID, arrivedAt time: Instant) {
      calls.append("received \(input) at \(time.milliseconds)")
    }
    func driverInputEnded(_ id: ConnectionID) { calls.append("inputEnded") }
    func driverDisconnected(_ id: ConnectionID, reason: DisconnectReason) { calls.append("disconnected \(reason)") }
    func driverFarewellLine(for reason: DisconnectReason) -> String? { "bye \(reason)" }
    func driverSchedule(_ check: ConnectionCheck, for id: ConnectionID, after delay: Duration) {
      scheduled.append((check, delay))
    }
    var spares = SpareConnections()
  }

  static func at(_ milliseconds: Int64) -> Instant { .zero + .milliseconds(milliseconds) }

  static func make(_ configuration: LineServerConfiguration = LineServerConfiguration(), socketBufferBytes: Int = 1024)
    -> (ConnectionDriver<MemoryChannel>, Owner)
  {
    let owner = Owner()
    let driver = ConnectionDriver(
      id: ConnectionID(1), peer: "peer", channel: MemoryChannel(socketBufferBytes: socketBufferBytes),
      configuration: configuration, limits: .init(ConnectionStateMachine.Limits(configuration)), now: .zero,
      owner: owner)
    driver.start(now: .zero)
    return (driver, owner)
  }

  /// Frames and delivers `text` as one read that arrived at `time`, read at `now`.
  static func feed(_ driver: ConnectionDriver<MemoryChannel>, _ bytes: [UInt8], arrivedAt time: Instant, now: Instant) {
    var items: [LineInput] = []
    let ending = bytes.withUnsafeBytes { driver.frame($0, into: &items, now: now) }
    driver.deliver(items, arrivedAt: time, droppedTelnetCommands: driver.framer.takeDroppedCommands(), now: now)
    if let ending { driver.endWeb(ending, now: now) }
  }

  static func text(_ channel: MemoryChannel) -> String { String(decoding: channel.peerRead(), as: UTF8.self) }

  @Test func aLineClientAttachesAtOnceAndItsLinesCarryTheirArrivalTime() {
    let (driver, owner) = Self.make()
    Self.feed(driver, Array("one\ntwo\n".utf8), arrivedAt: Self.at(5), now: Self.at(7))
    #expect(owner.calls == ["attached #1 peer", "received line(\"one\") at 5", "received line(\"two\") at 5"])
  }

  @Test func aTelnetTimingMarkIsAnsweredInOrderWithTheOutputAndWrittenAtOnce() {
    let (driver, _) = Self.make()
    driver.enqueue(line: "before")
    Self.feed(driver, [255, 253, 6], arrivedAt: .zero, now: .zero)
    #expect(driver.channel.peerRead() == Array("before\r\n".utf8) + [255, 251, 6])
  }

  @Test func closingFlushesTheQueueThenHalfClosesAndClosesWhenThePeerDoes() {
    let (driver, owner) = Self.make()
    driver.enqueue(line: "last")
    driver.close(flushFirst: true, now: .zero)
    #expect(owner.calls.last == "disconnected closed")
    #expect(driver.channel.isWriteShut && !driver.channel.isClosed)
    #expect(Self.text(driver.channel) == "last\r\n", "no farewell when the owner closes")
    driver.channel.peerEndsInput()
    driver.inputEnded(now: Self.at(1))
    #expect(driver.channel.isClosed && !driver.channel.wasReset)
  }

  @Test func aHangUpAsksForTheGraceOnceDeliveredThenResets() throws {
    let (driver, owner) = Self.make()
    driver.enqueue(line: "OK QUIT")
    driver.hangUp(now: Self.at(100))
    let (check, delay) = try #require(owner.scheduled.last)
    #expect(check == .delivery && delay == ConnectionStateMachine.hangUpGrace)
    driver.deliveryCheckDue(now: Self.at(399))
    #expect(!driver.channel.isClosed)
    driver.deliveryCheckDue(now: Self.at(400))
    #expect(driver.channel.isClosed && driver.channel.wasReset)
    #expect(Self.text(driver.channel) == "OK QUIT\r\n")
  }

  @Test func aFloodIsCutAtOnceWithTheFarewellTriedOnceOnALineOfItsOwn() {
    var configuration = LineServerConfiguration()
    configuration.rateLimit = TokenBucket.Configuration(linesPerSecond: 1, burst: 1, floodRefusals: 2)
    let (driver, owner) = Self.make(configuration)
    var cache = WebSocketTextCache()
    driver.enqueue(raw: Array("prompt> ".utf8), framing: &cache)
    driver.flushQueued(now: .zero)
    Self.feed(driver, Array("a\nb\nc\nd\n".utf8), arrivedAt: .zero, now: .zero)
    #expect(owner.calls.filter { $0.hasPrefix("disconnected") } == ["disconnected flooded"])
    #expect(driver.channel.isClosed)
    #expect(Self.text(driver.channel) == "prompt> \r\nbye flooded\r\n")
  }

  @Test func aBrowserSiteWaitsForTheSniffingTimeBeforeAttachingASilentConnectionAsAPersonWaiting() throws {
    var configuration = LineServerConfiguration()
    configuration.webSite = WebSite(files: [:])
    let (driver, owner) = Self.make(configuration)
    let (check, delay) = try #require(owner.scheduled.first)
    #expect(check == .sniffing && delay == configuration.sniffingTime && delay == .seconds(2))
    #expect(owner.calls.isEmpty)
    driver.sniffingTimeDue(now: Self.at(2_000))
    #expect(owner.calls == ["attached #1 peer waiting"])
  }

  @Test func aRequestHeadSlowerThanItsDeadlineIsCutWith408() {
    var configuration = LineServerConfiguration()
    configuration.webSite = WebSite(files: [:])
    configuration.requestHeadTimeout = .seconds(10)
    let (driver, owner) = Self.make(configuration)
    Self.feed(driver, Array("GET / HTTP/1.1\r\nHost: x\r\n".utf8), arrivedAt: Self.at(20), now: Self.at(20))
    #expect(driver.nextDeadline == Self.at(10_020))
    driver.tick(now: Self.at(10_019))
    #expect(driver.channel.pendingOutputBytes == 0 && driver.channel.socket.isEmpty)
    driver.tick(now: Self.at(10_020))
    #expect(Self.text(driver.channel).hasPrefix("HTTP/1.1 408 "))
    #expect(driver.channel.isWriteShut && owner.calls.isEmpty, "never attached, never reported")
  }
}
