import SetProtocol
import Testing

@testable import SetClientCore

/// What the terminal client prints as it exits from an unfinished game: the seat held only when the
/// table is still there to hold it.
@Suite("The client's parting words")
struct PartingWordsTests {
  static func model(after lines: [String]) -> ClientModel {
    var model = ClientModel()
    _ = ClientModelTests.apply(ClientModelTests.start + ["OK STATE 3 1 open 0 0 -"] + lines, to: &model)
    return model
  }

  @Test("a dropped connection leaves the seat held, and says how to take it back")
  func dropped() {
    var model = Self.model(after: [])
    model.connectionLost()
    let lines = PartingWords.lines(model, keepsToken: true)
    #expect(lines.count == 1)
    #expect(lines.last?.hasPrefix("Game 1 unfinished: ") == true, "\(lines)")
    #expect(lines.last?.hasSuffix("Your seat is held for 60 s: run the same setduel play to take it back.") == true)
  }

  @Test("after BYE the server stopped: no seat is said to be held")
  func serverStopped() {
    var model = Self.model(after: ["BYE 4 the server is shutting down"])
    model.connectionLost()
    let lines = PartingWords.lines(model, keepsToken: true)
    #expect(lines.last?.hasSuffix(". The server stopped.") == true, "\(lines)")
    #expect(!lines.contains { $0.contains("held") }, "\(lines)")
  }

  @Test("a seat taken back on another connection is said to be played there")
  func resumedElsewhere() {
    let model = Self.model(after: [
      "ERR RESUMED_ELSEWHERE your seat was taken back on another connection with its token; goodbye"
    ])
    let lines = PartingWords.lines(model, keepsToken: true)
    #expect(lines.last?.hasSuffix("Your seat is played from the other connection now.") == true, "\(lines)")
  }
}
