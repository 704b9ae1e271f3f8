import SetCore
import SetProtocol
import SetPureTestSupport
import SetStats
import SetTransport
import Testing

@testable import SetHost

/// A stream of throwaway names (connect, `NAME z<n>`, `QUIT`, again and again) neither grows the game
/// record without end nor the figures `TOP` reads.
@Suite("Faults: throwaway names")
struct ThrowawayNameFaultTests {
  /// Takes seat 1 as `name` from connection `id` and leaves: what the host replied to `NAME`.
  static func seatAndLeave(_ driver: inout HostDriver, _ id: Int, _ name: String, at now: Int64) -> String {
    let connection = ConnectionID(UInt64(id))
    _ = driver.connect(connection, at: Instant(milliseconds: now))
    let replies =
      driver.send("MODE MACHINE", from: connection, at: now) + driver.send("NAME \(name)", from: connection, at: now)
    _ = driver.disconnect(connection, at: Instant(milliseconds: now))
    return replies.last { $0.line.hasPrefix("OK NAME") || $0.line.hasPrefix("ERR ") }?.line ?? ""
  }

  @Test("one address takes a seat at most 30 times a minute; past it NAME is refused and nothing is recorded")
  func seatingsPerAddressAreBounded() {
    var driver = HostDriver(seed: 7)
    for index in 0..<30 {
      #expect(Self.seatAndLeave(&driver, index + 1, "z\(index)", at: Int64(index) * 10).hasPrefix("OK NAME 1 "))
    }
    let recorded = driver.records.count
    for index in 30..<1000 {
      let reply = Self.seatAndLeave(&driver, index + 1, "z\(index)", at: 400 + Int64(index))
      #expect(reply.hasPrefix("ERR RATE_LIMITED seats taken too often"), "\(reply)")
    }
    #expect(driver.records.count == recorded, "a refused name wrote \(driver.records.count - recorded) lines")
    // Another address is not held back; nor is the same one once its minute is over.
    _ = driver.host.connect(ConnectionID(5000), peer: "192.0.2.7:4000", at: Instant(milliseconds: 2000))
    let other = driver.send("NAME other", from: ConnectionID(5000), at: 2000)
    #expect(other.contains { $0.line.hasPrefix("OK NAME 1 ") }, "\(other)")
    _ = driver.disconnect(ConnectionID(5000), at: Instant(milliseconds: 2000))
    #expect(Self.seatAndLeave(&driver, 6000, "later", at: 60_001).hasPrefix("OK NAME 1 "))
  }

  @Test("names seated and gone add no player: TOP and the players are those of the games alone")
  func throwawayNamesAddNoPlayers() throws {
    let simulated = SimulatedRecords(count: 20, pool: ["ann", "bob", "cy", "dee"])
    var plain = History()
    for text in simulated.texts { try plain.fold(record: text) }
    // The same records, with 100,000 names seated and gone before the games.
    var throwaways = ["SETDUEL-RECORD 1", "seed 1"]
    for index in 0..<100_000 {
      throwaways += ["cmd \(index) 1 JOIN", "ev JOINED \(index + 1) 1 z\(index)", "cmd \(index) 1 LEAVE"]
    }
    var flooded = History()
    try flooded.fold(record: throwaways.joined(separator: "\n"))
    for text in simulated.texts { try flooded.fold(record: text) }
    #expect(flooded.players == plain.players)
    #expect(flooded.leaderboard(limit: 100) == plain.leaderboard(limit: 100))
    #expect(flooded.player("z5") == nil)
  }

  @Test("the leaderboard kept as games end is every finished player sorted by rating, ties by name")
  func leaderboardOrder() throws {
    var history = History()
    for text in SimulatedRecords(count: 40, pool: ["ann", "bob", "cy", "dee", "eve", "fay"]).texts {
      try history.fold(record: text)
      let sorted = history.players.values.filter { $0.games > 0 }.sorted {
        $0.rating.rating != $1.rating.rating
          ? $0.rating.rating > $1.rating.rating : $0.name.lowercased() < $1.name.lowercased()
      }
      #expect(history.leaderboard() == sorted)
      #expect(history.leaderboard(limit: 2) == Array(sorted.prefix(2)))
    }
  }
}
