@preconcurrency import Glibc
import SetDiscovery
import SetHost
import SetLAN
import SetNet
import SetServer

/// `setduel serve`'s announcement on the LAN: the table as a DNS-SD `_setduel._tcp` service over
/// multicast DNS, on the interfaces whose addresses the server listens on.
enum Announce {
  /// The default instance name: "ann's table", from the login name.
  static func defaultTableName() -> String {
    let user = getenv("USER").map { String(cString: $0) } ?? ""
    return user.isEmpty ? "SetDuel table" : "\(user)'s table"
  }

  /// Starts announcing `server`, listening on `host` and `port`, as `name`; prints what it did.
  /// Returns the announcer to stop at shutdown, or nil when there is nothing to announce on.
  static func start(
    _ server: TableServer, name: String, host: String, port: UInt16, variant: String? = nil
  ) -> LANAnnouncer? {
    let interfaces = NetworkInterfaces.serving(host: host)
    guard !interfaces.isEmpty else {
      print("Not announced on the LAN: no interface has the address \(host).")
      return nil
    }
    let announcer: LANAnnouncer
    do {
      announcer = try LANAnnouncer(
        instance: name, host: "setduel-\(hostName())-\(port)", port: port,
        advert: TableAdvert(phase: .waiting, seats: [nil, nil], watching: 0, variant: variant),
        interfaces: { NetworkInterfaces.serving(host: host) },
        renamed: { newName in
          print("Another table on the LAN is called that; this one is now announced as \"\(newName)\".")
          fflush(stdout)
        })
    } catch {
      print("Not announced on the LAN: \(error) (serving goes on; --no-announce skips this).")
      return nil
    }
    server.watchSummary { summary in announcer.update(advert(summary, variant: variant)) }
    announcer.start()
    let names = interfaces.map(\.name).joined(separator: ", ")
    print("Announcing on the LAN as \"\(announcer.instanceLabel)\" (DNS-SD _setduel._tcp, on \(names)).")
    return announcer
  }

  /// The TXT record's view of the hall's summary: table 1 as a server of one table tells it, and how
  /// many tables are open and wait for a player.
  static func advert(_ summary: TableSummary, variant: String? = nil) -> TableAdvert {
    let phase: TableAdvert.Phase =
      switch summary.stage {
      case .waiting: .waiting
      case .playing: .playing
      case .over: .over
      }
    return TableAdvert(
      phase: phase, seats: summary.seats.values, watching: summary.spectators, page: "/", variant: variant,
      hall: HallCounts(tables: summary.tables, waiting: summary.tablesWaiting))
  }

  /// This machine's name, or "host".
  private static func hostName() -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count - 1) == 0 else { return "host" }
    let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return name.split(separator: ".").first.map(String.init) ?? "host"
  }
}
