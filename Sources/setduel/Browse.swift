@preconcurrency import Glibc
import SetClient
import SetDiscovery
import SetLAN
import SetNet
import SetProtocol

/// `setduel play` with no address: finds the tables announced on the LAN and lets the player choose
/// one with a single key.
enum Browse {
  /// How long to listen for tables.
  static let listening = Duration.milliseconds(1500)

  /// The tables announced on the LAN now, or exits with a message if the browse cannot run.
  static func tables() -> [FoundTable] {
    do {
      return try LANBrowser.browse(for: listening).map(harmless)
    } catch {
      fail("cannot look for tables on the LAN: \(error); give an address: \(Invocation.command) play HOST[:PORT]")
    }
  }

  /// `table` with the names and values its announcer chose made harmless to show (`Harmless`).
  static func harmless(_ table: FoundTable) -> FoundTable {
    var shown = table
    shown.name = Harmless.text(table.name)
    shown.advert.seats = table.advert.seats.map { $0.map(Harmless.text) }
    shown.advert.variant = table.advert.variant.map(Harmless.text)
    return shown
  }

  /// `play --list`: what was found, one table a line (tab-separated fields with `porcelain`); exits 0.
  static func list(porcelain: Bool) -> Never {
    let found = tables()
    for table in found {
      print(porcelain ? table.porcelain : table.line + (table.pageAddress.map { ", in a browser: \($0)" } ?? ""))
      guard !porcelain, let hall = table.advert.hall, hall.tables > 1, hall.waiting > 0 else { continue }
      for waiting in HallList.waiting(host: IPv4.text(table.address), port: table.port) {
        print("    " + HallList.line(waiting))
      }
    }
    if found.isEmpty && !porcelain { print("No SetDuel table is announced on the LAN.") }
    exit(0)
  }

  /// Asks which table to join: with one, Enter joins it; with several, a digit picks one. Returns the
  /// address to play at, or exits when there is none or the player declines. `name` is the player's:
  /// a table where a seat of that name is held, with its token kept here, is the player's seat.
  static func choose(name: String) -> (host: String, port: UInt16) {
    print("Looking for SetDuel tables on the LAN...")
    fflush(stdout)
    let found = tables()
    guard !found.isEmpty else {
      // A table on this machine that does not announce itself (--no-announce) is still found here.
      if let local = try? BlockingLineClient(host: "127.0.0.1", port: Serve.defaultPort, timeout: 1) {
        local.close()
        print("No table is announced on the LAN; playing at the one on localhost:\(Serve.defaultPort).")
        return ("127.0.0.1", Serve.defaultPort)
      }
      fail(
        "no SetDuel table is announced on the LAN.\n"
          + "Start one with `\(Invocation.command) serve`, or give an address: \(Invocation.command) play HOST[:PORT]")
    }
    let shown = Array(found.prefix(9))
    let waiting = shown.filter(\.isWaitingForPlayer)
    if shown.count == 1 || waiting.count == 1 {
      let table = waiting.first ?? shown[0]
      for other in shown where other != table { print(fitted("  also: ", other)) }
      let doing = isMine(table, name: name) ? "take your seat back" : table.isWaitingForPlayer ? "join it" : "watch it"
      print(fitted("Found ", table, indent: 2, end: "."))
      print("Press Enter to \(doing), Esc to quit.")
      fflush(stdout)
      while true {
        switch readKey() {
        case 13, 10, UInt8(ascii: " "), UInt8(ascii: "y"): return address(table)
        case 27, 3, 4, UInt8(ascii: "q"), UInt8(ascii: "n"), nil: exit(0)
        default: continue
        }
      }
    }
    print("Tables on the LAN:")
    for (index, table) in shown.enumerated() { print(fitted("  \(index + 1)  ", table)) }
    print("Press 1-\(shown.count) to join one, Esc to quit.")
    fflush(stdout)
    while true {
      guard let key = readKey() else { exit(0) }
      if [27, 3, 4, UInt8(ascii: "q")].contains(key) { exit(0) }
      if key >= UInt8(ascii: "1"), Int(key - UInt8(ascii: "1")) < shown.count {
        return address(shown[Int(key - UInt8(ascii: "1"))])
      }
    }
  }

  /// `lead`, the table's line and `end`, on one line if the terminal is wide enough, else its name on
  /// one and where it is and what it is doing on the next, `indent` columns in (under the name).
  private static func fitted(_ lead: String, _ table: FoundTable, indent: Int? = nil, end: String = "") -> String {
    let line = lead + table.line + end
    guard line.count >= TerminalMode.size().columns else { return line }
    let margin = String(repeating: " ", count: indent ?? lead.count)
    return lead + table.name + "\n" + margin + table.endpoint + ", " + table.advert.summary + end
  }

  /// Whether `name` holds a seat at `table` and its resume token is kept here: Enter takes it back.
  private static func isMine(_ table: FoundTable, name: String) -> Bool {
    guard table.advert.seats.contains(name) else { return false }
    let (host, port) = address(table)
    return SeatTokenFile(host: host, port: port, name: name)?.read() != nil
  }

  private static func address(_ table: FoundTable) -> (host: String, port: UInt16) {
    (IPv4.text(table.address), table.port)
  }

  /// One key from the terminal, without echo or waiting for Enter; nil at end of input.
  private static func readKey() -> UInt8? {
    var saved = termios()
    let isTerminal = tcgetattr(0, &saved) == 0
    if isTerminal {
      var raw = saved
      raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG)
      withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
        bytes[Int(VMIN)] = 1
        bytes[Int(VTIME)] = 0
      }
      tcsetattr(0, TCSANOW, &raw)
    }
    defer { if isTerminal { tcsetattr(0, TCSANOW, &saved) } }
    var byte: UInt8 = 0
    return read(0, &byte, 1) == 1 ? byte : nil
  }
}
