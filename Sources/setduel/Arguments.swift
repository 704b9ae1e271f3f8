@preconcurrency import Glibc
import SetProtocol

/// A command line split into positional words and `--name value` options, with clear errors.
struct Arguments {
  /// A command-line mistake: the message, printed with the usage, and exit status 2.
  struct UsageError: Error {
    let message: String
  }

  private(set) var positional: [String] = []
  private var options: [String: String] = [:]
  private var flags: Set<String> = []
  private var used: Set<String> = []

  /// Splits `words`; `valued` names the options that take a value (written `--name value` or `--name=value`).
  init(_ words: [String], valued: Set<String>, flags allowed: Set<String>) throws(UsageError) {
    var rest = words[...]
    while let word = rest.popFirst() {
      if word == "-h", allowed.contains("help") {
        flags.insert("help")
        continue
      }
      guard word.hasPrefix("--") else {
        positional.append(word)
        continue
      }
      var name = String(word.dropFirst(2))
      var value: String?
      if let equals = name.firstIndex(of: "=") {
        value = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      }
      if valued.contains(name) {
        guard let given = value ?? rest.popFirst() else { throw UsageError(message: "--\(name) needs a value") }
        options[name] = given
      } else if allowed.contains(name), value == nil {
        flags.insert(name)
      } else {
        let known = (valued.union(allowed)).sorted()
        let guess = Suggestion.question(for: name, among: known) { "--\($0)" }.map { "; \($0)" } ?? ""
        throw UsageError(message: "unknown option --\(name)" + guess)
      }
    }
  }

  /// Prints `usage` and exits 0 when `--help` was given.
  func answerHelp(_ usage: String) {
    guard flag("help") else { return }
    print(ColumnFit.fit(usage))
    exit(0)
  }

  /// The optional `HOST[:PORT]` argument, the only positional word allowed.
  func endpoint(defaultPort: UInt16) throws(UsageError) -> (host: String, port: UInt16) {
    guard positional.count <= 1 else { throw UsageError(message: "unexpected argument \(positional[1])") }
    return try Self.endpoint(positional.first, defaultPort: defaultPort)
  }

  /// Whether a flag was given.
  func flag(_ name: String) -> Bool { flags.contains(name) }

  /// An option's text, or nil.
  func text(_ name: String) -> String? { options[name] }

  /// An option parsed by `parse`, or `fallback`; a value that does not parse is an error naming `expected`.
  func value<T>(_ name: String, _ fallback: T, expected: String, _ parse: (String) -> T?) throws(UsageError) -> T {
    guard let text = options[name] else { return fallback }
    guard let value = parse(text) else { throw UsageError(message: "--\(name) \(text): expected \(expected)") }
    return value
  }

  /// A time option in seconds, such as `--claim-window 2.5`, as milliseconds, or `fallback`; a value
  /// out of range is an error that says the range.
  func seconds(_ name: String, _ fallback: Int64) throws(UsageError) -> Int64 {
    guard let text = options[name] else { return fallback }
    guard let seconds = Double(text), seconds.isFinite else {
      throw UsageError(message: "--\(name) \(text): expected a number of seconds")
    }
    guard seconds > 0 else { throw UsageError(message: "--\(name) \(text): must be more than 0 seconds") }
    guard seconds <= 86_400 else {
      throw UsageError(message: "--\(name) \(text): must be at most 86400 seconds (a day)")
    }
    return Int64((seconds * 1000).rounded())
  }

  /// A whole-number option within `range`, or `fallback`; a value out of range is an error that says
  /// the range.
  func count(_ name: String, _ fallback: Int, in range: ClosedRange<Int>) throws(UsageError) -> Int {
    guard let text = options[name] else { return fallback }
    guard let value = Int(text) else { throw UsageError(message: "--\(name) \(text): expected a whole number") }
    guard range.contains(value) else {
      throw UsageError(message: "--\(name) \(text): must be \(range.lowerBound) to \(range.upperBound)")
    }
    return value
  }

  /// `HOST[:PORT]` with defaults.
  static func endpoint(_ text: String?, defaultPort: UInt16) throws(UsageError) -> (host: String, port: UInt16) {
    guard let text, !text.isEmpty else { return ("127.0.0.1", defaultPort) }
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count <= 2, !parts[0].isEmpty else { throw UsageError(message: "\(text): expected HOST or HOST:PORT") }
    guard parts.count == 2 else { return (String(parts[0]), defaultPort) }
    guard let port = UInt16(parts[1]), port > 0 else { throw UsageError(message: "\(text): the port is 1 to 65535") }
    return (String(parts[0]), port)
  }
}
