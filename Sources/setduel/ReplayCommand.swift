@preconcurrency import Glibc
import SetServer

/// `setduel replay FILE`: print a recorded game, and check it against the rules.
enum ReplayCommand {
  static let usage = """
    usage: setduel replay FILE

    Prints the recorded game in words, then derives it again from its seed and recorded commands with
    the rules. Exits 0 when every recorded event is derived exactly, 1 (saying where) when not.
    """

  static func run(_ words: [String]) throws(Arguments.UsageError) -> Never {
    let arguments = try Arguments(words, valued: [], flags: ["help"])
    arguments.answerHelp(usage)
    guard arguments.positional.count == 1 else { throw Arguments.UsageError(message: "replay needs one FILE") }
    let path = arguments.positional[0]
    guard let text = readText(path) else { fail("cannot read \(path): \(String(cString: strerror(errno)))") }
    let replay: Replay
    do {
      replay = try Replay(text: text)
    } catch {
      fail("\(path): \(error)")
    }
    for line in replay.narration() { print(line) }
    do {
      let checked = try replay.verify()
      print("Replayed: all \(checked) events derived again from seed \(replay.seed) match the record.")
      exit(0)
    } catch {
      fflush(stdout)
      fail("\(path): the replay differs from the record at \(error)")
    }
  }

  private static func readText(_ path: String) -> String? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while case let count = fread(&buffer, 1, buffer.count, file), count > 0 {
      bytes += buffer[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
