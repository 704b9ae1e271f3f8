import SetAnalysis
import SetCore
import SetHost
import SetProtocol
import SetPureTestSupport
import SetTransport
import Testing

/// A seat that changes hands after a game: the table is ready for the new pair as a fresh table is,
/// their first game starts when both are seated, and the last result is only history.
@Suite("A new pair after a game")
struct NewPairTests {
  static let (ann, bob, cy, dee) = (ConnectionID(1), ConnectionID(2), ConnectionID(3), ConnectionID(4))

  /// ann and bob sat down; bob dropped and forfeited game 1.
  static func forfeited() -> HostDriver {
    var rules = Rules()
    rules.resumeGrace = 300
    var driver = HostDriver(seed: 7, rules: rules)
    for (id, name) in [(ann, "ann"), (bob, "bob")] {
      driver.connect(id)
      driver.send("MODE MACHINE", from: id, at: 0)
      driver.send("NAME \(name)", from: id, at: 0)
    }
    driver.disconnect(bob, at: Instant(milliseconds: 100))
    driver.advance(to: Instant(milliseconds: 500))
    return driver
  }

  @Test("after a forfeit, a new player sitting down starts game 2 at once; the record replays it")
  func newPlayerStartsAGame() throws {
    var driver = Self.forfeited()
    #expect(driver.host.match.results.count == 1)
    _ = driver.drain(Self.ann)
    driver.connect(Self.cy)
    driver.send("MODE MACHINE", from: Self.cy, at: 600)
    driver.send("NAME cy", from: Self.cy, at: 600)
    #expect(driver.host.match.game == 2 && driver.host.match.phase == .open)
    let lines = driver.drain(Self.ann)
    #expect(lines.first?.hasPrefix("JOINED ") == true && lines.first?.hasSuffix(" 2 cy") == true, "\(lines)")
    #expect(lines.dropFirst().first?.hasPrefix("START ") == true && lines.dropFirst().first?.contains(" 2 69 ") == true)
    #expect(driver.records.contains("cmd 600 2 JOIN FREED"), "\(driver.records)")
    let text = (GameRecord.header(seed: 7, rules: driver.host.match.rules) + driver.records).joined(separator: "\n")
    #expect(try Replay(text: text + "\n").verify() > 0)
    // The last result is history, under the names of those who played it.
    driver.send("HISTORY", from: Self.cy, at: 700)
    #expect(driver.drain(Self.cy).contains("RESULT 1 1 0 0 0 0 forfeit ann bob"))
  }

  @Test("when both left, the one who sits waits at a fresh table; the second to sit starts the game")
  func bothLeft() {
    var driver = Self.forfeited()
    driver.disconnect(Self.ann, at: Instant(milliseconds: 600))
    for id in [Self.cy, Self.dee] {
      driver.connect(id)
      driver.send("MODE MACHINE", from: id, at: 700)
    }
    driver.send("NAME cy", from: Self.cy, at: 700)
    #expect(driver.host.match.phase == .waiting && driver.host.match.table.cards.isEmpty)
    driver.send("NAME dee", from: Self.dee, at: 800)
    #expect(driver.host.match.game == 2 && driver.host.match.phase == .open)
    #expect(driver.host.match.scores == [0, 0])
  }

  /// A record written before `JOIN FREED` existed: after bob's forfeit, cy took the freed seat with a plain
  /// `JOIN` (the table stayed on game 1's result), and game 2 began only when both asked for it with `NEW`.
  static let recordBeforeFreedSeats = """
    SETDUEL-RECORD 1
    seed 7
    rules tableSize=12 claimWindow=5000 passedTurnWindow=10000 needlessDealWindow=7500 resumeGrace=300 setReward=1 wrongPickPenalty=1 claimExpiredPenalty=1 needlessDealPenalty=1 pickClaims=1
    cmd 0 1 JOIN
    ev JOINED 1 1 ann
    cmd 0 2 JOIN
    ev JOINED 2 2 bob
    ev START 3 1 69 A=2GOD B=2GSO C=3PTO D=3GOD E=2ROD F=2GTO G=1PTS H=2GOS I=3RSS J=1RSD K=3RSD L=2GSS
    cmd 100 2 LEAVE
    ev LEFT 4 2 300
    tick 500
    ev OVER 5 1 1 0 0 0 0 forfeit
    ev RATED 6 1 1500 1662 1500 1338
    cmd 600 2 JOIN
    ev JOINED 7 2 cy
    cmd 700 1 NEW
    ev REMATCH 8 1
    cmd 800 2 NEW
    ev REMATCH 9 2
    ev START 10 2 69 A=1RSS B=3GSD C=2RSS D=2POS E=2GOD F=1GSD G=3GOO H=2GTS I=2POO J=1PSS K=1RSD L=1GOO
    end
    """

  @Test("a record from before JOIN FREED, where a newcomer's JOIN and two NEWs started game 2, still replays")
  func oldRecordReplays() throws {
    let text = Self.recordBeforeFreedSeats + "\n"
    let replay = try Replay(text: text)
    #expect(try replay.verify() == 6)
    #expect(replay.unfinished == nil)
    #expect(replay.narration().contains { $0.contains("cy") })
    #expect(try RecordAnalysis.analyse(text).games.count == 2)
  }
}
