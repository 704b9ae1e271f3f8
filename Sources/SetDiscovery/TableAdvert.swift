/// What a table says about itself on the LAN, in its DNS-SD TXT record (RFC 6763 section 6): the
/// protocol version, the phase, who sits in each seat and how many watch. Keys are at most nine
/// characters, as section 6.4 asks.
///
/// | key | value |
/// |---|---|
/// | `txtvers` | `1`, this record's format |
/// | `proto` | the wire protocol's version (`SETDUEL 1` in the banner) |
/// | `phase` | `waiting` (a seat is free), `playing` or `over` |
/// | `seat1`, `seat2` | the name in each seat; absent while the seat is free |
/// | `watching` | how many spectators have named themselves |
/// | `page` | the path of the page a browser plays from on the table's port (`/`); absent if none |
/// | `variant` | the game played when it is not standard Set: `junior`, `shuffle`, `chain`, `ultra`, `ultra9` |
/// | `tables` | how many tables the server's hall has open (the keys above tell of table 1) |
/// | `waiting` | how many of them wait for a player |
public struct TableAdvert: Hashable, Sendable {
  /// Where the table's game stands, as the TXT record tells it.
  public enum Phase: String, Sendable, CaseIterable {
    case waiting, playing, over
  }

  public var phase: Phase
  /// The name in each seat, nil while it is free: always two entries.
  public var seats: [String?]
  public var watching: Int
  public var protocolVersion: Int
  /// The path of the table's page for a browser on its port, or nil if it serves none.
  public var page: String?
  /// The game played, when it is not standard Set; nil for the standard game.
  public var variant: String?
  /// The hall's tables, when the server says: how many are open and how many wait for a player.
  public var hall: HallCounts?

  /// The wire protocol's version this build speaks.
  public static let currentProtocol = 1

  public init(
    phase: Phase, seats: [String?], watching: Int, protocolVersion: Int = currentProtocol, page: String? = nil,
    variant: String? = nil, hall: HallCounts? = nil
  ) {
    self.hall = hall
    self.page = page
    self.variant = variant
    self.phase = phase
    self.seats = Array((seats + [nil, nil]).prefix(2))
    self.watching = watching
    self.protocolVersion = protocolVersion
  }

  /// An empty table: both seats free.
  public static let empty = TableAdvert(phase: .waiting, seats: [nil, nil], watching: 0)

  /// The TXT record's strings, `key=value` each, every value cut to fit in 255 bytes.
  public var txt: [[UInt8]] {
    var pairs = [("txtvers", "1"), ("proto", String(protocolVersion)), ("phase", phase.rawValue)]
    for (index, seat) in seats.enumerated() {
      if let seat { pairs.append(("seat\(index + 1)", seat)) }
    }
    pairs.append(("watching", String(watching)))
    if let page { pairs.append(("page", page)) }
    if let variant { pairs.append(("variant", variant)) }
    if let hall { pairs += [("tables", String(hall.tables)), ("waiting", String(hall.waiting))] }
    return pairs.map { key, value in Array(Array("\(key)=\(value)".utf8).prefix(255)) }
  }

  /// The advert a TXT record holds, reading what it knows and ignoring other keys; nil when the record
  /// has no `phase` SetDuel knows (another program's service, or a later format).
  public init?(txt: [[UInt8]]) {
    var values: [String: String] = [:]
    for string in txt {
      let text = String(decoding: string, as: UTF8.self)
      guard let equals = text.firstIndex(of: "="), equals != text.startIndex else { continue }
      let key = text[..<equals].lowercased()
      // The first occurrence of a key counts (RFC 6763 section 6.4).
      if values[key] == nil { values[key] = String(text[text.index(after: equals)...]) }
    }
    guard let phase = values["phase"].flatMap(Phase.init(rawValue:)) else { return nil }
    let seats = ["seat1", "seat2"].map { values[$0].flatMap { $0.isEmpty ? nil : $0 } }
    self.init(
      phase: phase, seats: seats, watching: values["watching"].flatMap { Int($0) }.map { max(0, $0) } ?? 0,
      protocolVersion: values["proto"].flatMap { Int($0) } ?? Self.currentProtocol,
      page: values["page"].flatMap { $0.hasPrefix("/") ? $0 : nil },
      variant: values["variant"].flatMap(Self.variantName),
      hall: values["tables"].flatMap { Self.count($0) }.map { tables in
        HallCounts(tables: tables, waiting: min(tables, values["waiting"].flatMap { Self.count($0) } ?? 0))
      })
  }

  /// A count as a TXT value: 1 to 6 digits (a count past that is no table's).
  static func count(_ value: String) -> Int? {
    guard (1...6).contains(value.utf8.count), value.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
    return Int(value)
  }

  /// Whether a newcomer would play here: at a hall, a table waits for a player; else a seat is free.
  public var isWaitingForPlayer: Bool {
    if let hall { return hall.waiting > 0 }
    return phase == .waiting && seats.contains(nil)
  }

  /// A `variant` value as a table announces one: a word of at most 16 lower-case letters and digits,
  /// other than `normal`. Anything else (controls, spaces, a name from a later format) reads as the
  /// standard game: it is never shown.
  static func variantName(_ value: String) -> String? {
    let isWord =
      (1...16).contains(value.utf8.count)
      && value.utf8.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (48...57).contains($0) }
    return isWord && value != "normal" ? value : nil
  }

  /// In words, for a list of tables: "waiting for a player (ann is seated)", "ann against bob, 2 watching";
  /// for a hall of several tables, "3 tables, 2 waiting for a player".
  public var summary: String {
    if let hall, hall.tables > 1 {
      let waiting = hall.waiting == 0 ? "none" : "\(hall.waiting)"
      return "\(hall.tables) tables, \(waiting) waiting for a player"
    }
    let names = seats.compactMap { $0 }
    var text: String
    switch phase {
    case .waiting:
      text = names.isEmpty ? "waiting for players" : "waiting for a player (\(names[0]) is seated)"
    case .playing:
      text = names.count == 2 ? "playing: \(names[0]) against \(names[1])" : "playing"
    case .over:
      text = names.count == 2 ? "game over: \(names[0]) against \(names[1])" : "game over"
    }
    if watching > 0 { text += ", \(watching) watching" }
    if let variant { text += ", the \(variant) variant" }
    return text
  }
}
