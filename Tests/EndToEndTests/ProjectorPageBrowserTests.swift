import Testing

/// The projector page (`/tv`), and the player's page in a tournament, in headless Chromium, from the Python scripts in Tests/Browser run
/// against the built `setduel serve` and `setduel bot --enter` (see `BrowserScriptTests`).
@Suite("the projector page and a player's tournament, from a real browser", .serialized)
struct ProjectorPageBrowserTests {
  @Test(
    "through a Swiss of 16 bots and a short arena of 4 at 1920x1080 and 1280x720, the page shows the server's standings and its QR code reads as its address",
    .enabled(if: BrowserScriptTests.hasBrowser))
  func throughTournaments() throws {
    let (status, output) = try BrowserScriptTests().run("tv_test.py")
    #expect(status == 0, "\(output)")
    #expect(output.contains("tv: 0 failures"), "\(output)")
    #expect(output.contains("swiss: ") && output.contains("arena: "), "\(output)")
  }

  @Test(
    "wide names with control and bidi characters, 1,000 standings updates, the server gone and back, 200 pages at once",
    .enabled(if: BrowserScriptTests.hasBrowser && BrowserScriptTests.hasWebsockets))
  func againstBadInput() throws {
    let (status, output) = try BrowserScriptTests().run("tv_bad_test.py")
    #expect(status == 0, "\(output)")
    #expect(output.contains("tv bad input: 0 failures"), "\(output)")
  }

  @Test(
    "a player's page in a Swiss of four: Enter, moved to the table, the opponent named, the standings tab, the pairings, the place",
    .enabled(if: BrowserScriptTests.hasBrowser))
  func aPlayersPage() throws {
    let (status, output) = try BrowserScriptTests().run("page_tourney_test.py")
    #expect(status == 0, "\(output)")
    #expect(output.contains("page tourney: 0 failures"), "\(output)")
  }
}
