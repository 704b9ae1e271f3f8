/// A scripted conversation with a server: which connection sends what, and what each must receive.
///
/// Format, one step a line (blank lines and `#` comments are skipped):
///
///     server: --seed 7 --claim-window 0.3     how to start the server (first line)
///     ann> NAME ann                           connection `ann` sends a line (opened on first use)
///     ann< OK NAME 1 {token}                  the next line `ann` receives must match
///     ann~ OVER {*}                           `ann` skips lines until one matches
///     ann% NAME \xff\n                         `ann` sends raw bytes: `\xHH`, `\r`, `\n`, `\0`, `\\`, and
///                                             `{1100*x}` for 1100 x's; no line end is added
///     ann! close                              `ann` closes its connection (`halfclose` shuts its writing side)
///     ann! closed                             the server closes `ann`'s connection with nothing more written
///
/// In expected lines `{}` is any one word, `{*}` the rest of the line, and `{name}` a word remembered as
/// `name` (once remembered it must be that word again, and `{name}` in sent lines is replaced by it).
struct Transcript {
  enum Step: Equatable {
    case send(String, String)
    case sendBytes(String, [UInt8])
    case expect(String, String)
    case skipTo(String, String)
    case close(String)
    case halfClose(String)
    case closed(String)
  }

  var title: String
  var serverArguments: [String] = []
  var steps: [(line: Int, step: Step)] = []

  struct ParseError: Error, CustomStringConvertible {
    var description: String
  }

  init(title: String, text: String) throws {
    self.title = title
    for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = String(raw)
      let number = offset + 1
      if line.trimmingSpaces.isEmpty || line.hasPrefix("#") { continue }
      if line.hasPrefix("server:") {
        serverArguments = line.dropFirst("server:".count).split(separator: " ").map(String.init)
        continue
      }
      guard let marker = line.firstIndex(where: { ">~<!%".contains($0) }) else {
        throw ParseError(description: "\(title):\(number): no step marker in \(line)")
      }
      let who = String(line[..<marker])
      var rest = String(line[line.index(after: marker)...])
      if rest.hasPrefix(" ") { rest.removeFirst() }
      let step: Step
      switch line[marker] {
      case ">": step = .send(who, rest)
      case "<": step = .expect(who, rest)
      case "~": step = .skipTo(who, rest)
      case "%": step = .sendBytes(who, try Self.bytes(rest, at: "\(title):\(number)"))
      default:
        switch rest {
        case "close": step = .close(who)
        case "halfclose": step = .halfClose(who)
        case "closed": step = .closed(who)
        default: throw ParseError(description: "\(title):\(number): unknown action \(rest)")
        }
      }
      steps.append((number, step))
    }
  }

  /// The bytes a `%` step stands for.
  static func bytes(_ text: String, at place: String) throws -> [UInt8] {
    var bytes: [UInt8] = []
    var rest = Substring(text)
    while let first = rest.first {
      if first == "{", let close = rest.firstIndex(of: "}"), let star = rest[..<close].firstIndex(of: "*"),
        let count = Int(rest[rest.index(after: rest.startIndex)..<star])
      {
        bytes += [UInt8](repeating: 0, count: count).map { _ in Array(rest[rest.index(after: star)..<close].utf8) }
          .flatMap { $0 }
        rest = rest[rest.index(after: close)...]
      } else if first == "\\" {
        let code = rest.dropFirst().first
        switch code {
        case "x":
          guard let value = UInt8(rest.dropFirst(2).prefix(2), radix: 16) else {
            throw ParseError(description: "\(place): bad \\x escape")
          }
          bytes.append(value)
          rest = rest.dropFirst(4)
          continue
        case "r": bytes.append(13)
        case "n": bytes.append(10)
        case "0": bytes.append(0)
        case "\\": bytes.append(92)
        default: throw ParseError(description: "\(place): unknown escape")
        }
        rest = rest.dropFirst(2)
      } else {
        bytes += Array(String(first).utf8)
        rest = rest.dropFirst()
      }
    }
    return bytes
  }

  /// Every ```transcript block in a Markdown text, titled by the heading above it.
  static func blocks(inMarkdown markdown: String, source: String) throws -> [Transcript] {
    var result: [Transcript] = []
    var heading = source
    var block: [String]?
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if var lines = block {
        if line.hasPrefix("```") {
          result.append(try Transcript(title: "\(source): \(heading)", text: lines.joined(separator: "\n")))
          block = nil
        } else {
          lines.append(line)
          block = lines
        }
      } else if line.hasPrefix("```transcript") {
        block = []
      } else if line.hasPrefix("#") {
        heading = line.drop(while: { $0 == "#" || $0 == " " }).description
      }
    }
    return result
  }
}

/// Matches received lines against expected patterns, remembering `{name}` words.
struct PatternMatcher {
  var bindings: [String: String] = [:]

  /// Whether `line` matches `pattern`; on success new `{name}` words are remembered.
  mutating func matches(_ line: String, _ pattern: String) -> Bool {
    var regex = "^"
    var names: [String?] = []
    var rest = Substring(pattern)
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
      regex += Self.escape(rest[..<open])
      let name = String(rest[rest.index(after: open)..<close])
      switch name {
      case "":
        regex += "(\\S+)"
        names.append(nil)
      case "*":
        regex += "(.*)"
        names.append(nil)
      default:
        if let bound = bindings[name] {
          regex += Self.escape(Substring(bound))
        } else {
          regex += "(\\S+)"
          names.append(name)
        }
      }
      rest = rest[rest.index(after: close)...]
    }
    regex += Self.escape(rest) + "$"
    guard let compiled = try? Regex(regex), let match = try? compiled.wholeMatch(in: line) else { return false }
    for (index, name) in names.enumerated() {
      if let name, let value = match.output[index + 1].substring { bindings[name] = String(value) }
    }
    return true
  }

  /// `text` with every remembered `{name}` replaced.
  func substitute(_ text: String) -> String {
    bindings.reduce(text) { $0.replacingAll("{\($1.key)}", with: $1.value) }
  }

  private static func escape(_ text: Substring) -> String {
    text.map { "\\^$.|?*+()[]{}/".contains($0) ? "\\\($0)" : String($0) }.joined()
  }
}

extension String {
  var trimmingSpaces: Substring { drop(while: { $0 == " " }) }

  func replacingAll(_ target: String, with replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
