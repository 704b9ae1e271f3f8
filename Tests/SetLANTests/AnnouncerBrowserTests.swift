import SetDiscovery
import SetLAN
import SetTestSupport
import Synchronization
import Testing

/// The announcer and the browser together, in process, inside a network namespace the test makes: what
/// one announces on loopback the other finds, and a second table of the same name is renamed.
@Suite(
  "LAN announcer and browser, in a network namespace",
  .enabled(if: NetworkNamespace.available, "needs root and iproute2's ip to make network namespaces"),
  .serialized)
struct AnnouncerBrowserTests {
  static let waiting = TableAdvert(phase: .waiting, seats: [nil, nil], watching: 0)

  /// Browses on `interfaces` until `done` holds of what is found, for up to 20 seconds: the last tables found.
  static func browse(on interfaces: [LinkInterface], until done: ([FoundTable]) -> Bool) -> [FoundTable] {
    var found: [FoundTable] = []
    _ = eventually(timeout: 20) {
      found = (try? LANBrowser.browse(on: interfaces)) ?? []
      return done(found)
    }
    return found
  }

  /// An announcer, started, for "ann's table" on `port` with `interfaces` alone: the namespace's.
  static func announce(
    port: UInt16, on interfaces: [LinkInterface], renamed: @escaping @Sendable (String) -> Void = { _ in }
  ) throws -> LANAnnouncer {
    let announcer = try LANAnnouncer(
      instance: "ann's table", host: "setduel-test-\(port)", port: port, advert: waiting,
      interfaces: { interfaces }, renamed: renamed)
    announcer.start()
    return announcer
  }

  @Test("an announced table is found, a change to it is seen, and after stop it is no longer found")
  func announceChangeStop() throws {
    let namespace = try NetworkNamespace()
    let seen = try namespace.run {
      let interfaces = NetworkInterfaces.ipv4()
      let announcer = try Self.announce(port: 7878, on: interfaces)
      let first = Self.browse(on: interfaces) { !$0.isEmpty }
      announcer.update(TableAdvert(phase: .waiting, seats: ["ann", nil], watching: 1))
      let changed = Self.browse(on: interfaces) { $0.first?.advert.seats == ["ann", nil] }
      announcer.stop()
      let after = try LANBrowser.browse(on: interfaces)
      return (first: first, changed: changed, after: after)
    }
    let table = try #require(seen.first.first, "the table was never found")
    #expect(seen.first.count == 1)
    #expect(table.name == "ann's table" && table.address == [127, 0, 0, 1] && table.port == 7878)
    #expect(table.advert.phase == .waiting && table.advert.seats == [nil, nil] && table.advert.watching == 0)
    #expect(seen.changed.map(\.advert.seats) == [["ann", nil]] && seen.changed.first?.advert.watching == 1)
    #expect(seen.after.isEmpty, "\(seen.after)")
  }

  @Test("a second table announced under the same name takes another, says so, and both are found")
  func sameNameIsRenamed() throws {
    let namespace = try NetworkNamespace()
    let renames = Renames()
    let seen = try namespace.run {
      let interfaces = NetworkInterfaces.ipv4()
      let first = try Self.announce(port: 7000, on: interfaces)
      _ = Self.browse(on: interfaces) { $0.count == 1 }
      let second = try Self.announce(port: 7001, on: interfaces) { name in renames.names.withLock { $0.append(name) } }
      let both = Self.browse(on: interfaces) { $0.count == 2 }
      let label = second.instanceLabel
      first.stop()
      second.stop()
      return (both: both, label: label)
    }
    #expect(seen.label != "ann's table")
    #expect(renames.names.withLock { $0 } == [seen.label])
    #expect(Set(seen.both.map(\.name)) == ["ann's table", seen.label], "\(seen.both)")
    #expect(seen.both.first { $0.name == seen.label }?.port == 7001)
  }
}

/// The names an announcer was told to take, as its queue tells them.
private final class Renames: Sendable {
  let names = Mutex<[String]>([])
}
