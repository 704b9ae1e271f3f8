import Testing

@testable import SetHost

@Suite("The finished games a REVIEW error lists")
struct FinishedGamesListTests {
  @Test("up to five are each listed; more that follow on are a range; more with gaps are the last five")
  func listed() {
    #expect(GameHost.listed([1]) == "1")
    #expect(GameHost.listed([1, 2, 3, 4, 5]) == "1, 2, 3, 4, 5")
    #expect(GameHost.listed(Array(1...40)) == "1 to 40")
    #expect(GameHost.listed(Array(3...9)) == "3 to 9")
    #expect(GameHost.listed([1, 2, 3, 5, 6, 7]) == "…, 2, 3, 5, 6, 7")
    // An evening of 999 games still fits: "ERR BAD_ARGUMENT no finished game 1000; finished: 1 to 999".
    #expect(("ERR BAD_ARGUMENT no finished game 1000; finished: " + GameHost.listed(Array(1...999))).count <= 79)
  }
}
