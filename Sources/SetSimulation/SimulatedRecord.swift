import SetCore
import SetHost
import SetProtocol

/// A simulated game written as a game record, line for line as a table's host writes one, seated
/// players named as given: for tests of what is folded from records, and for the history benchmark.
/// `SET` lines carry no find time, as records written before they did; readers time sets themselves.
public enum SimulatedRecord {
  /// The record's lines of the game played from `seed`; `observe` sees every step, as in `SimulatedGame`.
  public static func lines(
    seed: UInt64, names: PerSeat<String>, behaviour: Behaviour = .mixed, rules: Rules = Rules(),
    observe: ((Step) -> Void)? = nil
  ) -> [String] {
    var lines = GameRecord.header(seed: seed, rules: rules)
    var seq = 0
    _ = SimulatedGame.play(seed: seed, behaviour: behaviour, rules: rules) { step in
      switch (step.action, step.result) {
      case (.command(let command, let seat), .success):
        lines.append(RecordLine.command(command, seat: seat, at: step.time).line)
      case (.advance, _), (.command, .failure):
        if !step.events.isEmpty { lines.append(RecordLine.tick(at: step.time).line) }
      }
      for event in step.events {
        seq += 1
        if case .joined(let seat) = event {
          lines.append(RecordLine.event(seq: seq, .joined(seat, name: names[seat])).line)
        } else if let wire = ServerEvent(event, now: step.time) {
          lines.append(RecordLine.event(seq: seq, wire).line)
        }
      }
      observe?(step)
    }
    return lines
  }
}
