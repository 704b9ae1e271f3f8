/// One item of input framed out of a byte stream by `LineFramer`.
public enum FramedInput: Equatable, Sendable {
  /// A complete line, without its terminator.
  case line(String)
  /// A line longer than the framer's limit. Reported once; the rest of that line is discarded.
  case tooLong
  /// A complete line whose bytes are not valid UTF-8.
  case invalidUTF8
  /// The peer asked to interrupt (telnet `IAC IP`): the session should end.
  case interrupt
  /// Bytes to write back to the peer as they are (a telnet answer such as `IAC WILL TIMING-MARK`).
  case reply([UInt8])
}
