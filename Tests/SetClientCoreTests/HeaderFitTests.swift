import SetCore
import SetProtocol
import Testing

@testable import SetClientCore

/// The header drops the title first, then the ratings: the game's number stays beside the ratings
/// and "(away)" at 80 columns.
@Suite("The header, fitted")
struct HeaderFitTests {
  @Test("at 80 columns the header keeps game N with both ratings and (away); narrower, ratings go before it")
  func gameNumberStays() {
    let second = "START 19 2 69 " + Tables.table(Tables.cards(12))
    let model = Tables.model(
      cards: 12, deck: 45,
      extra: ["OVER 17 1 2 -1 4 3 5 completed", "RATED 18 1 1500 1512 1500 1488", second, "LEFT 20 2 60000"])
    let header = Renderer(options: .ascii).header(model, columns: 80).text
    #expect(header.contains("game 2"), "\(header)")
    #expect(header.contains("[1512 +12]") && header.contains("[1488 -12]") && header.contains("(away)"), "\(header)")
    #expect(header.count <= 80)
    let narrow = Renderer(options: .ascii).header(model, columns: 56).text
    #expect(narrow.contains("game 2") && !narrow.contains("[1512"), "\(narrow)")
    #expect(narrow.count <= 56)
  }
}

@Suite("The ratings after a resume")
struct ResumedRatingsTests {
  @Test("a client started again after a rated game asks STATS for both players and shows their ratings")
  func ratingsComeBack() {
    var model = ClientModel()
    var asked: [ModelAction] = []
    let lines = [
      "SETDUEL 1 hello", "OK MODE machine", "OK RESUME 1 ann", "TABLE 30 45 " + Tables.table(Tables.cards(12)),
      "PLAYER 1 ann 2 here", "PLAYER 2 bob 1 here", "OK STATE 30 2 open 0 0 -",
      "RESULT 1 2 3 5 3 5 completed ann bob", "OK HISTORY 1",
    ]
    for line in lines { asked += model.apply(line: line, at: .zero) }
    #expect(asked.contains(.requestStats("ann")) && asked.contains(.requestStats("bob")), "\(asked)")
    #expect(model.ratings == nil)
    _ = model.apply(line: "STAT ann 0 1488 290 1 0 1 0 0 3 0 0 0 - -", at: .zero)
    _ = model.apply(line: "STAT bob 0 1512 290 1 1 0 0 0 5 0 0 0 - -", at: .zero)
    #expect(model.ratings == PerSeat(one: 1488, two: 1512))
    let header = Renderer(options: .ascii).header(model, columns: 80).text
    #expect(header.contains("ann [1488] (you)") && header.contains("bob [1512]"), "\(header)")
  }

  @Test("before any game is over, a resume asks no ratings")
  func noGameNoRatings() {
    var model = ClientModel()
    var asked: [ModelAction] = []
    for line in ["SETDUEL 1 hello", "OK MODE machine", "OK RESUME 1 ann", "OK HISTORY 0"] {
      asked += model.apply(line: line, at: .zero)
    }
    #expect(!asked.contains { if case .requestStats = $0 { true } else { false } })
  }
}

@Suite("The other player's mood")
struct MoodHeaderTests {
  @Test("the model keeps each seat's last MOOD until the next game, and the header draws its face by the name")
  func faceByTheName() {
    var model = Tables.model(cards: 12, deck: 45, extra: ["MOOD 2 looking", "MOOD 2 sure", "MOOD 2 grumpy"])
    #expect(model.moods == PerSeat(one: nil, two: .sure), "a word not known is ignored")
    let header = Renderer(options: .ascii).header(model, columns: 80).text
    #expect(header.contains("bob (*_*)"), "\(header)")
    #expect(header.count <= 80)
    _ = model.apply(line: "MOOD 2 beaten", at: .zero)
    #expect(Renderer(options: .ascii).header(model, columns: 80).text.contains("bob (;_;)"))
    _ = model.apply(line: "START 17 2 69 " + Tables.table(Tables.cards(12)), at: .zero)
    #expect(model.moods == PerSeat(one: nil, two: nil))
    #expect(!Renderer(options: .ascii).header(model, columns: 80).text.contains("(;_;)"))
  }
}
