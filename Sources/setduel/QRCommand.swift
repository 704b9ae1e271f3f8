@preconcurrency import Glibc
import SetQR

/// `setduel qr TEXT [--light] [--svg]`: a text's QR code, drawn in the terminal for a phone to scan.
enum QRCommand {
  static let command = CommandSpec(
    "qr", summary: "a text's QR code, drawn in the terminal for a phone to scan", synopses: ["TEXT [--light] [--svg]"],
    about: """
      Prints TEXT (quoted if it has spaces) as a QR code: byte mode, error correction level M, the \
      smallest version from 1 to 10 that holds it, so up to \(QRCode.maximumBytes) bytes of ASCII, or one byte \
      less in UTF-8 for a text with other characters, which the code declares UTF-8 (ECI 26). Each \
      character is one module wide and two tall, in half blocks, with the four-module quiet zone around. \
      The light modules are drawn in the text colour, for light text on a dark background; --light draws \
      the dark ones instead. Exits 1 when TEXT is too long.
      """,
    options: [
      .flag("light", "for a terminal with dark text on a light background (also chosen when COLORFGBG says so)"),
      .flag("svg", "print the code as an SVG image instead, for a web page"),
    ])

  static func run(_ words: [String]) throws(Arguments.UsageError) -> Never {
    let arguments = try Arguments(words, for: command)
    arguments.answerHelp(command)
    guard let text = arguments.positional.first, !text.isEmpty else {
      throw Arguments.UsageError(message: "qr needs a TEXT")
    }
    guard arguments.positional.count == 1 else {
      throw Arguments.UsageError(message: "qr takes one TEXT; quote it if it has spaces")
    }
    let code: QRCode
    do {
      code = try QRCode(text: text)
    } catch {
      fail("\(error)")
    }
    if arguments.flag("svg") {
      print(code.svg())
    } else {
      for line in code.terminalLines(ink: ink(light: arguments.flag("light"))) { print(line) }
    }
    exit(0)
  }

  /// What a terminal drawing paints: the light modules in light text on a dark background, the usual
  /// terminal, and the dark ones for `light` or when COLORFGBG says the background is light.
  static func ink(light: Bool) -> QRCode.TerminalInk {
    Play.screenOptions(ascii: false, light: light).light ? .darkModules : .lightModules
  }
}
