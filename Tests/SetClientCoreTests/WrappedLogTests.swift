import SetCore
import SetProtocol
import Testing

@testable import SetClientCore

/// A wrong pick's reason is as long as a sentence gets: the log and the `!` history wrap it, so that
/// it reads whole, with the -1 after it.
@Suite("Wrapped log")
struct WrappedLogTests {
  static let wrongPick = [
    "CLAIM 17 1 5000", "PICK 18 1 A,B,C", "NOSET 19 1 A,B,C 2GOD,2GSO,3PTO", "SCORE 20 1 -1 -2 wrong",
    "TURN 21 2 10000 turn",
  ]
  static let reason = "number is two, two, three; colour is green, green, purple; shape is diamond, oval, oval"

  /// The frame's rows as one text, each row's indent and line end read as one space.
  static func flowing(_ view: PlayState.View, columns: Int, rows: Int) -> String {
    let model = Tables.model(cards: 12, deck: 45, extra: Self.wrongPick)
    var state = PlayState()
    state.link = .connected
    state.view = view
    let frame = Renderer(options: .ascii).frame(
      model: model, state: state, now: Tables.now, columns: columns, rows: rows)
    #expect(frame.lines.allSatisfy { $0.width <= columns })
    return frame.encoded(color: false).map { $0.trimmingPrefix(while: { $0 == " " }) }.joined(separator: " ")
  }

  @Test("the history shows a wrong pick's reason whole, with its -1, at 40, 80 and 120 columns")
  func history() {
    for (columns, rows) in [(40, 12), (80, 24), (120, 40)] {
      let text = Self.flowing(.history(scroll: 0), columns: columns, rows: rows)
      #expect(text.contains(Self.reason + " (each two the same, one different) -1"), "\(columns): \(text)")
    }
  }

  @Test("the table's log wraps the latest result instead of cutting it")
  func log() {
    for (columns, rows) in [(80, 24), (120, 40)] {
      let text = Self.flowing(.table, columns: columns, rows: rows)
      #expect(text.contains(Self.reason + " (each two the same, one different) -1"), "\(columns): \(text)")
    }
  }

  @Test("a styled line wraps at spaces and keeps its styles")
  func styledWrap() {
    var line = StyledLine("one two ", TextStyle(bold: true))
    line.add("three four five", TextStyle(dim: true))
    let lines = line.wrapped(to: 10, indent: "  ")
    #expect(lines.map(\.text) == ["one two", "  three", "  four", "  five"])
    #expect(lines[1].spans.last?.style == TextStyle(dim: true))
    #expect(lines[0].spans.allSatisfy { $0.style == TextStyle(bold: true) })
  }
}

@Suite("The table printed line by line")
struct PrintedTableTests {
  @Test("practice and the puzzle draw the game's cards with its lower-case keys, boxes where they fit")
  func gameCards() {
    let cards = Tables.cards(12)
    let boxes = Renderer(options: ScreenOptions(color: false)).printedTable(cards, columns: 80)
    for key in "abcdefghijkl" { #expect(boxes.contains { $0.contains("╭ \(key) ") }, "\(key)") }
    #expect(boxes.allSatisfy { $0.count <= 80 })
    let narrow = Renderer(options: ScreenOptions(color: false)).printedTable(cards, columns: 30)
    #expect(narrow.allSatisfy { $0.count <= 30 })
    let plain = Renderer(options: .ascii).printedTable(cards, columns: 80).joined(separator: "\n")
    for (index, card) in cards.enumerated() { #expect(plain.contains("\(PlayState.key(for: Slot(index))) \(card)")) }
  }
}
