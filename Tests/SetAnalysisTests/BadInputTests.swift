import SetCore
import Testing

@testable import SetAnalysis

@Suite("A record the analysis cannot read is named by its line")
struct BadInputTests {
  private func failure(_ text: String) -> AnalysisError? {
    do {
      _ = try RecordAnalysis.analyse(text)
      return nil
    } catch {
      return error
    }
  }

  private func replacing(_ line: Int, with text: String) -> String {
    var lines = HandWorkedTests.record.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    lines[line - 1] = text
    return lines.joined(separator: "\n")
  }

  @Test("not a record, or nothing at all")
  func notARecord() {
    #expect(failure("hello\n")?.line == 1)
    #expect(failure("")?.line == 1)
    #expect(failure("\u{0}\u{1}garbage")?.line == 1)
  }

  @Test("a corrupt line in the middle is named, with what is wrong")
  func corrupt() {
    #expect(
      failure(replacing(10, with: "cmd x 1 JOIN"))
        == AnalysisError(line: 10, message: "unreadable line: cmd x 1 JOIN"))
    #expect(failure(replacing(8, with: "ev START 3 1 60 A=1RSD B=1RSD"))?.line == 8)
    #expect(failure(replacing(9, with: "ev OPEN 9"))?.message == "event out of sequence after 3")
    #expect(failure(replacing(16, with: "ev NOSET 9 2 A,B,C 1RSD,2RSD,3RSD"))?.line == 16)
    #expect(failure(replacing(25, with: "ev DIFF 17 57 6 -Q"))?.line == 25)
    #expect(failure(replacing(8, with: "ev START 3 1 60 A=1RSD B=ZZZZ"))?.message.hasPrefix("unreadable event") == true)
    #expect(failure(HandWorkedTests.record + "ev OPEN 27\n")?.message == "the record goes on after its end")
  }

  @Test("a set found that is not on the table")
  func phantomSet() {
    #expect(failure(replacing(23, with: "ev SET 15 1 A,B,C 1GOD,2GOD,3GOD 2000"))?.line == 23)
  }
}
