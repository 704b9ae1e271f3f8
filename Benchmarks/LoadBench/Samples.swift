/// Durations measured in nanoseconds, summarised by percentiles.
struct Samples {
  private(set) var values: [Int64] = []
  private var sorted = true

  var count: Int { values.count }

  mutating func add(_ nanoseconds: Int64) {
    if let last = values.last, last > nanoseconds { sorted = false }
    values.append(nanoseconds)
  }

  /// The `p`-th percentile (0...100) by the nearest-rank method, or nil with no samples.
  mutating func percentile(_ p: Double) -> Int64? {
    guard !values.isEmpty else { return nil }
    if !sorted {
      values.sort()
      sorted = true
    }
    let rank = Int((p / 100 * Double(values.count)).rounded(.up))
    return values[min(values.count, max(1, rank)) - 1]
  }

  /// The median, the 99th percentile and the largest, in that order.
  mutating func summary() -> Summary? {
    guard let p50 = percentile(50), let p99 = percentile(99), let max = percentile(100) else { return nil }
    return Summary(p50: p50, p99: p99, max: max, count: count)
  }
}

/// A distribution in three figures, nanoseconds.
struct Summary {
  let p50: Int64
  let p99: Int64
  let max: Int64
  let count: Int
}

/// Number formatting without Foundation.
enum Format {
  /// `value` with `decimals` places, such as `12.30`.
  static func fixed(_ value: Double, _ decimals: Int) -> String {
    guard value.isFinite else { return "-" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let negative = value < 0
    let units = Int64((abs(value) * scale).rounded())
    let whole = units / Int64(scale)
    var text = group(whole)
    if decimals > 0 {
      let fraction = String(units % Int64(scale))
      text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }
    return negative ? "-" + text : text
  }

  /// A whole number with thousands separated by commas.
  static func group(_ value: Int64) -> String {
    let digits = Array(String(abs(value)))
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
      text.append(digit)
    }
    return value < 0 ? "-" + text : text
  }

  /// Nanoseconds as microseconds, such as `41 µs` or `4.2 µs`.
  static func micros(_ nanoseconds: Int64) -> String {
    let value = Double(nanoseconds) / 1000
    return fixed(value, value < 10 ? 1 : 0) + " µs"
  }

  /// Nanoseconds as milliseconds with two places, such as `2.31 ms`.
  static func millis(_ nanoseconds: Int64) -> String {
    fixed(Double(nanoseconds) / 1e6, 2) + " ms"
  }

  /// A ratio such as `1.07×`.
  static func ratio(_ a: Double, _ b: Double) -> String {
    b > 0 ? fixed(a / b, 2) + "×" : "-"
  }
}
