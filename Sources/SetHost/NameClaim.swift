import SetProtocol
import SetTransport

/// What a name's secret leaves behind: a fingerprint, recorded in the game record's `owner` lines,
/// from which the secret cannot be read back. The secret itself is never stored or recorded.
enum NameClaim {
  /// The fingerprint of `secret` for `name`: hexadecimal SHA-1 of the secret salted with the name's
  /// key, so that one secret used for two names gives two unrelated fingerprints.
  static func fingerprint(name: String, secret: String) -> String {
    let digest = SHA1.digest(Array("setduel-name \(PlayerName.key(name)) \(secret)".utf8))
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    for byte in digest {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0xF)])
    }
    return String(decoding: text, as: UTF8.self)
  }
}
