import SetCore
import SetProtocol
import Testing

@testable import SetClientCore

@Suite("Keys")
struct PlayStateTests {
  static let now = Instant(milliseconds: 50)

  @Test("bytes become keys: letters, controls, arrows, a lone Esc, UTF-8 split between reads")
  func decoding() {
    var decoder = KeyDecoder()
    #expect(
      decoder.decode(Array(" a+\r\u{03}".utf8)) == [
        .character(" "), .character("a"), .character("+"), .enter, .control("c"),
      ])
    #expect(decoder.decode([0x1B, 0x5B, 0x41, 0x1B, 0x5B, 0x35, 0x7E, 0x1B, 0x4F, 0x42]) == [.up, .pageUp, .down])
    #expect(decoder.decode([0x1B]) == [.escape])
    let euro = Array("€".utf8)
    #expect(decoder.decode(Array(euro.prefix(2))) == [])
    #expect(decoder.decode(Array(euro.suffix(1))) == [.character("€")])
  }

  @Test("space claims, slot keys pick and unpick, + deals, Enter asks for a rematch")
  func playing() {
    var state = PlayState()
    var model = Tables.model(cards: 12, deck: 45, extra: [])
    #expect(state.handle(.character(" "), model: model, now: Self.now) == [.send(.claim)])
    // A slot key picks the card in it by code, so the pick cannot go stale.
    let c = ClientCommand.pick(.cards([model.cards[2]]))
    #expect(state.handle(.character("c"), model: model, now: Self.now) == [.send(c)])
    #expect(state.handle(.character("C"), model: model, now: Self.now) == [.send(c)])
    #expect(state.handle(.character("+"), model: model, now: Self.now) == [.send(.deal)])
    #expect(state.handle(.character("m"), model: model, now: Self.now) == [])
    #expect(state.notice?.text == "no card in slot m")
    #expect(state.handle(.character("v"), model: model, now: Self.now) == [])
    #expect(state.handle(.enter, model: model, now: Self.now) == [])

    _ = model.apply(line: "CLAIM 17 1 5000", at: Self.now)
    _ = model.apply(line: "PICK 18 1 C", at: Self.now)
    #expect(state.handle(.character("c"), model: model, now: Self.now) == [.send(.unpick(Slot(2)))])
    #expect(
      state.handle(.character("d"), model: model, now: Self.now) == [
        .send(.pick(.cards([model.cards[3]])))
      ])

    _ = model.apply(line: "OVER 19 1 1 3 1 3 1 completed", at: Self.now)
    #expect(state.handle(.enter, model: model, now: Self.now) == [.send(.new)])
    _ = model.apply(line: "REMATCH 20 1", at: Self.now)
    #expect(state.handle(.enter, model: model, now: Self.now) == [])
  }

  @Test("a spectator's play keys send nothing and say why; the other keys still work")
  func spectatorKeys() {
    var state = PlayState()
    var model = Tables.model(cards: 12, deck: 45, extra: [], watching: true)
    for key in [Key.character(" "), .character("a"), .character("+"), .enter] {
      state.notice = nil
      #expect(state.handle(key, model: model, now: Self.now) == [])
      #expect(state.notice?.text == "You are watching: only the two players can play")
    }
    _ = model.apply(line: "OVER 17 1 1 3 1 3 1 completed", at: Self.now)
    #expect(state.handle(.enter, model: model, now: Self.now) == [])
    #expect(state.handle(.character("?"), model: model, now: Self.now) == [])
    #expect(state.view == .help)
  }

  @Test("/ opens a chat line: typed keys go into it, not to the table; Enter sends SAY, Esc cancels")
  func chat() {
    var state = PlayState()
    let model = Tables.model(cards: 12, deck: 45, extra: [])
    #expect(state.handle(.character("/"), model: model, now: Self.now) == [])
    #expect(state.chat == "")
    for character in "good  game!x" {
      #expect(state.handle(.character(character), model: model, now: Self.now) == [])
    }
    #expect(state.handle(.backspace, model: model, now: Self.now) == [])
    #expect(state.handle(.character(" "), model: model, now: Self.now) == [], "space does not call Set")
    #expect(state.handle(.enter, model: model, now: Self.now) == [.send(.say("good  game!"))])
    #expect(state.chat == nil)
    _ = state.handle(.character("/"), model: model, now: Self.now)
    _ = state.handle(.character("a"), model: model, now: Self.now)
    #expect(state.handle(.escape, model: model, now: Self.now) == [])
    #expect(state.chat == nil && !state.confirmingQuit, "Esc closes the chat line, and does not start quitting")
    _ = state.handle(.character("/"), model: model, now: Self.now)
    #expect(state.handle(.enter, model: model, now: Self.now) == [], "an empty line sends nothing")
    _ = state.handle(.character("/"), model: model, now: Self.now)
    for _ in 0..<(PlayState.chatLimit + 10) { _ = state.handle(.character("x"), model: model, now: Self.now) }
    #expect(state.chat?.count == PlayState.chatLimit)
  }

  @Test("a spectator can chat too")
  func spectatorChat() {
    var state = PlayState()
    let model = Tables.model(cards: 12, deck: 45, extra: [], watching: true)
    _ = state.handle(.character("/"), model: model, now: Self.now)
    _ = state.handle(.character("h"), model: model, now: Self.now)
    _ = state.handle(.character("i"), model: model, now: Self.now)
    #expect(state.handle(.enter, model: model, now: Self.now) == [.send(.say("hi"))])
  }

  @Test("no deal from an empty deck")
  func emptyDeck() {
    var state = PlayState()
    let model = Tables.model(cards: 21, deck: 0, extra: [])
    #expect(state.handle(.character("+"), model: model, now: Self.now) == [])
    #expect(state.notice?.text == "the deck is empty: no more cards to deal")
  }

  @Test("Esc twice quits, any other key in between stays; Ctrl-C quits at once")
  func quitting() {
    var state = PlayState()
    let model = Tables.model(cards: 12, deck: 45, extra: [])
    #expect(state.handle(.escape, model: model, now: Self.now) == [])
    #expect(state.confirmingQuit)
    #expect(state.handle(.character("?"), model: model, now: Self.now) == [])
    #expect(!state.confirmingQuit)
    #expect(state.view == .help)
    #expect(state.handle(.escape, model: model, now: Self.now) == [])  // closes help
    #expect(state.view == .table)
    #expect(state.handle(.escape, model: model, now: Self.now) == [])
    #expect(state.handle(.escape, model: model, now: Self.now) == [.quit])
    #expect(state.handle(.control("c"), model: model, now: Self.now) == [.quit])
  }

  @Test("the history view scrolls within the log and closes")
  func history() {
    var state = PlayState()
    let model = Tables.model(cards: 12, deck: 45, extra: [])
    _ = state.handle(.character("!"), model: model, now: Self.now)
    #expect(state.view == .history(scroll: 0))
    _ = state.handle(.up, model: model, now: Self.now)
    _ = state.handle(.up, model: model, now: Self.now)
    #expect(state.view == .history(scroll: 2))
    _ = state.handle(.pageUp, model: model, now: Self.now)
    #expect(state.view == .history(scroll: model.log.entries.count - 1))
    _ = state.handle(.end, model: model, now: Self.now)
    #expect(state.view == .history(scroll: 0))
    #expect(state.handle(.character(" "), model: model, now: Self.now) == [])  // no claim from the history
    _ = state.handle(.character("!"), model: model, now: Self.now)
    #expect(state.view == .table)
  }

  @Test("NO_COLOR turns colour off, TERM=dumb prints plain lines, --ascii drops the symbols")
  func options() {
    #expect(ScreenOptions.detect(ascii: false, environment: ["TERM": "xterm"]) == ScreenOptions())
    #expect(
      ScreenOptions.detect(ascii: false, environment: ["TERM": "xterm", "NO_COLOR": "1"])
        == ScreenOptions(unicode: true, color: false, fullScreen: true))
    #expect(
      ScreenOptions.detect(ascii: false, environment: ["TERM": "dumb"])
        == ScreenOptions(unicode: false, color: false, fullScreen: false))
    #expect(ScreenOptions.detect(ascii: true, environment: ["TERM": "xterm"]) == .ascii)
  }

  @Test("reconnection waits double each time, up to a limit, for a bounded number of tries")
  func backoff() {
    let policy = ReconnectPolicy(first: 250, longest: 1_000, attempts: 5)
    #expect((1...5).map { policy.delay(before: $0) } == [250, 500, 1_000, 1_000, 1_000])
    #expect(policy.delay(before: 6) == nil)
    #expect(policy.delay(before: 0) == nil)
  }

  @Test("by default the client keeps trying at least as long as the server holds a seat")
  func backoffOutlastsTheGrace() {
    let policy = ReconnectPolicy()
    let waited = (1...policy.attempts).compactMap { policy.delay(before: $0) }.reduce(0, +)
    #expect(waited >= Rules().resumeGrace)
  }

  @Test("a seat's tries are as many as make the waits add up to the table's hold, and never fewer than the policy's")
  func triesForAHold() {
    // Waits of 100, 200, 300, 300, ...: totals 100, 300, 600, 900, 1200.
    let policy = ReconnectPolicy(first: 100, longest: 300, attempts: 4)
    #expect(policy.attempts(holding: 0) == 4)
    #expect(policy.attempts(holding: 900) == 4)
    #expect(policy.attempts(holding: 901) == 5)
    #expect(policy.attempts(holding: 1_200) == 5)
    #expect(policy.attempts(holding: 1_201) == 6)
    // The quick policy's waits, 50, 100 and then 200 ms, held for a minute: 150 ms, then 299.25 waits
    // of 200 ms, so 2 + 300 tries.
    #expect(ReconnectPolicy.quick.attempts(holding: 60_000) == 302)
    // The default's, held ten minutes: 0.25 + 0.5 + 1 + 2 = 3.75 s, then 149.06 waits of 4 s: 4 + 150.
    #expect(ReconnectPolicy().attempts(holding: 600_000) == 154)
    #expect(policy.delay(before: 6, of: 6) == 300)
    #expect(policy.delay(before: 7, of: 6) == nil)
  }

  @Test("the bot's brain is seeded: the same seed and table give the same decisions")
  func botIsSeeded() throws {
    let model = Tables.model(cards: 12, deck: 45, extra: [])
    var first = BotBrain(level: .normal, seed: 9)
    var second = BotBrain(level: .normal, seed: 9)
    let a = first.decide(model, now: .zero)
    #expect(a == second.decide(model, now: .zero))
    #expect(a.commands.isEmpty)
    let wake = try #require(a.wake)
    #expect(wake > .zero)
    let b = first.decide(model, now: wake)
    #expect(b == second.decide(model, now: wake))
    #expect(b.commands == [.claim] || b.commands == [.deal])
  }
}
