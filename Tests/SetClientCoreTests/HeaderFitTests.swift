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
