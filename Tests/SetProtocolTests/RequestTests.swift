import SetCore
import Testing

@testable import SetProtocol

@Suite("Request parsing")
struct RequestTests {
  @Test("verbs are case-insensitive and SET is CLAIM")
  func verbs() {
    #expect(Request.parse("claim")?.command == .success(.claim))
    #expect(Request.parse("Set")?.command == .success(.claim))
    #expect(Request.parse("  deal  ")?.command == .success(.deal))
    #expect(Request.parse("state")?.command == .success(.state))
  }

  @Test("words are separated by runs of spaces and tabs")
  func separators() {
    #expect(Request.parse("\tpick\t A \t\tB  C ")?.command == .success(.pick(.slots([Slot(0), Slot(1), Slot(2)]))))
    #expect(Request.parse("@r1\tPING\tx")?.command == .success(.ping("x")))
    #expect(Request.parse("@r1\tPING\tx")?.id == "r1")
    #expect(Request.parse("PING a b")?.command.failureCode == .badArgument)
    #expect(Request.parse("PING é")?.command.failureCode == .badArgument)
  }

  @Test("a blank line is no request")
  func blank() {
    #expect(Request.parse("") == nil)
    #expect(Request.parse("   \t ") == nil)
  }

  @Test("an id is echoed and must be well formed")
  func ids() {
    let request = Request.parse("@a-7 PING x")
    #expect(request?.id == "a-7")
    #expect(request?.command == .success(.ping("x")))
    #expect(Request.parse("@ PING")?.command.failureCode == .badArgument)
    #expect(Request.parse("@x")?.command.failureCode == .unknownCommand)
    #expect(Request.parse("@\(String(repeating: "a", count: 33)) PING")?.command.failureCode == .badArgument)
  }

  @Test("PICK takes one to three slots, separated, comma-joined or run together")
  func picks() {
    let abc: [Slot] = [Slot(0), Slot(1), Slot(2)]
    #expect(Request.parse("PICK A B C")?.command == .success(.pick(.slots(abc))))
    #expect(Request.parse("pick a,b,c")?.command == .success(.pick(.slots(abc))))
    #expect(Request.parse("PICK abc")?.command == .success(.pick(.slots(abc))))
    #expect(Request.parse("PICK U")?.command == .success(.pick(.slots([Slot(20)]))))
    #expect(Request.parse("PICK")?.command.failureCode == .badArgument)
    // Four slots are an UltraSet's pick: the table's variant decides (GameHost refuses them elsewhere).
    #expect(Request.parse("PICK A B C D")?.command == .success(.pick(.slots([Slot(0), Slot(1), Slot(2), Slot(3)]))))
    #expect(Request.parse("PICK A B C D E")?.command.failureCode == .badArgument)
    #expect(Request.parse("PICK 1")?.command.failureCode == .badArgument)
    #expect(Request.parse("UNPICK A B")?.command.failureCode == .badArgument)
    #expect(Request.parse("UNPICK b")?.command == .success(.unpick(Slot(1))))
  }

  @Test("NAME takes one plain word of at most 16 characters")
  func names() {
    #expect(Request.parse("NAME ann_1")?.command == .success(.name("ann_1")))
    #expect(Request.parse("NAME")?.command.failureCode == .badArgument)
    #expect(
      Request.parse("NAME joe smith")?.command
        == .failure(ProtocolError(.badName, "a name has no spaces: try NAME joe_smith")))
    #expect(Request.parse("NAME änn")?.command.failureCode == .badName)
    #expect(Request.parse("NAME änn")?.command == .failure(ProtocolError(.badName)))
    #expect(ProtocolError(.badName).text.contains("(no spaces or accents)"))
    #expect(Request.parse("NAME \(String(repeating: "x", count: 17))")?.command.failureCode == .badName)
  }

  @Test("SAY keeps the text as typed")
  func say() {
    #expect(Request.parse("SAY hello  there")?.command == .success(.say("hello  there")))
    #expect(Request.parse("@q1 say hi")?.command == .success(.say("hi")))
    #expect(Request.parse("mood Glad")?.command == .success(.mood(.glad)))
    #expect(
      Request.parse("MOOD glad now")?.command
        == .failure(ProtocolError(.badArgument, "usage: MOOD looking|sure|glad|beaten")))
    #expect(Request.parse("SAY")?.command.failureCode == .badArgument)
  }

  @Test("other commands and their arguments")
  func others() {
    #expect(Request.parse("MODE machine")?.command == .success(.mode(.machine)))
    #expect(Request.parse("MODE robot")?.command.failureCode == .badArgument)
    #expect(Request.parse("HELP pick")?.command == .success(.help("PICK")))
    #expect(Request.parse("RESUME abc")?.command == .success(.resume("abc")))
    #expect(Request.parse("RESUME")?.command.failureCode == .badArgument)
    #expect(Request.parse("DEAL 3")?.command.failureCode == .badArgument)
    #expect(Request.parse("PING")?.command == .success(.ping(nil)))
    #expect(Request.parse("FLY")?.command.failureCode == .unknownCommand)
    #expect(Request.parse("QUIT")?.command == .success(.quit))
    #expect(Request.parse("NEW")?.command == .success(.new))
    #expect(Request.parse("HISTORY")?.command == .success(.history))
    #expect(Request.parse("SCORES")?.command == .success(.scores))
  }

  @Test("every command has help")
  func help() {
    for verb in Verb.allCases {
      #expect(Help.usage(of: verb.spelling) == verb.usage)
      for alias in verb.aliases { #expect(Help.usage(of: alias) == verb.usage) }
    }
    #expect(Help.lines(for: nil)?.count == Verb.allCases.count)
    #expect(Help.lines(for: "SET") == Help.lines(for: "CLAIM"))
    #expect(Help.lines(for: "FLY") == nil)
  }
}

extension Result where Failure == ProtocolError {
  var failureCode: ErrorCode? {
    if case .failure(let error) = self { return error.code }
    return nil
  }
}
