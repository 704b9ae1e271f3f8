/// One value for each seat, read and written by the seat: what the table keeps for both players
/// (scores, names, who is present), with no index to get wrong.
public struct PerSeat<Value> {
  /// Seat one's value.
  public var one: Value
  /// Seat two's value.
  public var two: Value

  /// Seat one's and seat two's values.
  @inlinable
  public init(one: Value, two: Value) {
    self.one = one
    self.two = two
  }

  /// The same value for both seats. (Not an initialiser: `PerSeat { seat in ... }` is always the one
  /// below, never a pair of closures.)
  @inlinable
  public static func repeating(_ value: Value) -> PerSeat {
    PerSeat(one: value, two: value)
  }

  /// Each seat's value, made from the seat.
  @inlinable
  public init(_ make: (Seat) throws -> Value) rethrows {
    self.init(one: try make(.one), two: try make(.two))
  }

  // Changed in place (`_modify`, not `set`): `taken[seat] += cards` appends to the stored array
  // instead of copying it whole, appending to the copy and storing that back.
  /// The value kept for `seat`.
  @inlinable
  public subscript(seat: Seat) -> Value {
    get { seat == .one ? one : two }
    _modify {
      switch seat {
      case .one: yield &one
      case .two: yield &two
      }
    }
  }

  /// Both values, seat one's first.
  @inlinable
  public var values: [Value] { [one, two] }

  /// Each seat's value transformed.
  @inlinable
  public func map<T>(_ transform: (Value) throws -> T) rethrows -> PerSeat<T> {
    PerSeat<T>(one: try transform(one), two: try transform(two))
  }
}

extension PerSeat: ExpressibleByArrayLiteral {
  /// Seat one's and seat two's values, written `[one, two]`: exactly two of them.
  @inlinable
  public init(arrayLiteral values: Value...) {
    precondition(values.count == 2, "one value for each of the two seats")
    self.init(one: values[0], two: values[1])
  }
}

extension PerSeat: Equatable where Value: Equatable {}
extension PerSeat: Hashable where Value: Hashable {}
extension PerSeat: Sendable where Value: Sendable {}
