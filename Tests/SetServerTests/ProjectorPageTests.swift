import SetQR
import SetServer
import SetTransport
import Testing

/// The projector page as built into the binary: `/tv` and the files it loads, served beside the
/// player's page, and `/qr.svg`, the QR code of the address the browser asked by.
@Suite("the projector page and its QR code")
struct ProjectorPageTests {
  static let page = String(decoding: ProjectorPage.files["/tv"]?.body ?? [], as: UTF8.self)

  static func get(_ path: String, host: String? = "192.168.1.23:7878") -> HTTPResponse? {
    TablePage.site.response(
      to: HTTPRequest(method: "GET", target: path, fields: host.map { [("Host", $0)] } ?? []), keepAlive: true)
  }

  static func field(_ name: String, _ response: HTTPResponse) -> String? {
    response.fields.first { $0.name == name }?.value
  }

  @Test("/tv loads its style sheet, its one script and the QR code, every one of them served with the security headers")
  func thePageAndItsFiles() throws {
    let references = Self.page.matches(of: /\s(?:src|href)="([^"]*)"/).map { String($0.1) }
    #expect(Set(references) == ["/tv.css", "/tv.js", "/qr.svg"], "\(references)")
    for path in ["/tv"] + references {
      let response = try #require(Self.get(path), "\(path) is not served")
      #expect(response.status == 200 && !response.body.isEmpty, "\(path)")
      for security in WebSite.securityFields {
        #expect(Self.field(security.name, response) == security.value, "\(path) lacks \(security.name)")
      }
    }
    #expect(Self.field("Content-Type", try #require(Self.get("/qr.svg"))) == "image/svg+xml")
    #expect(Self.field("Content-Type", try #require(Self.get("/tv"))) == "text/html; charset=utf-8")
  }

  @Test("the script served is its parts in order, the start-up last, and no part is over 300 lines")
  func theScriptIsItsParts() {
    #expect(ProjectorPage.files["/tv.js"]?.body == ProjectorPage.scripts.flatMap(\.body))
    #expect(ProjectorPage.scripts.last?.name == "tv.js")
    for part in ProjectorPage.scripts + [("tv.css", ProjectorPage.files["/tv.css"]?.body ?? [])] {
      #expect(part.1.last == UInt8(ascii: "\n"), "\(part.0) does not end its last line")
      #expect(part.1.filter { $0 == UInt8(ascii: "\n") }.count <= 300, "\(part.0)")
    }
  }

  @Test("/qr.svg is the QR code of http://HOST/, the address the browser asked by")
  func theCodeIsOfTheJoinAddress() throws {
    let response = try #require(Self.get("/qr.svg?x=1"))
    #expect(response.body == Array(try QRCode(text: "http://192.168.1.23:7878/").svg().utf8))
    let other = try #require(Self.get("/qr.svg", host: "setduel.local:80"))
    #expect(other.body == Array(try QRCode(text: "http://setduel.local:80/").svg().utf8))
  }

  @Test("no QR code is drawn without a Host, for a Host too long, or one holding what a host never holds")
  func noCodeForABadHost() {
    for host in [nil, "", String(repeating: "a", count: 121), "a b", "x\"/><script>", "höst:1", "a/b"] {
      #expect(Self.get("/qr.svg", host: host) == nil, "\(host ?? "no Host")")
    }
    #expect(ProjectorPage.joinAddress(host: String(repeating: "a", count: 120)) != nil)
  }
}
