import Glibc
import SetProtocol
import SetTestSupport
import Testing

/// A tournament as an organiser runs it: `setduel serve --tournament`, players entering over TCP and
/// moved to their tables, and the tournament's record read back by `setduel tournament`.
@Suite("A tournament, served by the built binary")
struct TournamentProcessTests {
  @Test(
    "four players enter, the organiser starts, each pair is moved to its table; a forfeit is reported and the record replays"
  )
  func swissRoundAndItsRecord() throws {
    let folder = try makeTemporaryFolder("tournament")
    defer { removeFolder(folder) }
    let server = try ServedTable(
      folder: folder, options: ["--tournament", "swiss", "--organiser", "org", "--start-in", "10m", "--grace", "1"])
    let org = try MachineClient(port: server.port, label: "org")
    try org.ok("NAME org 8cTq2VbX0rLm5YwJ")
    var players: [String: MachineClient] = [:]
    for name in ["ann", "bob", "cy", "dee"] {
      let client = try MachineClient(port: server.port, label: name)
      try client.ok("NAME \(name)")
      try client.ok("ENTER")
      players[name] = client
    }
    try players["ann"]!.refused("TOURNAMENT START", .notNow)
    _ = try org.ok("TOURNAMENT START")
    var opponents: [String: String] = [:]
    for (name, client) in players {
      let seat = try client.readUntil("\(name)'s pairing") { $0.hasPrefix("TOURNEY seat ") && $0.contains(" \(name)") }
      let seats = seat.split(separator: " ").suffix(2).map(String.init)
      opponents[name] = seats.first { $0 != name }
      let here = try client.request("WHERE").reply.line
      #expect(!here.contains("WHERE 1 "), "\(name) was moved to a table of its own game: \(here)")
    }
    #expect(opponents[opponents["ann"]!] == "ann")
    // ann drops out of her game: past the resume grace it is lost by forfeit, and everyone is told.
    players["ann"]!.close()
    let other = players[opponents["ann"]!]!
    let result = try other.readUntil("the forfeit") { $0.hasPrefix("TOURNEY result ") && $0.contains("ann") }
    #expect(result.contains(" forfeit"), "\(result)")
    let standings = try org.request("STANDINGS").before.filter { $0.hasPrefix("STANDING ") }
    #expect(standings.count == 4 && standings.allSatisfy { StandingLine(line: $0) != nil }, "\(standings)")

    server.process.signal(SIGKILL)
    #expect(server.process.end() == "signal 9")
    let records = try listFiles(folder + "/records").filter { $0.hasSuffix(".tournament") }
    #expect(records.count == 1)
    let path = folder + "/records/" + records[0]
    let replayed = try runSetduel(["tournament", "replay", path], folder: folder)
    #expect(replayed.end == "exit 0", "\(replayed.output) \(replayed.error)")
    let json = try runSetduel(["tournament", path, "--json"], folder: folder)
    #expect(
      json.end == "exit 0" && json.output.hasPrefix("{\"format\":\"swiss\",\"state\":\"running\""), "\(json.output)")

    // A result changed by hand, and a line of a megabyte: warnings naming the file and line.
    let text = try readFile(path)
    let edited = text.replacing("result=forfeit", with: "result=seat")
    try writeFile(path, edited + String(repeating: "x", count: 1 << 20) + "\n")
    let hostile = try runSetduel(["tournament", "replay", path], folder: folder)
    #expect(hostile.end == "exit 1")
    #expect(hostile.error.contains("\(path):") && hostile.error.contains("longer than 65536"), "\(hostile.error)")
  }
}

