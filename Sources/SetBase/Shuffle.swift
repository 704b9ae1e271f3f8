extension RandomNumberGenerator {
  /// A uniform draw from `0..<bound` by Lemire's multiply-and-reject method.
  ///
  /// Written out here rather than taken from the standard library so that the numbers drawn for a seed
  /// never change with the Swift release.
  @inlinable
  public mutating func draw(below bound: Int) -> Int {
    precondition(bound > 0, "the bound must be positive")
    let range = UInt64(bound)
    var product = next().multipliedFullWidth(by: range)
    if product.low < range {
      let threshold = (0 &- range) % range
      while product.low < threshold {
        product = next().multipliedFullWidth(by: range)
      }
    }
    return Int(product.high)
  }
}

extension Array {
  /// Shuffles in place by Fisher-Yates with `draw(below:)`: the same seed gives the same order forever.
  @inlinable
  public mutating func fisherYatesShuffle(using generator: inout some RandomNumberGenerator) {
    guard count > 1 else { return }
    for upper in stride(from: count - 1, to: 0, by: -1) {
      let other = generator.draw(below: upper + 1)
      swapAt(upper, other)
    }
  }
}
