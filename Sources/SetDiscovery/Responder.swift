import SetBase

/// The multicast DNS responder for one table's DNS-SD service (RFC 6762, RFC 6763), as a value with
/// no I/O: packets and the time come in, the messages to send come out, and `nextWake` says when to
/// call `advance(to:)` next. A shell owns the socket and the timer.
///
/// It publishes, on each interface it is given, a PTR from `_setduel._tcp.local` to the instance, the
/// instance's SRV (port, host) and TXT (the `TableAdvert`), the host's A record with that interface's
/// address, and a PTR from `_services._dns-sd._udp.local` to the service type; asked for a type its
/// names lack (AAAA, say), it says so with an NSEC record. It probes its unique
/// names three times 250 ms apart, renames itself on a conflict ("ann's table (2)"), announces twice a
/// second apart, re-announces the TXT record when the table changes, answers queries (shared answers
/// after 20-120 ms, at most once a second per record and interface, with known answers suppressed),
/// answers legacy unicast queries, and says goodbye with TTL 0 on `stop()`.
///
/// Driving it lives here; the records, probing and conflicts, and answering each have their own file
/// (Responder+Records, Responder+Probing, Responder+Answering).
public struct Responder {
  public enum State: Equatable, Sendable {
    case idle, probing, announced, stopped
  }

  public internal(set) var state = State.idle
  /// The instance's readable name now: the one asked for, or the one a conflict renamed it to.
  public internal(set) var instanceLabel: String
  let port: UInt16
  public internal(set) var advert: TableAdvert
  /// Packets dropped because they were not DNS messages this responder reads.
  public internal(set) var malformed = 0
  /// How many times a conflict made the responder rename itself.
  public internal(set) var conflicts = 0

  let hostBase: String
  var hostName: DNSName
  var instanceName: DNSName
  /// The interfaces it answers on, each with its address.
  public internal(set) var interfaces: [LinkInterface]
  var random: SplitMix64
  var probesSent = 0
  var nextProbe: Instant?
  var announcementsLeft = 0
  var nextAnnouncement: Instant?
  var advertAnnouncementsLeft = 0
  var nextAdvertAnnouncement: Instant?
  /// Shared answers waiting out their random delay, by interface.
  var pending: [Int32: (at: Instant, records: [DNSRecord])] = [:]
  /// When each record (by name and type) was last multicast on each interface.
  var lastMulticast: [RateKey: Instant] = [:]
  /// Unicast answers allowed: `unicastPerSecond`, after a burst of as many.
  var unicastBudget = TokenBucket(
    configuration: TokenBucket.Configuration(
      linesPerSecond: Responder.unicastPerSecond, burst: Responder.unicastPerSecond))

  struct RateKey: Hashable {
    var name: DNSName
    var type: DNSType
    var interface: Int32
  }

  public static let hostTTL: UInt32 = 120
  public static let serviceTTL: UInt32 = 4500
  public static let probeInterval = Duration.milliseconds(250)
  public static let probes = 3
  public static let announcementInterval = Duration.seconds(1)
  /// A record is multicast at most once a second on an interface (RFC 6762 section 6).
  public static let multicastInterval = Duration.seconds(1)
  /// Unicast answers (legacy and QU queries) are limited to this many a second, after a burst of as many.
  public static let unicastPerSecond = 20
  /// The TTL of records in answers to legacy unicast queries (RFC 6762 section 6.7).
  static let legacyTTL: UInt32 = 10

  /// A responder for the instance `instance` (its readable name) on `port`, whose host is called
  /// `host.local`, answering on `interfaces`. `seed` drives the random delays.
  public init(
    instance: String, host: String, port: UInt16, advert: TableAdvert, interfaces: [LinkInterface], seed: UInt64
  ) {
    let label = ServiceNames.fitted(instance, bytes: DNSName.maxLabelBytes)
    instanceLabel = label.isEmpty ? "SetDuel table" : label
    instanceName = ServiceNames.instance(instanceLabel)!
    hostBase = host
    hostName = ServiceNames.host(host) ?? DNSName("setduel.local")!
    self.port = port
    self.advert = advert
    self.interfaces = interfaces
    random = SplitMix64(seed: seed)
  }

  // MARK: Driving it

  /// When `advance(to:)` must next be called, or nil.
  public var nextWake: Instant? {
    ([nextProbe, nextAnnouncement, nextAdvertAnnouncement] + pending.values.map(\.at)).compactMap { $0 }.min()
  }

  /// Starts probing, after a random 0-250 ms (RFC 6762 section 8.1).
  public mutating func start(at now: Instant) {
    guard state == .idle else { return }
    state = .probing
    nextProbe = now + .milliseconds(Int64(random.next() % 250))
  }

