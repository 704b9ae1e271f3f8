import SetCore
import SetHost
import Testing

@testable import SetAnalysis

@Suite("A game's analysis, against games worked out by hand")
struct HandWorkedTests {
  /// Two sets on a table of six (X: 1RSD 2RSD 3RSD, Y: 1RSD 1GSD 1PSD, sharing 1RSD). bob picks wrong
  /// at 4 s (number and colour break), ann finds X at 6 s (Y breaks), the refill makes Z (1GSD 2GTO
  /// 3GOS), which bob finds at 21 s, and the game ends.
  static let record =
    (GameRecord.header(seed: 7, rules: Rules()) + [
      "cmd 0 1 JOIN", "ev JOINED 1 1 ann", "cmd 0 2 JOIN", "ev JOINED 2 2 bob",
      "ev START 3 1 60 A=1RSD B=2RSD C=3RSD D=1GSD E=1PSD F=2GTO", "ev OPEN 4",
      "cmd 3000 2 CLAIM", "ev CLAIM 5 2 5000",
      "cmd 4000 2 PICK A,B,D", "ev PICK 6 2 A", "ev PICK 7 2 B", "ev PICK 8 2 D",
      "ev NOSET 9 2 A,B,D 1RSD,2RSD,1GSD", "ev SCORE 10 2 -1 -1 wrong", "ev TURN 11 1 10000 turn",
      "cmd 6000 1 PICK A,B,C", "ev PICK 12 1 A", "ev PICK 13 1 B", "ev PICK 14 1 C",
      "ev SET 15 1 A,B,C 1RSD,2RSD,3RSD 2000", "ev SCORE 16 1 +1 1 set",
      "ev DIFF 17 57 6 -A -B -C +A=3GOS +B=2PSD +C=3RTS", "ev OPEN 18",
      "cmd 20000 2 CLAIM", "ev CLAIM 19 2 5000",
      "cmd 21000 2 PICK A,D,F", "ev PICK 20 2 A", "ev PICK 21 2 D", "ev PICK 22 2 F",
      "ev SET 23 2 A,D,F 3GOS,1GSD,2GTO 14000", "ev SCORE 24 2 +1 0 set",
      "ev DIFF 25 57 3 -A -D -F E>A=1PSD", "ev OVER 26 1 1 1 0 1 1 completed", "end",
    ]).joined(separator: "\n") + "\n"

  static func cards(_ codes: String...) -> [Card] { codes.compactMap { CardCode.card(from: $0) }.sorted() }

  @Test("every set on the table, when it came and went, and what became of it")
  func sets() throws {
    let analysis = try RecordAnalysis.analyse(Self.record)
    #expect(analysis.closedCleanly)
    #expect(analysis.seed == 7)
    let game = try #require(analysis.games.first)
    #expect(analysis.games.count == 1)
    #expect(
      game.sets == [
        SetOnTable(
          cards: Self.cards("1RSD", "2RSD", "3RSD"), appearedSeq: 3, appearedMs: 0, goneSeq: 15, goneMs: 6000,
          fate: .found(.one), findMs: 2000),
        SetOnTable(
          cards: Self.cards("1RSD", "1GSD", "1PSD"), appearedSeq: 3, appearedMs: 0, goneSeq: 15, goneMs: 6000,
          fate: .broken),
        SetOnTable(
          cards: Self.cards("1GSD", "2GTO", "3GOS"), appearedSeq: 17, appearedMs: 6000, goneSeq: 23, goneMs: 21000,
          fate: .found(.two), findMs: 14000),
      ])
    #expect(game.sets.map(\.differing) == [1, 1, 3])
    #expect(game.durationMs == 21000)
    #expect(game.medianFindMs == 2000)
    #expect(game.result?.winner == .one)
  }

  @Test("each player's finds, misses, wrong picks and longest unseen set")
  func players() throws {
    let game = try #require(try RecordAnalysis.analyse(Self.record).games.first)
    let (ann, bob) = (game.players[0], game.players[1])
    #expect(ann.name == "ann" && bob.name == "bob")
    #expect(ann.setsFound == 1 && bob.setsFound == 1)
    #expect(ann.findTimes == [[2000], [], [], []])
    #expect(bob.findTimes == [[], [], [14000], []])
    // bob's search took longer than the median, with Z on the table all along: ann missed it.
    #expect(ann.missed == [2])
    // bob's wrong pick was judged with X and Y on the table.
    #expect(bob.missed == [0, 1])
    #expect(ann.wrongPicks == 0 && ann.wrongPicksBy == [0, 0, 0, 0])
    #expect(bob.wrongPicks == 1 && bob.wrongPicksBy == [1, 1, 0, 0])
    #expect(ann.longestUnseenMs == 15000 && ann.longestUnseenSet == 2)
    #expect(bob.longestUnseenMs == 6000 && bob.longestUnseenSet == 0)
    #expect(
      AnalysisText.summary(game, seat: .two)
        == "2 sets went to ann or to nobody while you could have taken them. The longest a set waited for you: 6 s."
        + " Your wrong picks broke on number once.")
    #expect(
      AnalysisText.summary(game, seat: .one)
        == "1 set went to bob or to nobody while you could have taken it. The longest a set waited for you: 15 s.")
  }

  @Test("the JSON names each set's fields as documented")
  func json() throws {
    let analysis = try RecordAnalysis.analyse(Self.record)
    let json = AnalysisJSON.encode(analysis, file: "a \"b\".record")
    #expect(
      json.hasPrefix("{\"file\":\"a \\\"b\\\".record\",\"seed\":7,\"closedCleanly\":true,\"games\":[{\"game\":1,"))
    #expect(
      json.contains(
        "{\"cards\":[\"1RSD\",\"2RSD\",\"3RSD\"],\"differing\":1,\"appearedSeq\":3,\"goneSeq\":15,"
          + "\"appearedMs\":0,\"goneMs\":6000,\"foundBy\":1,\"fate\":\"found\",\"findMs\":2000}"))
    #expect(json.contains("\"foundBy\":null,\"fate\":\"broken\",\"findMs\":null}"))
  }

  @Test("a record cut short keeps the sets still on the table, and says it was not closed")
  func cutShort() throws {
    let lines = Self.record.split(separator: "\n")
    let cut = lines.prefix(while: { !$0.hasPrefix("cmd 20000") }).joined(separator: "\n") + "\ncmd 200"
    let analysis = try RecordAnalysis.analyse(cut)
    #expect(!analysis.closedCleanly)
    let game = try #require(analysis.games.first)
    #expect(game.result == nil)
    #expect(game.sets.last?.fate == .stillThere)
    #expect(game.sets.last?.goneSeq == nil)
  }
}
