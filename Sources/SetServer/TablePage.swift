import SetTransport

/// The page a browser plays from: `Page/index.html`, its style sheet and its scripts, built into the
/// binary from the files beside this one.
public enum TablePage {
  /// The site a table serves on its port: `/` is the page.
  public static let site = WebSite(files: [
    "/": .init(contentType: html, body: PackageResources.index_html),
    "/index.html": .init(contentType: html, body: PackageResources.index_html),
    "/page.css": .init(contentType: "text/css; charset=utf-8", body: PackageResources.page_css),
    // The scripts, in the order index.html runs them.
    "/game.js": .init(contentType: javaScript, body: PackageResources.game_js),
    "/connection.js": .init(contentType: javaScript, body: PackageResources.connection_js),
    "/cards.js": .init(contentType: javaScript, body: PackageResources.cards_js),
    "/table.js": .init(contentType: javaScript, body: PackageResources.table_js),
    "/variants.js": .init(contentType: javaScript, body: PackageResources.variants_js),
    "/countdown.js": .init(contentType: javaScript, body: PackageResources.countdown_js),
    "/log.js": .init(contentType: javaScript, body: PackageResources.log_js),
    "/lines.js": .init(contentType: javaScript, body: PackageResources.lines_js),
    "/page.js": .init(contentType: javaScript, body: PackageResources.page_js),
  ])

  private static let html = "text/html; charset=utf-8"
  private static let javaScript = "text/javascript; charset=utf-8"
}
