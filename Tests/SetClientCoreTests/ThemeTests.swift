import SetCore
import Testing

@testable import SetClientCore

@Suite("Themes")
struct ThemeTests {
  @Test("six themes, each with its own palettes for dark and light backgrounds; the colour-blind-safe one first")
  func themes() {
    #expect(Theme.all.count >= 6)
    #expect(Theme.standard.name == "okabe")
    #expect(Set(Theme.all.map(\.name)).count == Theme.all.count)
    #expect(Set(Theme.all.map(\.dark.cards)).count == Theme.all.count, "every theme has its own card colours")
    for theme in Theme.all {
      #expect(theme.dark != theme.light, "\(theme.name) has a light palette of its own")
      #expect(Set(theme.dark.cards).count == 3 && Set(theme.light.cards).count == 3)
      #expect(Theme.named(theme.name) == theme)
    }
    #expect(Theme.named("CONTRAST")?.name == "contrast")
    #expect(Theme.named("nope") == nil)
    var theme = Theme.standard
    var seen: [String] = []
    for _ in Theme.all {
      seen.append(theme.name)
      theme = theme.next
    }
    #expect(seen == Theme.all.map(\.name) && theme == .standard, "Tab cycles through every theme and back")
  }

  @Test("in every theme, each card colour is the hue its letter names: R reddish, G greenish, P purplish")
  func coloursKeepTheirNames() {
    // The red, green and blue levels (0-5) of an xterm colour in the 6x6x6 cube.
    func levels(_ index: UInt8) -> (r: Int, g: Int, b: Int)? {
      guard (16...231).contains(index) else { return nil }
      let cube = Int(index) - 16
      return (cube / 36, cube / 6 % 6, cube % 6)
    }
    for theme in Theme.all {
      for palette in [theme.dark, theme.light] {
        guard let red = levels(palette.cards[0]), let green = levels(palette.cards[1]),
          let purple = levels(palette.cards[2])
        else {
          Issue.record("\(theme.name): a card colour outside the colour cube")
          continue
        }
        #expect(red.r > red.g && red.r > red.b, "\(theme.name): R is \(palette.cards[0])")
        #expect(green.g > green.r && green.g >= green.b, "\(theme.name): G is \(palette.cards[1])")
        #expect(purple.r > purple.g && purple.b > purple.g, "\(theme.name): P is \(palette.cards[2])")
      }
    }
  }

  @Test("NO_COLOR, --ascii and TERM=dumb win over any theme; COLORFGBG picks the light palette")
  func environmentWins() {
    let pumpkin = Theme.named("pumpkin")!
    let noColor = ScreenOptions.detect(ascii: false, environment: ["TERM": "xterm", "NO_COLOR": "1"], theme: pumpkin)
    #expect(!noColor.color)
    #expect(!ScreenOptions.detect(ascii: true, environment: ["TERM": "xterm"], theme: pumpkin).color)
    let dumb = ScreenOptions.detect(ascii: false, environment: ["TERM": "dumb"], theme: pumpkin)
    #expect(!dumb.color && !dumb.unicode && !dumb.fullScreen)
    #expect(ScreenOptions.detect(ascii: false, environment: ["TERM": "xterm", "COLORFGBG": "0;15"]).light)
    #expect(!ScreenOptions.detect(ascii: false, environment: ["TERM": "xterm", "COLORFGBG": "15;0"]).light)
    let model = Tables.model(cards: 12, deck: 45, extra: [])
    var state = PlayState()
    state.link = .connected
    let lines = Renderer(options: noColor).frame(model: model, state: state, now: Tables.now, columns: 80, rows: 24)
      .encoded(color: noColor.color)
    #expect(lines.allSatisfy { !$0.contains("\u{1B}") })
  }

  @Test(
    "every theme at every size shows the cards, whose turn, the seconds left and the quit key",
    arguments: Theme.all)
  func sizes(theme: Theme) {
    let turn = Tables.model(
      cards: 21, deck: 0,
      extra: [
        "CLAIM 17 2 5000", "EXPIRED 18 2 claim", "SCORE 19 2 -1 -2 expired", "TURN 20 1 10000 turn", "PICK 21 1 U",
      ])
    let watched = Tables.model(cards: 12, deck: 45, extra: ["CLAIM 17 1 5000", "PICK 18 1 B"], watching: true)
    var state = PlayState()
    state.link = .connected
    for (columns, rows) in [(40, 12), (60, 20), (80, 24), (120, 40)] {
      for (name, model, whose) in [("player", turn, "Your turn"), ("spectator", watched, "ann holds the claim")] {
        let renderer = Renderer(options: ScreenOptions(theme: theme))
        let frame = renderer.frame(model: model, state: state, now: Tables.now, columns: columns, rows: rows)
        Snapshot.check(frame.encoded(color: true), named: "theme-\(theme.name)-\(columns)x\(rows)-\(name)")
        let plain = frame.encoded(color: false)
        #expect(plain.count == rows && frame.lines.allSatisfy { $0.width <= columns })
        #expect(plain.last?.contains("Esc") == true)
        #expect(plain.contains { $0.contains(whose) && $0.contains(" s") })
        let keys = PlayState.slotKeys.prefix(model.cards.count)
        #expect(keys.allSatisfy { key in plain.dropFirst().dropLast().contains { $0.contains(key) } })
      }
    }
    let light = Renderer(options: ScreenOptions(theme: theme, light: true))
      .frame(model: turn, state: state, now: Tables.now, columns: 80, rows: 24)
    Snapshot.check(light.encoded(color: true), named: "theme-\(theme.name)-light-80x24-player")
  }
}
