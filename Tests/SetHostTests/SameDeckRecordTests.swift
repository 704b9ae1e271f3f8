import SetAnalysis
import SetCore
import SetHost
import SetProtocol
import SetPureTestSupport
import SetTransport
import Testing

@Suite("A same-deck rematch in the record")
struct SameDeckRecordTests {
  @Test("the record marks the pair, replays exactly, and analyse names the earlier game")
  func recordReplaysAndAnalyses() throws {
    var rules = Rules()
    rules.firstTo = 1
    var driver = HostDriver(seed: 7, rules: rules)
    let (ann, bob) = (ConnectionID(1), ConnectionID(2))
    for id in [ann, bob] { driver.connect(id) }
    for id in [ann, bob] { driver.send("MODE MACHINE", from: id, at: 0) }
    driver.send("NAME ann", from: ann, at: 0)
    driver.send("NAME bob", from: bob, at: 0)
    let first = driver.host.match.table.cards
    driver.send("PICK A F L", from: ann, at: 100)  // the one set game 1 is played to
    #expect(driver.host.match.results.count == 1)
    driver.send("REMATCH SAME", from: ann, at: 700)
    driver.send("REMATCH SAME", from: bob, at: 800)
    #expect(driver.host.match.game == 2)
    #expect(driver.host.match.table.cards == first)
    let text = (GameRecord.header(seed: 7, rules: rules) + driver.records).joined(separator: "\n") + "\n"
    #expect(text.contains("\ncmd 800 2 REMATCH SAME\n"))
    #expect(text.contains("\nsame 2 1\n"))
    // Seats swapped: bob now in seat 1, ann in seat 2, each told right after the START.
    #expect(text.contains("\nev JOINED 16 1 bob\nev JOINED 17 2 ann\n"), "\(text)")
    let annsClient = try #require(driver.received[ann])
    #expect(annsClient.contains("JOINED 17 2 ann"))
    let replay = try Replay(text: text)
    #expect(try replay.verify() > 0)
    let analysis = try RecordAnalysis.analyse(text + "end\n")
    let pairs: [Int?] = analysis.games.map(\.sameDeckAs)
    #expect(pairs == [nil, 1])
  }
}