  /// Sends what is due at `now`: probes, announcements, delayed answers.
  public mutating func advance(to now: Instant) -> [Transmission] {
    var out: [Transmission] = []
    if state == .probing, let due = nextProbe, due <= now {
      if probesSent < Self.probes {
        out += interfaces.map { Transmission(message: probe(on: $0), interface: $0.index, destination: .multicast) }
        probesSent += 1
        nextProbe = now + Self.probeInterval
      } else {
        state = .announced
        nextProbe = nil
        announcementsLeft = 2
        nextAnnouncement = now
      }
    }
    if state == .announced, let due = nextAnnouncement, due <= now {
      for interface in interfaces {
        out.append(multicast(records(on: interface), on: interface, at: now))
      }
      announcementsLeft -= 1
      nextAnnouncement = announcementsLeft > 0 ? now + Self.announcementInterval : nil
    }
    if state == .announced, let due = nextAdvertAnnouncement, due <= now {
      for interface in interfaces where mayMulticast(txtRecord, on: interface, at: now) {
        out.append(multicast([txtRecord], on: interface, at: now))
      }
      advertAnnouncementsLeft -= 1
      nextAdvertAnnouncement = advertAnnouncementsLeft > 0 ? now + Self.announcementInterval : nil
    }
    for (index, waiting) in pending where waiting.at <= now {
      pending[index] = nil
      guard state == .announced, let interface = interfaces.first(where: { $0.index == index }) else { continue }
      let answers = waiting.records.filter { mayMulticast($0, on: interface, at: now) }
      if !answers.isEmpty {
        out.append(multicast(answers, on: interface, at: now, additionals: additionals(for: answers, on: interface)))
      }
    }
    return out
  }

  /// The table changed: its TXT record is announced again, twice a second apart, no sooner than a
  /// second after it was last multicast (changes in between are sent together).
  public mutating func update(_ advert: TableAdvert, at now: Instant) {
    guard advert != self.advert else { return }
    self.advert = advert
    guard state == .announced else { return }
    advertAnnouncementsLeft = 2
    if nextAdvertAnnouncement == nil {
      let last = interfaces.compactMap { lastMulticast[key(txtRecord, $0)] }.max()
      nextAdvertAnnouncement = max(now, last.map { $0 + Self.multicastInterval } ?? now)
    }
  }

  /// The interfaces changed (one came up, went down, or took another address): from now on it answers
  /// on `interfaces`, and it probes and announces again on all of them, as RFC 6762 section 8.3 asks
  /// when connectivity may have changed. The same interfaces change nothing.
  public mutating func setInterfaces(_ interfaces: [LinkInterface], at now: Instant) {
    guard interfaces != self.interfaces, state == .probing || state == .announced else { return }
    self.interfaces = interfaces
    state = .probing
    probesSent = 0
    pending = [:]
    nextAnnouncement = nil
    nextAdvertAnnouncement = nil
    nextProbe = now + .milliseconds(Int64(random.next() % 250))
  }

  /// Stops: goodbyes (every record but the service-type PTR, TTL 0) on each interface, if announced.
  public mutating func stop() -> [Transmission] {
    defer {
      state = .stopped
      pending = [:]
      nextProbe = nil
      nextAnnouncement = nil
      nextAdvertAnnouncement = nil
    }
    guard state == .announced else { return [] }
    return interfaces.map { interface in
      let goodbyes = [serviceRecord, srvRecord, txtRecord, addressRecord(interface)].map { $0.with(ttl: 0) }
      return Transmission(message: .response(answers: goodbyes), interface: interface.index, destination: .multicast)
    }
  }

  /// A packet from `source`, received on the interface with index `interface`.
  public mutating func receive(
    _ bytes: [UInt8], from source: Endpoint, interface index: Int32, at now: Instant
  ) -> [Transmission] {
    guard state == .probing || state == .announced,
      let interface = interfaces.first(where: { $0.index == index }), interface.isOnLink(source.address)
    else { return [] }
    let message: DNSMessage
    do {
      message = try DNSReader.decode(bytes)
    } catch {
      malformed += 1
      return []
    }
    guard message.opcode == 0, message.responseCode == 0 else { return [] }
    if message.isResponse {
      // Responses come from port 5353; any other source is not a multicast DNS responder (section 6).
      guard source.port == MulticastDNS.port else { return [] }
      noteResponse(message, on: interface, at: now)
      return []
    }
    return answer(message, from: source, on: interface, at: now)
  }
}
