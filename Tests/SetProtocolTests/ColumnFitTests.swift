import SetProtocol
import Testing

@Suite("Column fit")
struct ColumnFitTests {
  static let page = """
    usage: setduel play [HOST[:PORT]] [--name NAME] [--theme NAME] [--light] [--ascii] [--list] [--porcelain]

    Plays at the table on HOST and PORT (default 7878) in a full-screen terminal client, a long first line.
    With no HOST it looks for tables.

    keys: space calls Set; a-u pick and unpick cards; + asks for three more cards; / opens a chat line;
          ! shows the history
      --short       fits
      --theme NAME  the colours and card frames: okabe, contrast, classic, pastel, winter, pumpkin, more
                    and more
    """

  @Test("a block with a line too wide is reflowed to 79 columns, keeping every word and the hanging indent")
  func reflow() {
    let fitted = ColumnFit.fit(Self.page)
    let lines = fitted.split(separator: "\n", omittingEmptySubsequences: false)
    for line in lines { #expect(line.count <= 79, "\(line)") }
    #expect(
      fitted.split(whereSeparator: { $0 == " " || $0 == "\n" })
        == Self.page.split(whereSeparator: { $0 == " " || $0 == "\n" }))
    #expect(lines.contains("  --short       fits"))
    #expect(lines.contains { $0.hasPrefix("                ") && $0.hasSuffix("and more") })
    #expect(lines.contains { $0.hasPrefix("      ") && $0.contains("shows the history") })
    #expect(lines.filter(\.isEmpty).count == 2)
    #expect(lines.contains { $0.hasPrefix("client, a long first line. With no HOST") })
  }

  @Test("text that fits is left as it was written")
  func untouched() {
    let text = "a short line\n\n  --x  y\n      z"
    #expect(ColumnFit.fit(text) == text)
  }
}
