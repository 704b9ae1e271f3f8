import SetCore
import SetProtocol

// The keys of the hall's tournament: `s` at a table shows the standings; in them, `e` enters and `w`
// withdraws.
extension PlayState {
  /// The key at a table that shows the tournament's standings, in a hall that runs one. It is slot S's
  /// key too: while a card lies there (21 cards on the table), it picks that card.
  public static let standingsKey: Character = "s"
  /// The slot the standings key picks while a card lies in it.
  static let standingsSlot = Slot(PlayState.slotKeys.firstIndex(of: standingsKey)!)
  /// The keys in the standings that enter the tournament and withdraw from it.
  public static let enterKey: Character = "e"
  public static let withdrawKey: Character = "w"

  /// A key in the standings: the arrows and paging keys scroll, `e` enters, `w` withdraws, and `s`,
  /// Esc or Enter goes back to the table.
  mutating func handleStandings(_ key: Key, from scroll: Int, model: ClientModel) -> [PlayCommand] {
    let most = max(0, model.tourney.standings.count + model.tourney.pairings.count)
    let finished = model.tourney.summary?.state == "finished"
    switch key {
    case .down: view = .standings(scroll: min(most, scroll + 1))
    case .up: view = .standings(scroll: max(0, scroll - 1))
    case .pageDown: view = .standings(scroll: min(most, scroll + 10))
    case .pageUp: view = .standings(scroll: max(0, scroll - 10))
    case .home: view = .standings(scroll: 0)
    case .end: view = .standings(scroll: most)
    case .character(Self.enterKey) where !model.tourney.entered && !finished: return [.send(.enter)]
    case .character(Self.withdrawKey) where model.tourney.entered && !finished: return [.send(.withdraw)]
    case .escape, .enter, .character(Self.standingsKey): view = .table
    case .tab: return [.nextTheme]
    default: break
    }
    return []
  }
}
