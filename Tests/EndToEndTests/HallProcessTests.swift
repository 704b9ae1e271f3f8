import Glibc
import SetNet
import SetProtocol
import SetTestSupport
import Testing

/// A hall as people run it: one `setduel serve` process, two games at once at two of its tables, and a
/// server killed and started again on the same records folder.
@Suite("The hall, served by the built binary")
struct HallProcessTests {
  @Test(
    "two games at once at two tables of one server; after kill -9, a restart opens the same tables with their games, held for their players"
  )
  func twoGamesAndARestart() throws {
    let folder = try makeTemporaryFolder("hall")
    defer { removeFolder(folder) }
    let server = try ServedTable(folder: folder)
    let (ann, bob) = try server.seatTwo()
    let cy = try MachineClient(port: server.port, label: "cy")
    let dee = try MachineClient(port: server.port, label: "dee")
    let opened = try cy.request("OPEN finals variant=ultra firstTo=5")
    #expect(opened.reply.line.hasPrefix("OK @\(opened.reply.id ?? "") OPEN 2 0 -"), "\(opened.reply.line)")
    let cyToken = try #require(try cy.ok("NAME cy").last)
    try dee.ok("JOIN finals")
    try dee.ok("NAME dee")
    try cy.readUntil("START") { $0.hasPrefix("START ") }
    // Each game goes on at its own table; neither hears the other.
    try ann.ok("SAY at table one")
    try cy.ok("SAY at finals")
    try bob.readUntil("ann's chat") { $0.hasSuffix("ann at table one") }
    try dee.readUntil("cy's chat") { $0.hasSuffix("cy at finals") }
    try ann.sync()
    try cy.sync()
    #expect(!ann.events.contains { $0.contains("at finals") } && !cy.events.contains { $0.contains("at table one") })
    let listed = try ann.request("TABLES").before
    #expect(listed.contains { $0.hasPrefix("HALL 2 finals ultra 5 sets cy dee ") && $0.contains(" playing ") })

    server.process.signal(SIGKILL)
    #expect(server.process.end() == "signal 9")
    let halls = try listFiles(folder + "/records").filter { $0.hasSuffix(".hall") }
    #expect(halls.count == 1)
    #expect(try listFiles(folder + "/records").filter { $0.hasSuffix(".record") }.count == 2, "a record for each table")

    let again = try ServedTable(folder: folder)
    let eve = try MachineClient(port: again.port, label: "eve")
    let tables = try eve.request("TABLES").before
    #expect(tables.contains("HALL 1 table-1 normal - sets ann bob 0 0 paused 0 -"), "\(tables)")
    #expect(tables.contains("HALL 2 finals ultra 5 sets cy dee 0 0 paused 0 -"), "\(tables)")
    try eve.ok("JOIN finals")
    let named = try eve.request("NAME eve")
    #expect(
      named.before.contains { $0.hasPrefix("RULES ") && $0.contains("variant=ultra") && $0.contains("firstTo=5") })
    #expect(named.reply.line.hasSuffix(" NAME 0 -"), "the seats are held: eve watches; \(named.reply.line)")
    // cy's token takes her seat back, from anywhere in the hall.
    let cyAgain = try MachineClient(port: again.port, label: "cy")
    #expect(try cyAgain.ok("RESUME \(cyToken)") == ["1", "cy"])
    #expect(try cyAgain.ok("WHERE") == ["2", "finals"])
    again.process.signal(SIGTERM)
    #expect(again.process.end() == "exit 0")
  }

  @Test("NAME and OPEN bot= sent the moment the server says where it serves: the computer sits down")
  func botForAnOpenerWhoIsQuick() throws {
    for round in 1...3 {
      let folder = try makeTemporaryFolder("hall-bot")
      defer { removeFolder(folder) }
      let server = try Subprocess(
        [try builtSetduel(), "serve", "--host", "127.0.0.1", "--port", "0", "--no-records", "--no-announce"],
        folder: folder, name: "serve")
      let serving = try #require(server.outputLine(startingWith: "SetDuel is serving on 127.0.0.1:"))
      let port = try #require(
        serving.split(separator: ":").dropFirst().first?.split(separator: " ").first.flatMap { UInt16($0) })
      // All three lines in one packet, the moment the server said where it serves.
      let dan = try BlockingLineClient(host: "127.0.0.1", port: port, timeout: 10)
      _ = dan.send("MODE MACHINE\r\nNAME dan\r\nOPEN variant=chain bot=easy")
      let lines = dan.readLines(timeout: 20) { $0.hasPrefix("JOINED ") && $0.hasSuffix(" 2 bot-easy") }
      #expect(lines.last?.hasSuffix(" 2 bot-easy") == true, "round \(round): \(lines.suffix(3))")
      dan.close()
      server.signal(SIGTERM)
      #expect(server.end() == "exit 0")
    }
  }
}
