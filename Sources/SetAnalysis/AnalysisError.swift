/// Why a record could not be analysed: the line (from 1) and what is wrong with it.
public struct AnalysisError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The record's line where it went wrong, from 1.
  public var line: Int
  public var message: String

  public init(line: Int, message: String) {
    self.line = line
    self.message = message
  }

  public var description: String { "line \(line): \(message)" }
}
