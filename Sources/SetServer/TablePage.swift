import SetTransport

/// The page a browser plays from: `Page/index.html`, its style sheet and its script, built into the
/// binary from the files beside this one.
///
/// The script is written in files of one concept each (`scripts`), and served as one file,
/// `/page.js`, made of them in order: a browser fetches three files, not twelve, over as few
/// connections.
public enum TablePage {
  /// The script's parts, in the order they run: the server's rules and words (`PageConstants`, made
  /// from the Swift values), the shared state, the connection, the cards, the table, the variants, the
  /// countdown, the log, the events told in it, why a score changed, how to play, the server's lines,
  /// the hall's lobby, the hall's tournament, and the start-up.
  public static let scripts: [(name: String, body: [UInt8])] = [
    ("constants.js", Array(PageConstants.script.utf8)),
    ("game.js", PackageResources.game_js),
    ("connection.js", PackageResources.connection_js),
    ("cards.js", PackageResources.cards_js),
    ("table.js", PackageResources.table_js),
    ("variants.js", PackageResources.variants_js),
    ("countdown.js", PackageResources.countdown_js),
    ("log.js", PackageResources.log_js),
    ("narrate.js", PackageResources.narrate_js),
    ("points.js", PackageResources.points_js),
    ("howto.js", PackageResources.howto_js),
    ("lines.js", PackageResources.lines_js),
    ("lobby.js", PackageResources.lobby_js),
    ("tourney.js", PackageResources.tourney_js),
    ("tourney-draw.js", PackageResources.tourney_draw_js),
    ("page.js", PackageResources.page_js),
  ]

  /// The script as served: every part in order, each ending with a line break.
  public static let script = joined(scripts)

  /// Script parts served as one file: each in order, each ending with a line break.
  static func joined(_ parts: [(name: String, body: [UInt8])]) -> [UInt8] {
    parts.flatMap { part in part.body.last == UInt8(ascii: "\n") ? part.body : part.body + [UInt8(ascii: "\n")] }
  }

  /// The player's page by path: `/` is the page; `/favicon.svg`, a small card, its icon.
  public static let files: [String: WebSite.File] = [
    "/": .init(contentType: html, body: PackageResources.index_html),
    "/index.html": .init(contentType: html, body: PackageResources.index_html),
    "/page.css": .init(contentType: "text/css; charset=utf-8", body: PackageResources.page_css),
    "/tourney.css": .init(contentType: "text/css; charset=utf-8", body: PackageResources.tourney_css),
    "/page.js": .init(contentType: "text/javascript; charset=utf-8", body: script),
    "/favicon.svg": .init(contentType: "image/svg+xml", body: PackageResources.favicon_svg),
  ]

  /// The site a table serves on its port: the player's page at `/`, the projector page at `/tv`
  /// (`ProjectorPage`) and the QR code of the join address at `/qr.svg`.
  public static let site = WebSite(
    files: files.merging(ProjectorPage.files) { page, _ in page },
    made: ["/qr.svg": ProjectorPage.qrCode])

  private static let html = "text/html; charset=utf-8"
}
