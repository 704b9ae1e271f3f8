import SetCore
import SetHost
import SetProtocol
import SetPureTestSupport
import SetTransport
import Testing

/// The human presentation as people on nc or telnet read it: second person, help with typos, words for
/// STATE and SCORES, a clean QUIT, and a fresh score for a new player.
@Suite("Human words")
struct HumanWordsTests {
  static let ann = ConnectionID(1)
  static let bob = ConnectionID(2)
  static let cat = ConnectionID(3)

  /// ann and bob seated in the human presentation, cat watching; game 1 on, nothing read yet.
  static func seated() -> HostDriver {
    var driver = HostDriver(seed: 7)
    for (id, name) in [(ann, "ann"), (bob, "bob"), (cat, "cat")] {
      driver.connect(id)
      driver.send("NAME \(name)", from: id)
    }
    for id in [ann, bob, cat] { _ = driver.drain(id) }
    return driver
  }

  @Test("an event is told in the second person to the player it concerns, by name to everyone else")
  func secondPerson() {
    var table = Self.seated()
    table.send("CLAIM", from: Self.ann)
    #expect(table.drain(Self.ann).first == "You call Set! You have 5 s to pick three cards.")
    #expect(table.drain(Self.bob).first == "ann calls Set! ann has 5 s to pick three cards.")
    #expect(table.drain(Self.cat).first == "ann calls Set! ann has 5 s to pick three cards.")
    table.send("PICK A", from: Self.ann)
    #expect(table.drain(Self.ann) == ["You pick A.", "OK PICK"])
    // A pick changes nothing that can be done: no status line again.
    #expect(table.drain(Self.bob) == ["ann picks A."])
    table.send("PICK F L", from: Self.ann)
    let ann = table.drain(Self.ann)
    #expect(ann.first == "You found a set: A 2GOD, F 2GTO, L 2GSS in 0 s (+1, now 1).")
    #expect(table.drain(Self.bob).first == "ann found a set: A 2GOD, F 2GTO, L 2GSS in 0 s (+1, now 1).")
    // Only the changed slots are marked, in a table of codes four a row, and the legend is not repeated.
    #expect(ann.contains("+A 3GSO     B 2GSO     C 3PTO     D 3GOD"))
    #expect(!ann.contains { $0.hasPrefix("Cards: ") })
  }

  @Test("QUIT is answered and the connection closed, with no prompt after the reply")
  func quitCloses() {
    var host = GameHost(rules: Rules(), seed: 7, makeToken: { "token" })
    host.logLevel = .warning
    _ = host.connect(Self.ann, peer: "test", at: .zero)
    let actions = host.receive("QUIT", from: Self.ann, at: .zero)
    #expect(actions == [.lines(Self.ann, ["OK QUIT"]), .hangUp(Self.ann)])
    #expect(host.receive("NAME ann", from: Self.bob, at: .zero).isEmpty)
  }

  @Test("a person waiting after the banner is prompted in words; a program in the machine presentation is not")
  func promptAfterTheBanner() {
    var host = GameHost(rules: Rules(), seed: 7, makeToken: { "token" })
    host.logLevel = .warning
    let banner = host.connect(Self.ann, peer: "test", at: .zero)
    #expect(banner.count == 1 && banner.first?.lines(to: Self.ann).first?.hasPrefix("SETDUEL 1 ") == true)
    #expect(host.promptWaiting(Self.ann) == [.prompt(Self.ann, "> ")])
    _ = host.connect(Self.bob, peer: "test", at: .zero)
    #expect(host.receive("MODE MACHINE", from: Self.bob, at: .zero) == [.lines(Self.bob, ["OK MODE machine"])])
    #expect(host.promptWaiting(Self.bob).isEmpty)
    #expect(host.promptWaiting(ConnectionID(rawValue: 99)).isEmpty)
  }

