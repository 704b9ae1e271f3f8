@preconcurrency import Glibc
import SetTestSupport
import Testing

/// The browser transport from outside, as a browser and an independent WebSocket client see it: the
/// Python scripts in Tests/Browser, run against the built `setduel serve`. Each exits 0 when all held.
/// They need Python's `websockets` and, for the page, `playwright` with Debian's `chromium`
/// (.ci/run installs them); without them the tests are skipped, saying why.
@Suite("the page and the WebSocket, from a real browser and a Python client", .serialized)
struct BrowserScriptTests {
  /// The package's root: three folders up from this file.
  static let root = String(
    #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/"))

  /// Whether `command` exits 0, its output discarded.
  static func succeeds(_ command: String) -> Bool {
    system("\(command) >/dev/null 2>&1") == 0
  }

  static let hasWebsockets = reportMissing(succeeds("python3 -c 'import websockets'"), "python3 with websockets")
  static let hasBrowser = reportMissing(
    succeeds("python3 -c 'import playwright.sync_api'") && access("/usr/bin/chromium", X_OK) == 0,
    "python3 with playwright, and /usr/bin/chromium")

  static func reportMissing(_ present: Bool, _ what: String) -> Bool {
    if !present { print("skipping the browser transport's scripts: \(what) not installed (.ci/run installs it)") }
    return present
  }

  /// Runs `script` with the built binary; returns its exit status and what it printed. The script, its
  /// browser and its servers run at the lowest priority, so the suites that time the server beside them
  /// keep the CPU they measure with.
  func run(_ script: String) throws -> (status: Int32, output: String) {
    let binary = try builtSetduel()
    let folder = try makeTemporaryFolder("browser")
    defer { removeFolder(folder) }
    let log = folder + "/output.txt"
    let status = system(
      "cd '\(Self.root)/Tests/Browser' && SETDUEL_BINARY='\(binary)' nice -n 19 timeout 1200 python3 \(script) "
        + ">'\(log)' 2>&1")
    let output = (try? readFile(log)) ?? ""
    return (status, output)
  }

  @Test(
    "a Python WebSocket client plays a whole game; masking, fragments, pings, close codes, Origin and limits hold",
    .enabled(if: hasWebsockets))
  func webSocketClient() throws {
    let (status, output) = try run("websocket_test.py")
    #expect(status == 0, "\(output)")
    #expect(output.contains("websocket: a whole game"), "\(output)")
  }

  @Test(
    "headless Chromium plays whole games from the page at three sizes; reload, a second tab, a spectator",
    .enabled(if: hasBrowser))
  func headlessChromium() throws {
    let (status, output) = try run("page_test.py")
    #expect(status == 0, "\(output)")
    #expect(output.contains("desktop-1920x1080-clicks: a whole game"), "\(output)")
  }

  @Test(
    "headless Chromium loads the page ten times from a profile with stored data for the table, and never gets the banner",
    .enabled(if: hasBrowser))
  func headlessChromiumStoredProfile() throws {
    let (status, output) = try run("page_profile_test.py")
    #expect(status == 0, "\(output)")
    #expect(output.contains("profile: 10 loads, 0 failures"), "\(output)")
  }

  @Test(
    "headless Chromium at a table of people: secrets and ratings, why not a set, the review, the same deck, a free seat",
    .enabled(if: hasBrowser))
  func headlessChromiumPeople() throws {
    let (status, output) = try run("page_people_test.py")
    #expect(status == 0, "\(output)")
    #expect(output.contains("people: 0 failures"), "\(output)")
  }

  @Test(
    "headless Chromium as a newcomer: how to play, why a point was lost, the seconds left, the other's requests, a reload",
    .enabled(if: hasBrowser))
  func headlessChromiumNewcomer() throws {
    let (status, output) = try run("page_newcomer_test.py")
    #expect(status == 0, "\(output)")
    #expect(output.contains("newcomer: 0 failures"), "\(output)")
  }

  @Test(
    "headless Chromium in a browser that kept no log: the game so far from EVENTS, each game in the person the viewer had",
    .enabled(if: hasBrowser))
  func headlessChromiumGameSoFar() throws {
    let (status, output) = try run("page_history_test.py")
    #expect(status == 0, "\(output)")
    #expect(output.contains("history: 0 failures"), "\(output)")
  }

  @Test(
    "headless Chromium at a hall: the lobby's tiles, Join and #t=2, a reload, a shared link, Watch, Play the computer",
    .enabled(if: hasBrowser))
  func headlessChromiumLobby() throws {
    let (status, output) = try run("page_lobby_test.py")
    #expect(status == 0, "\(output)")
    #expect(output.contains("lobby: 0 failures"), "\(output)")
  }

  @Test(
    "headless Chromium plays whole chain and ultra9 games from the page; junior's nine cards, shuffle's moves",
    .enabled(if: hasBrowser))
  func headlessChromiumVariants() throws {
    let (status, output) = try run("page_variants_test.py")
    #expect(status == 0, "\(output)")
    #expect(output.contains("chain-1366x768: a whole game"), "\(output)")
    #expect(output.contains("ultra9-first-to-3-390x844: a whole game"), "\(output)")
  }
}
