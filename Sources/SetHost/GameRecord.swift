import SetCore
import SetProtocol

/// The record of a match, one line per step, written as it happens so that nothing broadcast is lost:
///
///     SETDUEL-RECORD 1
///     seed 42
///     rules tableSize=12 claimWindow=5000 ...
///     cmd <ms> <seat> <COMMAND> [args]     a command the rules accepted, at that time
///     tick <ms>                            a deadline the rules handled at that time
///     ev <seq> <event line>                an event as broadcast, in the machine grammar
///
/// The seed, the rules and the `cmd`/`tick` lines are enough to derive every event again.
public enum GameRecord {
  /// The first line of every record.
  public static let magic = "SETDUEL-RECORD 1"

  /// The lines a record starts with.
  public static func header(seed: UInt64, rules: Rules) -> [String] {
    [magic, "seed \(seed)", "rules " + ruleFields(rules).map { "\($0.0)=\($0.1)" }.joined(separator: " ")]
  }

  /// A command the rules accepted.
  public static func commandLine(_ command: MatchCommand, seat: Seat, at now: Instant) -> String {
    "cmd \(now.milliseconds) \(seat.rawValue) " + commandText(command)
  }

  /// A deadline the rules handled.
  public static func tickLine(at now: Instant) -> String { "tick \(now.milliseconds)" }

  /// An event as broadcast, its machine line unchanged.
  public static func eventLine(_ line: String) -> String { "ev " + line }

  /// Event words the host broadcasts on its own; every other event is derived from the rules.
  static let hostEventWords: Set<Substring> = ["JOINED", "SAY", "BYE"]

  static func commandText(_ command: MatchCommand) -> String {
    switch command {
    case .join: "JOIN"
    case .leave: "LEAVE"
    case .claim: "CLAIM"
    case .pick(let slots): "PICK " + slots.map(\.label).joined(separator: ",")
    case .unpick(let slot): "UNPICK \(slot.label)"
    case .deal: "DEAL"
    case .rematch: "NEW"
    }
  }

  static func command(_ words: ArraySlice<Substring>) -> MatchCommand? {
    guard let verb = words.first else { return nil }
    let argument = words.dropFirst().first.map(String.init)
    switch (verb, argument) {
    case ("JOIN", nil): return .join
    case ("LEAVE", nil): return .leave
    case ("CLAIM", nil): return .claim
    case ("DEAL", nil): return .deal
    case ("NEW", nil): return .rematch
    case ("PICK", let list?):
      let slots = list.split(separator: ",").compactMap { Slot(label: $0) }
      return slots.isEmpty ? nil : .pick(slots)
    case ("UNPICK", let label?): return Slot(label: label).map { .unpick($0) }
    default: return nil
    }
  }

  static func ruleFields(_ rules: Rules) -> [(String, Int64)] {
    [
      ("tableSize", Int64(rules.tableSize)), ("claimWindow", rules.claimWindow),
      ("passedTurnWindow", rules.passedTurnWindow), ("needlessDealWindow", rules.needlessDealWindow),
      ("resumeGrace", rules.resumeGrace), ("setReward", Int64(rules.setReward)),
      ("wrongPickPenalty", Int64(rules.wrongPickPenalty)), ("claimExpiredPenalty", Int64(rules.claimExpiredPenalty)),
      ("needlessDealPenalty", Int64(rules.needlessDealPenalty)), ("pickClaims", rules.pickClaims ? 1 : 0),
    ]
  }

  static func rules(_ fields: [Substring]) -> Rules? {
    var values: [String: Int64] = [:]
    for field in fields {
      let parts = field.split(separator: "=")
      guard parts.count == 2, let value = Int64(parts[1]) else { return nil }
      values[String(parts[0])] = value
    }
    guard Set(values.keys) == Set(ruleFields(Rules()).map(\.0)), (3...21).contains(values["tableSize"]!),
      values["tableSize"]! % 3 == 0,
      ["claimWindow", "passedTurnWindow", "needlessDealWindow", "resumeGrace"].allSatisfy({ values[$0]! > 0 })
    else { return nil }
    var rules = Rules()
    rules.tableSize = Int(values["tableSize"]!)
    rules.claimWindow = values["claimWindow"]!
    rules.passedTurnWindow = values["passedTurnWindow"]!
    rules.needlessDealWindow = values["needlessDealWindow"]!
    rules.resumeGrace = values["resumeGrace"]!
    rules.setReward = Int(values["setReward"]!)
    rules.wrongPickPenalty = Int(values["wrongPickPenalty"]!)
    rules.claimExpiredPenalty = Int(values["claimExpiredPenalty"]!)
    rules.needlessDealPenalty = Int(values["needlessDealPenalty"]!)
    rules.pickClaims = values["pickClaims"]! != 0
    return rules
  }
}
