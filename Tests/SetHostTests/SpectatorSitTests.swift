import SetCore
import SetProtocol
import SetPureTestSupport
import SetTransport
import Testing

@testable import SetHost

/// A spectator takes a freed seat with `SIT` on the connection it watches on: as the name's owner only
/// if it proved the name's secret, and within its address's seatings.
@Suite("SIT: a spectator takes a freed seat")
struct SpectatorSitTests {
  private let ann = ConnectionID(1)
  private let bob = ConnectionID(2)
  private let cy = ConnectionID(3)
  private let dan = ConnectionID(4)
  private let eve = ConnectionID(5)
  private let cySecret = "cy-own-secret-0123456789"

  /// A table where ann and bob play, and `watchers` (each with its `NAME` line) watch; bob then leaves
  /// and forfeits, so seat 2 is free.
  private func tableWithFreeSeat(_ watchers: [(ConnectionID, String)]) -> HostDriver {
    var rules = Rules()
    rules.resumeGrace = 200
    var driver = HostDriver(seed: 7, rules: rules)
    for (id, line) in [(ann, "NAME ann"), (bob, "NAME bob")] + watchers {
      driver.connect(id)
      driver.send("MODE MACHINE", from: id)
      driver.send(line, from: id)
    }
    driver.disconnect(bob, at: Instant(milliseconds: 1000))
    driver.advance(to: Instant(milliseconds: 2000))
    for id in [ann] + watchers.map(\.0) { _ = driver.drain(id) }
    return driver
  }

  @Test("a spectator who proved its name sits as its owner; one who did not is refused while no seat is free")
  func ownerSitsRated() throws {
    var driver = tableWithFreeSeat([(cy, "NAME cy \(cySecret)"), (dan, "NAME dan")])
    #expect(driver.host.seatsTaken.one && !driver.host.seatsTaken.two)
    driver.send("SIT", from: cy)
    let lines = driver.drain(cy)
    #expect(lines.last?.hasPrefix("OK SIT 2 ") == true, "\(lines)")
    #expect(lines.contains { $0.hasPrefix("NOTICE rating rated cy Rated: cy is yours") }, "\(lines)")
    let fingerprint = NameClaim.fingerprint(name: "cy", secret: cySecret)
    #expect(driver.records.contains(RecordLine.owner(.two, fingerprint: fingerprint).line), "\(driver.records)")
    #expect(driver.drain(ann).contains { $0.hasPrefix("JOINED ") && $0.hasSuffix(" 2 cy") })
    driver.send("SIT", from: dan)
    #expect(driver.drain(dan).last?.hasPrefix("ERR SEAT_TAKEN ") == true, "no seat is free")
    driver.send("SIT", from: cy)
    #expect(driver.drain(cy).last == "ERR SEAT_TAKEN you already play in seat 2")
    // Seated on the same connection, cy plays: the new pair's first game began as cy sat down.
    #expect(driver.host.match.game == 2 && driver.host.match.phase == .open)
    driver.send("CLAIM", from: cy)
    #expect(driver.drain(cy).last == "OK CLAIM")
  }

  @Test("a spectator without the secret of a name someone owns sits as a guest, and is not rated")
  func guestSitsUnrated() throws {
    var driver = tableWithFreeSeat([(cy, "NAME cy \(cySecret)")])
    driver.send("SIT", from: cy)
    // cy leaves: its name is owned now. A stranger comes as CY while both seats are taken.
    driver.connect(dan)
    driver.send("MODE MACHINE", from: dan)
    driver.send("NAME dan", from: dan)
    // Game 2 began as cy sat down: cy's seat is freed once it is forfeited.
    driver.disconnect(cy)
    driver.advance(to: Instant(milliseconds: 3000))
    driver.send("SIT", from: dan)
    driver.connect(eve)
    driver.send("MODE MACHINE", from: eve)
    driver.send("NAME CY", from: eve)
    #expect(driver.drain(eve).last == "OK NAME 0 -")
    driver.disconnect(dan)
    driver.advance(to: Instant(milliseconds: 4000))
    let ownerLines = driver.records.filter { $0.hasPrefix("owner ") }.count
    driver.send("SIT", from: eve)
    let lines = driver.drain(eve)
    #expect(lines.last?.hasPrefix("OK SIT ") == true, "\(lines)")
    #expect(lines.contains { $0.hasPrefix("NOTICE rating guest CY Guest: CY belongs to someone else") }, "\(lines)")
    #expect(driver.records.filter { $0.hasPrefix("owner ") }.count == ownerLines, "a guest is no owner")
  }