@Suite("A tournament of bots, served by the built binary")
struct TournamentBotTests {
  @Test(
    "sixteen bots ENTER with setduel bot --enter and play a whole Swiss of four rounds, moved from table to table by the server"
  )
  func botsPlayASwiss() throws {
    let folder = try makeTemporaryFolder("tournament-bots")
    defer { removeFolder(folder) }
    let server = try ServedTable(
      folder: folder,
      options: ["--tournament", "swiss", "--rounds", "4", "--first-to", "1", "--organiser", "org", "--start-in", "10m"])
    let org = try MachineClient(port: server.port, label: "org")
    try org.ok("NAME org 8cTq2VbX0rLm5YwJ")
    let names = (1...16).map { "b\($0)" }
    let bots = try startBots(names, port: server.port, folder: folder, organiser: org)
    defer { for bot in bots { bot.signal(SIGTERM) } }
    // Each round is paired once the one before has ended; NEXT skips the break before its games. All
    // sixteen bots come from one address: the seats a pairing gives do not count against its limit.
    #expect(
      try eventually(timeout: 180, pollMilliseconds: 1_000) {
        _ = try? org.request("TOURNAMENT NEXT")
        return try org.request("TOURNAMENT").reply.line.contains(" finished ")
      })
    let standings = try org.request("STANDINGS").before.compactMap { StandingLine(line: $0) }
    #expect(standings.count == 16 && standings.allSatisfy { $0.games == 4 }, "\(standings.map(\.line))")
    #expect(standings.map(\.points).reduce(0) { $0 + (Double($1) ?? 0) } == 32)
    // No bot was renamed on the way, and every game was played at its table: none lost by a no-show.
    #expect(standings.allSatisfy { names.contains($0.name) }, "\(standings.map(\.line))")
    let record = try listFiles(folder + "/records").filter { $0.hasSuffix(".tournament") }
    let text = try readFile(folder + "/records/" + record[0])
    #expect(!text.contains("result=forfeit"), "\(text)")
    // Each game's record names it: its number, its round and the tournament's record.
    let games = try listFiles(folder + "/records").filter { $0.hasSuffix(".record") }.map {
      try readFile(folder + "/records/" + $0)
    }
    for game in 1...32 {
      let round = (game - 1) / 8 + 1
      #expect(games.contains { $0.contains("\ntournament \(game) \(round) \(record[0])\n") }, "game \(game)")
    }
    server.process.signal(SIGTERM)
    #expect(server.process.end() == "exit 0")
    let replayed = try runSetduel(["tournament", "replay", folder + "/records/" + record[0]], folder: folder)
    #expect(replayed.end == "exit 0", "\(replayed.output) \(replayed.error)")
  }
}

