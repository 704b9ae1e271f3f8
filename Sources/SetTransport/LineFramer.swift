/// Splits a byte stream into lines, removing telnet commands on the way. A pure value: no I/O.
///
/// A line ends at LF, CRLF, CR NUL (what telnet sends for a bare Return) or a CR followed by anything
/// else. The second byte of CRLF or CR NUL never makes an empty line of its own, however the bytes
/// are split across calls: feeding one byte at a time gives the same items as feeding all at once.
///
/// Telnet commands are removed: `IAC IAC` is a literal 255 byte, option negotiation
/// (`IAC WILL/WONT/DO/DONT <option>`) and subnegotiation (`IAC SB … IAC SE`) are dropped, and so are
/// the other two-byte commands, except `IAC IP`, reported as `.interrupt`, and
/// `IAC DO TIMING-MARK`, answered with a `.reply` of `IAC WILL TIMING-MARK`.
///
/// A line longer than `maxLineBytes` is reported once as `.tooLong` as soon as it passes the limit;
/// the rest of it, up to its end, is discarded and the next line is framed normally.
public struct LineFramer: Sendable {
  /// The default longest line, in bytes, not counting the terminator.
  public static let defaultMaxLineBytes = 1024

  /// The longest line accepted, in bytes, not counting the terminator.
  public let maxLineBytes: Int

  private var line: [UInt8] = []
  /// The current line passed the limit: its bytes are dropped until its end.
  private var discarding = false
  /// The last data byte was a CR, which already ended a line: a following LF or NUL belongs to it.
  private var afterCR = false
  private var telnet = TelnetState.data
  /// Telnet commands removed without an item of their own since `takeDroppedCommands()`.
  private var droppedCommands = 0

  private enum TelnetState: Sendable {
    case data
    /// After IAC.
    case command
    /// After IAC and WILL, WONT, DO or DONT: the next byte is the option.
    case option(verb: UInt8)
    /// Inside IAC SB, up to IAC SE.
    case subnegotiation
    /// After IAC inside a subnegotiation.
    case subnegotiationCommand
  }

  /// A framer that reports lines longer than `maxLineBytes` (at least 1) as `.tooLong`.
  public init(maxLineBytes: Int = LineFramer.defaultMaxLineBytes) {
    precondition(maxLineBytes > 0, "maxLineBytes must be positive")
    self.maxLineBytes = maxLineBytes
  }

  /// Frames `bytes`, returning the items they complete, in order.
  public mutating func feed(_ bytes: some Sequence<UInt8>) -> [LineInput] {
    var output: [LineInput] = []
    feed(bytes, into: &output)
    return output
  }

  /// Frames `bytes`, appending the items they complete to `output`, in order.
  public mutating func feed(_ bytes: some Sequence<UInt8>, into output: inout [LineInput]) {
    for byte in bytes {
      step(byte, &output)
    }
  }

  /// Frames `bytes`, appending the items they complete to `output`, in order: what a socket's read
  /// buffer holds. The same as the generic `feed`, made for this one type so that a caller in another
  /// module steps through the bytes directly rather than through a generic iterator, byte by byte.
  ///
  /// A whole line in `bytes`, begun after the last line's end, is made into its item straight from
  /// `bytes`, never copied into the framer's own buffer: only a line split across reads is held, and
  /// an idle connection holds no buffer at all.
  public mutating func feed(_ bytes: UnsafeRawBufferPointer, into output: inout [LineInput]) {
    var index = 0
    while index < bytes.count {
      if let end = wholeLine(in: bytes, from: index) {
        emit(UnsafeRawBufferPointer(rebasing: bytes[index..<end]), &output)
        afterCR = bytes[end] == 13
        index = end + 1
        continue
      }
      step(bytes[index], &output)
      index += 1
    }
  }

  /// Where the line starting at `start` ends (its LF or CR), when the framer is between lines and that
  /// line is whole in `bytes`, holds no telnet command and is not too long; else nil.
  private func wholeLine(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
    guard case .data = telnet, !afterCR, !discarding, line.isEmpty else { return nil }
    let limit = min(bytes.count, start + maxLineBytes + 1)
    var index = start
    while index < limit {
      switch bytes[index] {
      case 10, 13: return index
      case Telnet.iac: return nil
      default: index += 1
      }
    }
    return nil
  }

  /// How many telnet commands were removed without an item of their own (negotiation, subnegotiation,
  /// NOP and the like) since the last call: a connection's limits count them as they count lines.
  public mutating func takeDroppedCommands() -> Int {
    defer { droppedCommands = 0 }
    return droppedCommands
  }

  /// Ends the input: returns the last line if it had no terminator, and resets the framer.
  public mutating func finish() -> [LineInput] {
    var output: [LineInput] = []
    if !discarding && !line.isEmpty {
      emitLine(&output)
    }
    line.removeAll()
    discarding = false
    afterCR = false
    telnet = .data
    return output
  }

  private mutating func step(_ byte: UInt8, _ output: inout [LineInput]) {
    switch telnet {
    case .data:
      if byte == Telnet.iac {
        telnet = .command
      } else {
        data(byte, &output)
      }
    case .command:
      command(byte, &output)
    case .option(let verb):
      telnet = .data
      if verb == Telnet.do && byte == Telnet.timingMark {
        output.append(.reply(Telnet.willTimingMark))
      } else {
        droppedCommands += 1
      }
    case .subnegotiation:
      if byte == Telnet.iac {
        telnet = .subnegotiationCommand
      }
    case .subnegotiationCommand:
      switch byte {
      case Telnet.se: telnet = .data
      case Telnet.iac: telnet = .subnegotiation
      // A command inside a subnegotiation that was never closed: honour it and leave the subnegotiation.
      default: command(byte, &output)
      }
    }
  }

  /// Handles the byte after IAC.
  private mutating func command(_ byte: UInt8, _ output: inout [LineInput]) {
    telnet = .data
    switch byte {
    case Telnet.iac: data(byte, &output)
    case Telnet.will, Telnet.wont, Telnet.do, Telnet.dont: telnet = .option(verb: byte)
    case Telnet.sb:
      telnet = .subnegotiation
      droppedCommands += 1
    case Telnet.ip: output.append(.interrupt)
    default: droppedCommands += 1  // NOP, DM, BRK, AO, AYT, EC, EL, GA, a stray SE: nothing to do.
    }
  }

  /// Handles one byte of the line data, telnet commands already removed.
  private mutating func data(_ byte: UInt8, _ output: inout [LineInput]) {
    let lf: UInt8 = 10
    let cr: UInt8 = 13
    if afterCR {
      afterCR = false
      if byte == lf || byte == 0 {
        return
      }
    }
    switch byte {
    case lf:
      endLine(&output)
    case cr:
      endLine(&output)
      afterCR = true
    default:
      if discarding {
        return
      }
      if line.count == maxLineBytes {
        discarding = true
        line = []
        output.append(.tooLong)
        return
      }
      line.append(byte)
    }
  }

  private mutating func endLine(_ output: inout [LineInput]) {
    if discarding {
      discarding = false
    } else {
      emitLine(&output)
    }
  }

  private mutating func emitLine(_ output: inout [LineInput]) {
    line.withUnsafeBytes { emit($0, &output) }
    line = []
  }

  private func emit(_ bytes: UnsafeRawBufferPointer, _ output: inout [LineInput]) {
    if let text = String(validating: bytes, as: UTF8.self) {
      output.append(.line(text))
    } else {
      output.append(.invalidUTF8)
    }
  }
}
