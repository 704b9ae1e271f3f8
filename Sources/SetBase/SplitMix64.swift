/// SplitMix64, a small seeded random number generator.
///
/// Its output for a seed is fixed by the algorithm alone (Steele, Lea and Flood, 2014), so a game dealt
/// from a seed is the same on every platform and every Swift release.
public struct SplitMix64: RandomNumberGenerator, Sendable, Equatable {
  @usableFromInline var state: UInt64

  /// A generator that starts from `seed`.
  @inlinable
  public init(seed: UInt64) {
    state = seed
  }

  @inlinable
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
