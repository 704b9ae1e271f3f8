import SetCore
import Testing

@testable import SetProtocol

/// `NOTICE` lines carry their facts as fields before the words, so that no client reads a sentence.
@Suite("Notices")
struct NoticeTests {
  static let notices: [Notice] = [
    .seatFree(.two), .rating(.rated, name: "ann"), .rating(.guest, name: "Ann"), .rating(.open, name: "cy"),
    .recordLost("No space left on device"),
  ]

  @Test("a notice's fields come before its words, and the line reads back as the same notice", arguments: notices)
  func roundTrip(_ notice: Notice) {
    #expect(ServerLine.decode(notice.line) == .notice(notice), "\(notice.line)")
  }

  @Test("the seat and the rating status are fields; the words are what the human presentation says")
  func fields() {
    #expect(Notice.seatFree(.two).line == "NOTICE seat 2 Seat 2 is free: type SIT to play in it.")
    #expect(Notice.seatFree(.two).text == HumanText.seatFree(.two))
    #expect(
      Notice.rating(.guest, name: "Ann").line
        == "NOTICE rating guest Ann Guest: Ann belongs to someone else; your games here are not rated.")
    #expect(Notice.rating(.open, name: "cy").line.hasPrefix("NOTICE rating open cy Guest: anyone may play as cy"))
  }

  @Test("a topic or a field this version does not know reads as words under its topic")
  func unknownReadsAsWords() {
    #expect(
      Notice(line: "NOTICE seat Seat 2 is free: type SIT to play in it.")
        == .other(topic: "seat", text: "Seat 2 is free: type SIT to play in it."))
    #expect(Notice(line: "NOTICE rating vip ann hello") == .other(topic: "rating", text: "vip ann hello"))
    #expect(Notice(line: "NOTICE weather sunny today") == .other(topic: "weather", text: "sunny today"))
    #expect(Notice(line: "NOTICE seat") == nil)
  }
}
