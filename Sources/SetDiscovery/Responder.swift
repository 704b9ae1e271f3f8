// Long because it is one state machine: probing, announcing, answering, conflicts and goodbyes share
// the records and the per-interface rate limit, and RFC 6762 describes them together.

import SetBase
import SetTransport

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
public struct Responder {
  public enum State: Equatable, Sendable {
    case idle, probing, announced, stopped
  }

  public private(set) var state = State.idle
  /// The instance's readable name now: the one asked for, or the one a conflict renamed it to.
  public private(set) var instanceLabel: String
  private let port: UInt16
  public private(set) var advert: TableAdvert
  /// Packets dropped because they were not DNS messages this responder reads.
  public private(set) var malformed = 0
  /// How many times a conflict made the responder rename itself.
  public private(set) var conflicts = 0

  private let hostBase: String
  private var hostName: DNSName
  private var instanceName: DNSName
  /// The interfaces it answers on, each with its address.
  public private(set) var interfaces: [LinkInterface]
  private var random: SplitMix64
  private var probesSent = 0
  private var nextProbe: Instant?
  private var announcementsLeft = 0
  private var nextAnnouncement: Instant?
  private var advertAnnouncementsLeft = 0
  private var nextAdvertAnnouncement: Instant?
  /// Shared answers waiting out their random delay, by interface.
  private var pending: [Int32: (at: Instant, records: [DNSRecord])] = [:]
  /// When each record (by name and type) was last multicast on each interface.
  private var lastMulticast: [RateKey: Instant] = [:]
  /// Unicast answers allowed: `unicastPerSecond`, after a burst of as many.
  private var unicastBudget = TokenBucket(
    configuration: TokenBucket.Configuration(
      linesPerSecond: Responder.unicastPerSecond, burst: Responder.unicastPerSecond))

  private struct RateKey: Hashable {
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

  // MARK: The records

  private var serviceRecord: DNSRecord {
    DNSRecord(name: ServiceNames.serviceType, data: .ptr(instanceName), ttl: Self.serviceTTL)
  }

  private var typeRecord: DNSRecord {
    DNSRecord(name: ServiceNames.serviceTypes, data: .ptr(ServiceNames.serviceType), ttl: Self.serviceTTL)
  }

  private var srvRecord: DNSRecord {
    DNSRecord(
      name: instanceName, data: .srv(priority: 0, weight: 0, port: port, target: hostName), ttl: Self.hostTTL,
      cacheFlush: true)
  }

  private var txtRecord: DNSRecord {
    DNSRecord(name: instanceName, data: .txt(advert.txt), ttl: Self.serviceTTL, cacheFlush: true)
  }

  private func addressRecord(_ interface: LinkInterface) -> DNSRecord {
    DNSRecord(name: hostName, data: .a(interface.address), ttl: Self.hostTTL, cacheFlush: true)
  }

  /// Every record published on `interface`.
  public func records(on interface: LinkInterface) -> [DNSRecord] {
    [serviceRecord, srvRecord, txtRecord, addressRecord(interface), typeRecord]
  }

  /// The records only this responder may hold (the cache-flush ones): the ones it probes for.
  private func uniqueRecords(on interface: LinkInterface) -> [DNSRecord] {
    [srvRecord, txtRecord, addressRecord(interface)]
  }

  /// The record saying which types `name`, one of this responder's own names, has, and so that it has
  /// no other (an NSEC record, RFC 6762 section 6.1); nil for a name that is not its own.
  private func negative(for name: DNSName) -> DNSRecord? {
    if name == hostName {
      return DNSRecord(name: name, data: .nsec(next: name, types: [.a]), ttl: Self.hostTTL, cacheFlush: true)
    }
    if name == instanceName {
      return DNSRecord(name: name, data: .nsec(next: name, types: [.txt, .srv]), ttl: Self.hostTTL, cacheFlush: true)
    }
    return nil
  }

