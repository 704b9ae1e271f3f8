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

  public init(id: String?, command: Result<ClientCommand, ProtocolError>) {
    self.id = id
    self.command = command
  }

  /// The request on a line, or nil for a blank line (which is ignored). The escape sequences a
  /// terminal's arrow and function keys send are dropped first, so a line of them alone is blank.
  public static func parse(_ line: String) -> Request? {
    let line = line.utf8.contains(0x1B) ? withoutEscapes(line) : line
    var words = words(line)
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
    return Request(id: id, command: command(verb, words, rest: { restOfLine(line, after: verb.count, id: id) }))
  }

  /// The verb a line starts with (after its id, if any), upper-cased, or nil for a blank line.
  public static func verb(of line: String) -> String? {
    let words = words(line.utf8.contains(0x1B) ? withoutEscapes(line) : line)
    let verb = words.first?.hasPrefix("@") == true ? words.dropFirst().first : words.first
    return verb?.uppercased()
  }

  /// `line` without its escape sequences: `ESC [` parameters and a final letter or `~`, `ESC O` and
  /// one character, or a lone `ESC` and the character after it.
  static func withoutEscapes(_ line: String) -> String {
    var kept = String.UnicodeScalarView()
    var scalars = line.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      guard scalar.value == 0x1B else {
        kept.append(scalar)
        continue
      }
      switch scalars.next() {
      case "[":
        // Parameters (digits, `;`, `?`) up to the final byte, `@` to `~`.
        while let next = scalars.next(), !(0x40...0x7E).contains(next.value) {}
      case "O":
        _ = scalars.next()
      default:
        break
      }
    }
    return String(kept)
  }

  /// The words of `line`: runs of anything but spaces and tabs, found byte by byte.
  private static func words(_ line: String) -> [String] {
    var words: [String] = []
    let utf8 = line.utf8
    var start: String.Index?
    var index = utf8.startIndex
    while index != utf8.endIndex {
      let byte = utf8[index]
      if byte == 32 || byte == 9 {
        if let wordStart = start {
          words.append(String(line[wordStart..<index]))
          start = nil
        }
      } else if start == nil {
        start = index
      }
      index = utf8.index(after: index)
    }
    if let wordStart = start { words.append(String(line[wordStart...])) }
    return words
  }

  /// The text after the verb, as typed (for SAY).
  private static func restOfLine(_ line: String, after verbLength: Int, id: String?) -> String {
    var text = Substring(line).drop(while: { $0 == " " || $0 == "\t" })
    if id != nil {
      text = text.drop(while: { $0 != " " && $0 != "\t" }).drop(while: { $0 == " " || $0 == "\t" })
    }
    return String(text.dropFirst(verbLength).drop(while: { $0 == " " || $0 == "\t" }))
  }

  /// The command `verb` with `words`; `rest` gives the text after the verb as typed. Both the usage
  /// error and the rest are made only when needed: this runs for every line a client sends.
  private static func command(_ verb: String, _ words: [String], rest: () -> String) -> Result<
    ClientCommand, ProtocolError
  > {
    func usage() -> ProtocolError { ProtocolError(.badArgument, "usage: " + (Help.usage(of: verb) ?? verb)) }
    guard let known = Verb(word: verb) else { return .failure(ProtocolError(.unknownCommand)) }
    switch known {
    case .help:
      return words.count <= 1 ? .success(.help(words.first?.uppercased())) : .failure(usage())
    case .name:
      if words.count == 2, words[1].utf8.count >= NameSecret.minLength {
        // `NAME ann <secret>`: the name, and the secret that proves it is the owner's.
        guard PlayerName.isValid(words[0]) else { return .failure(ProtocolError(.badName)) }
        guard NameSecret.isValid(words[1]) else { return .failure(ProtocolError(.badArgument, NameSecret.rule)) }
        return .success(.name(words[0], secret: words[1]))
      }
      if words.count > 1 {
        // `NAME joe smith`: a name, but with spaces.
        let joined = words.joined(separator: "_")
        let hint = PlayerName.isValid(joined) ? ": try NAME \(joined)" : ""
        return .failure(ProtocolError(.badName, "a name has no spaces" + hint))
      }
      guard words.count == 1 else { return .failure(usage()) }
      guard PlayerName.isValid(words[0]) else { return .failure(ProtocolError(.badName)) }
      return .success(.name(words[0]))
    case .sit:
      return words.isEmpty ? .success(.sit) : .failure(usage())
    case .mode:
      guard words.count == 1, let mode = Presentation(rawValue: words[0].lowercased()) else { return .failure(usage()) }
      return .success(.mode(mode))
    case .claim:
      return words.isEmpty ? .success(.claim) : .failure(usage())
    case .pick:
      var words = words
      var table: Int?
      if let last = words.last, last.hasPrefix("#") {
        guard let seq = Int(last.dropFirst()), seq >= 0 else { return .failure(usage()) }
        table = seq
        words.removeLast()
      }
      if let cards = cards(words) {
        guard (1...4).contains(cards.count) else { return .failure(usage()) }
        return .success(.pick(.cards(cards), table: table))
      }
      guard let slots = slots(words), (1...4).contains(slots.count) else { return .failure(usage()) }
      return .success(.pick(.slots(slots), table: table))
    case .unpick:
      guard let slots = slots(words), slots.count == 1 else { return .failure(usage()) }
      return .success(.unpick(slots[0]))
    case .deal:
      return words.isEmpty ? .success(.deal) : .failure(usage())
    case .table:
      return words.isEmpty ? .success(.table) : .failure(usage())
    case .state:
      return words.isEmpty ? .success(.state) : .failure(usage())
    case .rules:
      return words.isEmpty ? .success(.rules) : .failure(usage())
    case .scores:
      return words.isEmpty ? .success(.scores) : .failure(usage())
    case .history:
      return words.isEmpty ? .success(.history) : .failure(usage())
    case .events:
      return words.isEmpty ? .success(.events) : .failure(usage())
    case .review:
      guard words.count <= 1 else { return .failure(usage()) }
      guard let word = words.first else { return .success(.review(nil)) }
      guard word.utf8.count <= 9, let game = Int(word), game >= 1 else { return .failure(usage()) }
      return .success(.review(game))
    case .stats:
      var words = words
      var variant = Variant.normal
      if let last = words.last, let named = Variant(name: last) {
        variant = named
        words.removeLast()
      } else if words.count == 2 {
        return .failure(unknownVariant(words[1]))
      }
      guard words.count <= 1 else { return .failure(usage()) }
      if let name = words.first, !PlayerName.isValid(name) { return .failure(ProtocolError(.badName)) }
      return .success(variant == .normal ? .stats(words.first) : .variantStats(words.first, variant))
    case .top:
      guard words.count <= 2 else { return .failure(usage()) }
      var count = defaultTop
      var variant = Variant.normal
      for (index, word) in words.enumerated() {
        if index == words.count - 1, let named = Variant(name: word) {
          variant = named
          continue
        }
        guard index == 0, word.utf8.count <= 3, let number = Int(word), (1...maxTop).contains(number) else {
          if index == 1 { return .failure(unknownVariant(word)) }
          return .failure(ProtocolError(.badArgument, "TOP takes a count from 1 to \(maxTop)"))
        }
        count = number
      }
      return .success(variant == .normal ? .top(count) : .variantTop(count, variant))
    case .say:
      let text = rest()
      guard !text.isEmpty else { return .failure(usage()) }
      guard Harmless.isHarmless(text) else {
        return .failure(ProtocolError(.badArgument, "chat may not hold control or invisible characters"))
      }
      return .success(.say(text))
    case .mood:
      guard words.count == 1, let mood = Mood(word: words[0]) else { return .failure(usage()) }
      return .success(.mood(mood))
    case .new:
      return words.isEmpty ? .success(.new) : .failure(usage())
    case .rematch:
      return words.count == 1 && words[0].uppercased() == "SAME" ? .success(.rematchSame) : .failure(usage())
    case .tables:
      guard words.count <= 1 else { return .failure(usage()) }
      guard let word = words.first else { return .success(.tables(watch: false)) }
      return word.uppercased() == "WATCH" ? .success(.tables(watch: true)) : .failure(usage())
    case .join, .peek:
      guard words.count == 1, words[0].utf8.count <= 32 else { return .failure(usage()) }
      return .success(known == .join ? .join(words[0]) : .peek(words[0]))
    case .open:
      return TableRequest.parse(words).map { .open($0) }
    case .where:
      return words.isEmpty ? .success(.where) : .failure(usage())
    case .enter:
      return words.isEmpty ? .success(.enter) : .failure(usage())
    case .withdraw:
      return words.isEmpty ? .success(.withdraw) : .failure(usage())
    case .pause:
      return words.isEmpty ? .success(.pause) : .failure(usage())
    case .back:
      return words.isEmpty ? .success(.back) : .failure(usage())
    case .tournament:
      guard words.count <= 1 else { return .failure(usage()) }
      guard let word = words.first else { return .success(.tournament(nil)) }
      return TournamentOrder(rawValue: word.uppercased()).map { .success(.tournament($0)) } ?? .failure(usage())
    case .standings:
      return words.isEmpty ? .success(.standings) : .failure(usage())
    case .ping:
      guard words.count <= 1 else { return .failure(usage()) }
      if let token = words.first, !isWord(token, max: 64, extra: "._-:") { return .failure(usage()) }
      return .success(.ping(words.first))
    case .resume:
      return words.count == 1 ? .success(.resume(words[0])) : .failure(usage())
    case .quit:
      return words.isEmpty ? .success(.quit) : .failure(usage())
    }
  }

  /// The error for a word where a variant's name belongs: the nearest name, or every name if none is
  /// near.
  static func unknownVariant(_ word: String) -> ProtocolError {
    let names = Variant.allCases.map(\.rawValue)
    guard let question = Suggestion.question(for: word.lowercased(), among: names) else {
      return ProtocolError(.badArgument, "a variant is \(Suggestion.alternatives(names))")
    }
    return ProtocolError(.badArgument, "no such variant \(Echo.word(word)) (\(question))")
  }

  /// How many players `TOP` lists when not told.
  public static let defaultTop = 10
  /// The most players one `TOP` lists.
  public static let maxTop = 100

  /// Slot labels as separate words (`A B C`), comma-separated (`A,B,C`) or run together (`ABC`).
  private static func slots(_ words: [String]) -> [Slot]? {
    let letters = words.joined().filter { $0 != "," }
    guard !letters.isEmpty, letters.count <= 4 else { return nil }
    var result: [Slot] = []
    for letter in letters {
      guard let slot = Slot(label: String(letter)) else { return nil }
      result.append(slot)
    }
    return result
  }

  /// Card codes as separate words or comma-separated (`2RSD 1GOS`, `2rsd,1gos`), or nil if any is not one.
  private static func cards(_ words: [String]) -> [Card]? {
    let codes = words.flatMap { $0.split(separator: ",") }
    guard !codes.isEmpty else { return nil }
    var result: [Card] = []
    for code in codes {
      guard let card = CardCode.card(from: code) else { return nil }
      result.append(card)
    }
    return result
  }

  /// Whether `text` is 1...max ASCII letters, digits or `extra` characters (which are ASCII).
  static func isWord(_ text: String, max: Int, extra: String) -> Bool {
    // Byte by byte: any byte of a non-ASCII character fails, as the character would.
    (1...max).contains(text.utf8.count)
      && text.utf8.allSatisfy { byte in
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"):
          true
        default: extra.utf8.contains(byte)
        }
      }
  }
}
