import SetCore
import SetProtocol
import Testing

@testable import SetClientCore

/// The terminal client shows what a server sends about other people (names, chat) harmless, even
/// from a server that passes control characters on.
@Suite("Harmless text on the client's screen")
struct HarmlessScreenTests {
  @Test("chat and a name holding control characters reach the chat pane as visible characters")
  func chatPane() {
    let chat = String(repeating: "\u{8}", count: 9) + "server: you lose \u{9B}2J \u{1B}]0;x\u{7} \u{202E}gnp"
    let model = Tables.model(cards: 12, deck: 45, extra: ["SAY 17 bob \(chat)", "SAY 18 b\u{1B}[2Jx hello"])
    var state = PlayState()
    state.link = .connected
    let frame = Renderer(options: ScreenOptions()).frame(
      model: model, state: state, now: Tables.now, columns: 100, rows: 30)
    let shown = frame.lines.flatMap { $0.spans.map(\.text) }
    #expect(shown.allSatisfy { Harmless.isHarmless($0) }, "\(shown.filter { !Harmless.isHarmless($0) })")
    #expect(shown.contains { $0.contains("\u{2408}\u{2408}server: you lose \u{FFFD}2J") }, "\(shown)")
    let encoded = frame.encoded(color: true)
    #expect(!encoded.contains { $0.unicodeScalars.contains { [0x08, 0x9B, 0x9D, 0x07, 0x202E].contains($0.value) } })
  }
}
