/// One HTTP/1.x request's head: the request line and the header fields, as `HTTPRequestParser` read them.
public struct HTTPRequest: Hashable, Sendable {
  /// The method, as sent (case-sensitive, as RFC 9110 says).
  public var method: String
  /// The request target, as sent (`/`, `/ws`, `/page.js?v=1`).
  public var target: String
  /// The minor version of HTTP/1.x: 1 for HTTP/1.1, 0 for HTTP/1.0.
  public var minorVersion: Int
  /// The header fields in order, names as sent.
  public var fields: [(name: String, value: String)]

  /// A request as given.
  public init(method: String, target: String, minorVersion: Int = 1, fields: [(name: String, value: String)] = []) {
    self.method = method
    self.target = target
    self.minorVersion = minorVersion
    self.fields = fields
  }

  /// The path of the target, without its query.
  public var path: Substring {
    target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
  }

  /// The values of the fields named `name` (compared without case), joined with ", " as RFC 9110
  /// allows for list fields, or nil if there is none.
  public func field(_ name: String) -> String? {
    let values = fields.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    return values.isEmpty ? nil : values.joined(separator: ", ")
  }

  /// How many fields are named `name` (compared without case).
  public func count(of name: String) -> Int {
    fields.filter { $0.name.lowercased() == name.lowercased() }.count
  }

  /// Whether the list field `name` holds `token`, compared without case: `Connection: keep-alive,
  /// Upgrade` holds `upgrade`.
  public func field(_ name: String, contains token: String) -> Bool {
    guard let value = field(name) else { return false }
    return value.split(separator: ",").contains {
      $0.trimmingSpaces().lowercased() == token.lowercased()
    }
  }

  /// Whether the connection stays open after the answer: HTTP/1.1 unless `Connection: close`,
  /// HTTP/1.0 only with `Connection: keep-alive`.
  public var keepsAlive: Bool {
    if field("Connection", contains: "close") { return false }
    return minorVersion >= 1 || field("Connection", contains: "keep-alive")
  }

  /// Whether a body follows the head (which this server never reads).
  public var hasBody: Bool {
    if field("Transfer-Encoding") != nil { return true }
    if let length = field("Content-Length") { return length.trimmingSpaces() != "0" }
    return false
  }

  public static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
    lhs.method == rhs.method && lhs.target == rhs.target && lhs.minorVersion == rhs.minorVersion
      && lhs.fields.map(\.name) == rhs.fields.map(\.name) && lhs.fields.map(\.value) == rhs.fields.map(\.value)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(method)
    hasher.combine(target)
    hasher.combine(minorVersion)
    for field in fields {
      hasher.combine(field.name)
      hasher.combine(field.value)
    }
  }
}

extension StringProtocol {
  /// Without leading and trailing spaces and tabs.
  func trimmingSpaces() -> String {
    var scalars = Substring(self).unicodeScalars[...]
    while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
    while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
    return String(String.UnicodeScalarView(scalars))
  }
}
