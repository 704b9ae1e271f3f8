import SetCore
import SetProtocol
import Testing

@testable import SetClientCore

/// The screen says what is true now, in a shape that fits: scores set apart from names, the colour's
/// letter at every size, only the keys that work, and cards as large as the terminal allows.
@Suite("Fitting screen")
struct FittingScreenTests {
  static func text(_ model: ClientModel, columns: Int, rows: Int, options: ScreenOptions = .ascii) -> [String] {
    var state = PlayState()
    state.link = .connected
    return Renderer(options: options).frame(model: model, state: state, now: Tables.now, columns: columns, rows: rows)
      .encoded(color: false)
  }

  @Test("the header sets the scores apart from the names: ann (you) -1 : -1 bob")
  func scoresApart() {
    let model = Tables.model(cards: 12, deck: 45, extra: [])
    let header = Self.text(model, columns: 80, rows: 24)[0]
    #expect(header.contains("ann (you) -1 : -1 bob"), "\(header)")
  }

  @Test("at every size, in colour, each card shows its colour's letter")
  func colourLetterAtEverySize() {
    let model = Tables.model(cards: 21, deck: 0, extra: [])
    for (columns, rows) in [(40, 12), (60, 20), (80, 24), (120, 40)] {
      let text = Self.text(model, columns: columns, rows: rows, options: ScreenOptions()).joined(separator: "\n")
      for card in model.cards {
        let glyphs = String(repeating: CardArt.glyph(card), count: card.number + 1)
        let letter = CardArt.colourLetters[card.colour]
        // Compact: the letter follows the symbols; in a box, it is in the bottom border.
        let shown = text.contains(glyphs + String(letter)) || text.contains(" \(letter) ")
        #expect(shown, "\(columns)x\(rows): \(card)")
      }
      if columns == 40 {
        #expect(
          model.cards.allSatisfy { card in
            text.contains(
              String(repeating: CardArt.glyph(card), count: card.number + 1)
                + String(CardArt.colourLetters[card.colour]))
          })
      }
    }
  }

  @Test("before the first game the key bar offers no play keys and the header no deck")
  func keysBeforeTheGame() {
    var model = ClientModel()
    for line in ["SETDUEL 1 hello", "OK MODE machine", "JOINED 1 1 ann", "OK NAME 1 secret"] {
      _ = model.apply(line: line, at: .zero)
    }
    let lines = Self.text(model, columns: 80, rows: 24)
    let keys = lines.last ?? ""
    for dead in ["pick", "deal", "Set", "a-a"] { #expect(!keys.contains(dead), "\(keys)") }
    #expect(keys.contains("Esc quit"))
    #expect(!lines[0].contains("deck"), "\(lines[0])")
  }

  @Test("while the other player holds a claim, and with the deck empty, no dead keys are offered")
  func keysThatWork() {
    let theirs = Tables.model(cards: 12, deck: 45, extra: ["CLAIM 17 2 5000"])
    let bar = Self.text(theirs, columns: 80, rows: 24).last ?? ""
    for dead in ["pick", "deal", "Set"] { #expect(!bar.contains(dead), "\(bar)") }
    let empty = Tables.model(cards: 12, deck: 0, extra: [])
    let open = Self.text(empty, columns: 80, rows: 24).last ?? ""
    #expect(open.contains("Set") && open.contains("pick") && !open.contains("deal"), "\(open)")
  }

  @Test("at 120x40 twelve cards grow past the standard size and take most of the rows")
  func cardsGrow() throws {
    let model = Tables.model(cards: 12, deck: 45, extra: [])
    let lines = Self.text(model, columns: 120, rows: 40)
    let top = try #require(lines.first { $0.contains("+ a -") })
    let start = try #require(top.range(of: "+ a"))
    let width = top[start.lowerBound...].dropFirst().prefix { $0 != "+" }.count + 2
    #expect(width >= 17, "\(top)")
    let cardRows = lines.filter { $0.contains("|") || $0.contains("+-") || $0.contains("+ ") }.count
    #expect(cardRows >= 20, "\(lines.joined(separator: "\n"))")
  }

  @Test("watching a record offers only the key that stops it, and says nothing about seats")
  func replayWords() {
    let model = RecordPlayback.spectator()
    var state = PlayState(info: ["End of the record: q or Esc leaves"])
    state.link = .connected
    state.replaying = true
    let lines = Renderer(options: .ascii).frame(model: model, state: state, now: .zero, columns: 80, rows: 24)
      .encoded(color: false)
    #expect(lines.last?.contains("q stop") == true, "\(lines)")
    for live in ["chat", "seats are taken", "sit down", "rematch"] {
      #expect(!lines.contains { $0.contains(live) }, "\(live)")
    }
    #expect(lines.contains { $0.contains("End of the record") })
  }

  @Test("at 40 columns words that do not fit end at a word, marked, never in half a number")
  func narrowEndsAtAWord() {
    var model = ClientModel()
    for line in [
      "SETDUEL 1 hello", "OK MODE machine", "JOINED 1 1 ann", "OK NAME 1 secret", "JOINED 2 2 bob",
      "START 3 1 69 \(Tables.table(Tables.cards(12)))",
    ] {
      _ = model.apply(line: line, at: .zero)
    }
    let lines = Self.text(model, columns: 40, rows: 12)
    let result = lines.first { $0.contains("Game 1 begins") } ?? ""
    #expect(result.hasSuffix("..."), "\(lines)")
    #expect(!result.contains(", 6.") && !result.hasSuffix("6"), "\(result)")
    #expect(lines.allSatisfy { $0.count <= 40 })
    #expect(!lines.contains { $0.contains("codes:") }, "a legend that does not fit is left out")
  }

  @Test("at 40 columns the other's claim keeps its words whole beside the seconds: bot-easy is picking")
  func narrowClaimWords() throws {
    var model = ClientModel()
    for line in [
      "SETDUEL 1 hello", "OK MODE machine", "JOINED 1 1 ann", "OK NAME 1 secret", "JOINED 2 2 bot-easy",
      "START 3 1 69 \(Tables.table(Tables.cards(12)))", "CLAIM 4 2 5000",
    ] {
      _ = model.apply(line: line, at: .zero)
    }
    let narrow = try #require(
      Self.text(model, columns: 40, rows: 12).first { $0.contains("bot-easy") && $0.hasSuffix(" s") })
    #expect(narrow.range(of: #"bot-easy is picking +\d+\.\d s$"#, options: .regularExpression) != nil, "\(narrow)")
    #expect(narrow.count <= 40)
    let wide = Self.text(model, columns: 80, rows: 24).joined(separator: "\n")
    #expect(wide.contains("bot-easy called Set and is picking"), "\(wide)")
  }

  @Test("at 40 columns the game-over screen wraps its sentences and the header drops the ratings")
  func narrowGameOver() {
    var model = ClientModel()
    for line in [
      "SETDUEL 1 hello", "OK MODE machine", "JOINED 1 1 ann", "OK NAME 1 secret", "JOINED 2 2 bob",
      "START 3 1 69 \(Tables.table(Tables.cards(12)))", "LEFT 4 2 5000", "OVER 5 1 1 0 0 0 0 forfeit",
      "RATED 6 1 1500 1662 1500 1338",
    ] {
      _ = model.apply(line: line, at: .zero)
    }
    let lines = Self.text(model, columns: 40, rows: 24)
    #expect(lines[0].contains("ann (you) 0 : 0 bob (away)"), "\(lines[0])")
    #expect(lines.allSatisfy { $0.count <= 40 })
    let words = lines.joined(separator: " ").split(separator: " ").joined(separator: " ")
    #expect(words.contains("bob has left: their seat is free for the next player"), "\(lines)")
  }

  @Test("the history speaks to the player about their own seat")
  func sitDownInSecondPerson() {
    let model = Tables.model(cards: 12, deck: 45, extra: [])
    let entries = model.log.entries.map(\.text)
    #expect(entries.contains("You sit down in seat 1"), "\(entries)")
    #expect(!entries.contains("ann sits down in seat 1"))
    // On screen, in the order it happened: ann sat down first.
    var fresh = ClientModel()
    for line in [
      "SETDUEL 1 hello", "OK MODE machine", "JOINED 1 1 ann", "OK NAME 1 secret", "JOINED 2 2 bob",
      "START 3 1 69 \(Tables.table(Tables.cards(12)))",
    ] {
      _ = fresh.apply(line: line, at: .zero)
    }
    let lines = Self.text(fresh, columns: 120, rows: 40)
    let mine = lines.firstIndex { $0.contains("You sit down in seat 1") }
    let theirs = lines.firstIndex { $0.contains("bob sits down in seat 2") }
    #expect(mine != nil && theirs != nil && mine! < theirs!, "\(lines.joined(separator: "\n"))")
  }
}
