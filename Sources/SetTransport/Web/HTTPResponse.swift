/// An HTTP/1.1 response, encoded in one piece: status line, header fields, blank line, body.
public struct HTTPResponse: Hashable, Sendable {
  /// The status code.
  public var status: Int
  /// The header fields in order.
  public var fields: [HTTPField]
  /// The body (sent unless answering HEAD).
  public var body: [UInt8]

  /// One header field.
  public struct HTTPField: Hashable, Sendable {
    public var name: String
    public var value: String
    public init(_ name: String, _ value: String) {
      self.name = name
      self.value = value
    }
  }

  /// A response as given.
  public init(status: Int, fields: [HTTPField] = [], body: [UInt8] = []) {
    self.status = status
    self.fields = fields
    self.body = body
  }

  /// The reason phrase for the statuses this server sends.
  public static func reason(_ status: Int) -> String {
    switch status {
    case 101: "Switching Protocols"
    case 200: "OK"
    case 400: "Bad Request"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 408: "Request Timeout"
    case 426: "Upgrade Required"
    case 431: "Request Header Fields Too Large"
    default: "Status"
    }
  }

  /// The bytes on the wire; without the body for a HEAD request, its length still announced.
  public func encoded(includingBody: Bool = true) -> [UInt8] {
    var text = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
    for field in fields {
      text += "\(field.name): \(field.value)\r\n"
    }
    text += "\r\n"
    return Array(text.utf8) + (includingBody ? body : [])
  }

  /// A short plain-text answer (errors, 404), closing the connection or not.
  public static func plain(_ status: Int, _ message: String, keepAlive: Bool, extra: [HTTPField] = []) -> HTTPResponse {
    let body = Array((message + "\n").utf8)
    var fields = [
      HTTPField("Content-Type", "text/plain; charset=utf-8"),
      HTTPField("Content-Length", String(body.count)),
      HTTPField("X-Content-Type-Options", "nosniff"),
      HTTPField("Cache-Control", "no-store"),
    ]
    fields += extra
    fields.append(HTTPField("Connection", keepAlive ? "keep-alive" : "close"))
    return HTTPResponse(status: status, fields: fields, body: body)
  }
}
