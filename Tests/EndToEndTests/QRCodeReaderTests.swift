@preconcurrency import Glibc
import SetQR
import SetTestSupport
import Testing

/// SetQR's codes read by an independent reader, zbar's `zbarimg` (Debian's zbar-tools, which .ci/run
/// installs; without it these tests are skipped, saying why): every version, drawn as pixels from the
/// modules and from the half-block characters of the terminal drawing, `setduel qr`'s output, and the
/// code `setduel serve` prints in a terminal.
@Suite("QR codes, read back by zbarimg")
struct QRCodeReaderTests {
  static let zbarimg = "/usr/bin/zbarimg"
  static let hasReader: Bool = {
    let present = access(zbarimg, X_OK) == 0
    if !present { print("skipping the QR code reader tests: \(zbarimg) not installed (.ci/run installs zbar-tools)") }
    return present
  }()

  /// A picture as rows of pixels, white as true.
  typealias Picture = [[Bool]]

  /// The symbol as pixels, `scale` a module, light modules white, the quiet zone included.
  static func picture(_ code: QRCode, scale: Int = 4) -> Picture {
    let side = (code.size + 2 * QRCode.quietZone) * scale
    return (0..<side).map { y in
      (0..<side).map { x in
        !code.isDark(row: y / scale - QRCode.quietZone, column: x / scale - QRCode.quietZone)
      }
    }
  }

  /// Terminal lines as a terminal shows them, `scale` pixels a module: each character one module
  /// wide and two tall, a painted half in the text colour (white for `ink` `.lightModules`, light
  /// text on a dark background; black for `.darkModules`) and the rest in the background's.
  static func picture(terminalLines lines: [String], ink: QRCode.TerminalInk, scale: Int = 4) -> Picture {
    let paintedIsWhite = ink == .lightModules
    var modules: Picture = []
    for line in lines {
      modules.append(line.map { ($0 == "█" || $0 == "▀") == paintedIsWhite })
      modules.append(line.map { ($0 == "█" || $0 == "▄") == paintedIsWhite })
    }
    return modules.flatMap { row in
      Array(repeating: row.flatMap { Array(repeating: $0, count: scale) }, count: scale)
    }
  }

  /// What zbarimg reads from `picture`, written as a binary PGM (netpbm) file; nil when it reads nothing.
  static func read(_ picture: Picture) throws -> String? {
    let folder = try makeTemporaryFolder("qr")
    defer { removeFolder(folder) }
    let width = picture.first?.count ?? 0
    var bytes = Array("P5\n\(width) \(picture.count)\n255\n".utf8)
    for row in picture { bytes += row.map { $0 ? 255 : 0 } }
    let image = folder + "/code.pgm"
    guard let file = fopen(image, "wb") else { throw FileError(path: image) }
    let written = fwrite(bytes, 1, bytes.count, file)
    fclose(file)
    guard written == bytes.count else { throw FileError(path: image) }
    let status = system("\(zbarimg) --raw -q '\(image)' >'\(folder)/read.txt' 2>/dev/null")
    guard status == 0 else { return nil }
    let text = try readFile(folder + "/read.txt")
    // zbarimg ends what it read with a newline.
    return text.hasSuffix("\n") ? String(text.dropLast()) : text
  }

  /// A text of at most `bytes` UTF-8 bytes and more than `bytes - 4`, of `sample` repeated.
  static func text(filling bytes: Int, with sample: String = "SetDuel é à 🎲 ☕ ") -> String {
    var text = ""
    for character in String(repeating: sample, count: 1 + bytes / sample.utf8.count) {
      guard text.utf8.count + character.utf8.count <= bytes else { break }
      text.append(character)
    }
    return text
  }

  @Test(
    "codes of every version from 1 to 10, each filled to its capacity in ASCII and in UTF-8, read back as their text",
    .enabled(if: hasReader))
  func everyVersion() throws {
    // Table 7's byte capacities at level M; a text beyond ASCII gives one byte to the ECI header.
    let capacities = [14, 26, 42, 62, 84, 106, 122, 152, 180, 213]
    for (index, capacity) in capacities.enumerated() {
      let ascii = Self.text(filling: capacity, with: "http://192.168.1.23:7878/?a=b&c-d_e.f~g ")
      let utf8 = Self.text(filling: capacity - 1)
      #expect(ascii.utf8.count == capacity)
      for text in [ascii, utf8] {
        let code = try QRCode(text: text)
        #expect(code.version == index + 1, "\(text.utf8.count) bytes")
        #expect(try Self.read(Self.picture(code)) == text, "version \(code.version), \(text.utf8.count) bytes")
      }
    }
  }

  @Test(
    "the join address, accents and emoji read back, at the smallest scale of 4 pixels a module", .enabled(if: hasReader)
  )
  func addressesAndUnicode() throws {
    for text in ["http://192.168.1.23:7878/", "é", "SetDuel é à ", "Joué à SetDuel 🎲", "☕🎲🃏"] {
      #expect(try Self.read(Self.picture(QRCode(text: text))) == text)
    }
    #expect(try QRCode(text: "http://192.168.1.23:7878/").version == 2)
  }

  @Test(
    "the half-block terminal drawing reads back in either ink, versions with and without version information",
    .enabled(if: hasReader))
  func terminalDrawing() throws {
    for text in ["http://192.168.1.23:7878/", "Café ☕", Self.text(filling: 120)] {
      let code = try QRCode(text: text)
      for ink in [QRCode.TerminalInk.lightModules, .darkModules] {
        let picture = Self.picture(terminalLines: code.terminalLines(ink: ink), ink: ink)
        #expect(try Self.read(picture) == text, "version \(code.version), \(ink)")
      }
    }
  }

