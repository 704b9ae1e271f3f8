import SetCore

/// A `NOTICE` line: its topic, the fields a client reads, and after them free text to show as it is (the
/// human presentation's sentence).
///
/// - `NOTICE seat <seat> <text>`: the seat is free (to a spectator); `SIT` takes it
/// - `NOTICE rating rated|guest|open <name> <text>`: whether the seated player's games change the
///   name's rating: its owner (`rated`), a guest on a name someone else owns (`guest`, they do not), or a
///   guest on a name no one owns (`open`, they do)
/// - `NOTICE <topic> <text>`: any other topic (`records`), free text only
///
/// A client reads no field out of the text, and ignores a topic, or a status, it does not know: such a
/// line reads as `.other`.
public enum Notice: Equatable, Sendable {
  /// `NOTICE seat <seat> <text>`.
  case seatFree(Seat, text: String)
  /// `NOTICE rating <status> <name> <text>`.
  case rating(NameRating, name: String, text: String)
  /// `NOTICE <topic> <text>`: a topic without fields, or one this version does not know.
  case other(topic: String, text: String)

  /// Whether a seated player's games change their name's rating.
  public enum NameRating: String, CaseIterable, Sendable {
    /// The player gave the name's owner's secret.
    case rated
    /// The name belongs to someone else: the player's games are not rated.
    case guest
    /// No one owns the name: the player's games are rated, and a secret makes it theirs.
    case open
  }

  /// The line's first word.
  public static let tag = "NOTICE"

  /// The notice to a spectator that `seat` is free, in the human presentation's words.
  public static func seatFree(_ seat: Seat) -> Notice {
    .seatFree(seat, text: HumanText.seatFree(seat))
  }

  /// The notice to a player just seated as `name`, with `status`.
  public static func rating(_ status: NameRating, name: String) -> Notice {
    let text =
      switch status {
      case .rated: "Rated: \(name) is yours; only your games change its rating."
      case .guest: "Guest: \(name) belongs to someone else; your games here are not rated."
      case .open: "Guest: anyone may play as \(name); NAME \(name) <secret> makes it yours."
      }
    return .rating(status, name: name, text: text)
  }

  /// The notice that the game record could not be written, for `reason` (the system's words).
  public static func recordLost(_ reason: String) -> Notice {
    .other(topic: "records", text: "the game record could not be written: \(reason)")
  }

  /// The topic: the line's second word.
  public var topic: String {
    switch self {
    case .seatFree: "seat"
    case .rating: "rating"
    case .other(let topic, _): topic
    }
  }

  /// The words to show as they are.
  public var text: String {
    switch self {
    case .seatFree(_, let text), .rating(_, _, let text), .other(_, let text): text
    }
  }

  /// The line for this value.
  public var line: String {
    let fields: [String] =
      switch self {
      case .seatFree(let seat, _): ["\(seat.rawValue)"]
      case .rating(let status, let name, _): [status.rawValue, name]
      case .other: []
      }
    return ([Self.tag, topic] + fields + [text]).joined(separator: " ")
  }

  /// The notice a `NOTICE` line holds, or nil for a line without a topic and text. A known topic whose
  /// fields do not read (an older server's `NOTICE seat Seat 2 is free`) is `.other`.
  public init?(line: String) {
    let words = line.split(separator: " ").map(String.init)
    guard words.count >= 3, words[0] == Self.tag else { return nil }
    let topic = words[1]
    if topic == "seat", words.count >= 4, let seat = Int(words[2]).flatMap(Seat.init(rawValue:)) {
      self = .seatFree(seat, text: EventCodec.text(after: 3, in: line))
    } else if topic == "rating", words.count >= 5, let status = NameRating(rawValue: words[2]) {
      self = .rating(status, name: words[3], text: EventCodec.text(after: 4, in: line))
    } else {
      self = .other(topic: topic, text: EventCodec.text(after: 2, in: line))
    }
  }
}
