import SetCore
import SetHost
import SetTestSupport
import Testing

/// Records that are not what the server wrote: numbers that overflow, bytes flipped, lines cut, swapped
/// and repeated. Replay refuses each one naming a line, and never traps.
@Suite("Faults: replay")
struct ReplayFaultTests {
  /// Mutated records per run: `SETDUEL_REPLAY_RECORDS` asks for more.
  static let records = environmentNumber("SETDUEL_REPLAY_RECORDS") ?? 10_000

  @Test("numbers that overflow are refused in process, naming the line")
  func overflowingNumbers() {
    for (old, new) in overflowingRecordEdits {
      let text = playedGame(replacing: old, with: new)
      #expect(text.contains(new), "\(old) is not in the played game's record")
      let failure = Self.replayFailure(text)
      #expect(failure != nil, "\(new) replayed as a whole game")
    }
  }

  @Test("mutated records replay or are refused naming a line; none traps")
  func fuzzedRecords() {
    let (text, _) = playedGame()
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.utf8) }
    var fuzzer = RecordFuzzer(seed: InputFaultTests.fuzzSeed &+ 2)
    var refused = 0
    for _ in 0..<Self.records {
      let mutated = fuzzer.mutate(lines)
      let text = String(decoding: Array(mutated.joined(separator: [10])), as: UTF8.self)
      if let failure = Self.replayFailure(text) {
        refused += 1
        #expect(failure.line >= 1 && failure.line <= mutated.count + 1, "\(failure)")
        #expect(!failure.message.isEmpty)
      }
    }
    #expect(refused > Self.records / 2, "the mutations hardly ever changed the record")
  }

  /// Reads, narrates and verifies `text`; the failure, or nil if it replays.
  static func replayFailure(_ text: String) -> Replay.Failure? {
    do {
      let replay = try Replay(text: text)
      _ = replay.narration()
      _ = try replay.verify()
      return nil
    } catch {
      return error
    }
  }
}

/// Seeded mutations of a record's lines: bytes flipped, lines cut, swapped, repeated and dropped,
/// numbers made huge or negative.
struct RecordFuzzer {
  var fuzzer: Fuzzer

  init(seed: UInt64) {
    fuzzer = Fuzzer(seed: seed)
  }

  static let numbers = [
    "9223372036854775807", "-9223372036854775808", "18446744073709551615", "-1", "0", "4611686018427387904",
    "99999999999999999999", "-4611686018427387904", "2147483648",
  ].map { Array($0.utf8) }

  mutating func mutate(_ record: [[UInt8]]) -> [[UInt8]] {
    var lines = record
    for _ in 0...fuzzer.below(3) {
      let at = fuzzer.below(lines.count)
      switch fuzzer.below(8) {
      case 0 where !lines[at].isEmpty: lines[at][fuzzer.below(lines[at].count)] = fuzzer.byte()
      case 1: lines[at] = Array(lines[at].prefix(fuzzer.below(lines[at].count + 1)))
      case 2: lines.swapAt(at, fuzzer.below(lines.count))
      case 3: lines.insert(lines[at], at: fuzzer.below(lines.count + 1))
      case 4 where lines.count > 1: lines.remove(at: at)
      case 5: lines = Array(lines.prefix(at + 1))
      default: lines[at] = replacingANumber(in: lines[at])
      }
    }
    return lines
  }

  /// `line` with one of its numbers replaced by a huge or negative one.
  private mutating func replacingANumber(in line: [UInt8]) -> [UInt8] {
    let isDigit = { (byte: UInt8) in (48...57).contains(byte) || byte == 45 }
    let starts = line.indices.filter { isDigit(line[$0]) && ($0 == 0 || !isDigit(line[$0 - 1])) }
    guard !starts.isEmpty else { return line }
    let start = starts[fuzzer.below(starts.count)]
    let end = line[start...].firstIndex { !isDigit($0) } ?? line.endIndex
    return Array(line[..<start]) + Self.numbers[fuzzer.below(Self.numbers.count)] + Array(line[end...])
  }
}
