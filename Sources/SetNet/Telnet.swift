/// The telnet bytes (RFC 854, RFC 860) that `LineFramer` understands.
enum Telnet {
  /// Interpret As Command: starts every telnet command. Doubled, it stands for a literal 255 byte.
  static let iac: UInt8 = 255
  static let dont: UInt8 = 254
  static let `do`: UInt8 = 253
  static let wont: UInt8 = 252
  static let will: UInt8 = 251
  /// Starts a subnegotiation, which runs to `IAC SE`.
  static let sb: UInt8 = 250
  /// Interrupt Process.
  static let ip: UInt8 = 244
  /// Ends a subnegotiation.
  static let se: UInt8 = 240
  /// The TIMING-MARK option: `IAC DO TIMING-MARK` asks for `IAC WILL TIMING-MARK` once all earlier input is seen.
  static let timingMark: UInt8 = 6

  static let willTimingMark: [UInt8] = [iac, will, timingMark]
}
