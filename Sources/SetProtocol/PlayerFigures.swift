/// One player's figures as the `STAT` data line carries them, before `OK STATS` and `OK TOP`:
///
///     STAT <name> <bot> <rating> <deviation> <games> <wins> <losses> <ties> <forfeits> <sets> <wrong>
///          <expired> <needless> <median> <fastest>
///
/// `<bot>` is 1 for a computer player, else 0; ratings are whole numbers; find times are milliseconds,
/// `-` when no set was found.
public struct PlayerFigures: Equatable, Sendable {
  public var name: String
  public var isBot: Bool
  public var rating: Int
  public var deviation: Int
  public var games: Int
  public var wins: Int
  public var losses: Int
  public var ties: Int
  public var forfeits: Int
  public var sets: Int
  public var wrongPicks: Int
  public var expiredClaims: Int
  public var needlessDeals: Int
  public var medianFindTime: Int64?
  public var fastestFindTime: Int64?

  public init(
    name: String, isBot: Bool, rating: Int, deviation: Int, games: Int, wins: Int, losses: Int, ties: Int,
    forfeits: Int, sets: Int, wrongPicks: Int, expiredClaims: Int, needlessDeals: Int, medianFindTime: Int64?,
    fastestFindTime: Int64?
  ) {
    self.name = name
    self.isBot = isBot
    self.rating = rating
    self.deviation = deviation
    self.games = games
    self.wins = wins
    self.losses = losses
    self.ties = ties
    self.forfeits = forfeits
    self.sets = sets
    self.wrongPicks = wrongPicks
    self.expiredClaims = expiredClaims
    self.needlessDeals = needlessDeals
    self.medianFindTime = medianFindTime
    self.fastestFindTime = fastestFindTime
  }

  /// The words after `STAT`.
  public var fields: [String] {
    [name, isBot ? "1" : "0"]
      + [rating, deviation, games, wins, losses, ties, forfeits, sets, wrongPicks, expiredClaims, needlessDeals].map {
        "\($0)"
      } + [medianFindTime, fastestFindTime].map { $0.map { "\($0)" } ?? "-" }
  }

  /// The figures in the words after `STAT`, or nil if they fit no grammar; extra words are ignored.
  public init?(fields: some Collection<String>) {
    let f = Array(fields)
    guard f.count >= 15, PlayerName.isValid(f[0]), f[1] == "0" || f[1] == "1" else { return nil }
    let numbers = f[2..<13].compactMap { Int($0) }
    guard numbers.count == 11 else { return nil }
    func time(_ text: String) -> Int64?? { text == "-" ? .some(nil) : Int64(text).map { .some($0) } }
    guard let median = time(f[13]), let fastest = time(f[14]) else { return nil }
    self.init(
      name: f[0], isBot: f[1] == "1", rating: numbers[0], deviation: numbers[1], games: numbers[2], wins: numbers[3],
      losses: numbers[4], ties: numbers[5], forfeits: numbers[6], sets: numbers[7], wrongPicks: numbers[8],
      expiredClaims: numbers[9], needlessDeals: numbers[10], medianFindTime: median, fastestFindTime: fastest)
  }
}
