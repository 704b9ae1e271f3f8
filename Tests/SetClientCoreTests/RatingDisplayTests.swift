import SetClientCore
import SetCore
import Testing

/// The terminal client after a rated game: each player's rating and its change beside the name, and
/// the change in the results log.
@Suite("Ratings on screen")
struct RatingDisplayTests {
  @Test("RATED after OVER puts each rating and its change beside the names")
  func ratedGame() {
    var model = ClientModel()
    _ = ClientModelTests.apply(ClientModelTests.start + ["OVER 4 1 1 3 1 3 1 completed"], to: &model)
    let before = Renderer(options: .ascii).frame(model: model, state: PlayState(), now: .zero, columns: 80, rows: 24)
    #expect(!before.encoded(color: false).contains { $0.contains("[1662") })
    _ = ClientModelTests.apply(["RATED 5 1 1500 1662 1500 1338"], to: &model)
    #expect(model.ratings == [1662, 1338] && model.ratingChanges == [162, -162])
    #expect(model.log.lastResult?.text == "Ratings: ann 1500 -> 1662 (+162), bob 1500 -> 1338 (-162)")
    let frame = Renderer(options: .ascii).frame(model: model, state: PlayState(), now: .zero, columns: 80, rows: 24)
    let text = frame.encoded(color: false)
    #expect(text.contains { $0.contains("ann [1662 +162] (you) 3 : 1 bob [1338 -162]") }, "\(text)")
    _ = ClientModelTests.apply(["JOINED 6 2 cy"], to: &model)
    #expect(model.ratings == nil, "a new player: the last pair's ratings no longer apply")
  }
}
