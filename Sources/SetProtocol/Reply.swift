/// The one final reply to a request: `OK [@id] VERB fields...`, `ERR [@id] CODE text`, or, for PING,
/// `PONG [@id] [token]`.
public struct Reply: Equatable, Sendable {
  /// What the reply says.
  public enum Kind: Equatable, Sendable {
    /// The request was carried out.
    case ok(OKReply)
    /// The request was refused and changed nothing.
    case error(ProtocolError)
    /// The answer to PING.
    case pong(token: String?)
  }

  /// The request's id, echoed.
  public var id: String?
  /// What the reply says.
  public var kind: Kind

  public init(id: String?, _ kind: Kind) {
    self.id = id
    self.kind = kind
  }

  /// The reply's line: its words joined by single spaces.
  public var line: String {
    // Built by appending (every request gets a reply, so this runs for every line a client sends).
    var text: String
    switch kind {
    case .ok: text = "OK"
    case .error: text = "ERR"
    case .pong: text = "PONG"
    }
    if let id {
      text += " @"
      text += id
    }
    func add(_ word: String) {
      text += " "
      text += word
    }
    switch kind {
    case .ok(let ok):
      add(ok.verb)
      ok.fields.forEach(add)
    case .error(let error):
      add(error.code.rawValue)
      add(error.text)
    case .pong(let token):
      if let token { add(token) }
    }
    return text
  }

  /// The reply on a line, or nil if the line is not a reply.
  public static func decode(_ line: String) -> Reply? {
    var words = line.split(separator: " ").map(String.init)
    guard let first = words.first, ["OK", "ERR", "PONG"].contains(first) else { return nil }
    words.removeFirst()
    var id: String?
    if let tag = words.first, tag.hasPrefix("@") {
      id = String(tag.dropFirst())
      words.removeFirst()
    }
    switch first {
    case "OK":
      guard let verb = words.first, let ok = OKReply(verb: verb, fields: words.dropFirst()) else { return nil }
      return Reply(id: id, .ok(ok))
    case "ERR":
      guard let code = words.first.flatMap(ErrorCode.init(rawValue:)) else { return nil }
      let skip = id == nil ? 2 : 3
      return Reply(id: id, .error(ProtocolError(code, EventCodec.text(after: skip, in: line))))
    default:
      return words.count <= 1 ? Reply(id: id, .pong(token: words.first)) : nil
    }
  }
}
