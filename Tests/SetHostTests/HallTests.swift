import SetCore
import SetProtocol
import SetPureTestSupport
import SetTransport
import Testing

@testable import SetHost

// Past 300 lines because it holds one test for each of the hall's requests and rules, and the seeded
// random sequences that check them together.

/// Connection `n`.
private func c(_ number: UInt64) -> ConnectionID { ConnectionID(rawValue: number) }

@Suite("The hall: many tables in one server")
struct HallTests {
  /// A hall of two tables, ann and bob playing at table 1 and cy and dee at table 2, all in the machine presentation.
  static func twoGames() -> HallDriver {
    var hall = HallDriver(seed: 7)
    for number in 1...4 as ClosedRange<UInt64> {
      hall.connect(c(number))
      hall.send("MODE MACHINE", from: c(number))
    }
    hall.send("NAME ann", from: c(1))
    hall.send("NAME bob", from: c(2))
    hall.send("OPEN", from: c(3))
    hall.send("NAME cy", from: c(3))
    hall.send("JOIN 2", from: c(4))
    hall.send("NAME dee", from: c(4))
    return hall
  }

  @Test("a client that never says JOIN is at table 1, and a table's events reach only its own people")
  func eventsStayAtTheirTable() {
    var hall = Self.twoGames()
    #expect(hall.hall.table(of: c(1)) == 1 && hall.hall.table(of: c(2)) == 1)
    #expect(hall.hall.table(of: c(3)) == 2 && hall.hall.table(of: c(4)) == 2)
    for number in 1...4 { _ = hall.drain(c(UInt64(number))) }
    hall.send("SAY hello one", from: c(1))
    hall.send("SAY hello two", from: c(3))
    for number in [1, 2] as [UInt64] {
      let lines = hall.drain(c(number))
      #expect(lines.contains { $0.hasSuffix("ann hello one") })
      #expect(!lines.contains { $0.contains("hello two") })
    }
    for number in [3, 4] as [UInt64] {
      let lines = hall.drain(c(number))
      #expect(lines.contains { $0.hasSuffix("cy hello two") })
      #expect(!lines.contains { $0.contains("hello one") })
    }
    // Both games started, each on its own deal and record.
    #expect(hall.records[1]?.contains { $0.contains("START") } == true)
    #expect(hall.records[2]?.contains { $0.contains("START") } == true)
    #expect(hall.records[1]?.contains { $0.contains("cy") } == false)
  }

  @Test("table 1's listing names the computer player the shell seats there itself, as a table opened with bot= does")
  func theShellsComputerPlayerIsListed() {
    var hall = HallDriver(seed: 7)
    #expect(hall.hall.listings.first?.bot == nil)
    hall.hall.announceBot(.easy, at: 1)
    #expect(hall.hall.listings.first?.bot == .easy)
    #expect(hall.hall.listings.first?.line.hasSuffix(" waiting 0 easy") == true, "\(hall.hall.listings)")
    hall.connect(c(1))
    hall.send("MODE MACHINE", from: c(1))
    #expect(hall.send("TABLES", from: c(1)).first == "HALL 1 table-1 normal - sets - - 0 0 waiting 0 easy")
  }

  @Test("JOIN in the middle of a claim leaves the seat as a drop does; JOIN back takes it back and play goes on")
  func joinDuringAClaim() throws {
    var hall = Self.twoGames()
    hall.send("CLAIM", from: c(1))
    _ = hall.drain(c(2))
    let moved = hall.send("JOIN 2", from: c(1))
    #expect(moved.last == "OK JOIN 2 0 -")  // Both seats at table 2 are taken: ann watches.
    let seen = hall.drain(c(2))
    #expect(seen.contains { $0.hasPrefix("LEFT ") && $0.contains(" 1 ") })
    #expect(hall.hall.host(of: 1)?.match.phase.isPaused == true)
    let back = hall.send("JOIN 1", from: c(1))
    let reply = try #require(back.last)
    #expect(reply.hasPrefix("OK JOIN 1 1 "))
    #expect(hall.drain(c(2)).contains { $0.hasPrefix("GO ") && $0.contains("claim 1") })
    #expect(hall.hall.host(of: 1)?.match.phase.isPaused == false)
  }

