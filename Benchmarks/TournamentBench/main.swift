// Pairing speed: a Swiss round of 64 players (after three rounds of seeded random results, so that
// points groups, floats and forbidden rematches are real) and an arena pairing of 200 waiting players.
// Build in release: `swift run -c release setduel-tournament-bench`; `--smoke` times each once.
import BenchmarkSupport
import SetBase
import SetTournament

let smoke = CommandLine.arguments.contains("--smoke")
let rounds = smoke ? 1 : 21

// 64 Swiss players, three rounds played with seeded results (a fifth of them ties).
var random = SplitMix64(seed: 64)
var book = SwissBook(
  entrants: (0..<64).map { SwissEntrant(name: "p\($0)", rating: 1200 + random.draw(below: 1000), lot: random.next()) })
let names = book.entrants.map(\.name)
for number in 1...3 {
  var round = SwissPairer.pair(book: book, present: names, number: number)!
  for index in round.games.indices {
    round.games[index].result = [GameResult.seat1, .seat2, .seat1, .seat2, .tie][random.draw(below: 5)]
  }
  book.rounds.append(round)
}
var swissGames = 0
let swiss = timedOnThread(rounds: rounds) {
  swissGames = SwissPairer.pair(book: book, present: names, number: 4)!.games.count
}
precondition(swissGames == 32, "the 64 players were not all paired")

// 200 arena players waiting, ranked 1 to 200, with ratings and last opponents.
let waiting = (0..<200).map { index in
  ArenaCandidate(
    name: "a\(index)", rating: 1000 + random.draw(below: 1200), rank: index + 1,
    since: Instant(milliseconds: Int64(random.draw(below: 8_000))), lastOpponent: "a\(random.draw(below: 200))")
}
var arenaPairs = 0
let arena = timedOnThread(rounds: rounds) { arenaPairs = ArenaPairer.pair(waiting, players: 200).count }
precondition(arenaPairs == 100, "the 200 waiting players were not all paired")

func verdict(_ value: Double, under target: Double) -> String {
  value < target ? "met" : "missed by \(milliseconds(value - target))"
}

print("Tournament pairing: \(rounds) timings each, one thread.")
print("")
print("| measure | best | median | median, processor time | target | verdict |")
print("|---|---|---|---|---|---|")
print(
  "| Swiss round 4 of 64 players (one minimum-weight perfect matching) | \(milliseconds(swiss.best)) "
    + "| \(milliseconds(swiss.median)) | \(milliseconds(swiss.cpuMedian)) | < 100 ms | \(verdict(swiss.median, under: 0.1)) |"
)
print(
  "| arena pairing of 200 waiting players | \(milliseconds(arena.best)) | \(milliseconds(arena.median)) "
    + "| \(milliseconds(arena.cpuMedian)) | < 50 ms | \(verdict(arena.median, under: 0.05)) |")
