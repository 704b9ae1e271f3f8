import SetCore
import SetProtocol

/// One line of a hall's own record, beside its tables' game records: which tables were opened, with
/// their rules, and which closed, so that a server started again on the same folder opens them again.
///
///     SETDUEL-HALL 1
///     open <id> <name> <seed> <bot|-> <rules key=value...>
///     record <id> <file>
///     close <id>
///     end
public enum HallRecordLine: Equatable, Sendable {
  case magic
  case open(HallTableInfo)
  /// Table `id`'s games are recorded in `file`, in the records folder: a server killed in the middle
  /// of a game there takes the game up again from it.
  case record(Int, file: String)
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
    case .record(let id, let file): "record \(id) \(file)"
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
    case "record":
      guard words.count == 3, let id = Int(words[1]), id >= 1, RecordLine.isFileName(words[2]) else { return nil }
      self = .record(id, file: String(words[2]))
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

  /// What a hall record's lines leave open at their end.
  public struct Open: Equatable, Sendable {
    /// The tables still open (table 1 left out: the server opens it with its own rules), in the order
    /// opened.
    public var tables: [HallTableInfo]
    /// The file each open table (table 1 too) was last recorded in, by table.
    public var records: [Int: String]
    /// A warning for each line that is not one, naming it by number.
    public var warnings: [String]

    public init(tables: [HallTableInfo] = [], records: [Int: String] = [:], warnings: [String] = []) {
      self.tables = tables
      self.records = records
      self.warnings = warnings
    }
  }

  /// What is still open at the end of a hall record's `lines`; nil when the first line is not the
  /// magic line.
  public static func openTables(_ lines: some Sequence<some StringProtocol>) -> Open? {
    var open: [Int: HallTableInfo] = [:]
    var records: [Int: String] = [:]
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
        records[info.id] = nil
      case .record(let id, let file)?:
        records[id] = file
      case .close(let id)?:
        open[id] = nil
        records[id] = nil
        order.removeAll { $0 == id }
      case .magic?, .end?:
        break
      case nil:
        if !text.isEmpty { warnings.append("line \(index + 1): not a line of a hall record") }
      }
    }
    // One file goes on as one table's record: a file named for two tables (an edited record) is the
    // lowest-numbered one's, and the other is dealt afresh.
    var kept: [Int: String] = [:]
    for (id, file) in records.sorted(by: { $0.key < $1.key }) where id == 1 || open[id] != nil {
      if kept.values.contains(file) {
        warnings.append("table \(id): \(file) is named for another table already; table \(id) is dealt afresh")
      } else {
        kept[id] = file
      }
    }
    return Open(tables: order.compactMap { $0 == 1 ? nil : open[$0] }, records: kept, warnings: warnings)
  }
}
