/// The hall in the human presentation: a table in a sentence, the list of tables, and where you are.
public enum HallText {
  /// One table in a sentence: `Table 2, finals (ultra, first to 5): ann is waiting for a player.`
  public static func table(_ listing: HallListing) -> String {
    var rules: [String] = []
    if listing.variant != .normal { rules.append(listing.variant.rawValue) }
    if let firstTo = listing.firstTo { rules.append("first to \(firstTo)") }
    if listing.scoring == .speed { rules.append("speed scoring") }
    if let bot = listing.bot { rules.append("the computer, \(bot.rawValue)") }
    let head = title(listing) + (rules.isEmpty ? "" : " (\(rules.joined(separator: ", ")))")
    let one = listing.seats.one
    let two = listing.seats.two
    var what: String
    switch (one, two, listing.state) {
    case (_, _, .closed): what = "closed"
    case (nil, nil, _): what = "nobody plays yet"
    case (let name?, nil, _), (nil, let name?, _): what = "\(name) is waiting for a player"
    case (let first?, let second?, let state):
      what = "\(first) vs \(second), \(listing.scores.one)-\(listing.scores.two)"
      switch state {
      case .paused: what += ", paused"
      case .over: what += ", game over"
      default: break
      }
    }
    if listing.watching > 0, listing.state != .closed { what += "; \(listing.watching) watching" }
    return "\(head): \(what)."
  }

  /// What `TABLES` says: how many tables, each in a sentence, where you are and how to move.
  public static func list(_ listings: [HallListing], here: Int) -> [String] {
    let count = listings.count == 1 ? "One table" : "\(listings.count) tables"
    return ["\(count) in this hall:"] + listings.map(table) + [
      "You are at table \(here). JOIN <number> moves you; OPEN opens a new table."
    ]
  }

  /// What `JOIN` and `OPEN` say first: where the connection is now.
  public static func arrived(at listing: HallListing, opened: Bool) -> String {
    (opened ? "You opened " : "You are at ") + title(listing).lowercased().prefix(1) + title(listing).dropFirst()
      + (listing.variant == .normal ? "." : " (\(listing.variant.rawValue)).")
  }

  /// "Table 3", with its name when it has one of its own: "Table 3, finals".
  static func title(_ listing: HallListing) -> String {
    listing.name == TableName.standard(for: listing.id) ? "Table \(listing.id)" : "Table \(listing.id), \(listing.name)"
  }
}
