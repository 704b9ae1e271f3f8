import Glibc

/// The rules core's figures, read from what `setduel-bench` printed, for the table's last rows.
enum CoreFigures {
  /// Rows from `setduel-bench`'s output in `path`, or one row saying why there are none.
  static func rows(fromFile path: String) -> [Report.Row] {
    guard let text = read(path) else {
      return [Report.Row(measure: "rules core", setDuel: "no output from setduel-bench")]
    }
    var finder: String?
    var naive: String?
    var speedUp: String?
    var games: [(String, String)] = []
    for line in text.split(separator: "\n").map({ $0.trimmingSpaces }) {
      if line.hasPrefix("SetFinder (") {
        finder = value(after: ":", in: line)
      } else if line.hasPrefix("naive triple loop:") {
        naive = value(after: ":", in: line)
      } else if line.hasPrefix("SetFinder is "), line.hasSuffix(" faster") {
        speedUp = String(line.dropFirst("SetFinder is ".count).dropLast(" faster".count))
      } else if line.hasSuffix(")"), line.contains(" games/s"), let colon = line.firstIndex(of: ":") {
        let name = String(line[..<colon])
        let rate = line[line.index(after: colon)...].split(separator: " ").first.map(String.init) ?? "?"
        games.append((name, rate))
      }
    }
    guard let finder, let naive, let speedUp, !games.isEmpty else {
      return [Report.Row(measure: "rules core", setDuel: "see setduel-bench's output below")]
    }
    var rows = [
      Report.Row(
        measure: "rules core: all 1,080 sets among the 81 cards, set finder against the naive loop",
        setDuel: "\(finder) against \(naive): \(speedUp) faster")
    ]
    for (name, rate) in games {
      rows.append(
        Report.Row(measure: "rules core: simulated complete games on one core, \(name)", setDuel: "\(rate) games/s"))
    }
    return rows
  }

  private static func value(after separator: Character, in line: String) -> String? {
    guard let index = line.firstIndex(of: separator) else { return nil }
    return line[line.index(after: index)...].trimmingSpaces
  }

  private static func read(_ path: String) -> String? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    for _ in 0..<256 {
      let count = fread(&buffer, 1, buffer.count, file)
      guard count > 0 else { break }
      bytes += buffer[..<count]
    }
    return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
  }
}

extension StringProtocol {
  /// Without leading and trailing spaces.
  var trimmingSpaces: String {
    String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
  }
}
