import SetCore

/// One request line: an optional client-chosen id and a command.
///
/// Grammar: `[@id] VERB [arguments]`, words separated by spaces, the verb in any case. An id is `@`
/// followed by 1 to 32 letters, digits, `.`, `_` or `-`; the reply to the request echoes it.
public struct Request: Equatable, Sendable {
  /// The id the reply echoes, without its `@`.
  public var id: String?
  /// The command, or why the line was refused.
  public var command: Result<ClientCommand, ProtocolError>

  /// The request on a line, or nil for a blank line (which is ignored).
  public static func parse(_ line: String) -> Request? {
    var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    guard !words.isEmpty else { return nil }
    var id: String?
    if words[0].hasPrefix("@") {
      let candidate = String(words[0].dropFirst())
      guard isWord(candidate, max: 32, extra: "._-") else {
        return Request(
          id: nil, command: .failure(ProtocolError(.badArgument, "a request id is @ and 1 to 32 letters or digits")))
      }
      id = candidate
      words.removeFirst()
      guard !words.isEmpty else {
        return Request(id: id, command: .failure(ProtocolError(.unknownCommand, "no command after the id")))
      }
    }
    let verb = words.removeFirst().uppercased()
    let rest = restOfLine(line, after: verb.count, id: id)
    return Request(id: id, command: command(verb, words, rest: rest))
  }

  /// The text after the verb, as typed (for SAY).
  private static func restOfLine(_ line: String, after verbLength: Int, id: String?) -> String {
    var text = Substring(line).drop(while: { $0 == " " || $0 == "\t" })
    if id != nil {
      text = text.drop(while: { $0 != " " && $0 != "\t" }).drop(while: { $0 == " " || $0 == "\t" })
    }
    return String(text.dropFirst(verbLength).drop(while: { $0 == " " || $0 == "\t" }))
  }

  private static func command(_ verb: String, _ words: [String], rest: String) -> Result<ClientCommand, ProtocolError> {
    let usage = ProtocolError(.badArgument, "usage: " + (Help.usage(of: verb) ?? verb))
    switch verb {
    case "HELP":
      return words.count <= 1 ? .success(.help(words.first?.uppercased())) : .failure(usage)
    case "NAME":
      guard words.count == 1 else { return .failure(usage) }
      guard isWord(words[0], max: 16, extra: "_-") else { return .failure(ProtocolError(.badName)) }
      return .success(.name(words[0]))
    case "MODE":
      guard words.count == 1, let mode = Presentation(rawValue: words[0].lowercased()) else { return .failure(usage) }
      return .success(.mode(mode))
    case "CLAIM", "SET":
      return words.isEmpty ? .success(.claim) : .failure(usage)
    case "PICK":
      guard let slots = slots(words), (1...3).contains(slots.count) else { return .failure(usage) }
      return .success(.pick(slots))
    case "UNPICK":
      guard let slots = slots(words), slots.count == 1 else { return .failure(usage) }
      return .success(.unpick(slots[0]))
    case "DEAL":
      return words.isEmpty ? .success(.deal) : .failure(usage)
    case "STATE":
      return words.isEmpty ? .success(.state) : .failure(usage)
    case "SCORES":
      return words.isEmpty ? .success(.scores) : .failure(usage)
    case "HISTORY":
      return words.isEmpty ? .success(.history) : .failure(usage)
    case "SAY":
      return rest.isEmpty ? .failure(usage) : .success(.say(rest))
    case "NEW":
      return words.isEmpty ? .success(.new) : .failure(usage)
    case "PING":
      guard words.count <= 1 else { return .failure(usage) }
      if let token = words.first, !isWord(token, max: 64, extra: "._-:") { return .failure(usage) }
      return .success(.ping(words.first))
    case "RESUME":
      return words.count == 1 ? .success(.resume(words[0])) : .failure(usage)
    case "QUIT":
      return words.isEmpty ? .success(.quit) : .failure(usage)
    default:
      return .failure(ProtocolError(.unknownCommand))
    }
  }

  /// Slot labels as separate words (`A B C`), comma-separated (`A,B,C`) or run together (`ABC`).
  private static func slots(_ words: [String]) -> [Slot]? {
    let letters = words.joined().filter { $0 != "," }
    guard !letters.isEmpty, letters.count <= 3 else { return nil }
    var result: [Slot] = []
    for letter in letters {
      guard let slot = Slot(label: String(letter)) else { return nil }
      result.append(slot)
    }
    return result
  }

  /// Whether `text` is 1...max ASCII letters, digits or `extra` characters.
  static func isWord(_ text: String, max: Int, extra: String) -> Bool {
    (1...max).contains(text.count)
      && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || extra.contains($0)) }
  }
}