@Suite("A tournament through a SIGKILL, served by the built binary")
struct TournamentRestartTests {
  @Test(
    "killed with SIGKILL mid-round and started again on the same folder, the tournament goes on from its record, its games at their tables"
  )
  func goesOnAfterSIGKILL() throws {
    let folder = try makeTemporaryFolder("tournament-restart")
    defer { removeFolder(folder) }
    let options = ["--tournament", "swiss", "--rounds", "2", "--organiser", "org", "--start-in", "10m", "--grace", "3"]
    let server = try ServedTable(folder: folder, options: options)
    let org = try MachineClient(port: server.port, label: "org")
    let orgToken = try #require(try org.ok("NAME org 8cTq2VbX0rLm5YwJ").last)
    var players: [String: MachineClient] = [:]
    for name in ["ann", "bob", "cy", "dee"] {
      let client = try MachineClient(port: server.port, label: name)
      try client.ok("NAME \(name)")
      try client.ok("ENTER")
      players[name] = client
    }
    _ = try org.ok("TOURNAMENT START")
    // Each is moved to its game's table, and the game is dealt there.
    var moved: [String: (table: String, token: String)] = [:]
    var opponents: [String: String] = [:]
    for (name, client) in players {
      let seat = try client.readUntil("\(name)'s pairing") { $0.hasPrefix("TOURNEY seat ") && $0.contains(" \(name)") }
      opponents[name] = seat.split(separator: " ").suffix(2).map(String.init).first { $0 != name }
      let line = try client.readUntil("\(name)'s move") { $0.hasPrefix("TOURNEY moved ") }
      let words = line.split(separator: " ").map(String.init)
      moved[name] = (words[2], words[4])
    }
    let dealt = eventually(timeout: 20, pollMilliseconds: 100) {
      let listed = (try? org.request("TABLES").before) ?? []
      return Set(moved.values.map(\.table)).allSatisfy { table in
        listed.contains { $0.hasPrefix("HALL \(table) ") && $0.contains(" playing ") }
      }
    }
    #expect(dealt, "both games are dealt at their tables")
    let before = try org.request("STANDINGS").before.filter { $0.hasPrefix("STANDING ") }
    server.process.signal(SIGKILL)
    #expect(server.process.end() == "signal 9")
    for client in players.values { client.close() }

    let again = try ServedTable(folder: folder, options: options)
    #expect(
      again.process.outputLine(startingWith: "The swiss tournament goes on from its record") != nil,
      "the organiser is told the tournament goes on, not that it takes entries: \(again.process.output)")
    let org2 = try MachineClient(port: again.port, label: "org")
    #expect(try org2.ok("RESUME \(orgToken)").last == "org", "the organiser's seat at table 1 is held for its token")
    #expect(try org2.request("TOURNAMENT").reply.line.contains(" swiss running 4 "))
    #expect(try org2.request("STANDINGS").before.filter { $0.hasPrefix("STANDING ") } == before)
    // ann and her opponent take their seats back with the tokens they were moved with: their game goes
    // on at its table. The other two do not come back: past the resume grace their game is lost by both.
    let rival = try #require(opponents["ann"])
    var back: [String: MachineClient] = [:]
    for name in ["ann", rival] {
      let client = try MachineClient(port: again.port, label: name)
      let (table, token) = try #require(moved[name])
      #expect(try client.ok("RESUME \(token)").last == name)
      #expect(try client.ok("WHERE").first == table, "\(name) is back at the same table")
      back[name] = client
    }
    let records = try listFiles(folder + "/records").filter { $0.hasSuffix(".tournament") }
    #expect(records.count == 1, "the same record goes on")
    let path = folder + "/records/" + (records.first ?? "")
    let results = { try readFile(path).split(separator: "\n").filter { $0.hasPrefix("= result ") } }
    #expect(try eventually(timeout: 20, pollMilliseconds: 250) { try readFile(path).contains("result=forfeit-both") })
    try back["ann"]?.sync()
    let sofar = try results()
    #expect(sofar.count == 1, "ann's game is still on: \(sofar)")
    // ann's rival leaves: past the grace ann wins by forfeit, and round 2 is paired among those connected.
    back[rival]?.close()
    #expect(
      try eventually(timeout: 20, pollMilliseconds: 250) {
        try results().count == 2
      })
    let won = try #require(try results().last { $0.contains(" seat1=ann ") || $0.contains(" seat2=ann ") })
    let rivalForfeits = won.contains(" seat1=ann ") ? " result=forfeit2 " : " result=forfeit1 "
    #expect(won.contains(rivalForfeits), "ann wins by her rival's forfeit: \(won)")
    // The other two come back (their seats at the finished game's table are still theirs, or free).
    for name in ["bob", "cy", "dee"] where name != rival {
      let client = try MachineClient(port: again.port, label: name)
      let token = try #require(moved[name]?.token)
      if case .ok = try client.request("RESUME \(token)").reply.kind {} else { try client.ok("NAME \(name)") }
      back[name] = client
    }
    #expect(try eventually(timeout: 20, pollMilliseconds: 250) { try readFile(path).contains("= round number=2 ") })
    again.process.signal(SIGTERM)
    #expect(again.process.end() == "exit 0")
    let replayed = try runSetduel(["tournament", "replay", path], folder: folder)
    #expect(replayed.end == "exit 0", "\(replayed.output) \(replayed.error)")
  }
}