  @Test("names belong to the hall: a name in use at one table is taken at every other")
  func namesAreTheHalls() {
    var hall = Self.twoGames()
    hall.connect(c(5))
    hall.send("MODE MACHINE", from: c(5))
    hall.send("JOIN 2", from: c(5))
    #expect(hall.send("NAME Ann", from: c(5)).last?.hasPrefix("ERR NAME_TAKEN") == true)
    #expect(hall.send("NAME eve", from: c(5)).last == "OK NAME 0 -")
  }

  @Test("a resume token names its table, and RESUME on a new connection lands there")
  func resumeAtTableThree() throws {
    var hall = HallDriver(seed: 3)
    hall.connect(c(1))
    hall.send("MODE MACHINE", from: c(1))
    hall.send("OPEN", from: c(1))
    let opened = hall.send("OPEN third", from: c(1))
    #expect(opened.last?.hasPrefix("OK OPEN 3 0 -") == true)
    let named = try #require(hall.send("NAME ann", from: c(1)).last)
    let token = try #require(named.split(separator: " ").last.map(String.init))
    #expect(token.hasPrefix("3-"))
    hall.connect(c(3))
    hall.send("JOIN third", from: c(3))
    hall.send("NAME bob", from: c(3))
    hall.disconnect(c(1))
    hall.connect(c(2))
    hall.send("MODE MACHINE", from: c(2))
    #expect(hall.hall.table(of: c(2)) == 1)
    #expect(hall.send("RESUME \(token)", from: c(2)).last == "OK RESUME 1 ann")
    #expect(hall.hall.table(of: c(2)) == 3)
    #expect(hall.send("WHERE", from: c(2)).last == "OK WHERE 3 third")
  }

  @Test("OPEN at the limit of tables, and past an address's opens a minute, is refused and changes nothing")
  func openLimits() {
    var limits = Hall.Limits()
    limits.maxTables = 3
    limits.opensPerMinute = 2
    var hall = HallDriver(seed: 1, limits: limits)
    hall.connect(c(1))
    hall.send("MODE MACHINE", from: c(1))
    hall.send("OPEN", from: c(1))
    hall.send("OPEN", from: c(1))
    #expect(hall.send("OPEN", from: c(1)).last?.hasPrefix("ERR HALL_FULL") == true)
    #expect(hall.hall.listings.count == 3)
    var roomy = HallDriver(
      seed: 1,
      limits: {
        var l = limits; l.maxTables = 10; return l
      }())
    roomy.connect(c(1))
    roomy.send("MODE MACHINE", from: c(1))
    roomy.send("OPEN", from: c(1))
    roomy.send("OPEN", from: c(1))
    #expect(roomy.send("OPEN", from: c(1)).last?.hasPrefix("ERR RATE_LIMITED") == true)
    #expect(roomy.hall.table(of: c(1)) == 3)
    roomy.advance(to: Instant(milliseconds: 61_000))
    #expect(roomy.send("OPEN", from: c(1)).last?.hasPrefix("OK OPEN 4 ") == true)
  }

