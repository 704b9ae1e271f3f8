/// A table a browser found on the LAN: its readable name, where to connect, and what it said of itself.
public struct FoundTable: Hashable, Sendable {
  /// The instance's readable name: "ann's table".
  public var name: String
  public var address: [UInt8]
  public var port: UInt16
  public var advert: TableAdvert

  public init(name: String, address: [UInt8], port: UInt16, advert: TableAdvert) {
    self.name = name
    self.address = address
    self.port = port
    self.advert = advert
  }

  /// `192.168.1.5:7878`.
  public var endpoint: String { "\(IPv4.text(address)):\(port)" }

  /// Whether a newcomer would take a seat here.
  public var isWaitingForPlayer: Bool { advert.isWaitingForPlayer }

  /// One line for people: "ann's table, 192.168.1.5:7878, waiting for a player (ann is seated)".
  public var line: String { "\(name), \(endpoint), \(advert.summary)" }

  /// Where a browser plays at this table (`http://192.168.1.5:7878/`), or nil if it serves no page.
  public var pageAddress: String? {
    guard let page = advert.page, page.utf8.allSatisfy({ $0 > 32 && $0 < 127 }) else { return nil }
    return "http://\(endpoint)\(page)"
  }

  /// One line for scripts, tab-separated: name, address, port, phase, seat 1, seat 2 (empty when
  /// free), spectators, the page's address (empty when none), the variant (`normal` for the standard
  /// game), the hall's open tables and those waiting for a player (`1` and whether the table waits, for
  /// a server that does not say). Tabs and line breaks in the name become spaces.
  public var porcelain: String {
    let cleanName = String(name.map { $0 == "\t" || $0.isNewline ? " " : $0 })
    return [
      cleanName, IPv4.text(address), String(port), advert.phase.rawValue, advert.seats[0] ?? "", advert.seats[1] ?? "",
      String(advert.watching), pageAddress ?? "", advert.variant ?? "normal", String(advert.hall?.tables ?? 1),
      String(advert.hall?.waiting ?? (isWaitingForPlayer ? 1 : 0)),
    ].joined(separator: "\t")
  }
}
