import SetCore
import SetHost
import SetNet
import SetServer
import SetTestSupport
import SetTournament
import SetTransport

/// Runs a transcript against a real server on loopback, each connection a real TCP client.
enum TranscriptRunner {
  /// How long one expected line may take to arrive: generous, so a loaded machine does not fail a test.
  static let lineTimeout = 10.0

  /// Runs `transcript`; returns nil when every step held, or what went wrong and where.
  static func run(_ transcript: Transcript) -> String? {
    let table: LoopbackTable
    do {
      table = try LoopbackTable(settings: try settings(transcript.serverArguments))
    } catch {
      return "\(transcript.title): server did not start: \(error)"
    }
    defer { withExtendedLifetime(table) {} }
    var clients: [String: BlockingLineClient] = [:]
    defer { clients.values.forEach { $0.close() } }
    var matcher = PatternMatcher()

    func client(_ name: String) throws -> BlockingLineClient {
      if let existing = clients[name] { return existing }
      let made = try table.connect(timeout: 5)
      clients[name] = made
      return made
    }

    for (number, step) in transcript.steps {
      let place = "\(transcript.title), line \(number)"
      do {
        switch step {
        case .send(let who, let text):
          guard try client(who).send(matcher.substitute(text)) else { return "\(place): \(who) could not send" }
        case .sendBytes(let who, let bytes):
          guard try client(who).sendRaw(bytes) else { return "\(place): \(who) could not send" }
        case .expect(let who, let pattern):
          guard let line = readLine(try client(who)) else { return "\(place): \(who) got nothing, expected \(pattern)" }
          guard matcher.matches(line, pattern) else { return "\(place): \(who) got\n  \(line)\nexpected\n  \(pattern)" }
        case .skipTo(let who, let pattern):
          var seen: [String] = []
          while true {
            guard let line = readLine(try client(who)) else {
              return "\(place): \(who) never got \(pattern); saw:\n  " + seen.suffix(20).joined(separator: "\n  ")
            }
            if matcher.matches(line, pattern) { break }
            seen.append(line)
          }
        case .close(let who):
          try client(who).close()
        case .halfClose(let who):
          try client(who).shutdownWrite()
        case .closed(let who):
          let connection = try client(who)
          if let more = connection.readInput(timeout: lineTimeout) {
            return "\(place): \(who) got \(more) before the close"
          }
          guard connection.isClosedByPeer else { return "\(place): \(who) was not closed" }
        }
      } catch {
        return "\(place): \(error)"
      }
    }
    return nil
  }

  /// The next line, without the human prompts (`> `) written before it.
  static func readLine(_ client: BlockingLineClient) -> String? {
    guard var line = client.readLine(timeout: lineTimeout) else { return nil }
    while line.hasPrefix("> ") { line.removeFirst(2) }
    return line
  }

  /// Server settings from `setduel serve` style options, keeping no record.
  static func settings(_ arguments: [String]) throws -> TableServer.Settings {
    var settings = TableServer.Settings()
    settings.recordsDirectory = nil
    var words = arguments[...]
    while let option = words.popFirst() {
      guard let value = words.popFirst() else { throw Transcript.ParseError(description: "\(option) needs a value") }
      switch option {
      case "--seed": settings.seed = UInt64(value) ?? 0
      case "--claim-window":
        settings.rules = Rules(claimWindow: Int64((Double(value) ?? 5) * 1000))
      case "--grace": settings.rules.resumeGrace = Int64((Double(value) ?? 60) * 1000)
      case "--variant":
        guard let variant = Variant(name: value) else {
          throw Transcript.ParseError(description: "no variant \(value)")
        }
        settings.rules.variant = variant
        settings.rules.tableSize = variant.tableSize
      case "--first-to": settings.rules.firstTo = Int(value)
      case "--tables": settings.tables = Int(value) ?? 1
      case "--tournament":
        let format: TournamentSettings.Format = value == "arena" ? .arena(minutes: 30) : .swiss(rounds: nil)
        settings.tournament = TournamentPlan(
          settings: TournamentSettings(format: format, seed: settings.seed, startAt: .zero), startIn: 300_000,
          organiser: nil)
      case "--organiser": settings.tournament?.organiser = value
      case "--start-in": settings.tournament?.startIn = Int64((Double(value) ?? 300) * 1000)
      case "--min-players": settings.tournament?.settings.minPlayers = Int(value)
      case "--rounds": settings.tournament?.settings.format = .swiss(rounds: Int(value))
      default: throw Transcript.ParseError(description: "unknown server option \(option)")
      }
    }
    return settings
  }
}
