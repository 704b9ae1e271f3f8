import SetBase
import Testing

@testable import SetTransport

@Suite("A browser's spare connections")
struct SpareConnectionsTests {
  static func at(_ seconds: Double) -> Instant { Instant(milliseconds: Int64(seconds * 1000)) }

  static func request(userAgent: String?) -> HTTPRequest {
    let agent = userAgent.map { [(name: "user-agent", value: $0)] } ?? []
    return HTTPRequest(method: "GET", target: "/", fields: [(name: "Host", value: "10.0.0.5")] + agent)
  }

  @Test("a browser is told by its User-Agent, in any case of the field's name; a program's or none is not one")
  func browsersAreToldByTheirUserAgent() {
    #expect(SpareConnections.isBrowsers(Self.request(userAgent: "Mozilla/5.0 (Linux; Android 14) Chrome/120.0")))
    #expect(SpareConnections.isBrowsers(Self.request(userAgent: "Mozilla/5.0 (iPhone) Safari/604.1")))
    #expect(!SpareConnections.isBrowsers(Self.request(userAgent: "python-requests/2.31")))
    #expect(!SpareConnections.isBrowsers(Self.request(userAgent: "curl/8.5.0")))
    #expect(!SpareConnections.isBrowsers(Self.request(userAgent: nil)))
  }

  @Test("a connection from the browser's address, opened up to 10 s after its request or before it, may be a spare")
  func theWindowAfterARequest() {
    var spares = SpareConnections()
    spares.browserRequested(from: "10.0.0.5:51000", at: Self.at(100))
    // Worked by hand: the request at 100 s; the window ends at 110 s, not included.
    #expect(spares.mayBeSpare(peer: "10.0.0.5:51001", openedAt: Self.at(99)))
    #expect(spares.mayBeSpare(peer: "10.0.0.5:51002", openedAt: Self.at(100)))
    #expect(spares.mayBeSpare(peer: "10.0.0.5:51003", openedAt: Self.at(109.999)))
    #expect(!spares.mayBeSpare(peer: "10.0.0.5:51004", openedAt: Self.at(110)))
    #expect(!spares.mayBeSpare(peer: "10.0.0.6:51005", openedAt: Self.at(101)), "another address")
    #expect(!spares.mayBeSpare(peer: "10.0.0.50:51006", openedAt: Self.at(101)), "an address it begins")
    // A later request moves the window.
    spares.browserRequested(from: "10.0.0.5:51007", at: Self.at(130))
    #expect(spares.mayBeSpare(peer: "10.0.0.5:51008", openedAt: Self.at(139)))
  }

  @Test("an IPv6 peer is its address without the port")
  func ipv6Peers() {
    var spares = SpareConnections()
    spares.browserRequested(from: "[::1]:51000", at: Self.at(5))
    #expect(spares.mayBeSpare(peer: "[::1]:52000", openedAt: Self.at(6)))
    #expect(!spares.mayBeSpare(peer: "[::2]:52000", openedAt: Self.at(6)))
    #expect(SpareConnections.address(of: "10.0.0.5:51000") == "10.0.0.5")
    #expect(SpareConnections.address(of: "[fe80::1]:7878") == "[fe80::1]")
  }

  @Test("past 64 addresses, those whose last request is a minute old are forgotten, and the others kept")
  func oldAddressesAreForgotten() {
    var spares = SpareConnections()
    for n in 0..<64 { spares.browserRequested(from: "10.1.0.\(n):5000", at: Self.at(0)) }
    #expect(spares.remembered == 64)
    spares.browserRequested(from: "10.2.0.1:5000", at: Self.at(30))
    // 65 remembered: at 30 s none is a minute old.
    #expect(spares.remembered == 65)
    spares.browserRequested(from: "10.2.0.2:5000", at: Self.at(61))
    // At 61 s the 64 first are a minute old and went; the one at 30 s stays, and the new one.
    #expect(spares.remembered == 2)
    #expect(spares.mayBeSpare(peer: "10.2.0.1:6000", openedAt: Self.at(35)))
    #expect(!spares.mayBeSpare(peer: "10.1.0.3:6000", openedAt: Self.at(5)))
  }
}
