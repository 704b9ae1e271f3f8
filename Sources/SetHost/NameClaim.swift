import SetProtocol
import SetTransport

/// What a name's secret leaves behind: a fingerprint, recorded in the game record's `owner` lines,
/// from which the secret cannot be read back. The secret itself is never stored or recorded.
enum NameClaim {
  /// The fingerprint of `secret` for `name`: hexadecimal SHA-1 of the secret salted with the name's
  /// key, so that one secret used for two names gives two unrelated fingerprints.
  static func fingerprint(name: String, secret: String) -> String {
    hexDigest(of: "setduel-name \(PlayerName.key(name)) \(secret)")
  }

  /// The SHA-1 of `text`'s UTF-8 bytes, in lower-case hexadecimal.
  static func hexDigest(of text: String) -> String {
    let digest = SHA1.digest(Array(text.utf8))
    let digits = Array("0123456789abcdef".utf8)
    var hex: [UInt8] = []
    for byte in digest {
      hex.append(digits[Int(byte >> 4)])
      hex.append(digits[Int(byte & 0xF)])
    }
    return String(decoding: hex, as: UTF8.self)
  }
}
