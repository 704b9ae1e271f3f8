import SetProtocol
import Testing

/// Sentences broken into lines of a terminal's width: a word too long for a line is cut, and nothing is
/// lost, however long the sentence.
@Suite("Wrapping a sentence")
struct WrapTests {
  @Test("words go on in the next line, indented; a word longer than a line is cut into indented lines")
  func wrapsAndCuts() {
    #expect(HumanTable.wrap("one two three four", width: 9) == ["one two", "  three", "  four"])
    #expect(
      HumanTable.wrap("ab " + String(repeating: "x", count: 12), width: 6) == ["ab", "  xxxx", "  xxxx", "  xxxx"])
    #expect(HumanTable.wrap(String(repeating: "y", count: 10), width: 4) == ["yyyy", "  yy", "  yy", "  yy"])
  }

  @Test("a line of 200,000 characters keeps every character, in lines of the width")
  func longLineKeepsEverything() {
    let word = String(repeating: "z", count: 200_000)
    let lines = HumanTable.wrap("said " + word, width: 80)
    #expect(lines.first == "said")
    #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("  ") && $0.count <= 80 })
    #expect(lines.dropFirst().map { $0.dropFirst(2) }.joined() == word)
  }
}
