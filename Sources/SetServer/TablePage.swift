import SetTransport

/// The page a browser plays from: `Page/index.html`, its style sheet and its script, built into the
/// binary from the files beside this one.
public enum TablePage {
  /// The site a table serves on its port: `/` is the page.
  public static let site = WebSite(files: [
    "/": .init(contentType: "text/html; charset=utf-8", body: PackageResources.index_html),
    "/index.html": .init(contentType: "text/html; charset=utf-8", body: PackageResources.index_html),
    "/page.css": .init(contentType: "text/css; charset=utf-8", body: PackageResources.page_css),
    "/page.js": .init(contentType: "text/javascript; charset=utf-8", body: PackageResources.page_js),
  ])
}
