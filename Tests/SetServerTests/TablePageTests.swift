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
    if path == "/" || path.hasSuffix(".html") { return "text/html; charset=utf-8" }
    return nil
  }

  /// The value of the header `name` in `response`, if sent.
  static func field(_ name: String, _ response: HTTPResponse) -> String? {
    response.fields.first { $0.name == name }?.value
  }

  @Test("index.html loads its style sheet and its scripts, deferred so that they run in order")
  func thePageReferencesItsFiles() {
    #expect(Self.page.hasPrefix("<!doctype html>"))
    #expect(Self.references.contains("/page.css"), "\(Self.references)")
    let scripts = Self.page.matches(of: /<script([^>]*)><\/script>/).map { String($0.1) }
    #expect(scripts.count >= 2, "\(scripts)")
    for script in scripts {
      #expect(script.contains(" defer") && script.contains(" src=\"/"), "a script not loaded in order: \(script)")
    }
    #expect(scripts.last == " src=\"/page.js\" defer", "the start-up script runs last: \(scripts)")
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
    let served = Set(TablePage.site.files.keys)
    let wanted = Set(["/", "/index.html"] + Self.references)
    #expect(served.subtracting(wanted).isEmpty, "served but unused: \(served.subtracting(wanted).sorted())")
    #expect(wanted.subtracting(served).isEmpty, "referenced but missing: \(wanted.subtracting(served).sorted())")
    #expect(TablePage.site.files["/index.html"]?.body == TablePage.site.files["/"]?.body)
    #expect(TablePage.site.response(for: "/nothing.js", keepAlive: true) == nil)
  }

  @Test("no page file is over 350 lines")
  func everyFileIsShort() {
    for (path, file) in TablePage.site.files {
      let lines = file.body.filter { $0 == UInt8(ascii: "\n") }.count
      #expect(lines <= 350, "\(path) has \(lines) lines")
    }
  }
}