  @Test("the seats one address may take with NAME in a minute are the hall's limit (serve --seat-rate), at every table")
  func seatLimit() {
    var limits = Hall.Limits()
    limits.seatsPerMinute = 2
    var hall = HallDriver(seed: 1, limits: limits)
    hall.connect(c(9), peer: "10.0.0.99:4000")
    hall.send("MODE MACHINE", from: c(9))
    #expect(hall.send("OPEN second", from: c(9)).last?.hasPrefix("OK OPEN 2") == true)
    for (index, table) in [1, 1, 2].enumerated() {
      let id = c(UInt64(index + 1))
      hall.connect(id, peer: "10.0.0.9:\(4000 + index)")
      hall.send("MODE MACHINE", from: id)
      if table != 1 { hall.send("JOIN \(table)", from: id) }
    }
    #expect(hall.send("NAME ann", from: c(1)).contains { $0.hasPrefix("OK NAME 1 ") })
    #expect(hall.send("NAME bob", from: c(2)).contains { $0.hasPrefix("OK NAME 2 ") })
    #expect(
      hall.send("NAME cy", from: c(3)).last
        == "ERR RATE_LIMITED seats taken too often from your address: at most 2 a minute")
    hall.connect(c(4), peer: "10.0.0.10:4000")
    hall.send("MODE MACHINE", from: c(4))
    hall.send("JOIN 2", from: c(4))
    #expect(
      hall.send("NAME dee", from: c(4)).contains { $0.hasPrefix("OK NAME 1 ") }, "another address is not held back")
  }

  @Test("bad JOINs and OPENs get a clear error and change nothing")
  func badRequests() {
    var hall = Self.twoGames()
    let before = hall.hall.listings
    let refused = [
      "JOIN 9": "ERR NO_SUCH_TABLE", "JOIN nowhere": "ERR NO_SUCH_TABLE", "OPEN variant=ultar": "did you mean ultra?",
      "OPEN \(String(repeating: "x", count: 200))": "ERR BAD_ARGUMENT", "OPEN table-2": "ERR NAME_TAKEN",
      "OPEN variant=junior firstTo=20": "at most", "JOIN \u{1B}[2J": "ERR",
    ]
    for (line, start) in refused {
      let reply = hall.send(line, from: c(1)).last ?? ""
      #expect(reply.contains(start), "\(line): \(reply)")
    }
    #expect(hall.hall.listings == before)
    #expect(hall.hall.table(of: c(1)) == 1)
  }

  @Test("a person's bad OPEN or JOIN on nc gets an error that fits 79 columns, whatever was typed")
  func badRequestsFitATerminal() {
    var hall = HallDriver(seed: 7)
    hall.connect(c(1))
    hall.send("NAME ann", from: c(1))
    let long = String(repeating: "y", count: 300)
    // Each error, worked out by hand from protocol.md's rules: a quoted word is cut to 15 characters
    // and an ellipsis.
    let expected = [
      "OPEN \(long)": "ERR BAD_ARGUMENT a table name is 1 to 24 letters, digits, - or _, with a letter",
      "OPEN variant=\(long)": "ERR BAD_ARGUMENT a variant is normal, junior, shuffle, chain, ultra or ultra9",
      "OPEN variant=ultar": "ERR BAD_ARGUMENT no such variant ultar (did you mean ultra?)",
      "OPEN \(long)=1": "ERR BAD_ARGUMENT OPEN's options are variant, firstTo, scoring and bot",
      "OPEN firsto=3": "ERR BAD_ARGUMENT no such option firsto (did you mean firstTo?)",
      "OPEN one two": "ERR BAD_ARGUMENT usage: OPEN [<name>] [<option>=<value>]... (HELP OPEN)",
      "OPEN firstTo=0 variant=junior scoring=speed bot=hard":
        "ERR BAD_ARGUMENT firstTo takes a number of sets from 1 to 40",
      "JOIN \(long.prefix(24))": "ERR NO_SUCH_TABLE no table yyyyyyyyyyyyyyy… is open; TABLES lists them",
      "JOIN \(long)": "ERR BAD_ARGUMENT usage: JOIN <table>",
      // The terminal's escape sequence is dropped as the line is read; the bell is shown, not rung.
      "JOIN \u{1B}[2J\u{7}bell": "ERR NO_SUCH_TABLE no table ␇bell is open; TABLES lists them",
      "STATS ann \(long)": "ERR BAD_ARGUMENT a variant is normal, junior, shuffle, chain, ultra or ultra9",
    ]
    for (line, error) in expected {
      let reply = hall.send(line, from: c(1)).filter { !$0.hasPrefix("> ") && !$0.isEmpty }.last ?? ""
      #expect(reply == error, "\(line.prefix(30)): \(reply)")
      #expect(reply.count <= 79, "\(reply)")
    }
    #expect(hall.hall.table(of: c(1)) == 1 && hall.hall.listings.count == 1)
  }

  @Test("the last player leaving a table leaves it open for the idle time, then it closes; table 1 never closes")
  func desertedTablesClose() {
    var hall = HallDriver(seed: 2)
    hall.connect(c(1))
    hall.send("MODE MACHINE", from: c(1))
    hall.send("TABLES WATCH", from: c(1))
    hall.connect(c(2))
    hall.send("MODE MACHINE", from: c(2))
    hall.send("OPEN", from: c(2))
    hall.send("NAME bob", from: c(2))
    hall.disconnect(c(2))
    #expect(hall.hall.deadline == Instant(milliseconds: 600_000))
    hall.advance(to: Instant(milliseconds: 599_999))
    #expect(hall.hall.listings.count == 2)
    hall.advance(to: Instant(milliseconds: 600_000))
    #expect(hall.hall.listings.map(\.id) == [1])
    #expect(hall.closed == [2])
    #expect(hall.records[2]?.last == "end")
    #expect(hall.drain(c(1)).last == "HALL 2 table-2 normal - sets - - 0 0 closed 0 -")
    hall.advance(to: Instant(milliseconds: 10_000_000))
    #expect(hall.hall.listings.map(\.id) == [1])
  }

  @Test("TABLES WATCH pushes each change until the connection joins a table")
  func watchingTheHall() {
    var hall = HallDriver(seed: 4)
    hall.connect(c(1))
    hall.send("MODE MACHINE", from: c(1))
    let listed = hall.send("TABLES WATCH", from: c(1))
    #expect(listed == ["HALL 1 table-1 normal - sets - - 0 0 waiting 0 -", "OK TABLES 1"])
    hall.connect(c(2))
    hall.send("NAME ann", from: c(2))
    #expect(hall.drain(c(1)).last == "HALL 1 table-1 normal - sets ann - 0 0 waiting 0 -")
    hall.send("OPEN finals variant=ultra bot=easy", from: c(2))
    let pushed = hall.drain(c(1))
    #expect(pushed.contains("HALL 2 finals ultra - sets ann - 0 0 waiting 0 easy"))
    #expect(pushed.contains("HALL 1 table-1 normal - sets - - 0 0 waiting 0 -"))
    #expect(hall.botsWanted.map(\.name) == ["bot-easy"] && hall.botsWanted.map(\.table) == [2])
    hall.send("JOIN 2", from: c(1))
    _ = hall.drain(c(1))
    hall.connect(c(3))
    hall.send("NAME cy", from: c(3))
    #expect(!hall.drain(c(1)).contains { $0.hasPrefix("HALL ") })
  }

  @Test("OPEN bot=LEVEL asks for a computer player under a name nobody has, marked as one at that table")
  func openWithABot() {
    var hall = HallDriver(seed: 6)
    hall.connect(c(1))
    hall.send("MODE MACHINE", from: c(1))
    hall.send("NAME ann", from: c(1))
    #expect(hall.send("OPEN bot=normal", from: c(1)).last?.hasPrefix("OK OPEN 2 1 2-") == true)
    #expect(hall.botsWanted.map(\.name) == ["bot-normal"])
    hall.connect(c(2), peer: "127.0.0.1:50000")
    hall.send("MODE MACHINE", from: c(2))
    hall.send("JOIN 2", from: c(2))
    #expect(hall.send("NAME bot-normal", from: c(2)).last?.hasPrefix("OK NAME 2 2-") == true)
    #expect(hall.hall.table(of: c(2)) == 2)
    #expect(hall.hall.listings.last?.seats.two == "bot-normal" && hall.hall.listings.last?.state == .playing)
    #expect(hall.records[2]?.contains("bot 2") == true, "marked as a computer player in the record")
    // The name is in use while it plays: the next computer player of that level gets another.
    hall.send("OPEN bot=normal", from: c(1))
    #expect(hall.botsWanted.map(\.name) == ["bot-normal", "bot-normal-2"])
    hall.connect(c(3))
    hall.send("MODE MACHINE", from: c(3))
    #expect(hall.send("NAME bot-normal", from: c(3)).last?.hasPrefix("ERR NAME_TAKEN") == true)
  }

  @Test("a thousand connections watching the hall each get one line a change, and JOIN back and forth is bounded")
  func watchersAndJoinFloods() throws {
    var hall = HallDriver(seed: 8)
    hall.connect(c(1))
    hall.send("MODE MACHINE", from: c(1))
    hall.send("NAME ann", from: c(1))
    hall.send("OPEN", from: c(1))
    for number in 1_000..<2_000 as Range<UInt64> {
      hall.connect(c(number))
      hall.send("MODE MACHINE", from: c(number))
      hall.send("TABLES WATCH", from: c(number))
      _ = hall.drain(c(number))
    }
    hall.send("JOIN 1", from: c(1))
    for number in 1_000..<2_000 as Range<UInt64> {
      #expect(
        hall.drain(c(number)) == [
          "HALL 1 table-1 normal - sets ann - 0 0 waiting 0 -", "HALL 2 table-2 normal - sets - - 0 0 waiting 0 -",
        ])
    }
    for number in 1_000..<2_000 as Range<UInt64> { hall.disconnect(c(number)) }
    // JOIN back and forth 10,000 times: the address takes at most its seatings a minute, in the whole
    // hall, so the tables' records and the hall's state stay bounded.
    let seatings = hall.records.values.joined().filter { $0.contains("JOINED") }.count
    for turn in 0..<10_000 { hall.send(turn % 2 == 0 ? "JOIN 2" : "JOIN 1", from: c(1)) }
    #expect(hall.hall.table(of: c(1)) == 1)
    #expect(hall.hall.heldSeats.isEmpty && hall.hall.listings.count == 2)
    let more = hall.records.values.joined().filter { $0.contains("JOINED") }.count - seatings
    #expect(
      more == SeatingLimit().perMinute - 3,
      "the seatings one address may take in a minute, less ann's three (NAME, OPEN, JOIN 1)")
    #expect(try #require(hall.drain(c(1)).last).hasPrefix("OK JOIN 1 "))
  }

  @Test("1,000 seeded random sequences across five tables keep the hall's invariants, and every record replays")
  func randomSequences() throws {
    let verbs = ["OPEN", "JOIN 1", "JOIN 2", "JOIN 3", "JOIN 4", "JOIN 5", "PICK A B C", "CLAIM", "DEAL", "TABLES"]
    for seed in 1...1_000 as ClosedRange<UInt64> {
      var random = SplitMix64(seed: seed)
      var hall = HallDriver(seed: seed)
      var open: [ConnectionID] = []
      var next: UInt64 = 1
      var clock: Int64 = 0
      for _ in 0..<60 {
        clock += Int64(random.next() % 3_000)
        let roll = random.next() % 100
        if roll < 10 || open.isEmpty {
          let id = c(next)
          next += 1
          hall.connect(id)
          if random.next() % 2 == 0 { hall.send("MODE MACHINE", from: id, at: Instant(milliseconds: clock)) }
          open.append(id)
        } else if roll < 16 {
          let id = open.remove(at: Int(random.next() % UInt64(open.count)))
          if random.next() % 2 == 0 { hall.send("QUIT", from: id) }
          hall.disconnect(id)
        } else {
          let id = open[Int(random.next() % UInt64(open.count))]
          let line =
            roll < 30 ? "NAME p\(id.rawValue % 7)" : verbs[Int(random.next() % UInt64(verbs.count))]
          hall.send(line, from: id, at: Instant(milliseconds: clock))
        }
        if random.next() % 5 == 0 { hall.advance(to: Instant(milliseconds: clock)) }
      }
      // Every connection at exactly one table, and each seat held by at most one connection.
      #expect(Set(hall.hall.connectionIDs) == Set(open), "seed \(seed)")
      for id in open {
        let at = try #require(hall.hall.table(of: id))
        #expect(hall.hall.host(of: at)?.clientIDs.contains(id) == true, "seed \(seed)")
        for other in hall.hall.listings.map(\.id) where other != at {
          #expect(hall.hall.host(of: other)?.clientIDs.contains(id) == false, "seed \(seed)")
        }
      }
      // A connection sits in at most one seat, at its own table; a name sits, present, at one table at most.
      var present: [String] = []
      for table in hall.hall.listings.map(\.id) {
        let seating = try #require(hall.hall.host(of: table)?.seating)
        for holder in seating.holders.values.compactMap({ $0 }) {
          guard let client = holder.client else { continue }
          #expect(hall.hall.table(of: client) == table, "seed \(seed)")
          present.append(holder.name.lowercased())
        }
      }
      #expect(present.count == Set(present).count, "a name seated twice, seed \(seed)")
      for table in hall.records.keys.sorted() {
        let replay = try Replay(text: hall.recordText(of: table))
        #expect(throws: Never.self, "seed \(seed), table \(table)") { _ = try replay.verify() }
      }
    }
  }
}

extension Phase {
  fileprivate var isPaused: Bool { if case .paused = self { true } else { false } }
}