  @Test("an unknown command names the word and the nearest verb; arrow keys are dropped silently")
  func typos() {
    var table = Self.seated()
    #expect(
      table.send("PIKC A B C", from: Self.ann).map(\.line) == [
        "ERR UNKNOWN_COMMAND no such command PIKC; did you mean PICK?"
      ])
    #expect(
      table.send("score", from: Self.ann).map(\.line) == [
        "ERR UNKNOWN_COMMAND no such command SCORE; did you mean SCORES?"
      ])
    #expect(
      table.send("@7 sttae", from: Self.ann).map(\.line) == [
        "ERR @7 UNKNOWN_COMMAND no such command STTAE; did you mean STATE?"
      ])
    #expect(
      table.send("XYZZY", from: Self.ann).map(\.line) == ["ERR UNKNOWN_COMMAND no such command XYZZY; HELP lists them"])
    // The word typed comes back harmless and cut: a bell is shown, not rung; the one-character CSI
    // (U+009B) cannot start an escape sequence; a long word fits the line.
    #expect(
      table.send("\u{7}\u{7}beep", from: Self.ann).map(\.line) == [
        "ERR UNKNOWN_COMMAND no such command ␇␇BEEP; HELP lists them"
      ])
    #expect(
      table.send("z\u{9B}2J", from: Self.ann).map(\.line) == [
        "ERR UNKNOWN_COMMAND no such command Z�2J; HELP lists them"
      ])
    #expect(
      table.send(String(repeating: "q", count: 300), from: Self.ann).map(\.line) == [
        "ERR UNKNOWN_COMMAND no such command QQQQQQQQQQQQQQQ…; HELP lists them"
      ])
    #expect(table.send("\u{1B}[A\u{1B}[D", from: Self.ann).isEmpty)
    #expect(table.send("\u{1B}OBscores\u{1B}[1;5C", from: Self.ann).map(\.line).last == "OK SCORES 0 0")
    // The machine presentation keeps the plain text.
    table.send("MODE MACHINE", from: Self.bob)
    #expect(table.send("PIKC", from: Self.bob).map(\.line) == ["ERR UNKNOWN_COMMAND " + ErrorCode.unknownCommand.text])
  }

  @Test("STATE, SCORES and TABLE answer in words in the human presentation")
  func stateAndScoresInWords() {
    var table = Self.seated()
    table.send("PICK A F L", from: Self.bob)
    _ = table.drain(Self.ann)
    #expect(table.send("SCORES", from: Self.bob).map(\.line) == ["Scores: ann 0, you 1.", "OK SCORES 0 1"])
    #expect(table.send("SCORES", from: Self.cat).map(\.line) == ["Scores: ann 0, bob 1.", "OK SCORES 0 1"])
    let state = table.send("STATE", from: Self.ann).map(\.line)
    #expect(state.first == " A 3GSO  three green solid ovals         B 2GSO  two green solid ovals")
    #expect(state.count == 9)
    #expect(
      state.suffix(3) == [
        "[ann 0 | bob 1 | deck 66] open play: SET to claim, PICK A B C or DEAL", "Scores: you 0, bob 1.",
        "OK STATE 11 1 open 0 0 -",
      ])
    let look = table.send("LOOK", from: Self.ann).map(\.line)
    #expect(look == Array(state.prefix(7)) + ["OK TABLE"])
    #expect(table.send("HELP CARDS", from: Self.ann).map(\.line) == HumanTable.legend + ["OK HELP"])
    table.send("MODE MACHINE", from: Self.ann)
    #expect(table.send("SCORES", from: Self.ann).map(\.line) == ["OK SCORES 0 1"])
    #expect(table.send("TABLE", from: Self.ann).map(\.line).map { $0.prefix(6) } == ["TABLE ", "OK TAB"])
  }

  @Test("a new player in a freed seat starts a new game at 0; the last one stays in HISTORY under its players' names")
  func newPlayerStartsAtZero() {
    var table = Self.seated()
    table.send("PICK A F L", from: Self.ann)
    table.disconnect(Self.ann, at: Instant(milliseconds: 1000))
    table.advance(to: Instant(milliseconds: 62_000))
    #expect(table.drain(Self.bob).contains("Game 1 over: ann forfeits; you win (ann 1, you 0)."))
    let tina = ConnectionID(4)
    table.connect(tina)
    table.send("NAME tina", from: tina)
    let seated = table.drain(tina)
    // The new pair's first game begins as tina sits down, as at a fresh table.
    #expect(seated.contains("Game 2 begins! 69 cards left in the deck."), "\(seated)")
    #expect(seated.filter { $0.hasPrefix("[tina 0 | bob 0 | deck 69] open play") }.count == 1, "\(seated)")
    #expect(table.send("SCORES", from: tina).map(\.line) == ["Scores: you 0, bob 0.", "OK SCORES 0 0"])
    #expect(
      table.send("HISTORY", from: tina).map(\.line) == [
        "Game 1 over: ann forfeits; bob wins (ann 1, bob 0).", "Sets found: ann in 0 s.", "OK HISTORY 1",
      ])
  }

  @Test("after both players of a finished game left, the status line and SCORES name only who sits now")
  func pastPlayersLeaveTheStatus() {
    var table = Self.seated()
    table.send("PICK A F L", from: Self.ann)
    table.disconnect(Self.ann, at: Instant(milliseconds: 1000))
    table.advance(to: Instant(milliseconds: 62_000))
    #expect(table.drain(Self.cat).contains(HumanText.seatFree(.one)))
    table.disconnect(Self.bob)
    let zed = ConnectionID(4)
    table.connect(zed)
    table.send("NAME zed", from: zed)
    let seated = table.drain(zed)
    #expect(seated.contains("[zed 0 | (empty seat) | deck 0] waiting for players"), "as at a fresh table")
    #expect(!seated.joined().contains("bob 0"))
    #expect(table.send("SCORES", from: zed).map(\.line) == ["Scores: you 0.", "OK SCORES 0 0"])
    #expect(table.send("SCORES", from: Self.cat).map(\.line) == ["Scores: zed 0.", "OK SCORES 0 0"])
    #expect(
      table.send("HISTORY", from: zed).map(\.line).first == "Game 1 over: ann forfeits; bob wins (ann 1, bob 0).")
  }

  @Test("a table row in words is never broken across lines, however long its cards' words")
  func tableRowsStayWhole() throws {
    // A deal with a card of the longest words ("three purple striped squiggles") in the second column.
    let seed = try #require(
      (UInt64(1)...500).first { seed in
        var match = Match(seed: seed)
        for seat in Seat.allCases { _ = try? match.apply(.join, by: seat, at: .zero) }
        let cards = match.table.cards
        return cards.indices.contains { $0 % 2 == 1 && HumanText.words(cards[$0]).count >= 29 }
      })
    var table = HostDriver(seed: seed)
    for (id, name) in [(Self.ann, "ann"), (Self.bob, "bob")] {
      table.connect(id)
      table.send("NAME \(name)", from: id)
    }
    let lines = table.drain(Self.ann)
    let start = try #require(lines.firstIndex { $0.hasPrefix("Game 1 begins!") })
    let rows = Array(lines[(start + 1)...].prefix { !$0.hasPrefix("Cards: ") })
    #expect(rows.count == 6, "\(rows)")
    #expect(rows.allSatisfy { $0.count <= 79 && !$0.hasPrefix("  ") }, "\(rows)")
  }

  @Test("a number is never split from its unit at the end of a line")
  func numbersKeepTheirUnits() {
    let times = (1...12).map { "\($0).4 s" }.joined(separator: ", ")
    for pad in 0..<12 {
      let lines = HumanTable.wrap(String(repeating: "x", count: pad) + " Sets found: ann in " + times + ".")
      for line in lines {
        #expect(line.last?.isNumber != true, "\(lines)")
        #expect(!line.hasPrefix("  s"), "\(lines)")
      }
    }
  }

  @Test("HELP with a mistyped command suggests the one meant, as a mistyped command does")
  func helpSuggests() {
    var table = Self.seated()
    #expect(
      table.send("HELP NMAE", from: Self.cat).map(\.line) == [
        "ERR UNKNOWN_COMMAND no such command NMAE; did you mean HELP NAME?"
      ])
  }

  @Test("the result names the winner's score first")
  func resultReadsForwards() {
    let names: PerSeat = ["hard", "easy"]
    let completed = GameResult(game: 2, scores: [0, 24], sets: [0, 24], winner: .two, ending: .completed)
    #expect(HumanText.outcome(completed, names: names) == "Game 2 over: easy wins 24 to 0.")
    #expect(HumanText.outcome(completed, names: names, viewer: .two) == "Game 2 over: You win 24 to 0.")
    let tie = GameResult(game: 3, scores: [5, 5], sets: [5, 5], winner: nil, ending: .completed)
    #expect(HumanText.outcome(tie, names: names) == "Game 3 over: a tie, 5 to 5.")
  }

  @Test("no line in words is wider than 79 columns, however long the names and the chat")
  func lineWidth() {
    var driver = HostDriver(seed: 7)
    let names = ["abcdefghijklmnop", "qrstuvwxyz012345"]
    for (id, name) in zip([Self.ann, Self.bob], names) {
      driver.connect(id)
      driver.send("NAME \(name)", from: id)
    }
    driver.send("SAY " + String(repeating: "word ", count: 60) + String(repeating: "x", count: 200), from: Self.ann)
    driver.send("CLAIM", from: Self.bob)
    driver.send("HELP", from: Self.bob)
    driver.disconnect(Self.ann, at: Instant(milliseconds: 100))
    let lines = driver.drain(Self.bob)
    #expect(lines.contains { $0.hasPrefix("abcdefghijklmnop left; the game is paused.") })
    // Table rows may take all 79 columns; sentences, which can follow a prompt on its row, 77.
    let tableRows = lines.filter { CardCode.card(from: String($0.dropFirst(3).prefix(4))) != nil }
    #expect(tableRows.count == 6)
    #expect(lines.filter { $0.count > 77 && !$0.hasPrefix("OK ") && !tableRows.contains($0) }.isEmpty)
    #expect(lines.filter { $0.count > 79 && !$0.hasPrefix("OK ") }.isEmpty)
  }
}
