/// The benchmark's one table, row by row, printed as Markdown.
struct Report {
  struct Row {
    var measure: String
    var setDuel: String
    var redis = "-"
    var ratio = "-"
    var target = "-"
    var verdict = "-"
  }

  private(set) var rows: [Row] = []
  private(set) var notes: [String] = []
  private(set) var failures: [String] = []

  mutating func add(_ row: Row) { rows.append(row) }

  mutating func note(_ text: String) { notes.append(text) }

  mutating func fail(_ phase: String, _ error: BenchError) {
    failures.append("\(phase): \(error)")
    rows.append(Row(measure: phase, setDuel: "failed: \(error)"))
  }

  /// A row comparing SetDuel with redis-server, the ratio SetDuel ÷ redis held to `limit` if given.
  /// `against` names what the second figure is, when it is not redis-server's.
  mutating func compare(_ measure: String, _ setDuel: Int64, _ redis: Int64, limit: Double?, against: String = "redis")
  {
    let ratio = Double(setDuel) / Double(max(1, redis))
    var row = Row(
      measure: measure, setDuel: Format.micros(setDuel), redis: Format.micros(redis),
      ratio: Format.fixed(ratio, 2) + "×")
    if let limit {
      row.target = "≤ " + Format.fixed(limit, (limit * 10).rounded() == limit * 10 ? 1 : 2) + "× " + against
      let over = (ratio / limit - 1) * 100
      row.verdict = ratio <= limit ? "met" : "missed by " + Format.fixed(over, over < 10 ? 1 : 0) + "%"
    }
    add(row)
  }

  /// A row of a time held under `limit` nanoseconds if given, with redis-server's figure if measured;
  /// written in `unit` (milliseconds unless told).
  mutating func time(
    _ measure: String, _ value: Int64, redis: Int64? = nil, under limit: Int64? = nil,
    unit: (Int64) -> String = Format.millis
  ) {
    var row = Row(measure: measure, setDuel: unit(value))
    if let redis {
      row.redis = unit(redis)
      row.ratio = Format.ratio(Double(value), Double(redis))
    }
    if let limit {
      row.target = "< " + unit(limit)
      row.verdict = value < limit ? "met" : "missed by " + unit(value - limit)
    }
    add(row)
  }

  func printed() -> String {
    var lines = [
      "| measure | SetDuel | redis-server | SetDuel ÷ redis | target | verdict |",
      "|---|---|---|---|---|---|",
    ]
    for row in rows {
      lines.append("| \(row.measure) | \(row.setDuel) | \(row.redis) | \(row.ratio) | \(row.target) | \(row.verdict) |")
    }
    if !notes.isEmpty {
      lines.append("")
      lines += notes.map { "- " + $0 }
    }
    return lines.joined(separator: "\n")
  }
}
