@preconcurrency import Glibc
import SetClientCore
import SetCore
import SetProtocol
import SetServer

/// `setduel practice`: alone at a local table, unrated, with no clock pressure.
enum PracticeCommand {
  static let command = CommandSpec(
    "practice", summary: "alone at a table of your own, with hints, unrated", synopses: ["[--seed N] [--records DIR]"],
    about: """
      Practice alone at a table of your own: no opponent, no clock pressure, no rating. Type the three \
      letters of a set (a f k) to take it; when the table holds no set, three more cards come by \
      themselves. Each command alone on a line: h gives a hint, in stages (one card of a set, then two, \
      then the set); n says how many sets are on the table; p pauses (the table is hidden and the clock \
      stops) and p again goes on; q stops.

      The game is kept in DIR (default \(RecordFile.defaultDirectoryText)) as a .practice file, which \
      ratings and stats never count.
      """,
    options: [
      .valued("seed", "N", "seed for the deal (default: random)"),
      .valued("records", "DIR", "where the practice game is kept", completion: .directories),
    ])

  static func run(_ words: [String]) throws(Arguments.UsageError) -> Never {
    let arguments = try Arguments(words, for: command)
    arguments.answerHelp(command)
    guard arguments.positional.isEmpty else { throw Arguments.UsageError(message: "practice takes no FILE or NAME") }
    let seed = try arguments.value("seed", UInt64(time(nil)), expected: "a whole number") { UInt64($0) }
    var practice = Practice(seed: seed)
    var lines: [PracticeLine] = [.magic, .seed(seed)]
    var clock = PlayClock(now: monotonicMs())
    Printed.say(
      "Practice (seed \(seed)): no opponent, no clock pressure. Three letters take a set; h hint, n count, p pause, q stop."
    )
    show(practice)
    while !practice.isOver {
      print("> ", terminator: "")
      fflush(stdout)
      guard let line = readLine() else { break }
      let text = String(line.filter { $0 != " " && $0 != "," }).lowercased()
      let ms = clock.played(now: monotonicMs())
      if clock.isPaused {
        guard text == "p" || text == "q" else {
          print("Paused: p goes on, q stops.")
          continue
        }
      }
      switch text {
      case "":
        show(practice)
      case "q":
        lines.append(.end(ms: ms, found: practice.found, wrong: practice.wrongPicks, hints: practice.hints))
        finish(practice, ms: ms, lines: lines, seed: seed, arguments: arguments)
      case "p":
        clock.toggle(now: monotonicMs())
        if clock.isPaused {
          print("Paused at \(ReviewWords.clock(ms)). p goes on.")
        } else {
          print("Go on.")
          show(practice)
        }
      case "n":
        let count = practice.setCount
        Printed.say(count == 1 ? "1 set is on the table." : "\(count) sets are on the table.")
      case "h":
        let cards = practice.hint()
        lines.append(.hint(ms: ms, stage: practice.hintStage))
        let slots = cards.compactMap { card in practice.table.cards.firstIndex(of: card) }.sorted().map {
          String(PlayState.key(for: Slot($0)))
        }
        Printed.say(
          practice.hintStage < 3
            ? "Hint: \(slots.joined(separator: " ")) \(slots.count == 1 ? "is" : "are") in a set (h again for more)."
            : "Hint: \(slots.joined(separator: " ")) is a set.")
      default:
        let slots = text.compactMap { Slot(label: String($0)) }
        switch practice.pick(slots.count == text.count ? slots : []) {
        case .set(let cards):
          lines.append(.set(ms: ms, cards))
          Printed.say(
            "Set: \(codes(cards)), at \(ReviewWords.clock(ms)). \(practice.found) found, "
              + Counted.of(practice.deck.count, "card") + " left in the deck.")
          if !practice.isOver { show(practice) }
        case .notASet(let cards, _):
          lines.append(.wrong(ms: ms, cards))
          Printed.say("\(codes(cards)): not a set: \(HumanText.whyNot(cards) ?? "").")
        case .badPick:
          print("Type three letters of the table (a f k), or h, n, p or q alone.")
        }
      }
    }
    let ms = clock.played(now: monotonicMs())
    lines.append(.end(ms: ms, found: practice.found, wrong: practice.wrongPicks, hints: practice.hints))
    finish(practice, ms: ms, lines: lines, seed: seed, arguments: arguments)
  }

  private static func show(_ practice: Practice) {
    Printed.table(practice.table.cards)
  }

  private static func codes(_ cards: [Card]) -> String { cards.map(\.description).joined(separator: " ") }

  /// Says how it went, keeps the practice record, and exits.
  private static func finish(
    _ practice: Practice, ms: Int64, lines: [PracticeLine], seed: UInt64, arguments: Arguments
  ) -> Never {
    Printed.say(
      (practice.isOver ? "The deck is empty and no set is left. " : "")
        + "\(Counted.of(practice.found, "set")) in \(ReviewWords.clock(ms)), "
        + "\(Counted.of(practice.wrongPicks, "wrong pick")), \(Counted.of(practice.hints, "hint")).")
    let directory = arguments.text("records") ?? RecordFile.defaultDirectory()
    var now = time(nil)
    var parts = tm()
    localtime_r(&now, &parts)
    var stamp = [CChar](repeating: 0, count: 32)
    strftime(&stamp, stamp.count, "%Y%m%d-%H%M%S", &parts)
    let name = "practice-" + String(decoding: stamp.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let path = "\(directory)/\(name)-seed\(seed)\(PracticeLine.fileExtension)"
    do {
      try RecordFile.keep(lines.map { $0.line + "\n" }.joined(), at: path, appending: false)
    } catch {
      fail("could not keep the practice in \(path): \(error)")
    }
    print("Kept as practice in \(path); practice never counts in ratings or stats.")
    exit(0)
  }

  private static func monotonicMs() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
  }
}

/// Time in play, pauses left out.
struct PlayClock {
  private var start: Int64
  private var pausedAt: Int64?
  private var pausedFor: Int64 = 0

  init(now: Int64) { start = now }

  var isPaused: Bool { pausedAt != nil }

  /// Milliseconds played by `now`.
  func played(now: Int64) -> Int64 { (pausedAt ?? now) - start - pausedFor }

  mutating func toggle(now: Int64) {
    if let since = pausedAt {
      pausedFor += now - since
      pausedAt = nil
    } else {
      pausedAt = now
    }
  }
}
