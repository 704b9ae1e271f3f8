import SetCore
import Testing

@testable import SetProtocol

@Suite("Event and reply lines")
struct CodecTests {
  static let cards = ["1RSD", "2GTO", "3POS"].compactMap { CardCode.card(from: $0) }
  static let slots = [Slot(0), Slot(5), Slot(10)]

  static let events: [ServerEvent] = [
    .joined(.one, name: "ann"),
    .started(game: 2, deck: 69, table: Array(Card.all.prefix(12))),
    .diff(
      deck: 66,
      TableChange(
        emptied: slots, moved: [TableChange.Move(from: Slot(13), to: Slot(5), card: cards[1])],
        filled: [TableChange.Placement(slot: Slot(0), card: cards[0])], slotCount: 12)),
    .claim(.two, ms: 5000),
    .turn(.one, ms: 10000, kind: .passedTurn),
    .turn(.one, ms: 7500, kind: .needlessDeal),
    .picked(.one, Slot(3)),
    .unpicked(.two, Slot(20)),
    .setFound(.one, slots, cards),
    .notASet(.two, slots, cards),
    .expired(.two, kind: .claim),
    .score(.one, delta: 1, total: 4, reason: .setFound),
    .score(.two, delta: -1, total: -2, reason: .needlessDeal),
    .open,
    .left(.one, ms: 60000),
    .left(.two, ms: nil),
    .back(.one),
    .resumed(nil),
    .resumed(ServerEvent.WindowLeft(kind: .claim, holder: .two, ms: 1234)),
    .over(GameResult(game: 1, scores: [5, 3], sets: [6, 4], winner: .one, ending: .completed)),
    .over(GameResult(game: 3, scores: [2, 2], sets: [2, 2], winner: nil, ending: .completed)),
    .over(GameResult(game: 4, scores: [9, 1], sets: [9, 1], winner: .one, ending: .forfeit(.two))),
    .rematch(.two),
    .rematch(.one, sameDeck: true),
    .setFound(.two, slots, cards, findMs: 2_345),
    .chain([]),
    .chain(cards),
    .rated(game: 3, before: PerSeat(one: 1500, two: 1480), after: PerSeat(one: 1512, two: 1468)),
    .said(name: "bob", text: "good  game!"),
    .bye("the server is shutting down"),
  ]

  @Test("every event survives encoding and decoding", arguments: events)
  func roundTrip(_ event: ServerEvent) {
    let line = EventCodec.encode(event, seq: 42)
    let decoded = EventCodec.decode(line)
    #expect(decoded?.seq == 42)
    #expect(decoded?.event == event, "\(line)")
    #expect(ServerLine.decode(line) == .event(seq: 42, event))
  }

