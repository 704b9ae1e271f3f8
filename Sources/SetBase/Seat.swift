/// One of the two players' places at the table.
public enum Seat: Int, CaseIterable, Hashable, Sendable {
  case one = 1
  case two = 2

  /// The other seat.
  public var opponent: Seat { self == .one ? .two : .one }

  /// 0 for seat one, 1 for seat two: the seat's index into per-seat arrays.
  public var offset: Int { rawValue - 1 }
}
