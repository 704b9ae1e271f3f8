/// What a seat's resume token leaves in the game record: a digest, from which the token cannot be read
/// back (it is 128 random bits), so that a server started again after it was killed can hold the seat
/// for whoever shows the token, and the record can be shared as it is.
enum ResumeToken {
  /// The digest of `token`: hexadecimal SHA-1, salted so that it is not a digest of anything else.
  static func digest(_ token: String) -> String {
    NameClaim.hexDigest(of: "setduel-resume \(token)")
  }
}
