import SetCore
import SetProtocol
import Testing

@testable import SetClientCore

@Suite("Countdown against the rules in force")
struct RulesCountdownTests {
  static let quickRules =
    "RULES tableSize=12 claimWindow=2000 passedTurnWindow=4000 needlessDealWindow=3000 resumeGrace=60000"
    + " setReward=1 wrongPickPenalty=1 claimExpiredPenalty=1 needlessDealPenalty=1 pickClaims=1"

  /// The countdown of the status line, as ASCII: `[####....] 2.0 s`.
  static func countdown(_ model: ClientModel, at now: Instant) -> String? {
    let frame = Renderer(options: .ascii).frame(model: model, state: PlayState(), now: now, columns: 80, rows: 24)
    let lines = frame.encoded(color: false)
    return lines.lazy.compactMap { line in line.firstRange(of: "[").map { String(line[$0.lowerBound...]) } }
      .first { $0.contains("] ") && $0.hasSuffix(" s") }
  }

  static func model(rules: String?, window: String) -> ClientModel {
    var model = ClientModel()
    let lines =
      (rules.map { [$0] } ?? []) + [
        "JOINED 1 1 ann", "OK NAME 1 secret", "JOINED 2 2 bob", "START 3 1 69 \(Tables.table(Tables.cards(12)))",
      ] + [window]
    for line in lines { _ = model.apply(line: line, at: .zero) }
    return model
  }

  @Test("with a 2 s claim window from RULES, each window's bar starts full")
  func fullBar() {
    let full = "[################] "
    let claim = Self.model(rules: Self.quickRules, window: "CLAIM 4 2 2000")
    #expect(claim.rules.claimWindow == 2000)
    #expect(claim.phase == .window(holder: .two, kind: .claim, deadline: Instant(milliseconds: 2000), length: 2000))
    #expect(Self.countdown(claim, at: .zero) == full + "2.0 s")
    #expect(Self.countdown(claim, at: Instant(milliseconds: 1000)) == "[########........] 1.0 s")
    let turn = Self.model(rules: Self.quickRules, window: "TURN 4 1 4000 turn")
    #expect(Self.countdown(turn, at: .zero) == full + "4.0 s")
    let needless = Self.model(rules: Self.quickRules, window: "TURN 4 1 3000 needless")
    #expect(Self.countdown(needless, at: .zero) == full + "3.0 s")
  }

  @Test("without RULES (an older server), the standard windows are assumed")
  func standardRules() {
    let claim = Self.model(rules: nil, window: "CLAIM 4 2 2000")
    #expect(claim.rules == Rules())
    #expect(Self.countdown(claim, at: .zero) == "[#######.........] 2.0 s")
  }

  @Test("RULES arriving while a window runs measures that window again")
  func lateRules() {
    var model = Self.model(rules: nil, window: "CLAIM 4 2 2000")
    _ = model.apply(line: Self.quickRules, at: .zero)
    #expect(model.phase == .window(holder: .two, kind: .claim, deadline: Instant(milliseconds: 2000), length: 2000))
  }

  @Test("a STATE reply opens its window against the rules in force")
  func stateReply() {
    var model = Self.model(rules: Self.quickRules, window: "OPEN 4")
    _ = model.apply(line: "OK STATE 6 1 needless 1 3000 -", at: .zero)
    #expect(Self.countdown(model, at: .zero) == "[################] 3.0 s")
  }
}
