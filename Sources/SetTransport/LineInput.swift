/// One item of input framed out of a byte stream: what `LineFramer` produces and, for the first four
/// cases, what a line server delivers to its delegate and a line client to its owner.
///
/// The framer never produces `.rateLimited` (the connection's state machine turns a line into it); the
/// transport acts on `.interrupt` and `.reply` itself, so a delegate never receives them.
public enum LineInput: Hashable, Sendable {
  /// A complete, valid UTF-8 line, without its terminator.
  case line(String)
  /// A line longer than the limit. Reported once; the rest of that line is discarded.
  case tooLong
  /// A complete line whose bytes are not valid UTF-8.
  case invalidUTF8
  /// A line that came faster than the rate limit allows; its content was discarded.
  case rateLimited
  /// The peer asked to interrupt (telnet `IAC IP`): the session should end.
  case interrupt
  /// Bytes to write back to the peer as they are (a telnet answer such as `IAC WILL TIMING-MARK`).
  case reply([UInt8])
}