  /// Runs the built binary with `arguments`, as a script would, its output in files; `shell` sets up its
  /// environment first (the terminal's colours are the test's own unless it does).
  func run(_ arguments: [String], shell: String = "unset COLORFGBG") throws -> (
    end: String, output: String, error: String
  ) {
    let folder = try makeTemporaryFolder("qr-cli")
    defer { removeFolder(folder) }
    let child = try Subprocess([try builtSetduel()] + arguments, folder: folder, name: "qr", shell: shell)
    let end = child.end(timeout: 60)
    return (end, child.output, child.errorOutput)
  }

  @Test(
    "setduel qr TEXT prints a code that reads back as TEXT, and --light or COLORFGBG one for a light terminal",
    .enabled(if: hasReader))
  func qrCommand() throws {
    let text = "http://192.168.1.23:7878/ é 🎲"
    let printed = try run(["qr", text])
    #expect(printed.end == "exit 0")
    let lines = printed.output.split(separator: "\n").map(String.init)
    #expect(try Self.read(Self.picture(terminalLines: lines, ink: .lightModules)) == text)
    let light = try run(["qr", text, "--light"])
    let lightLines = light.output.split(separator: "\n").map(String.init)
    #expect(try Self.read(Self.picture(terminalLines: lightLines, ink: .darkModules)) == text)
    // A terminal that says its background is light (COLORFGBG's last field 15, white) gets the same.
    let told = try run(["qr", text], shell: "export COLORFGBG='0;15'")
    #expect(told.output == light.output)
    let svg = try run(["qr", text, "--svg"])
    #expect(svg.output.hasPrefix("<svg "))
  }

  @Test("setduel qr refuses no text and too long a text, on standard error with a non-zero status")
  func qrCommandRefuses() throws {
    let none = try run(["qr"])
    #expect(none.end == "exit 2")
    #expect(none.error.hasPrefix("setduel: qr needs a TEXT\n"), "\(none.error)")
    #expect(none.output.isEmpty)
    let long = try run(["qr", String(repeating: "é", count: 107)])
    #expect(long.end == "exit 1")
    #expect(long.error.contains("214 bytes"), "\(long.error)")
    #expect(long.error.contains("at most 212"), "\(long.error)")
    #expect(long.output.isEmpty)
    let two = try run(["qr", "a", "b"])
    #expect(two.end == "exit 2")
    #expect(two.error.hasPrefix("setduel: qr takes one TEXT; quote it if it has spaces\n"), "\(two.error)")
  }

  /// The lines a pseudo-terminal got, its carriage returns dropped (a "\r\n" is one Character, which
  /// no split at "\n" would find).
  static func lines(_ terminal: PseudoTerminalProcess) -> [String] {
    String(decoding: terminal.output.filter { $0 != UInt8(ascii: "\r") }, as: UTF8.self).split(separator: "\n")
      .map(String.init)
  }

  @Test(
    "setduel serve in a terminal draws the page's LAN address under the banner as a code that reads back",
    .enabled(if: hasReader))
  func serveInTerminal() throws {
    let folder = try makeTemporaryFolder("qr-serve")
    defer { removeFolder(folder) }
    let serve = try PseudoTerminalProcess(
      [try builtSetduel(), "serve", "--port", "0", "--no-announce", "--records", folder + "/records"],
      environment: ["TERM=xterm-256color", "PATH=/usr/bin:/bin"])
    // The banner is out when the line after it, about the records, is.
    #expect(serve.waitForFrame(within: 60) { $0.contains("Recording the games to") })
    let lines = Self.lines(serve)
    guard let lan = lines.first(where: { $0.hasPrefix("Connect from the LAN:") }) else {
      print("skipping the code of the LAN address: this machine has no address but loopback")
      #expect(!lines.contains { $0.hasPrefix("Scan to play") })
      return
    }
    let address = try #require(lan.firstMatch(of: /http:\/\/[0-9.]+:[0-9]+\//)).0
    let scan = try #require(lines.firstIndex { $0.hasPrefix("Scan to play from a phone:") }, "\(lines)")
    #expect(lines[scan] == "Scan to play from a phone:  \(address)")
    #expect(scan > lines.firstIndex(of: lan)!)
    let drawing = Array(lines[(scan + 1)...].prefix { !$0.hasPrefix("Recording the games to") })
    #expect(try Self.read(Self.picture(terminalLines: drawing, ink: .lightModules)) == String(address))
  }

  @Test("setduel serve draws no code on loopback, nor to a pipe, where scripts read its banner")
  func serveWithoutCode() throws {
    let folder = try makeTemporaryFolder("qr-serve-none")
    defer { removeFolder(folder) }
    let loopback = try PseudoTerminalProcess(
      [try builtSetduel(), "serve", "--host", "127.0.0.1", "--port", "0", "--no-announce", "--records", folder + "/a"],
      environment: ["TERM=xterm-256color", "PATH=/usr/bin:/bin"])
    #expect(loopback.waitForFrame(within: 60) { $0.contains("Recording the games to") })
    #expect(!Self.lines(loopback).contains { $0.hasPrefix("Scan to play") }, "\(Self.lines(loopback))")
    let piped = try Subprocess(
      [try builtSetduel(), "serve", "--port", "0", "--no-announce", "--records", folder + "/b"], folder: folder,
      name: "serve")
    #expect(piped.outputLine(startingWith: "Recording the games to") != nil)
    #expect(!piped.output.contains("Scan to play"), "\(piped.output)")
    #expect(!piped.output.contains("█"))
    piped.signal(SIGTERM)
    #expect(piped.end() == "exit 0")
  }
}
