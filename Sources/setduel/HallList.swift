import SetCore
import SetNet
import SetProtocol

/// The tables of a hall found on the LAN that wait for a player, as `TABLES` lists them, for
/// `play --list`.
enum HallList {
  /// How long the hall has to answer, in seconds.
  static let patience = 1.0

  /// The tables at `host:port` waiting for a player, by number; none when it does not answer in time.
  static func waiting(host: String, port: UInt16) -> [HallListing] {
    guard let client = try? BlockingLineClient(host: host, port: port, timeout: patience) else { return [] }
    defer { client.close() }
    guard client.send(ClientCommand.mode(.machine).line), client.send(ClientCommand.tables(watch: false).line) else {
      return []
    }
    var listed: [HallListing] = []
    // The banner, OK MODE, the HALL lines and OK TABLES; at most a hall's most tables and a few more.
    for _ in 0..<200 {
      guard let line = client.readLine(timeout: patience) else { break }
      if let listing = HallListing(line: line) { listed.append(listing) }
      if line.hasPrefix("OK TABLES") || line.hasPrefix("ERR") { break }
    }
    return listed.filter { $0.state == .waiting }.sorted { $0.id < $1.id }
  }

  /// One waiting table for people: "table 2, table-2, junior: cat is seated".
  static func line(_ table: HallListing) -> String {
    let seated = table.seats.values.compactMap { $0 }.first
    let game = table.variant == .normal ? "" : ", \(table.variant.rawValue)"
    let who = seated.map { "\($0) is seated, waiting for a player" } ?? "waiting for players"
    return Harmless.text("table \(table.id), \(table.name)\(game): \(who)")
  }
}