extension TournamentRestartTests {
  @Test("a tournament taken up late in its clock forfeits its running games once the resume grace has passed")
  func orphansForfeitOnTime() throws {
    let folder = try makeTemporaryFolder("tournament-late-clock")
    defer { removeFolder(folder) }
    try makeFolder(folder + "/records")
    // Its clock was at 300 s when the server stopped, ann and bob's game running.
    let record = [
      "setduel-tournament version=1 format=swiss rounds=1 seed=11 start=900000000000 min=- wait=8000 back=10000"
        + " break=30000 noshow=60000",
      "at=1000000000 enter name=ann rating=1500", "at=1000000000 enter name=bob rating=1500",
      "at=2000000000 start organiser=1", "at=3000000000 seated name=ann", "at=3000000000 seated name=bob",
      "at=300000000000 tick",
    ]
    let path = folder + "/records/tournament-20260101-130000-swiss.tournament"
    try writeFile(path, record.joined(separator: "\n") + "\n")
    let server = try ServedTable(folder: folder, options: ["--tournament", "swiss", "--grace", "1"])
    defer { server.process.signal(SIGTERM) }
    // The server's timer counts the clock the tournament goes on with: the forfeit is due 1 s in.
    #expect(try eventually(timeout: 15, pollMilliseconds: 250) { try readFile(path).contains("result=forfeit-both") })
  }
}

extension TournamentRestartTests {
  @Test(
    "eight bots play a Swiss through a SIGKILL in round 2: started again on the same port, the bots come back by themselves and every game of every round is played, none forfeited"
  )
  func botsPlayASwissThroughSIGKILL() throws {
    let folder = try makeTemporaryFolder("tournament-bots-kill")
    defer { removeFolder(folder) }
    let options = [
      "--tournament", "swiss", "--rounds", "3", "--first-to", "3", "--organiser", "org", "--start-in", "10m",
      "--grace", "30",
    ]
    let server = try ServedTable(folder: folder, options: options)
    let org = try MachineClient(port: server.port, label: "org")
    let orgToken = try #require(try org.ok("NAME org 8cTq2VbX0rLm5YwJ").last)
    let names = (1...8).map { "k\($0)" }
    let bots = try startBots(names, port: server.port, folder: folder, organiser: org)
    defer { for bot in bots { bot.signal(SIGTERM) } }
    let record = try #require(try listFiles(folder + "/records").first { $0.hasSuffix(".tournament") })
    let path = folder + "/records/" + record
    let results = { try readFile(path).split(separator: "\n").filter { $0.hasPrefix("= result ") }.count }
    // Round 1's four games end; the break is skipped; round 2's games are dealt, and the server is
    // killed while one at least is being played (none paired and not yet dealt).
    let midRound = try eventually(timeout: 120, pollMilliseconds: 50) {
      let ended = try results()
      guard ended >= 4 else { return false }
      if !(try readFile(path).contains("= round number=2 ")) {
        _ = try? org.request("TOURNAMENT NEXT")
        return false
      }
      let playing = try org.request("TABLES").before.filter { $0.hasPrefix("HALL ") && $0.contains(" playing ") }
      return playing.count >= 1 && playing.count + ended - 4 == 4
    }
    #expect(midRound, "round 2 was never seen under way: \((try? readFile(path)) ?? "")")
    server.process.signal(SIGKILL)
    #expect(server.process.end() == "signal 9")
    let resultsAtKill = try results()

    let again = try ServedTable(folder: folder, options: options, port: server.port)
    defer { again.process.signal(SIGTERM) }
    // The organiser sat at table 1, where the first bot may have sat down too before the start: with a
    // game taken up there, its seat is held for its token; with none, its name and secret say who it is.
    let org2 = try MachineClient(port: again.port, label: "org")
    if (try? org2.ok("RESUME \(orgToken)")) == nil { _ = try org2.ok("NAME org 8cTq2VbX0rLm5YwJ") }
    let finished = try eventually(timeout: 240, pollMilliseconds: 1_000) {
      _ = try? org2.request("TOURNAMENT NEXT")
      return try org2.request("TOURNAMENT").reply.line.contains(" finished ")
    }
    #expect(finished, "the tournament did not finish after the restart: \((try? readFile(path)) ?? "")")
    let standings = try org2.request("STANDINGS").before.compactMap { StandingLine(line: $0) }
    #expect(standings.count == 8 && standings.allSatisfy { $0.games == 3 }, "\(standings.map(\.line))")
    #expect(standings.map(\.points).reduce(0) { $0 + (Double($1) ?? 0) } == 12, "\(standings.map(\.line))")
    #expect(standings.allSatisfy { names.contains($0.name) }, "no bot renamed: \(standings.map(\.line))")
    let text = try readFile(path)
    #expect(try results() == 12 && resultsAtKill < 8, "\(text)")
    #expect(!text.contains("result=forfeit"), "no game lost to the kill: \(text)")
    again.process.signal(SIGTERM)
    #expect(again.process.end() == "exit 0")
    let replayed = try runSetduel(["tournament", "replay", path], folder: folder)
    #expect(replayed.end == "exit 0", "\(replayed.output) \(replayed.error)")
  }
}