  /// The records that go with `answers` in the additional section (RFC 6763 section 12), with the
  /// host's NSEC beside its address, so that askers know there is no AAAA to wait for.
  private func additionals(for answers: [DNSRecord], on interface: LinkInterface) -> [DNSRecord] {
    var extra: [DNSRecord] = []
    func add(_ record: DNSRecord) {
      if !answers.contains(record) && !extra.contains(record) { extra.append(record) }
    }
    for answer in answers {
      if answer == serviceRecord {
        add(srvRecord)
        add(txtRecord)
      }
      if answer == serviceRecord || answer == srvRecord { add(addressRecord(interface)) }
    }
    if answers.contains(addressRecord(interface)) || extra.contains(addressRecord(interface)),
      let hostTypes = negative(for: hostName)
    {
      add(hostTypes)
    }
    return extra
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

  // MARK: Probing and conflicts

  private func probe(on interface: LinkInterface) -> DNSMessage {
    DNSMessage(
      questions: [
        DNSQuestion(name: instanceName, type: .any, unicastResponse: true),
        DNSQuestion(name: hostName, type: .any, unicastResponse: true),
      ],
      authorities: uniqueRecords(on: interface))
  }

  /// Whether `record` says something different about a name this responder owns.
  private func conflicts(_ record: DNSRecord) -> Bool {
    guard record.name == instanceName || record.name == hostName else { return false }
    guard record.type != .nsec else { return false }
    return !interfaces.contains { interface in
      uniqueRecords(on: interface).contains { $0.sameRecord(as: record) }
    }
  }

  private mutating func noteResponse(_ message: DNSMessage, on interface: LinkInterface, at now: Instant) {
    let records = message.answers + message.additionals
    if records.contains(where: conflicts) {
      rename(at: now)
      return
    }
    // Another responder just answered with a record waiting here: no need to send it too (section 7.4).
    if var waiting = pending[interface.index] {
      waiting.records.removeAll { mine in
        message.answers.contains { $0.sameRecord(as: mine) && $0.ttl >= mine.ttl / 2 }
      }
      pending[interface.index] = waiting.records.isEmpty ? nil : waiting
    }
  }

  /// Takes the next name ("ann's table (2)") and the next host name, and probes again (section 9).
  private mutating func rename(at now: Instant) {
    conflicts += 1
    instanceLabel = ServiceNames.renamed(instanceLabel)
    instanceName = ServiceNames.instance(instanceLabel)!
    hostName = ServiceNames.host("\(hostBase)-\(conflicts + 1)") ?? hostName
    state = .probing
    probesSent = 0
    pending = [:]
    nextAnnouncement = nil
    nextAdvertAnnouncement = nil
    // More than 15 conflicts in a row: wait 5 s between attempts (section 8.1).
    let wait: Duration = conflicts > 15 ? .seconds(5) : .milliseconds(Int64(random.next() % 250))
    nextProbe = now + wait
  }

  /// Another host probing for a name this responder is probing for: the one whose records sort first
  /// loses (section 8.2) and probes again a second later.
  private mutating func settleSimultaneousProbe(
    _ message: DNSMessage, on interface: LinkInterface, at now: Instant
  ) {
    for name in [instanceName, hostName] {
      let theirs = message.authorities.filter { $0.name == name }
      guard !theirs.isEmpty else { continue }
      let mine = uniqueRecords(on: interface).filter { $0.name == name }
      if Self.sortedData(mine).lexicographicallyPrecedes(Self.sortedData(theirs), by: Self.precedes) {
        // Lost: wait a second and probe again (section 8.2). If the other host took the name, its
        // announcement or its answer to the next probe is a conflict, and that renames this one.
        probesSent = 0
        nextProbe = now + .seconds(1)
        return
      }
    }
  }

  /// Records as probes compare them: by type, then by their data's bytes, in ascending order.
  private static func sortedData(_ records: [DNSRecord]) -> [[UInt8]] {
    records.map { record in
      [UInt8(record.type.rawValue >> 8), UInt8(record.type.rawValue & 0xFF)]
        + DNSWriter.uncompressedData(record.data)
    }
    .sorted(by: precedes)
  }

  private static func precedes(_ left: [UInt8], _ right: [UInt8]) -> Bool { left.lexicographicallyPrecedes(right) }

  // MARK: Answering

  private mutating func answer(
    _ query: DNSMessage, from source: Endpoint, on interface: LinkInterface, at now: Instant
  ) -> [Transmission] {
    if state == .probing {
      settleSimultaneousProbe(query, on: interface, at: now)
      return []
    }
    var answers: [DNSRecord] = []
    var unicastAsked = true
    for question in query.questions {
      var matched = false
      for record in records(on: interface) where question.asks(for: record) {
        matched = true
        // Known-answer suppression (section 7.1): the asker holds it with at least half its TTL.
        if query.answers.contains(where: { $0.sameRecord(as: record) && $0.ttl >= record.ttl / 2 }) { continue }
        if !answers.contains(record) { answers.append(record) }
        unicastAsked = unicastAsked && question.unicastResponse
      }
      // A type one of its own names does not have (AAAA for the host, say): said at once, not left to
      // time out (section 6.1).
      if !matched, let none = negative(for: question.name), !answers.contains(none),
        !query.answers.contains(where: { $0.sameRecord(as: none) && $0.ttl >= none.ttl / 2 })
      {
        answers.append(none)
        unicastAsked = unicastAsked && question.unicastResponse
      }
    }
    guard !answers.isEmpty else { return [] }
    if source.port != MulticastDNS.port {
      // A legacy unicast query (section 6.7): answer the asker directly, its ID and questions echoed.
      guard unicastBudget.take(now: now.milliseconds) else { return [] }
      let legacy = (answers + additionals(for: answers, on: interface)).map { record in
        var copy = record.with(ttl: min(record.ttl, Self.legacyTTL))
        copy.cacheFlush = false
        return copy
      }
      var reply = DNSMessage.response(answers: legacy)
      reply.id = query.id
      reply.questions = query.questions
      return [Transmission(message: reply, interface: interface.index, destination: .unicast(source))]
    }
    // A probe (it has an authority section) for a name held here is answered by multicast even when
    // it asks for unicast: on a host where several programs share port 5353, a unicast answer might
    // reach one that is not the prober, and the conflict would go unseen.
    if unicastAsked && query.authorities.isEmpty {
      guard unicastBudget.take(now: now.milliseconds) else { return [] }
      let reply = DNSMessage.response(answers: answers, additionals: additionals(for: answers, on: interface))
      return [Transmission(message: reply, interface: interface.index, destination: .unicast(source))]
    }
    // A probe (it has an authority section) may be answered 250 ms after the record was last
    // multicast, not a second: a name is defended at once (section 6).
    let interval = query.authorities.isEmpty ? Self.multicastInterval : Self.probeInterval
    let due = answers.filter { mayMulticast($0, on: interface, at: now, interval: interval) }
    guard !due.isEmpty else { return [] }
    if due.allSatisfy({ $0.cacheFlush }) {
      return [multicast(due, on: interface, at: now, additionals: additionals(for: due, on: interface))]
    }
    // Shared answers wait 20-120 ms, so that several responders' answers do not collide (section 6).
    var waiting = pending[interface.index] ?? (now + .milliseconds(20 + Int64(random.next() % 101)), [])
    for record in due where !waiting.records.contains(record) { waiting.records.append(record) }
    pending[interface.index] = waiting
    return []
  }

  private func key(_ record: DNSRecord, _ interface: LinkInterface) -> RateKey {
    RateKey(name: record.name, type: record.type, interface: interface.index)
  }

  private func mayMulticast(
    _ record: DNSRecord, on interface: LinkInterface, at now: Instant,
    interval: Duration = Responder.multicastInterval
  ) -> Bool {
    guard let last = lastMulticast[key(record, interface)] else { return true }
    return now.duration(since: last) >= interval
  }

  /// A multicast response of `answers` on `interface`, noted for the rate limit.
  private mutating func multicast(
    _ answers: [DNSRecord], on interface: LinkInterface, at now: Instant, additionals: [DNSRecord] = []
  ) -> Transmission {
    for record in answers { lastMulticast[key(record, interface)] = now }
    return Transmission(
      message: .response(answers: answers, additionals: additionals), interface: interface.index,
      destination: .multicast)
  }
}
