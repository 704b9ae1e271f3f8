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
]
let games = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 100

print("Each pairing plays \(games) games, deal seeds 1...\(games); the players swap seats every game.")
print("Command: `swift run -c release setduel-bots`")
print("")
print("| first | second | first wins | second wins | draws | first's share of games | sets a game |")
print("|---|---|---|---|---|---|---|")
for pairing in pairings {
  var wins = [0, 0]
  var draws = 0
  var sets = 0
  var unfinished = 0
  for seed in 1...games {
    let game = UInt64(seed)
    let first = BotBrain(skill: pairing.firstSkill, seed: game &* 2)
    let second = BotBrain(skill: pairing.secondSkill, seed: game &* 2 &+ 1)
    // The first player holds seat one in odd games and seat two in even ones.
    let swapped = seed % 2 == 0
    var duel = swapped ? BotDuel(second, first, seed: game) : BotDuel(first, second, seed: game)
    guard let result = duel.play() else {
      unfinished += 1
      continue
    }
    sets += result.sets.values.reduce(0, +)
    guard let winner = result.winner else {
      draws += 1
      continue
    }
    wins[(winner.offset + (swapped ? 1 : 0)) % 2] += 1
  }
  precondition(unfinished == 0, "\(unfinished) games did not end")
  let share = (wins[0] * 1_000 + games / 2) / games
  print(
    "| \(pairing.first) | \(pairing.second) | \(wins[0]) | \(wins[1]) | \(draws) | \(share / 10).\(share % 10) % "
      + "| \(sets / games) |")
}
