import SetBase
import SetHost
import SetProtocol
import SetPureTestSupport
import SetTournament
import SetTransport
import Testing

/// What a person on nc reads when they get things wrong, in a hall that holds a tournament: every
/// line, errors included, fits 79 columns and holds nothing that could drive their terminal.
@Suite("Human presentation: every line a person's mistakes bring fits their terminal")
struct HumanLineWidthTests {
  @Test("bad requests of every kind, however long and whatever they hold, answer in lines of 79 columns at most")
  func everyLineFits() {
    var hall = HallDriver(seed: 3)
    hall.hold(
      TournamentSettings(format: .arena(minutes: 30), seed: 5, startAt: Instant(milliseconds: 300_000)),
      organiser: "org")
    let pat = ConnectionID(rawValue: 1)
    hall.connect(pat)
    let long = String(repeating: "w", count: 300)
    let requests = [
      "NAME \(long)", "NAME José", "NAME pat", "TOURNAMENT START", "TOURNAMENT \(long)", "ENTER", "ENTER",
      "STANDINGS x", "PAUSE", "WITHDRAW", "WITHDRAW", "PEEK 9", "PEEK \(long.prefix(30))", "STATS \(long)",
      "STATS pat \(long)", "TOP 9999", "TOP 5 \(long)", "REMATCH \(long)", "MOOD \(long)", "SIT 7", "RESUME \(long)",
      "MODE \(long)", "\u{7}\u{9B}2J\(long)", "HELP \(long)", "OPEN \(long)", "OPEN \(long)=1",
      "OPEN variant=\(long)", "OPEN a b", "JOIN \(long.prefix(24))", "JOIN \u{7}", "REVIEW 3", "SAY \u{7}\(long)",
    ]
    for request in requests {
      for line in hall.send(request, from: pat) {
        let shown = line.hasPrefix("> ") ? String(line.dropFirst(2)) : line
        #expect(shown.count <= 79, "\(request.prefix(20)): \(shown)")
        #expect(Harmless.isHarmless(shown), "\(request.prefix(20)): \(shown)")
      }
    }
  }
}
