import SetCore
import SetProtocol

/// Draws the terminal client's screen: a pure function from the model, the client's own state, the
/// time and the terminal's size to a frame of exactly `rows` lines.
///
/// The table view, top to bottom: a header with both players' names and scores and the deck; the cards
/// in three rows, a column per three cards, so 21 cards fit in 80 columns; the line saying whose claim
/// or turn it is with a countdown; a notice; the latest results, newest last; hints; the key bar.
///
/// Each part of the frame is drawn in its own file: the header, key bar and game-over panel
/// (Renderer+Header), the status lines and the chain (Renderer+Status), help and history
/// (Renderer+Help). This file lays them out in one budget of rows and columns.
public struct Renderer: Sendable {
  /// How to draw.
  public var options: ScreenOptions

  public init(options: ScreenOptions) {
    self.options = options
  }

  /// The columns between two cards.
  static let gap = 2
  /// How long a notice or a refusal stays on screen, in milliseconds.
  static let noticeTime: Int64 = 4_000

  /// The frame for the model and state at `now`, `columns` wide and `rows` high.
  public func frame(model: ClientModel, state: PlayState, now: Instant, columns: Int, rows: Int) -> Frame {
    let columns = max(20, columns)
    let rows = max(1, rows)
    if state.lobby {
      return hallFrame(model: model, state: state, now: now, columns: columns, rows: rows)
    }
    var top: [StyledLine] = [header(model, columns: columns), StyledLine()]
    switch state.view {
    case .help:
      top += help(model)
    case .history(let scroll):
      top = [header(model, columns: columns)] + history(model, scroll: scroll, rows: rows - 2, columns: columns)
    case .review(let scroll):
      top = [header(model, columns: columns)] + review(model, scroll: scroll, rows: rows - 2, columns: columns)
    case .standings(let scroll):
      top =
        [header(model, columns: columns)]
        + standingsView(model, scroll: scroll, rows: rows - 2, columns: columns, now: now)
    case .table:
      return tableFrame(model: model, state: state, now: now, columns: columns, rows: rows)
    }
    let bottom = [keyBar(model, state: state, columns: columns)]
    var lines = Array(top.prefix(max(0, rows - bottom.count)))
    while lines.count + bottom.count < rows { lines.append(StyledLine()) }
    lines += bottom.suffix(rows - lines.count)
    return Frame(lines: lines.map { $0.clipped(to: columns) })
  }

  /// The table view. What must show always shows: the header, the cards, whose turn it is with the
  /// seconds left, and the key bar with the quit key; the cards shrink (no gaps between rows, then one
  /// line a card) before any of those goes. What is left of the rows goes, in order, to the last
  /// result, the tournament's line (under the header), the notice, spacing, the legend, the hints and the earlier results. When even one line a card
  /// does not fit, a notice says what size is needed, and the game goes on.
  func tableFrame(model: ClientModel, state: PlayState, now: Instant, columns: Int, rows: Int) -> Frame {
    let headerLine = header(model, columns: columns)
    let statusLine = status(model, now: now, columns: columns)
    let keys = keyBar(model, state: state, columns: columns)
    let required = 3  // the header, the status and the key bar
    var middle: [StyledLine]
    if case .over(let result) = model.phase {
      middle = gameOver(model, result: result, columns: columns)
      if middle.count > rows - required { middle = Array(middle.suffix(max(0, rows - required))) }
      // The final table stays in view below the result, as large as the rows left allow.
      let room = rows - required - middle.count - 3
      if !model.cards.isEmpty, let final = fittedGrid(model, now: now, columns: columns, rows: room) {
        middle += [StyledLine()] + final
      }
    } else if let fitted = fittedGrid(model, now: now, columns: columns, rows: rows - required - chainRows(model)) {
      middle = fitted
      if !model.chain.isEmpty { middle += [StyledLine(), chainLine(model)] }
    } else {
      let needed = Self.smallestSize(cards: model.cards.count)
      let text = "terminal too small: \(needed.columns)x\(needed.rows) needed"
      middle = [StyledLine(text.centred(in: columns), TextStyle(bold: true, reverse: true))]
    }
    var spare = rows - required - middle.count
    func take(_ count: Int) -> Bool {
      guard spare >= count else { return false }
      spare -= count
      return true
    }
    let showResult = take(1)
    let tourney = tourneyLine(model, now: now, columns: columns).flatMap { take(1) ? $0 : nil }
    let showNotice = take(1)
    let gapBelowHeader = take(1)
    let gapAboveStatus = take(1)
    let showLegend = take(1)
    let info = state.info.filter { _ in take(1) }
    var lines = [headerLine]
    if let tourney { lines.append(tourney) }
    if gapBelowHeader { lines.append(StyledLine()) }
    lines += middle
    if gapAboveStatus { lines.append(StyledLine()) }
    lines.append(statusLine)
    // Words that do not fit end at a word, marked: never half a number.
    let ellipsis = options.unicode ? "…" : "..."
    func fit(_ line: StyledLine) -> StyledLine { line.clippedAtWord(to: columns, ellipsis: ellipsis) }
    if showNotice { lines.append(fit(notice(model, state: state, now: now))) }
    var logRows = showResult ? 1 : 0
    if spare > 1 {
      lines.append(StyledLine())
      logRows += spare - 2
    }
    lines += recent(model, count: logRows, columns: columns).map(fit)
    var bottom = info.map { fit(StyledLine($0, TextStyle(dim: true))) }
    let legendLine = legend()
    if showLegend, legendLine.width <= columns { bottom.append(legendLine) }
    bottom.append(keys)
    while lines.count + bottom.count < rows { lines.append(StyledLine()) }
    lines = Array(lines.prefix(rows - bottom.count)) + bottom
    return Frame(lines: lines.map { $0.clipped(to: columns) })
  }
}
