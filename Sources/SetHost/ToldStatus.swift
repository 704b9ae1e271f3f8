import SetCore
import SetProtocol

/// What a status line told a connection, as a value: what could be done, and who held each seat (which
/// the line names before the first game). A status line is told again only when this changes, compared
/// as values, never as rendered text.
struct ToldStatus: Equatable, Sendable {
  let doing: StatusDoing
  let seated: PerSeat<String?>

  /// Whether a connection last told `last` would be told nothing new by this, in game `game` (0 before
  /// the first): what can be done is the same, and, before the first game, so are the seats.
  func repeats(_ last: ToldStatus, inGame game: Int) -> Bool {
    doing == last.doing && (game > 0 || seated == last.seated)
  }

  /// A status kept for one connection, boxed: a connection holds a pointer, which a thousand spectators
  /// in the machine presentation, never told a status line, hold as nil.
  final class Kept: Sendable {
    let status: ToldStatus

    init(_ status: ToldStatus) {
      self.status = status
    }
  }
}
