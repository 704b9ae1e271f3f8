import Glibc
import SetNet
import SetServer
import SetTestSupport
import SetTransport
import Testing

/// A browser whose request is late: its first packet delayed on a lossy link, or a connection opened
/// ahead of the request it will carry. Until a silent connection has been silent for the sniffing time
/// (2 s), nothing is sent to it, and a request arriving before then gets HTTP, never the banner.
@Suite("Faults: a browser's late request")
struct LateBrowserFaultTests {
  /// The sniffing time as protocol.md gives it.
  static let sniffingSeconds = 2.0

  /// The seconds since `start` on the monotonic clock.
  static func seconds(since start: timespec) -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec - start.tv_sec) + Double(now.tv_nsec - start.tv_nsec) / 1e9
  }

  /// The first line answered to `GET /` sent `delay` seconds after connecting, with the seconds the
  /// request actually took to leave (a busy machine can hold this process up past the delay asked for).
  static func lateRequest(_ table: LoopbackTable, after delay: Double) throws -> (answer: String?, sentAfter: Double) {
    var start = timespec()
    clock_gettime(CLOCK_MONOTONIC, &start)
    let link = try BlockingLineClient(port: table.port, timeout: 10)
    defer { link.close() }
    // Nothing may come before the request: the server says nothing to a connection still silent.
    let early = link.readLine(timeout: delay)
    let sentAfter = seconds(since: start)
    _ = link.sendRaw(Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
    return (early ?? link.readLine(timeout: 10), sentAfter)
  }

  /// What the first of three tries gives that the machine did not hold up so long that it proves
  /// nothing either way (`attempt` gives nil for such a try); nil, and an issue, if it held up all three.
  static func notHeldUp<T>(
    _ attempt: () throws -> T?, sourceLocation: SourceLocation = #_sourceLocation
  ) rethrows -> T? {
    for _ in 0..<3 {
      if let result = try attempt() { return result }
    }
    Issue.record("the machine held every try up too long", sourceLocation: sourceLocation)
    return nil
  }

  @Test("a request 0.3 s or 1.5 s after connecting gets the page, and nothing comes before it", arguments: [0.3, 1.5])
  func lateRequestGetsThePage(delay: Double) throws {
    let table = try LoopbackTable.lenient { $0.network.webSite = TablePage.site }
    // A try held up past the sniffing time is made again.
    let tried = try Self.notHeldUp {
      let (answer, sentAfter) = try Self.lateRequest(table, after: delay)
      return sentAfter < Self.sniffingSeconds - 0.1 ? (answer, sentAfter) : nil
    }
    if let (answer, sentAfter) = tried { #expect(answer == "HTTP/1.1 200 OK", "sent after \(sentAfter) s") }
  }

  @Test("a silent connection gets the banner after the sniffing time, and the prompt a moment later")
  func silentConnectionGetsTheBanner() throws {
    let table = try LoopbackTable.lenient { $0.network.webSite = TablePage.site }
    let link = try BlockingLineClient(port: table.port, timeout: 10)
    defer { link.close() }
    #expect(link.readLine(timeout: 10)?.hasPrefix("SETDUEL 1 ") == true)
    // Still silent past the prompt's delay: a person is waiting, and the prompt, unended, leads the
    // next line read.
    usleep(useconds_t(TableServer.Settings().promptDelayMilliseconds + 700) * 1000)
    _ = link.sendRaw(Array("PING\r\n".utf8))
    #expect(link.readLine(timeout: 10) == "> PONG")
  }

  @Test("a program that waited for the banner and spoke then reads its answer with no prompt before it")
  func programAfterTheBannerGetsNoPrompt() throws {
    // A delay long enough that no busy machine holds the client up past it.
    let table = try LoopbackTable.lenient {
      $0.network.webSite = TablePage.site
      $0.promptDelayMilliseconds = 5_000
    }
    let link = try BlockingLineClient(port: table.port, timeout: 10)
    defer { link.close() }
    #expect(link.readLine(timeout: 10)?.hasPrefix("SETDUEL 1 ") == true)
    _ = link.sendRaw(Array("MODE MACHINE\r\n".utf8))
    #expect(link.readLine(timeout: 10) == "OK MODE machine")
    _ = link.sendRaw(Array("PING\r\n".utf8))
    #expect(link.readLine(timeout: 10) == "PONG")
  }

  @Test("a typed line gets the banner at once, and its answer with no prompt between them")
  func typedLineGetsTheBannerAtOnce() throws {
    let table = try LoopbackTable.lenient { $0.network.webSite = TablePage.site }
    let link = try BlockingLineClient(port: table.port, timeout: 10)
    defer { link.close() }
    _ = link.sendRaw(Array("PING\r\n".utf8))
    // The banner and the answer come before the sniffing time could have passed, however busy the machine.
    #expect(link.readLine(timeout: 10)?.hasPrefix("SETDUEL 1 ") == true)
    #expect(link.readLine(timeout: 10) == "PONG")
  }

  /// A request as Chromium sends it, for `path`.
  static func browserRequest(_ path: String, userAgent: String = "Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0")
    -> [UInt8]
  {
    Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: \(userAgent)\r\n\r\n".utf8)
  }

  /// A connection opened just after a browser's request from the same address, and silent past the
  /// sniffing time: what it was sent while silent (nil for nothing) and the first line answered to what
  /// it sends then; nil for the whole if the machine held this process up so long that the connection
  /// opened past the window after the request.
  static func spare(at table: LoopbackTable, sending: [UInt8]) throws -> (early: String?, answer: String?)? {
    let browser = try BlockingLineClient(port: table.port, timeout: 10)
    defer { browser.close() }
    var start = timespec()
    clock_gettime(CLOCK_MONOTONIC, &start)
    _ = browser.sendRaw(browserRequest("/"))
    guard browser.readLine(timeout: 10) == "HTTP/1.1 200 OK" else { return (nil, nil) }
    let spare = try BlockingLineClient(port: table.port, timeout: 10)
    defer { spare.close() }
    guard seconds(since: start) < Double(SpareConnections.window.components.seconds) - 1 else { return nil }
    let early = spare.readLine(timeout: sniffingSeconds + 1.5)
    _ = spare.sendRaw(sending)
    return (early, early ?? spare.readLine(timeout: 10))
  }

  @Test("a browser's spare connection, silent past the sniffing time, gets no banner, and HTTP when it asks")
  func aBrowsersSpareGetsHTTP() throws {
    let table = try LoopbackTable.lenient { $0.network.webSite = TablePage.site }
    // A try held up past the window is made again.
    guard
      let (early, answer) = try Self.notHeldUp({ try Self.spare(at: table, sending: Self.browserRequest("/page.js")) })
    else { return }
    #expect(early == nil, "a silent connection opened beside a browser was sent \(early ?? "")")
    #expect(answer == "HTTP/1.1 200 OK")
  }

  @Test("a person typing on a connection opened beside a browser gets the banner and the answer at once")
  func aLineOnASpareGetsTheBanner() throws {
    let table = try LoopbackTable.lenient { $0.network.webSite = TablePage.site }
    guard let (early, answer) = try Self.notHeldUp({ try Self.spare(at: table, sending: Array("PING\r\n".utf8)) })
    else { return }
    #expect(early == nil)
    #expect(answer?.hasPrefix("SETDUEL 1 ") == true, "\(answer ?? "nothing")")
  }

  @Test("a request from a program that is not a browser leaves a silent connection to get the banner")
  func aProgramsRequestMakesNoSpares() throws {
    let table = try LoopbackTable.lenient { $0.network.webSite = TablePage.site }
    let program = try BlockingLineClient(port: table.port, timeout: 10)
    defer { program.close() }
    _ = program.sendRaw(Self.browserRequest("/", userAgent: "python-requests/2.31"))
    #expect(program.readLine(timeout: 10) == "HTTP/1.1 200 OK")
    let silent = try BlockingLineClient(port: table.port, timeout: 10)
    defer { silent.close() }
    #expect(silent.readLine(timeout: 10)?.hasPrefix("SETDUEL 1 ") == true)
  }
}
