import SetProtocol

/// Turns what a table tells into the lines one connection reads: a presentation, as a type. The host
/// says what to tell and to whom; a presenter alone says how it reads.
protocol Presenter {
  /// What follows each answer, or nil for none.
  var prompt: String? { get }
  /// Who reads the same lines of a message told to everyone at the table.
  var audience: Audience { get }
  /// The lines `message` is, for the connection that `view` sees with.
  func lines(_ message: TableMessage, in view: TableView) -> [String]
  /// The status line for the viewer now, and what it tells (for telling it only on a change), or nil
  /// where there is no status line.
  func status(in view: TableView) -> (told: ToldStatus, line: String)?
  /// The lines the hall's `message` is.
  func lines(_ message: HallMessage) -> [String]
  /// The refusal of `verb`, which no command has (`help`: asked about with `HELP`), as `error` says it.
  func unknownCommand(_ error: ProtocolError, verb: String, help: Bool) -> ProtocolError
}

/// Who reads the same lines of a message told to everyone at the table.
enum Audience: Equatable {
  /// Every reader in this presentation: the lines are made once and written as one grouped action. A
  /// presentation whose lines never depend on the reader has no status line, which names the reader.
  case everyone
  /// The players of each seat and the spectators: the lines are made once for each.
  case eachSeat
}

extension Presentation {
  /// The presenter that writes this presentation.
  var presenter: any Presenter {
    switch self {
    case .human: HumanPresenter()
    case .machine: MachinePresenter()
    }
  }
}
