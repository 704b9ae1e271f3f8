// The bot levels against each other and against a steady person, over seeded games on a virtual
// clock (no sockets, no sleeps): the table in BENCHMARKS.md. The same build prints the same table
// every time. Run: `swift run -c release setduel-bots` (add a number to play that many games a pairing).
import SetClientCore
import SetCore
import SetProtocol
import SetSimulation

/// One line of the table: who plays whom.
struct Pairing {
  var first: String
  var firstSkill: BotSkill
  var second: String
  var secondSkill: BotSkill
}

let person = BotSkill.steady(every: 7_000)
let pairings = [
  Pairing(first: "easy", firstSkill: BotLevel.easy.skill, second: "normal", secondSkill: BotLevel.normal.skill),
  Pairing(first: "normal", firstSkill: BotLevel.normal.skill, second: "hard", secondSkill: BotLevel.hard.skill),
  Pairing(first: "easy", firstSkill: BotLevel.easy.skill, second: "hard", secondSkill: BotLevel.hard.skill),
  Pairing(first: "person (a set every 7 s)", firstSkill: person, second: "easy", secondSkill: BotLevel.easy.skill),
  Pairing(first: "person (a set every 7 s)", firstSkill: person, second: "normal", secondSkill: BotLevel.normal.skill),
  Pairing(first: "person (a set every 7 s)", firstSkill: person, second: "hard", secondSkill: BotLevel.hard.skill),
  Pairing(first: "beginner (8-15 s a set)", firstSkill: .beginner, second: "easy", secondSkill: BotLevel.easy.skill),
]
let games = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 100

print("Each pairing plays \(games) games, deal seeds 1...\(games); the players swap seats every game.")
print("Command: `swift run -c release setduel-bots`")
print("")
print("| first | second | first wins | second wins | draws | first's share of games | sets a game |")
print("|---|---|---|---|---|---|---|")
for pairing in pairings {
  let series = BotSeries(pairing.firstSkill, against: pairing.secondSkill, games: games)
  precondition(series.unfinished == 0, "\(series.unfinished) games did not end")
  let share = (series.firstWins * 1_000 + games / 2) / games
  print(
    "| \(pairing.first) | \(pairing.second) | \(series.firstWins) | \(series.secondWins) | \(series.draws) "
      + "| \(share / 10).\(share % 10) % | \(series.sets / games) |")
}
