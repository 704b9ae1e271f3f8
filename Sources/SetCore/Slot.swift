/// A place on the table, with a stable one-letter label: slot 0 is `A`, slot 20 is `U`.
///
/// A slot keeps its label for as long as it exists, so a card's slot changes only when the table
/// reports a move.
public struct Slot: Hashable, Comparable, Sendable {
  /// The slot's position, 0 for `A`.
  public let index: Int

  /// The most slots a label can name, `A` to `Z`. A table uses at most 21 of them: 21 cards always
  /// hold a set, so the table never grows past 21.
  public static let limit = 26

  /// The slot at `index`.
  public init(_ index: Int) {
    precondition((0..<Slot.limit).contains(index), "a slot index is 0..<\(Slot.limit)")
    self.index = index
  }

  /// The slot a label names (`A`...`Z`, any case), or nil.
  public init?(label: some StringProtocol) {
    // One ASCII scalar, checked before capitals: "ß" capitalises to "SS" and "A" + U+0301 is one character.
    guard label.unicodeScalars.count == 1, label.unicodeScalars.allSatisfy(\.isASCII),
      let scalar = label.uppercased().unicodeScalars.first,
      ("A"..."Z").contains(scalar)
    else { return nil }
    self.init(Int(scalar.value) - 65)
  }

  /// The slot's label, `A` for slot 0.
  public var label: String { String(UnicodeScalar(UInt8(65 + index))) }

  public static func < (lhs: Slot, rhs: Slot) -> Bool { lhs.index < rhs.index }
}

extension Slot: CustomStringConvertible {
  public var description: String { label }
}
