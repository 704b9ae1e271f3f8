import SetServer
import SetTransport
import Testing

/// The page as built into the binary: every file index.html loads is served, with its type and the
/// security headers, and nothing is served that the page does not load.
@Suite("the table's page and its files")
struct TablePageTests {
  /// The page's own text.
  static let page = String(decoding: TablePage.site.files["/"]?.body ?? [], as: UTF8.self)

  /// The paths of index.html's `src="..."` and `href="..."` attributes, in the page's order.
  static let references: [String] = page.matches(of: /\s(?:src|href)="([^"]*)"/).map { String($0.1) }

  /// The media type a file of `path` is served with, by its extension.
  static func contentType(of path: String) -> String? {
    if path.hasSuffix(".js") { return "text/javascript; charset=utf-8" }
    if path.hasSuffix(".css") { return "text/css; charset=utf-8" }
    if path.hasSuffix(".svg") { return "image/svg+xml" }
    if path == "/" || path.hasSuffix(".html") { return "text/html; charset=utf-8" }
    return nil
  }

  /// The value of the header `name` in `response`, if sent.
  static func field(_ name: String, _ response: HTTPResponse) -> String? {
    response.fields.first { $0.name == name }?.value
  }

  @Test("index.html loads its style sheet, its icon and its one script, deferred until the page is read")
  func thePageReferencesItsFiles() {
    #expect(Self.page.hasPrefix("<!doctype html>"))
    #expect(Self.references.contains("/page.css"), "\(Self.references)")
    #expect(Self.references.contains("/favicon.svg"), "\(Self.references)")
    let scripts = Self.page.matches(of: /<script([^>]*)><\/script>/).map { String($0.1) }
    #expect(scripts == [" src=\"/page.js\" defer"], "\(scripts)")
  }

  @Test("the script served is its parts in order, and the start-up part runs last")
  func theScriptIsItsParts() {
    let served = TablePage.site.files["/page.js"]?.body ?? []
    var joined: [UInt8] = []
    for part in TablePage.scripts {
      #expect(part.body.last == UInt8(ascii: "\n"), "\(part.name) does not end its last line")
      joined += part.body
    }
    #expect(served == joined)
    #expect(TablePage.scripts.last?.name == "page.js")
    #expect(Set(TablePage.scripts.map(\.name)).count == TablePage.scripts.count)
  }

  @Test("every file the page references is served with 200, its type and the security headers")
  func everyReferenceIsServed() throws {
    for path in ["/"] + Self.references {
      #expect(path.hasPrefix("/") && !path.hasPrefix("//"), "\(path) is not one of the table's own files")
      let response = try #require(
        TablePage.site.response(for: path[...], keepAlive: true), "\(path) is referenced but not served")
      #expect(response.status == 200)
      #expect(!response.body.isEmpty, "\(path) is empty")
      #expect(Self.field("Content-Type", response) == Self.contentType(of: path), "\(path)")
      #expect(Self.field("Content-Length", response) == String(response.body.count))
      for security in WebSite.securityFields {
        #expect(Self.field(security.name, response) == security.value, "\(path) lacks \(security.name)")
      }
    }
  }

  @Test("the table serves nothing the page does not reference, and no file the page loads is missing")
  func theSiteIsThePage() {
    let served = Set(TablePage.site.files.keys).subtracting(ProjectorPage.files.keys)
    let wanted = Set(["/", "/index.html"] + Self.references)
    #expect(served.subtracting(wanted).isEmpty, "served but unused: \(served.subtracting(wanted).sorted())")
    #expect(wanted.subtracting(served).isEmpty, "referenced but missing: \(wanted.subtracting(served).sorted())")
    #expect(TablePage.site.files["/index.html"]?.body == TablePage.site.files["/"]?.body)
    #expect(TablePage.site.response(for: "/nothing.js", keepAlive: true) == nil)
  }

  @Test("no file of the page is over 350 lines")
  func everyFileIsShort() {
    let files =
      TablePage.scripts + [
        ("index.html", TablePage.site.files["/"]?.body ?? []),
        ("page.css", TablePage.site.files["/page.css"]?.body ?? []),
      ]
    for (name, body) in files {
      let lines = body.filter { $0 == UInt8(ascii: "\n") }.count
      #expect(lines <= 350, "\(name) has \(lines) lines")
    }
  }
}