  @Test("every event word has an event among those tried, and each line starts with its event's word")
  func everyWordIsTried() {
    #expect(Set(Self.events.map(\.word)) == Set(EventWord.allCases))
    for event in Self.events {
      #expect(EventCodec.encode(event, seq: 1).hasPrefix(event.word.spelling + " 1"))
    }
    let order = EventWord.decodingOrder.map(\.word)
    #expect(
      order.count == EventWord.allCases.count && Set(order) == Set(EventWord.allCases), "the decoder tries each once")
  }

  @Test("event lines look as protocol.md says")
  func exactLines() {
    #expect(EventCodec.encode(.claim(.two, ms: 5000), seq: 7) == "CLAIM 7 2 5000")
    #expect(EventCodec.encode(.score(.two, delta: -1, total: 3, reason: .wrongPick), seq: 8) == "SCORE 8 2 -1 3 wrong")
    #expect(EventCodec.encode(.setFound(.one, Self.slots, Self.cards), seq: 9) == "SET 9 1 A,F,K 1RSD,2GTO,3POS")
    #expect(
      EventCodec.encode(.diff(deck: 66, TableChange(emptied: [Slot(1)], slotCount: 12)), seq: 1) == "DIFF 1 66 12 -B")
  }

  @Test("lines that fit no grammar are refused")
  func junk() {
    for line in [
      "", "CLAIM", "CLAIM x 1 2", "SCORE 1 3 +1 2 great", "DIFF 1 2 3 ?A", "START 1 1 69 B=1RSD",
      "OVER 1 1 1 1 1 1 1 won",
    ] {
      #expect(EventCodec.decode(line) == nil, "\(line)")
    }
  }

  @Test("replies, with and without ids")
  func replies() {
    let replies = [
      Reply(id: nil, .ok(.name(seat: .one, token: "abc"))),
      Reply(id: "q7", .ok(.deal)),
      Reply(id: nil, .error(ProtocolError(.notYourTurn, "ann holds the claim"))),
      Reply(id: "z", .error(ProtocolError(.badPick))),
      Reply(id: nil, .pong(token: "t1")),
      Reply(id: "p", .pong(token: nil)),
    ]
    for reply in replies {
      #expect(Reply.decode(reply.line) == reply, "\(reply.line)")
      #expect(ServerLine.decode(reply.line) == .reply(reply))
    }
    #expect(replies[2].line == "ERR NOT_YOUR_TURN ann holds the claim")
    #expect(replies[1].line == "OK @q7 DEAL")
    #expect(replies[0].line == "OK NAME 1 abc")
    #expect(replies[3].line == "ERR @z BAD_PICK pick one to three different slots, three in all")
    #expect(replies[4].line == "PONG t1")
    #expect(replies[5].line == "PONG @p")
  }

  @Test("data lines")
  func dataLines() {
    let lines: [ServerLine] = [
      .banner(version: 1, text: "hello there"),
      .table(seq: 3, deck: 66, cards: Array(Card.all.suffix(15))),
      .player(.one, name: "ann", score: 3, present: true),
      .player(.two, name: nil, score: 0, present: false),
      .result(GameResult(game: 1, scores: [5, 3], sets: [6, 4], winner: .one, ending: .completed)),
      .result(
        GameResult(game: 2, scores: [0, 4], sets: [0, 4], winner: .two, ending: .forfeit(.one)), names: ["ann", "bob"]),
      .help("PICK <slot> - pick"),
      .player(.two, name: "bob", score: 4, present: false, forfeitMs: 41_250),
      .mood(.two, .sure),
    ]
    for line in lines {
      #expect(ServerLine.decode(line.line) == line, "\(line.line)")
    }
    #expect(lines.last?.line == "MOOD 2 sure")
    #expect(lines[lines.count - 2].line == "PLAYER 2 bob 4 away 41250")
    #expect(ServerLine.decode("PLAYER 1 ann 3 here later") == lines[2], "extra fields are ignored")
    #expect(ServerLine.decode("MOOD 1 grumpy") == nil, "a mood of a later version is ignored")
    #expect(ServerLine.decode("MOOD 1 glad later") == .mood(.one, .glad), "extra fields are ignored")
    #expect(ServerLine.decode("RESULT 2 2 0 4 0 4 forfeit ann bob later") == lines[5], "extra fields are ignored")
  }

  @Test("every rules error has a code, and every code goes over the wire and back")
  func errorCodes() {
    #expect(ErrorCode(.notYourTurn) == .notYourTurn)
    #expect(ErrorCode(.noSuchSlot(Slot(3))) == .noSuchSlot)
    for code in ErrorCode.allCases {
      let reply = Reply(id: "e", .error(ProtocolError(code)))
      #expect(reply.line.hasPrefix("ERR @e \(code.rawValue) "), "\(reply.line)")
      #expect(Reply.decode(reply.line) == reply, "\(reply.line)")
    }
    let names: PerSeat = ["ann", "bob"]
    var match = Match(seed: 7)
    for seat in Seat.allCases { _ = try? match.apply(.join, by: seat, at: .zero) }
    _ = try? match.apply(.claim, by: .two, at: .zero)
    #expect(
      ProtocolError(.notYourTurn, phase: match.phase, names: names)
        == ProtocolError(.notYourTurn, "bob holds the claim"))
    #expect(ProtocolError(.notYourTurn, phase: .open, names: names) == ProtocolError(.notYourTurn))
    #expect(ProtocolError(.noSuchSlot(Slot(3)), phase: .open, names: names).text == "no card in slot D")
    #expect(ProtocolError(.alreadyPresent, phase: .open, names: names) == ProtocolError(.seatTaken))
  }

  @Test("human words for time and cards")
  func humanWords() {
    #expect(HumanText.seconds(5000) == "5 s")
    #expect(HumanText.seconds(7500) == "7.5 s")
    #expect(HumanText.words(CardCode.card(from: "2RSD")!) == "two red solid diamonds")
    #expect(HumanText.words(CardCode.card(from: "1GTO")!) == "one green striped oval")
    let table = HumanText.table(Array(Card.all.prefix(3)), picked: [Slot(1)])
    #expect(table[0] == " A 1RSD  one red solid diamond          *B 1RSO  one red solid oval")
    #expect(table.count == 2)
  }
}

@Suite("Event lines read word by word from their bytes")
struct EventBytesTests {
  @Test("runs of spaces, codes in lower case and chat spacing read as the wire's grammar says")
  func lenientAsBefore() {
    let cards = [Card(number: 0, colour: 0, shading: 0, shape: 0), Card(number: 1, colour: 1, shading: 1, shape: 1)]
    #expect(EventCodec.decode("SET  4 1  a,b 1rsd,2gtO")?.event == .setFound(.one, [Slot(0), Slot(1)], cards))
    #expect(EventCodec.decode("SAY 5 ann  two  spaces")?.event == .said(name: "ann", text: " two  spaces"))
    #expect(EventCodec.decode("SCORE 6 2 -1 +3 wrong")?.event == .score(.two, delta: -1, total: 3, reason: .wrongPick))
    #expect(EventCodec.decode("DIFF 7 60 12 -A B>C=1RSD +D=2GTO")?.event != nil)
  }

  @Test("a table longer than there are slots, or numbers too large, are refused, never a trap")
  func hostile() {
    let long = "START 1 1 60 " + (0..<30).map { "\(Slot(min($0, 25)).label)=1RSD" }.joined(separator: " ")
    for line in [
      long, "CLAIM 1 1 99999999999999999999", "CLAIM 99999999999999999999 1 5", "SET 1 1 A,B,C 1RSD,2RSD,3RSß",
      "PICK 1 1 ß", "DIFF 1 2 3 A>", "OVER 1 1 0 1 1 1 1 forfeit", "GO 1 claim 3 5", "CLAIM 1 + 5",
    ] {
      #expect(EventCodec.decode(line) == nil, "\(line)")
    }
  }
}
