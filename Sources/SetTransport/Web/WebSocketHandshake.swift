/// The server's side of the WebSocket opening handshake (RFC 6455, section 4.2): checks an upgrade
/// request and answers it with 101 and the accept key, or with the status that refuses it.
public enum WebSocketHandshake {
  /// The GUID RFC 6455 appends to the client's key.
  public static let guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

  /// `Sec-WebSocket-Accept` for the client's `key`: base64 of the SHA-1 of the key and the GUID.
  public static func accept(key: String) -> String {
    Base64.encode(SHA1.digest(Array((key + guid).utf8)))
  }

  /// Why an upgrade was refused, and with what status.
  public enum Refusal: Error, Hashable, Sendable {
    /// Not a valid upgrade request (400).
    case badRequest(String)
    /// A version other than 13 (426, naming 13).
    case unsupportedVersion
    /// `Origin` names another site than `Host` (403): a page elsewhere must not play for its visitor.
    case foreignOrigin

    /// The status to answer with.
    public var status: Int {
      switch self {
      case .badRequest: 400
      case .unsupportedVersion: 426
      case .foreignOrigin: 403
      }
    }
  }

  /// The answer to `request` when it asks to upgrade: 101 with the accept key, or a refusal.
  public static func answer(_ request: HTTPRequest) -> Result<HTTPResponse, Refusal> {
    guard request.method == "GET", request.minorVersion == 1 else { return .failure(.badRequest("not GET HTTP/1.1")) }
    guard request.field("Upgrade", contains: "websocket") else { return .failure(.badRequest("no Upgrade: websocket")) }
    guard request.field("Connection", contains: "upgrade") else {
      return .failure(.badRequest("no Connection: Upgrade"))
    }
    guard request.field("Sec-WebSocket-Version")?.trimmingSpaces() == "13" else { return .failure(.unsupportedVersion) }
    guard let key = request.field("Sec-WebSocket-Key")?.trimmingSpaces(), request.count(of: "Sec-WebSocket-Key") == 1,
      Base64.decode(key)?.count == 16
    else { return .failure(.badRequest("no valid Sec-WebSocket-Key")) }
    guard originMatchesHost(request) else { return .failure(.foreignOrigin) }
    return .success(
      HTTPResponse(
        status: 101,
        fields: [
          .init("Upgrade", "websocket"), .init("Connection", "Upgrade"),
          .init("Sec-WebSocket-Accept", accept(key: key)),
        ]))
  }

  /// Whether the request's `Origin` is the page's own: `http://` plus its `Host`. A request without
  /// `Origin` comes from no browser page (a script or a command-line client) and is let through.
  public static func originMatchesHost(_ request: HTTPRequest) -> Bool {
    guard let origin = request.field("Origin")?.trimmingSpaces() else { return true }
    guard let host = request.field("Host")?.trimmingSpaces().lowercased() else { return false }
    let lowered = origin.lowercased()
    return lowered == "http://" + host || lowered == "https://" + host
  }
}
