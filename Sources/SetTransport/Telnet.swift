/// The telnet bytes (RFC 854, RFC 860) that `LineFramer` understands.
package enum Telnet {
  /// Interpret As Command: starts every telnet command. Doubled, it stands for a literal 255 byte.
  package static let iac: UInt8 = 255
  package static let dont: UInt8 = 254
  package static let `do`: UInt8 = 253
  package static let wont: UInt8 = 252
  package static let will: UInt8 = 251
  /// Starts a subnegotiation, which runs to `IAC SE`.
  package static let sb: UInt8 = 250
  /// Interrupt Process.
  package static let ip: UInt8 = 244
  /// Ends a subnegotiation.
  package static let se: UInt8 = 240
  /// The TIMING-MARK option: `IAC DO TIMING-MARK` asks for `IAC WILL TIMING-MARK` once all earlier input is seen.
  package static let timingMark: UInt8 = 6

  package static let willTimingMark: [UInt8] = [iac, will, timingMark]
}
