import SetQR
import SetTransport

/// The projector page a room's big screen shows, `/tv`: the join address and its QR code, who has
/// entered, the standings, the best tables under way and the podium, or the hall's tables. Built into
/// the binary from `Page/tv.html`, `tv.css` and the scripts `tv*.js`, served beside the player's page.
public enum ProjectorPage {
  /// The script's parts, in the order they run: the server's constants (as the player's page has
  /// them, `SERVER`), the state and the text-only path, the connection, the lines read, the featured
  /// tables, the cards' drawings (the player's page's), the featured tables' cards, the drawing, the
  /// podium and the hall, and the start-up.
  public static let scripts: [(name: String, body: [UInt8])] = [
    ("constants.js", Array(PageConstants.script.utf8)),
    ("tv-state.js", PackageResources.tv_state_js),
    ("tv-lines.js", PackageResources.tv_lines_js),
    ("tv-featured.js", PackageResources.tv_featured_js),
    ("cards.js", PackageResources.cards_js),
    ("tv-peek.js", PackageResources.tv_peek_js),
    ("tv-draw.js", PackageResources.tv_draw_js),
    ("tv-end.js", PackageResources.tv_end_js),
    ("tv.js", PackageResources.tv_js),
  ]

  /// The script as served: every part in order, each ending with a line break.
  public static let script = TablePage.joined(scripts)

  /// The page's files by path.
  public static let files: [String: WebSite.File] = [
    "/tv": .init(contentType: "text/html; charset=utf-8", body: PackageResources.tv_html),
    "/tv.css": .init(contentType: "text/css; charset=utf-8", body: PackageResources.tv_css),
    "/tv.js": .init(contentType: "text/javascript; charset=utf-8", body: script),
  ]

  /// The longest `Host` a QR code is drawn for: a name and a port, well inside version 10's 213 bytes.
  public static let longestHost = 120

  /// The join address a browser that asked by `host` joins at, `http://HOST/`, or nil when `host`
  /// is missing, too long or holds a character a host and port never hold.
  public static func joinAddress(host: String?) -> String? {
    guard let host, !host.isEmpty, host.utf8.count <= longestHost else { return nil }
    let allowed = host.utf8.allSatisfy { byte in
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: ":"),
        UInt8(ascii: "["), UInt8(ascii: "]"):
        true
      default: false
      }
    }
    return allowed ? "http://\(host)/" : nil
  }

  /// `/qr.svg`: the QR code of the join address the browser asked by (its `Host`), as SVG.
  @Sendable public static func qrCode(_ request: HTTPRequest) -> WebSite.File? {
    guard let address = joinAddress(host: request.field("Host")),
      let code = try? QRCode(text: address)
    else { return nil }
    return .init(contentType: "image/svg+xml", body: Array(code.svg().utf8))
  }
}
