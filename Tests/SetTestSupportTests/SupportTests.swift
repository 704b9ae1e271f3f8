import SetCore
import SetHost
import SetNet
import SetTestSupport
import SetTransport
import Testing

/// The shared helpers fail when what they wait for or read never comes: a helper that always
/// succeeded would make every test that uses it unable to fail.
@Suite("Test support")
struct SupportTests {
  @Test("eventually is false when the condition never holds, after the timeout, and true once it holds")
  func eventuallyWaitsAndGivesUp() {
    let start = ContinuousClock.now
    #expect(!eventually(timeout: 0.1) { false })
    #expect(ContinuousClock.now - start >= .milliseconds(100))
    var polls = 0
    #expect(
      eventually(timeout: 10) {
        polls += 1
        return polls == 3
      })
    #expect(polls == 3)
  }

  @Test("the host driver keeps each connection's lines and the record, and drains only what is new")
  func hostDriverKeepsWhatWasSent() {
    var driver = HostDriver(seed: 7)
    let (ann, bob) = (ConnectionID(1), ConnectionID(2))
    driver.connect(ann)
    driver.connect(bob)
    #expect(driver.drain(ann).first?.hasPrefix("SETDUEL 1 ") == true)
    #expect(driver.drain(ann) == [])
    for id in [ann, bob] { driver.send("MODE MACHINE", from: id) }
    #expect(driver.drain(ann) == ["OK MODE machine"])
    let named = driver.send("NAME ann", from: ann, at: 10)
    #expect(named.contains(HostDriver.Delivery(to: ann, line: "OK NAME 1 token1")), "\(named)")
    #expect(driver.drain(ann) == named.filter { $0.to == ann }.map(\.line))
    driver.send("NAME bob", from: bob, at: 20)
    #expect(driver.tokens.issued == ["token1", "token2"])
    #expect(driver.records.contains { $0.hasPrefix("ev START ") }, "\(driver.records)")
    driver.advance(to: Instant(milliseconds: 5))
    #expect(driver.now == Instant(milliseconds: 20))
  }

  @Test("a loopback table serves until it is released, then stops")
  func loopbackTableStopsWhenReleased() throws {
    var table: LoopbackTable? = try LoopbackTable()
    let client = try #require(try table?.connect())
    #expect(client.readLine(timeout: 10)?.hasPrefix("SETDUEL 1 ") == true)
    table = nil
    #expect(client.waitForClose(timeout: 10))  // The server stopped, and closed its connections.
  }

  @Test("readLines records an issue when the line awaited never comes")
  func readLinesReportsAMissingLine() throws {
    let table = try LoopbackTable()
    let client = try table.connect()
    let lines = client.readLines { $0.hasPrefix("SETDUEL ") }
    #expect(lines.count == 1)
    withKnownIssue {
      _ = client.readLines(timeout: 0.2) { _ in false }
    }
  }
}