  @Test("SIT counts against the seatings of the address, and before NAME it is NOT_NAMED")
  func sitIsRateLimited() throws {
    var driver = tableWithFreeSeat([(cy, "NAME cy")])
    driver.host.players.seatingLimit.perMinute = 0
    driver.send("SIT", from: cy)
    #expect(driver.drain(cy).last?.hasPrefix("ERR RATE_LIMITED seats taken too often") == true)
    #expect(driver.host.seatsTaken.one && !driver.host.seatsTaken.two, "nothing was taken")
    driver.connect(dan)
    driver.send("MODE MACHINE", from: dan)
    driver.send("SIT", from: dan)
    #expect(driver.drain(dan).last?.hasPrefix("ERR NOT_NAMED") == true)
  }

  @Test("a spectator in the machine presentation is told the free seat as a field, before the words")
  func machineSpectatorIsToldTheSeat() throws {
    var rules = Rules()
    rules.resumeGrace = 200
    var driver = HostDriver(seed: 7, rules: rules)
    for (id, line) in [(ann, "NAME ann"), (bob, "NAME bob"), (cy, "NAME cy")] {
      driver.connect(id)
      driver.send("MODE MACHINE", from: id)
      driver.send(line, from: id)
    }
    driver.disconnect(bob, at: Instant(milliseconds: 1000))
    _ = driver.drain(cy)
    driver.advance(to: Instant(milliseconds: 2000))
    #expect(driver.drain(cy).contains("NOTICE seat 2 Seat 2 is free: type SIT to play in it."))
  }

  @Test("a player seated without a secret on a name no one owns is told it is open, in either presentation")
  func unownedNameIsOpen() throws {
    var driver = HostDriver(seed: 7)
    driver.connect(ann)
    driver.send("MODE MACHINE", from: ann)
    driver.send("NAME ann", from: ann)
    #expect(
      driver.drain(ann).contains(
        "NOTICE rating open ann Guest: anyone may play as ann; NAME ann <secret> makes it yours."))
    driver.connect(bob)
    driver.send("NAME bob", from: bob)
    #expect(driver.drain(bob).contains("Guest: anyone may play as bob; NAME bob <secret> makes it yours."))
  }

  @Test("a spectator in words is told the one thing to type when a seat is freed, and SIT takes it")
  func humanSpectatorIsToldToSit() throws {
    var rules = Rules()
    rules.resumeGrace = 200
    var driver = HostDriver(seed: 7, rules: rules)
    for (id, line) in [(ann, "NAME ann"), (bob, "NAME bob"), (cy, "NAME cy")] {
      driver.connect(id)
      driver.send(line, from: id)
    }
    driver.disconnect(bob, at: Instant(milliseconds: 1000))
    _ = driver.drain(cy)
    driver.advance(to: Instant(milliseconds: 2000))
    #expect(driver.drain(cy).contains("Seat 2 is free: type SIT to play in it."))
    driver.send("SIT", from: cy)
    let lines = driver.drain(cy)
    #expect(lines.contains { $0.hasPrefix("OK SIT 2 ") }, "\(lines)")
    #expect(lines.contains("If your connection drops, reconnect and type:"), "\(lines)")
  }
}
