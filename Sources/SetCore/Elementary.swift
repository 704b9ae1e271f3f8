/// The exponential and the natural logarithm, which the standard library does not offer without
/// Foundation, for the pure modules that need them (ratings, the bots' find times). Both are accurate
/// to a few units in the last place over the ranges they are used in.
package enum Elementary {
  private static let ln2 = 0.693_147_180_559_945_309_417_232_121_458

  /// e raised to `x`.
  package static func exp(_ x: Double) -> Double {
    guard x.isFinite else { return x > 0 ? .infinity : (x.isNaN ? .nan : 0) }
    if x > 709.78 { return .infinity }
    if x < -745.2 { return 0 }
    // x = k ln 2 + r with |r| <= ln 2 / 2, so e^x = 2^k e^r and the series for e^r converges fast.
    let k = (x / ln2).rounded()
    let r = x - k * ln2
    var term = 1.0
    var sum = 1.0
    for n in 1...24 {
      term *= r / Double(n)
      sum += term
    }
    return scaled(sum, byPowerOfTwo: Int(k))
  }

  /// The natural logarithm of `x`; NaN for a negative `x`, minus infinity for zero.
  package static func log(_ x: Double) -> Double {
    guard x > 0 else { return x == 0 ? -.infinity : .nan }
    guard x.isFinite else { return x }
    // x = m 2^e with m in [1, 2); ln m = 2 atanh(z) with z = (m - 1) / (m + 1) in [0, 1/3).
    let e = Double(x.exponent)
    let m = x.significand
    let z = (m - 1) / (m + 1)
    let z2 = z * z
    var power = z
    var sum = 0.0
    var n = 1.0
    while n < 80 {
      sum += power / n
      power *= z2
      n += 2
    }
    return e * ln2 + 2 * sum
  }

  private static func scaled(_ value: Double, byPowerOfTwo k: Int) -> Double {
    // Two steps so that neither factor overflows or underflows on its own near the ends of the range.
    let half = k / 2
    let first = Double(sign: .plus, exponent: half, significand: 1)
    let second = Double(sign: .plus, exponent: k - half, significand: 1)
    return value * first * second
  }
}
