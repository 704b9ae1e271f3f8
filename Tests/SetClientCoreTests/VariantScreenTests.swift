import SetCore
import SetProtocol
import Testing

@testable import SetClientCore

/// The terminal client in a variant: the chain drawn apart from the table and picked with x, y, z;
/// four picks for UltraSets; the rule told at the start of a game and in the help.
@Suite("The screen in a variant")
struct VariantScreenTests {
  static let rules =
    "RULES tableSize=12 claimWindow=5000 passedTurnWindow=10000 needlessDealWindow=7500"
    + " resumeGrace=60000 setReward=1 wrongPickPenalty=1 claimExpiredPenalty=1 needlessDealPenalty=1 pickClaims=1"

  static func model(variant: Variant, extra: [String] = []) -> ClientModel {
    var model = ClientModel()
    let lines =
      [
        "SETDUEL 1 hello", "OK MODE machine", "\(rules) variant=\(variant.rawValue)", "JOINED 1 1 ann",
        "OK NAME 1 secret", "JOINED 2 2 bob", "START 3 1 66 \(Tables.table(Tables.cards(12)))",
      ] + extra
    for line in lines { _ = model.apply(line: line, at: .zero) }
    return model
  }

  @Test("the chain shows below the table, and x, y, z pick its cards by code")
  func chain() {
    var model = Self.model(variant: .chain)
    var state = PlayState()
    #expect(state.handle(.character("x"), model: model, now: .zero).isEmpty, "no chain yet")
    _ = model.apply(line: "CHAIN 4 X=2GOD Y=2GTO Z=2GSS", at: .zero)
    #expect(model.chain.map(\.description) == ["2GOD", "2GTO", "2GSS"])
    #expect(
      state.handle(.character("y"), model: model, now: .zero) == [
        .send(.pick(.cards([CardCode.card(from: "2GTO")!])))
      ])
    let frame = Renderer(options: .ascii).frame(model: model, state: state, now: .zero, columns: 80, rows: 40)
    let text = frame.lines.map(\.text)
    #expect(text.contains { $0.contains("chain, use one:") && $0.contains("2GOD") && $0.contains(" z ") })
    #expect(text.contains { $0.contains("Chain: after the first set") }, "the rule at the start of the game")
  }

  @Test("a TABLE line brings the chain back after a reconnection")
  func chainInTable() {
    var model = Self.model(variant: .chain)
    _ = model.apply(line: "TABLE 9 60 \(Tables.table(Tables.cards(12))) X=1RSD Y=2RSD Z=3RSD", at: .zero)
    #expect(model.chain.map(\.description) == ["1RSD", "2RSD", "3RSD"])
  }

  @Test("ultra: the claim asks for four cards, and the help says the rule")
  func ultra() {
    let model = Self.model(variant: .ultra, extra: ["CLAIM 4 1 5000"])
    let renderer = Renderer(options: .ascii)
    let frame = renderer.frame(model: model, state: PlayState(), now: .zero, columns: 80, rows: 40)
    #expect(frame.lines.contains { $0.text.contains("pick four cards") })
    var state = PlayState()
    _ = state.handle(.character("?"), model: model, now: .zero)
    let help = renderer.frame(model: model, state: state, now: .zero, columns: 80, rows: 40)
    #expect(help.lines.contains { $0.text.contains("Ultra: pick four cards") })
  }
}
