import SetCore
import SetProtocol

/// One line of a hall's own record, beside its tables' game records: which tables were opened, with
/// their rules, and which closed, so that a server started again on the same folder opens them again.
///
///     SETDUEL-HALL 1
///     open <id> <name> <seed> <bot|-> <rules key=value...>
///     close <id>
///     end
public enum HallRecordLine: Equatable, Sendable {
  case magic
  case open(HallTableInfo)
  case close(Int)
  case end

  /// The first line of every hall record.
  public static let magicText = "SETDUEL-HALL 1"

  /// The line, without its line end.
  public var line: String {
    switch self {
    case .magic: Self.magicText
    case .open(let info):
      (["open", "\(info.id)", info.name, "\(info.seed)", info.bot?.rawValue ?? "-"] + RuleFields.encode(info.rules))
        .joined(separator: " ")
    case .close(let id): "close \(id)"
    case .end: "end"
    }
  }

  /// The line's value, or nil for a line that is not one.
  public init?(line: some StringProtocol) {
    if line == Self.magicText {
      self = .magic
      return
    }
    let words = line.split(separator: " ")
    switch words.first {
    case "open":
      guard words.count >= 5, let id = Int(words[1]), id >= 1, TableName.isValid(String(words[2])),
        let seed = UInt64(words[3]), let rules = RuleFields.decode(words.dropFirst(5), ignoringUnknownKeys: true)
      else { return nil }
      let bot: BotLevel?
      if words[4] == "-" {
        bot = nil
      } else {
        guard let level = BotLevel(rawValue: String(words[4])) else { return nil }
        bot = level
      }
      self = .open(HallTableInfo(id: id, name: String(words[2]), rules: rules, seed: seed, bot: bot))
    case "close":
      guard words.count == 2, let id = Int(words[1]), id >= 1 else { return nil }
      self = .close(id)
    case "end":
      guard words.count == 1 else { return nil }
      self = .end
    default:
      return nil
    }
  }

  /// The tables still open at the end of a hall record's `lines` (table 1 left out: the server opens
  /// it with its own rules), in the order opened, and a warning for each line that is not one, naming
  /// it by number. Nil when the first line is not the magic line.
  public static func openTables(_ lines: some Sequence<some StringProtocol>) -> (
    tables: [HallTableInfo], warnings: [String]
  )? {
    var open: [Int: HallTableInfo] = [:]
    var order: [Int] = []
    var warnings: [String] = []
    for (index, text) in lines.enumerated() {
      let value = HallRecordLine(line: text)
      if index == 0 {
        guard value == .magic else { return nil }
        continue
      }
      switch value {
      case .open(let info)?:
        if open.updateValue(info, forKey: info.id) == nil { order.append(info.id) }
      case .close(let id)?:
        open[id] = nil
        order.removeAll { $0 == id }
      case .magic?, .end?:
        break
      case nil:
        if !text.isEmpty { warnings.append("line \(index + 1): not a line of a hall record") }
      }
    }
    return (order.compactMap { $0 == 1 ? nil : open[$0] }, warnings)
  }
}
