import SetDiscovery
import Testing

/// A hall announced once: its TXT record adds how many tables are open and how many wait for a player.
@Suite("A hall's TXT record")
struct HallAdvertTests {
  static let hall = TableAdvert(
    phase: .playing, seats: ["ann", "bob"], watching: 0, page: "/", hall: HallCounts(tables: 5, waiting: 2))

  @Test("tables= and waiting= go out after the other keys and read back")
  func roundTrip() {
    let keys = Self.hall.txt.map { String(decoding: $0, as: UTF8.self) }
    #expect(keys.suffix(2) == ["tables=5", "waiting=2"])
    #expect(TableAdvert(txt: Self.hall.txt) == Self.hall)
    #expect(TableAdvert(txt: TableAdvert.empty.txt)?.hall == nil, "a server of one table says nothing of a hall")
  }

  @Test("a hall waits for a player when one of its tables does, whatever table 1 is doing")
  func waiting() {
    #expect(Self.hall.isWaitingForPlayer)
    #expect(Self.hall.summary == "5 tables, 2 waiting for a player")
    var full = Self.hall
    full.hall = HallCounts(tables: 3, waiting: 0)
    #expect(!full.isWaitingForPlayer && full.summary == "3 tables, none waiting for a player")
    let table = FoundTable(name: "club", address: [10, 0, 0, 2], port: 7878, advert: Self.hall)
    #expect(table.line == "club, 10.0.0.2:7878, 5 tables, 2 waiting for a player")
    #expect(table.porcelain.split(separator: "\t", omittingEmptySubsequences: false).suffix(2) == ["5", "2"])
  }

  @Test("counts that are not small whole numbers are not read; waiting is at most the tables")
  func hostileCounts() {
    for bad in ["-1", "", "1e3", "9999999", "3 "] {
      let advert = TableAdvert(txt: [Array("phase=waiting".utf8), Array("tables=\(bad)".utf8)])
      #expect(advert?.hall == nil, "\(bad)")
    }
    let advert = TableAdvert(txt: [Array("phase=waiting".utf8), Array("tables=2".utf8), Array("waiting=9".utf8)])
    #expect(advert?.hall == HallCounts(tables: 2, waiting: 2))
  }
}
