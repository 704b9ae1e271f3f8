import Glibc
import SetNet
import SetServer
import SetTestSupport
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

  @Test("a request 0.3 s or 1.5 s after connecting gets the page, and nothing comes before it", arguments: [0.3, 1.5])
  func lateRequestGetsThePage(delay: Double) throws {
    let table = try LoopbackTable.lenient { $0.network.webSite = TablePage.site }
    // A try held up past the sniffing time proves nothing either way, and is made again.
    for _ in 0..<3 {
      let (answer, sentAfter) = try Self.lateRequest(table, after: delay)
      guard sentAfter < Self.sniffingSeconds - 0.1 else { continue }
      #expect(answer == "HTTP/1.1 200 OK", "sent after \(sentAfter) s")
      return
    }
    Issue.record("the machine held every try up past the sniffing time")
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
}