@Suite("An arena of bots, served by the built binary")
struct ArenaBotTests {
  @Test(
    "sixteen bots play a three-minute arena, paired again as they finish; when the clock runs out no game is paired, and the games running count"
  )
  func botsPlayAnArena() throws {
    let folder = try makeTemporaryFolder("arena-bots")
    defer { removeFolder(folder) }
    let server = try ServedTable(
      folder: folder,
      options: [
        "--tournament", "arena", "--minutes", "3", "--first-to", "1", "--arena-wait", "1", "--organiser", "org",
        "--start-in", "10m",
      ])
    let org = try MachineClient(port: server.port, label: "org")
    try org.ok("NAME org 8cTq2VbX0rLm5YwJ")
    let names = (1...16).map { "a\($0)" }
    let bots = try startBots(names, port: server.port, folder: folder, organiser: org)
    defer { for bot in bots { bot.signal(SIGTERM) } }
    // The clock runs out three minutes after the start; the games still running then are finished.
    // Asked every 5 s, within the 10 a connection may ask in 10 s.
    #expect(
      try eventually(timeout: 230, pollMilliseconds: 5_000) {
        try org.request("TOURNAMENT").reply.line.contains(" finished ")
      })
    let played = try org.request("STANDINGS").before.compactMap { StandingLine(line: $0) }
    // Each bot played more than one game: the arena pairs players again as soon as they wait.
    #expect(played.count == 16 && played.allSatisfy { $0.games >= 2 }, "\(played.map(\.line))")
    #expect(played.allSatisfy { names.contains($0.name) }, "\(played.map(\.line))")
    let standings = try org.request("STANDINGS").before.compactMap { StandingLine(line: $0) }
    #expect(standings.first.map { Int($0.points) ?? 0 } ?? 0 >= 4, "\(standings.map(\.line))")
    server.process.signal(SIGTERM)
    #expect(server.process.end() == "exit 0")
    let record = try listFiles(folder + "/records").filter { $0.hasSuffix(".tournament") }
    let replayed = try runSetduel(["tournament", "replay", folder + "/records/" + record[0]], folder: folder)
    #expect(replayed.end == "exit 0", "\(replayed.output) \(replayed.error)")
  }
}

/// `setduel bot --enter` for each of `names` at the server on `port`; once all have entered, the
/// organiser starts the tournament. Returns the bots' processes.
private func startBots(_ names: [String], port: UInt16, folder: String, organiser: MachineClient) throws
  -> [Subprocess]
{
  let bots = try names.map { name in
    try Subprocess(
      [try builtSetduel(), "bot", "127.0.0.1:\(port)", "--enter", "--level", "hard", "--name", name],
      folder: folder, name: name)
  }
  let entered = try eventually(timeout: 30, pollMilliseconds: 200) {
    try organiser.request("TOURNAMENT").reply.line.contains(" entering \(names.count) ")
  }
  guard entered else { throw TestFailure("not every bot entered") }
  _ = try organiser.ok("TOURNAMENT START")
  return bots
}
