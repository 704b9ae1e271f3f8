import SetCore
import SetHost
import Testing

@testable import SetStats

@Suite("Find times from a server's own records")
struct FractionalTimeTests {
  /// A server writes times to the nanosecond (`cmd 4000.250000 ...`); find times count whole
  /// milliseconds between them.
  @Test("times with decimals still move the clock")
  func decimals() throws {
    let lines =
      GameRecord.header(seed: 7, rules: Rules()) + [
        "cmd 0.500000 1 JOIN", "ev JOINED 1 1 ann", "cmd 1.250000 2 JOIN", "ev JOINED 2 2 bob",
        "ev START 3 1 60 A=1RSD B=2RSD C=3RSD D=1GSD E=1PSD F=2GTO", "ev OPEN 4",
        "cmd 3000.750000 1 CLAIM", "ev CLAIM 5 1 5000",
        "cmd 3500.125000 1 PICK A,B,C", "ev PICK 6 1 A", "ev PICK 7 1 B", "ev PICK 8 1 C",
        "ev SET 9 1 A,B,C 1RSD,2RSD,3RSD", "ev SCORE 10 1 +1 1 set",
      ]
    var history = History()
    try history.fold(record: lines.joined(separator: "\n") + "\n")
    #expect(history.player("ann")?.findTimes == [2999])
  }
}
