/// The files a table serves to a browser, by path: the page, its style sheet and its script.
public struct WebSite: Sendable {
  /// One file: its media type and bytes.
  public struct File: Sendable {
    /// The `Content-Type` to send.
    public var contentType: String
    /// The file's bytes.
    public var body: [UInt8]

    /// A file as given.
    public init(contentType: String, body: [UInt8]) {
      self.contentType = contentType
      self.body = body
    }
  }

  /// The files by path (`/`, `/page.js`).
  public var files: [String: File]

  /// Files made for each request by path (`/qr.svg`, drawn for the address the browser asked by),
  /// or nil for a request they cannot answer.
  public var made: [String: @Sendable (HTTPRequest) -> File?]

  /// A site serving `files`, and `made` for each request.
  public init(files: [String: File], made: [String: @Sendable (HTTPRequest) -> File?] = [:]) {
    self.files = files
    self.made = made
  }

  /// The headers every page file is sent with: the page may load only its own files and talk only to
  /// its own table; no inline script, no framing by other sites, no guessing of types.
  public static let securityFields: [HTTPResponse.HTTPField] = [
    .init(
      "Content-Security-Policy",
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"),
    .init("X-Content-Type-Options", "nosniff"),
    .init("Referrer-Policy", "no-referrer"),
    .init("X-Frame-Options", "DENY"),
  ]

  /// The answer to a GET or HEAD of `request`'s path, a file made for it included, or nil if there
  /// is no such file.
  public func response(to request: HTTPRequest, keepAlive: Bool) -> HTTPResponse? {
    let path = String(request.path)
    guard let file = files[path] ?? made[path]?(request) else { return nil }
    return response(with: file, keepAlive: keepAlive)
  }

  /// The answer to a GET or HEAD of `path`, or nil if there is no such file.
  public func response(for path: Substring, keepAlive: Bool) -> HTTPResponse? {
    guard let file = files[String(path)] else { return nil }
    return response(with: file, keepAlive: keepAlive)
  }

  private func response(with file: File, keepAlive: Bool) -> HTTPResponse {
    var fields = [
      HTTPResponse.HTTPField("Content-Type", file.contentType),
      HTTPResponse.HTTPField("Content-Length", String(file.body.count)),
      // The page changes with the server's version: always ask again, it is small and on the LAN.
      HTTPResponse.HTTPField("Cache-Control", "no-cache"),
    ]
    fields += Self.securityFields
    fields.append(.init("Connection", keepAlive ? "keep-alive" : "close"))
    return HTTPResponse(status: 200, fields: fields, body: file.body)
  }
}
