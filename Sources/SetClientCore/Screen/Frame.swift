import SetCore
import SetProtocol

/// A whole screen: one styled line per terminal row.
public struct Frame: Equatable, Sendable {
  public var lines: [StyledLine]

  /// The lines as terminal output, with or without SGR escapes.
  public func encoded(color: Bool) -> [String] {
    lines.map { $0.encoded(color: color) }
  }

  /// For a terminal that can only print lines: the lines of `output` that are not blank and were not
  /// in `previous` (the last frame printed), in order; a line there twice is new the second time.
  public static func changedLines(_ output: [String], since previous: [String]) -> [String] {
    var earlier: [String: Int] = [:]
    for line in previous { earlier[line, default: 0] += 1 }
    var changed: [String] = []
    for line in output where !line.allSatisfy({ $0 == " " }) {
      if let count = earlier[line], count > 0 {
        earlier[line] = count - 1
      } else {
        changed.append(line)
      }
    }
    return changed
  }
}
