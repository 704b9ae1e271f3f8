import SetCore
import SetProtocol

// The keys of the hall's list of tables, and the key at a table that shows it.
extension PlayState {
  /// The key at a table that shows the hall's list (no slot, play or view key).
  public static let hallKey: Character = "#"
  /// The key in the hall's list that opens a table.
  public static let openKey: Character = "n"
  /// The key in the hall's list that opens a table with a computer player in its second seat.
  public static let computerKey: Character = "c"

  /// The table Enter joins in the list: the highlighted one, else the first waiting for a player.
  public func highlighted(in model: ClientModel) -> HallListing? {
    let tables = model.hallTables
    return tables.first { $0.id == hallCursor } ?? tables.first
  }

  /// The hall key at a table: the list at once, except for a player in a running game, who presses
  /// it twice (their game goes on without them while they look).
  mutating func askForHall(model: ClientModel, now: Instant, confirming: Bool) -> [PlayCommand] {
    if model.seat != nil, model.phase.isRunning, !confirming {
      confirmingHall = true
      notice = Notice(
        text: "Press \(Self.hallKey) again for the list of tables: your game goes on while you look", at: now)
      return []
    }
    hallCursor = nil
    typedTable = ""
    notice = nil
    return [.showHall]
  }

  /// A key in the hall's list: a table's number joins it (typed digit by digit when numbers share
  /// their first digits), Enter joins the highlighted one, the arrows move the highlight, `n` opens a
  /// table, `c` one with a computer player; Esc goes back to the table, or before sitting down quits
  /// when pressed twice.
  mutating func handleHall(_ key: Key, model: ClientModel, now: Instant, confirming: Bool) -> [PlayCommand] {
    let tables = model.hallTables
    switch key {
    case .character(let character) where character.isASCII && character.isNumber:
      return typeDigit(character, tables: tables, now: now)
    case .backspace:
      typedTable = String(typedTable.dropLast())
    case .enter:
      if !typedTable.isEmpty {
        let typed = typedTable
        typedTable = ""
        guard tables.contains(where: { "\($0.id)" == typed }) else {
          notice = Notice(text: "no table \(typed)", at: now)
          return []
        }
        return [.join(typed)]
      }
      guard let table = highlighted(in: model) else { return [] }
      return [.join("\(table.id)")]
    case .up, .down:
      guard let current = highlighted(in: model), let index = tables.firstIndex(of: current) else { return [] }
      let next = key == .up ? max(0, index - 1) : min(tables.count - 1, index + 1)
      hallCursor = tables[next].id
    case .character(Self.openKey):
      return [.open(TableRequest())]
    case .character(Self.computerKey):
      return [.open(TableRequest(bot: .normal))]
    case .escape:
      typedTable = ""
      if model.isNamed { return [.leaveHall] }
      if confirming { return [.quit] }
      confirmingQuit = true
    case .tab:
      return [.nextTheme]
    default:
      break
    }
    return []
  }

  /// A digit of a table's number: the table is joined as soon as no other number starts with the
  /// digits typed.
  private mutating func typeDigit(_ digit: Character, tables: [HallListing], now: Instant) -> [PlayCommand] {
    let typed = typedTable + String(digit)
    let numbers = tables.map { "\($0.id)" }
    let matching = numbers.filter { $0.hasPrefix(typed) }
    guard !matching.isEmpty else {
      typedTable = ""
      notice = Notice(text: "no table \(typed)", at: now)
      return []
    }
    if matching == [typed] {
      typedTable = ""
      return [.join(typed)]
    }
    typedTable = typed
    return []
  }
}
