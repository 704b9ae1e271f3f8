import Testing

@testable import SetQR

@Suite struct DrawingTests {
  @Test("the SVG draws the dark modules as one path in a view box of the symbol and its quiet zone")
  func svg() throws {
    let code = try QRCode(text: "SetDuel")
    let svg = code.svg(foreground: "#123", background: "#fed")
    #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 29 29\""))
    #expect(svg.contains("shape-rendering=\"crispEdges\""))
    #expect(svg.contains("<rect width=\"29\" height=\"29\" fill=\"#fed\"/>"))
    #expect(svg.matches(of: /<path/).count == 1)
    #expect(svg.contains("fill=\"#123\""))
    // Every run of the path, read back, covers exactly the dark modules.
    let path = try #require(svg.firstMatch(of: /d="([^"]*)"/)).1
    var dark = Array(repeating: Array(repeating: false, count: 21), count: 21)
    for run in path.matches(of: /M(\d+) (\d+)h(\d+)v1h-(\d+)z/) {
      let (x, y, width) = (Int(run.1)! - 4, Int(run.2)! - 4, Int(run.3)!)
      #expect(Int(run.4)! == width)
      for column in x..<x + width { dark[y][column] = true }
    }
    #expect(dark == code.modules)
  }

  @Test("the terminal lines paint two module rows a line, quiet zone included, light modules by default")
  func terminal() throws {
    let code = try QRCode(text: "http://192.168.1.23:7878/")
    let lines = code.terminalLines()
    let side = code.size + 8  // 33
    #expect(lines.count == 17)
    #expect(lines.allSatisfy { $0.count == side })
    #expect(lines[0] == String(repeating: "█", count: side))
    #expect(lines[1] == String(repeating: "█", count: side))
    // Row 4 and 5 of the picture are the symbol's first two rows: the finder's top edge is dark over
    // dark, so unpainted; its inside is light under dark.
    #expect(lines[2].hasPrefix("████ ▄▄▄▄▄ █"))
    #expect(lines[16] == String(repeating: "█", count: side))  // the last quiet row and one more
    let inverse = code.terminalLines(ink: .darkModules)
    #expect(inverse[0] == String(repeating: " ", count: side))
    #expect(inverse[2].hasPrefix("    █▀▀▀▀▀█ "))
  }

  @Test("the terminal lines read back, a character as two modules, to the symbol in either ink")
  func terminalRoundTrip() throws {
    let code = try QRCode(text: "Café ☕ 🎲")
    for ink in [QRCode.TerminalInk.lightModules, .darkModules] {
      var painted: [[Bool]] = []
      for line in code.terminalLines(ink: ink) {
        painted.append(line.map { $0 == "█" || $0 == "▀" })
        painted.append(line.map { $0 == "█" || $0 == "▄" })
      }
      let rows = painted[4..<4 + code.size].map { Array($0[4..<4 + code.size]) }
      #expect(rows == code.modules.map { $0.map { ink == .darkModules ? $0 : !$0 } })
    }
  }
}
