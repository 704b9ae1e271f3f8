/// One value for each seat, read and written by the seat: what the table keeps for both players
/// (scores, names, who is present), with no index to get wrong.
public struct PerSeat<Value> {
  /// Seat one's value.
  public var one: Value
  /// Seat two's value.
  public var two: Value

  /// Seat one's and seat two's values.
  public init(one: Value, two: Value) {
    self.one = one
    self.two = two
  }

  /// The same value for both seats.
  public init(repeating value: Value) {
    self.init(one: value, two: value)
  }

  /// Each seat's value, made from the seat.
  public init(_ make: (Seat) throws -> Value) rethrows {
    self.init(one: try make(.one), two: try make(.two))
  }

  /// The value kept for `seat`.
  public subscript(seat: Seat) -> Value {
    get { seat == .one ? one : two }
    set {
      switch seat {
      case .one: one = newValue
      case .two: two = newValue
      }
    }
  }

  /// Both values, seat one's first.
  public var values: [Value] { [one, two] }

  /// Each seat's value transformed.
  public func map<T>(_ transform: (Value) throws -> T) rethrows -> PerSeat<T> {
    PerSeat<T>(one: try transform(one), two: try transform(two))
  }
}

extension PerSeat: ExpressibleByArrayLiteral {
  /// Seat one's and seat two's values, written `[one, two]`: exactly two of them.
  public init(arrayLiteral values: Value...) {
    precondition(values.count == 2, "one value for each of the two seats")
    self.init(one: values[0], two: values[1])
  }
}

extension PerSeat: Equatable where Value: Equatable {}
extension PerSeat: Hashable where Value: Hashable {}
extension PerSeat: Sendable where Value: Sendable {}
