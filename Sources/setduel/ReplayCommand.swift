@preconcurrency import Glibc
import SetClientCore
import SetHost
import SetProtocol
import SetServer

/// `setduel replay FILE`: print a recorded game, and check it against the rules.
enum ReplayCommand {
  static let command = CommandSpec(
    "replay", summary: "print a recorded game and check it against the rules",
    synopses: ["FILE [--watch [--speed N] [--ascii]]"],
    about: """
      Prints the recorded game in words, then derives it again from its seed and recorded commands with \
      the rules. Exits 0 when every recorded event is derived exactly, 1 (saying where) when not. A \
      record the server did not close cleanly (killed, or unable to write) is said to be cut short.
      """,
    options: [
      .flag("watch", "play the game back in the terminal client's screen, as a spectator saw it"),
      .valued("speed", "N", "with --watch, N times the game's own pace (default 1)"),
      .flag("ascii", "with --watch, plain characters"),
    ],
    operands: .files)

  static func run(_ words: [String]) throws(Arguments.UsageError) -> Never {
    let arguments = try Arguments(words, for: command)
    arguments.answerHelp(command)
    guard arguments.positional.count == 1 else { throw Arguments.UsageError(message: "replay needs one FILE") }
    let path = arguments.positional[0]
    let speed = try arguments.value("speed", 1.0, expected: "a number more than 0") {
      Double($0).flatMap { $0 > 0 && $0 <= 1000 ? $0 : nil }
    }
    if arguments.flag("watch") {
      ReplayWatch.run(path: path, speed: speed, options: Play.screenOptions(ascii: arguments.flag("ascii")))
    }
    let replay: Replay
    do {
      replay = try Replay(text: RecordFile.contents(of: path))
    } catch let error as RecordError {
      fail("\(error)")
    } catch {
      fail("\(path): \(error)")
    }
    // Every line fits an 80-column terminal: a long sentence goes on, indented, in the next.
    func say(_ text: String) {
      for line in HumanTable.wrap(Harmless.text(text), width: HumanTable.width) { print(line) }
    }
    for line in replay.narration() { say(line) }
    do {
      let checked = try replay.verify()
      say("Replayed: all \(checked) events derived again from seed \(replay.seed) match the record.")
      if let unfinished = replay.unfinished { say("Not a complete game: \(unfinished).") }
      exit(0)
    } catch {
      fflush(stdout)
      fail(Harmless.text("\(path): the replay differs from the record at \(error)"))
    }
  }
}
