/// What a `LineServer` delivers for each line a connection sends.
public enum LineInput: Hashable, Sendable {
  /// A complete, valid UTF-8 line, without its terminator.
  case line(String)
  /// A line longer than the configured limit; the rest of it was discarded.
  case tooLong
  /// A line that is not valid UTF-8.
  case invalidUTF8
  /// A line that came faster than the rate limit allows; its content was discarded.
  case rateLimited
}
