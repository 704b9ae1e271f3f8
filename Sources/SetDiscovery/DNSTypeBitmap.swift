/// The type bitmap of an NSEC record (RFC 4034 section 4.1.2): windows of 256 types, each a window
/// number, a length, and a bit per type.
enum DNSTypeBitmap {
  static func encode(_ types: [DNSType]) -> [UInt8] {
    var windows: [UInt8: [UInt8]] = [:]
    for type in types {
      let window = UInt8(type.rawValue >> 8)
      let low = Int(type.rawValue & 0xFF)
      var bits = windows[window] ?? []
      if bits.count <= low / 8 { bits += [UInt8](repeating: 0, count: low / 8 + 1 - bits.count) }
      bits[low / 8] |= 0x80 >> UInt8(low % 8)
      windows[window] = bits
    }
    return windows.keys.sorted().flatMap { window in [window, UInt8(windows[window]!.count)] + windows[window]! }
  }

  /// The types in `bytes`, or nil when a window is malformed.
  static func decode(_ bytes: ArraySlice<UInt8>) -> [DNSType]? {
    var types: [DNSType] = []
    var index = bytes.startIndex
    while index < bytes.endIndex {
      guard index + 2 <= bytes.endIndex else { return nil }
      let window = UInt16(bytes[index])
      let length = Int(bytes[index + 1])
      guard (1...32).contains(length), index + 2 + length <= bytes.endIndex else { return nil }
      for (offset, byte) in bytes[(index + 2)..<(index + 2 + length)].enumerated() {
        for bit in 0..<8 where byte & (0x80 >> UInt8(bit)) != 0 {
          types.append(DNSType(rawValue: window << 8 | UInt16(offset * 8 + bit)))
        }
      }
      index += 2 + length
    }
    return types
  }
}
