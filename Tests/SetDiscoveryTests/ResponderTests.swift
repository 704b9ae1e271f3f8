import SetBase
import SetDiscovery
import Testing

// Past 300 lines because each of the responder's rules (RFC 6762's probing, answering, conflicts) has
// its test here, beside the others it interacts with.
@Suite struct ResponderTests {
  let lan = LinkInterface(index: 2, name: "eth0", address: [192, 168, 1, 5], netmask: [255, 255, 255, 0])
  let asker = Endpoint(address: [192, 168, 1, 9], port: 5353)
  let advert = TableAdvert(phase: .waiting, seats: ["ann", nil], watching: 0)

  func at(_ milliseconds: Int64) -> Instant { Instant(nanoseconds: milliseconds * 1_000_000) }

  func responder(_ interfaces: [LinkInterface]? = nil, instance: String = "ann's table") -> Responder {
    Responder(
      instance: instance, host: "setduel-annhost-7878", port: 7878, advert: advert, interfaces: interfaces ?? [lan],
      seed: 1)
  }

  /// Runs `responder` from idle until it has announced, returning everything it sent and the time.
  func announced(_ responder: inout Responder) -> (sent: [Transmission], now: Instant) {
    responder.start(at: at(0))
    var sent: [Transmission] = []
    var now = at(0)
    while responder.state != .announced || sent.filter({ $0.message.isResponse }).count < 2 {
      now = responder.nextWake!
      sent += responder.advance(to: now)
    }
    return (sent, now)
  }

  func encoded(_ message: DNSMessage) -> [UInt8] { DNSWriter.encode(message) }

  @Test func itProbesThreeTimesThenAnnouncesTwiceASecondApart() throws {
    var subject = responder()
    subject.start(at: at(0))
    var times: [(Instant, Transmission)] = []
    while times.count < 5 {
      let now = subject.nextWake!
      times += subject.advance(to: now).map { (now, $0) }
    }
    let probes = times.filter { !$0.1.message.isResponse }
    #expect(probes.count == 3)
    #expect(probes[1].0.duration(since: probes[0].0) == .milliseconds(250))
    #expect(probes[0].0 < at(250), "the first probe waits less than 250 ms")
    let probe = probes[0].1.message
    #expect(probe.questions.map(\.type) == [.any, .any])
    #expect(probe.questions.allSatisfy { $0.unicastResponse })
    #expect(Set(probe.authorities.map(\.type)) == [.srv, .txt, .a])
    let announcements = times.filter { $0.1.message.isResponse }
    #expect(announcements.count == 2)
    #expect(announcements[1].0.duration(since: announcements[0].0) == .seconds(1))
    let records = announcements[0].1.message.answers
    #expect(Set(records.map(\.type)) == [.ptr, .srv, .txt, .a])
    #expect(records.contains { $0.data == .a([192, 168, 1, 5]) && $0.cacheFlush && $0.ttl == 120 })
    #expect(records.contains { $0.data == .txt(advert.txt) && $0.ttl == 4500 })
    #expect(records.contains { $0.data == .ptr(ServiceNames.serviceType) }, "the service type is listed")
    #expect(announcements.allSatisfy { $0.1.destination == .multicast && $0.1.interface == 2 })
    #expect(subject.nextWake == nil)
  }

  @Test func itAnswersABrowserAfterARandomDelayWithTheRecordsToConnect() throws {
    var subject = responder()
    let now = announced(&subject).now + .seconds(5)
    let query = DNSMessage(questions: [DNSQuestion(name: ServiceNames.serviceType, type: .ptr)])
    #expect(subject.receive(encoded(query), from: asker, interface: 2, at: now).isEmpty, "a shared answer waits")
    let due = try #require(subject.nextWake)
    #expect(due.duration(since: now) >= .milliseconds(20) && due.duration(since: now) <= .milliseconds(120))
    let sent = subject.advance(to: due)
    #expect(sent.count == 1)
    let reply = sent[0].message
    #expect(reply.flags == 0x8400)
    #expect(reply.answers.map(\.type) == [.ptr])
    #expect(Set(reply.additionals.map(\.type)) == [.srv, .txt, .a, .nsec], "the NSEC says there is no AAAA")
    var browser = Browser()
    browser.receive(encoded(reply), from: Endpoint(address: lan.address, port: 5353))
    #expect(browser.tables == [FoundTable(name: "ann's table", address: [192, 168, 1, 5], port: 7878, advert: advert)])
  }

  @Test func knownAnswersAreNotRepeated() {
    var subject = responder()
    let now = announced(&subject).now + .seconds(5)
    let instance = ServiceNames.instance("ann's table")!
    let known = DNSRecord(name: ServiceNames.serviceType, data: .ptr(instance), ttl: 4000)
    let query = DNSMessage(questions: [DNSQuestion(name: ServiceNames.serviceType, type: .ptr)], answers: [known])
    #expect(subject.receive(encoded(query), from: asker, interface: 2, at: now).isEmpty)
    #expect(subject.nextWake == nil)
    // Known with less than half its TTL left: answered.
    let stale = DNSMessage(
      questions: query.questions, answers: [DNSRecord(name: known.name, data: known.data, ttl: 2000)])
    _ = subject.receive(encoded(stale), from: asker, interface: 2, at: now)
    #expect(subject.nextWake != nil)
  }

  @Test func aRecordIsMulticastAtMostOnceASecond() throws {
    var subject = responder()
    var now = announced(&subject).now + .seconds(5)
    let instance = ServiceNames.instance("ann's table")!
    let query = encoded(DNSMessage(questions: [DNSQuestion(name: instance, type: .srv)]))
    // A unique answer goes at once.
    #expect(subject.receive(query, from: asker, interface: 2, at: now).count == 1)
    var sent = 0
    for _ in 0..<99 {
      now = now + .milliseconds(10)
      sent += subject.receive(query, from: asker, interface: 2, at: now).count
    }
    #expect(sent == 0, "99 more queries in the next second get nothing")
    now = now + .milliseconds(10)
    #expect(subject.receive(query, from: asker, interface: 2, at: now).count == 1)
  }

  @Test func legacyUnicastQueriesGetADirectAnswerWithShortTTLs() throws {
    var subject = responder()
    let now = announced(&subject).now + .seconds(5)
    let legacy = Endpoint(address: [192, 168, 1, 9], port: 40_000)
    let query = DNSMessage(id: 4242, questions: [DNSQuestion(name: ServiceNames.serviceType, type: .ptr)])
    let sent = subject.receive(encoded(query), from: legacy, interface: 2, at: now)
    #expect(sent.count == 1)
    #expect(sent[0].destination == .unicast(legacy))
    #expect(sent[0].message.id == 4242)
    #expect(sent[0].message.questions == query.questions)
    #expect((sent[0].message.answers + sent[0].message.additionals).allSatisfy { $0.ttl <= 10 && !$0.cacheFlush })
    // A flood of them is cut off at the unicast budget.
    var answered = 0
    for _ in 0..<1000 { answered += subject.receive(encoded(query), from: legacy, interface: 2, at: now).count }
    #expect(answered < Responder.unicastPerSecond)
  }

  @Test func aProbeForItsNameIsAnsweredByMulticastAtOnce() throws {
    var subject = responder()
    let now = announced(&subject).now + .seconds(5)
    var other = Responder(
      instance: "ann's table", host: "elsewhere", port: 9, advert: .empty, interfaces: [lan], seed: 9)
    other.start(at: now)
    let probe = try #require(other.advance(to: other.nextWake!).first).message
    #expect(probe.questions.allSatisfy { $0.unicastResponse }, "a QU probe")
    let answer = subject.receive(encoded(probe), from: asker, interface: 2, at: now)
    #expect(answer.map(\.destination) == [.multicast])
    #expect(answer.first?.message.answers.contains { $0.type == .srv } == true)
    _ = other.receive(
      encoded(answer[0].message), from: Endpoint(address: lan.address, port: 5353), interface: 2, at: now)
    #expect(other.instanceLabel == "ann's table (2)", "the prober sees the name is taken")
  }

  @Test func aQUQueryIsAnsweredToTheAskerAlone() {
    var subject = responder()
    let now = announced(&subject).now + .seconds(5)
    let query = DNSMessage(questions: [DNSQuestion(name: ServiceNames.serviceType, type: .ptr, unicastResponse: true)])
    let answer = subject.receive(encoded(query), from: asker, interface: 2, at: now)
    #expect(answer.map(\.destination) == [.unicast(asker)])
  }

  @Test func sendersOffTheLinkAreIgnored() {
    var subject = responder()
    let now = announced(&subject).now + .seconds(5)
    let query = encoded(DNSMessage(questions: [DNSQuestion(name: ServiceNames.instance("ann's table")!, type: .any)]))
    #expect(subject.receive(query, from: Endpoint(address: [10, 1, 2, 3], port: 5353), interface: 2, at: now).isEmpty)
    #expect(subject.receive(query, from: asker, interface: 9, at: now).isEmpty, "an interface it does not serve")
    #expect(subject.receive(query, from: asker, interface: 2, at: now).count == 1)
  }

  @Test func aConflictingAnswerWhileProbingRenamesTheTable() {
    var subject = responder()
    subject.start(at: at(0))
    _ = subject.advance(to: subject.nextWake!)
    let instance = ServiceNames.instance("ann's table")!
    let theirs = DNSMessage.response(answers: [
      DNSRecord(
        name: instance, data: .srv(priority: 0, weight: 0, port: 9999, target: DNSName("other.local")!), ttl: 120,
        cacheFlush: true)
    ])
    _ = subject.receive(encoded(theirs), from: asker, interface: 2, at: at(300))
    #expect(subject.instanceLabel == "ann's table (2)")
    #expect(subject.state == .probing)
    var now = at(300)
    var sent: [Transmission] = []
    while subject.state != .announced {
      now = subject.nextWake!
      sent += subject.advance(to: now)
    }
    #expect(sent.filter { !$0.message.isResponse }.count == 3, "it probes three times again under the new name")
    #expect(sent.allSatisfy { $0.message.authorities.allSatisfy { $0.name != instance } })
  }

  @Test func ourOwnPacketsLoopingBackAreNoConflict() {
    var subject = responder()
    let (sent, now) = announced(&subject)
    for transmission in sent {
      _ = subject.receive(
        encoded(transmission.message), from: Endpoint(address: lan.address, port: 5353), interface: 2, at: now)
    }
    #expect(subject.instanceLabel == "ann's table")
    #expect(subject.conflicts == 0)
  }

  @Test func aSimultaneousProbeIsLostByTheLowerDataWhichProbesAgainAndRenames() {
    // Two tables probe for "ann's table" at once. The one whose SRV sorts first (lower port) loses:
    // it waits a second and probes again; the winner, announced by then, answers; the loser renames.
    var low = responder()
    low.start(at: at(0))
    let lowProbe = low.advance(to: low.nextWake!)[0].message
    var high = Responder(
      instance: "ann's table", host: "setduel-annhost-9000", port: 9000, advert: advert, interfaces: [lan], seed: 2)
    high.start(at: at(0))
    let highProbe = high.advance(to: high.nextWake!)[0].message
    _ = low.receive(encoded(highProbe), from: asker, interface: 2, at: at(260))
    _ = high.receive(encoded(lowProbe), from: asker, interface: 2, at: at(260))
    #expect(low.instanceLabel == "ann's table" && low.state == .probing)
    #expect(low.nextWake == at(1260), "the loser probes again a second later")
    #expect(high.instanceLabel == "ann's table")
    var now = at(260)
    while high.state != .announced {
      now = high.nextWake!
      _ = high.advance(to: now)
    }
    let again = low.advance(to: at(1260))
    #expect(again.count == 1 && !again[0].message.isResponse, "a probe")
    let defence = high.receive(encoded(again[0].message), from: asker, interface: 2, at: at(1260))
    #expect(defence.map(\.destination) == [.multicast])
    _ = low.receive(encoded(defence[0].message), from: asker, interface: 2, at: at(1261))
    #expect(low.instanceLabel == "ann's table (2)")
    #expect(high.instanceLabel == "ann's table")
  }

  @Test func aTypeItsNamesLackIsDeniedWithNSEC() throws {
    var subject = responder()
    let now = announced(&subject).now + .seconds(5)
    let host = try #require(ServiceNames.host("setduel-annhost-7878"))
    let aaaa = encoded(DNSMessage(questions: [DNSQuestion(name: host, type: .aaaa)]))
    let sent = subject.receive(aaaa, from: asker, interface: 2, at: now)
    #expect(sent.count == 1, "a unique answer: at once")
    #expect(
      sent.first?.message.answers == [
        DNSRecord(name: host, data: .nsec(next: host, types: [.a]), ttl: 120, cacheFlush: true)
      ])
    let instance = try #require(ServiceNames.instance("ann's table"))
    let other = encoded(DNSMessage(questions: [DNSQuestion(name: instance, type: .a)]))
    #expect(
      subject.receive(other, from: asker, interface: 2, at: now).first?.message.answers.map(\.data) == [
        .nsec(next: instance, types: [.txt, .srv])
      ])
    let elsewhere = encoded(DNSMessage(questions: [DNSQuestion(name: DNSName("other.local")!, type: .aaaa)]))
    #expect(subject.receive(elsewhere, from: asker, interface: 2, at: now).isEmpty, "not its name: silent")
  }

  @Test func aChangedTableIsAnnouncedAgainAndCoalesced() throws {
    var subject = responder()
    var now = announced(&subject).now
    // Three changes within 100 ms of the last announcement: one TXT announcement, a second after it.
    for watching in 1...3 {
      now = now + .milliseconds(30)
      subject.update(TableAdvert(phase: .playing, seats: ["ann", "bob"], watching: watching), at: now)
    }
    let due = try #require(subject.nextWake)
    var sent = subject.advance(to: due)
    #expect(sent.count == 1)
    #expect(sent[0].message.answers.map(\.data) == [.txt(subject.advert.txt)])
    #expect(TableAdvert(txt: subject.advert.txt)?.watching == 3)
    sent = subject.advance(to: try #require(subject.nextWake))
    #expect(sent.count == 1, "announced twice")
    #expect(subject.nextWake == nil)
  }

  @Test func stoppingSaysGoodbyeWithTTLZero() {
    var subject = responder()
    _ = announced(&subject)
    let goodbyes = subject.stop()
    #expect(goodbyes.count == 1)
    #expect(goodbyes[0].message.answers.allSatisfy { $0.ttl == 0 })
    #expect(Set(goodbyes[0].message.answers.map(\.type)) == [.ptr, .srv, .txt, .a])
    var browser = Browser()
    browser.receive(encoded(DNSMessage.response(answers: records(of: subject))), from: asker)
    #expect(browser.tables.count == 1)
    browser.receive(encoded(goodbyes[0].message), from: asker)
    #expect(browser.tables.isEmpty)
  }

  func records(of responder: Responder) -> [DNSRecord] { responder.records(on: lan) }

  @Test func eachInterfaceGetsItsOwnAddress() {
    let loopback = LinkInterface(index: 1, name: "lo", address: [127, 0, 0, 1], netmask: [255, 0, 0, 0])
    var subject = responder([loopback, lan])
    let announcements = announced(&subject).sent.filter { $0.message.isResponse }.prefix(2)
    let addresses = announcements.map { transmission in
      transmission.message.answers.compactMap { record -> [UInt8]? in
        if case .a(let address) = record.data { address } else { nil }
      }
    }
    #expect(Set(announcements.map(\.interface)) == [1, 2])
    #expect(addresses.contains([[127, 0, 0, 1]]) && addresses.contains([[192, 168, 1, 5]]))
  }

  @Test func anInterfaceThatComesUpIsProbedAndAnnouncedOn() {
    let loopback = LinkInterface(index: 1, name: "lo", address: [127, 0, 0, 1], netmask: [255, 0, 0, 0])
    var subject = responder([loopback])
    var now = announced(&subject).now + .seconds(10)
    subject.setInterfaces([loopback], at: now)
    #expect(subject.nextWake == nil, "the same interfaces change nothing")
    subject.setInterfaces([loopback, lan], at: now)
    #expect(subject.state == .probing)
    var sent: [Transmission] = []
    while subject.state != .announced || subject.nextWake != nil {
      now = subject.nextWake!
      sent += subject.advance(to: now)
    }
    #expect(sent.filter { !$0.message.isResponse && $0.interface == 2 }.count == 3, "three probes on the new one")
    let announcedOnLAN = sent.filter { $0.message.isResponse && $0.interface == 2 }
    #expect(announcedOnLAN.count == 2)
    #expect(announcedOnLAN.allSatisfy { $0.message.answers.contains { $0.data == .a([192, 168, 1, 5]) } })
    let query = encoded(DNSMessage(questions: [DNSQuestion(name: ServiceNames.instance("ann's table")!, type: .srv)]))
    #expect(subject.receive(query, from: asker, interface: 2, at: now + .seconds(2)).count == 1)
  }

  @Test func malformedPacketsAreCountedAndChangeNothing() {
    var subject = responder(instance: "bob's table")
    let now = announced(&subject).now
    var mutator = Mutator(seed: 7)
    for packet in AvahiPackets.all {
      for _ in 0..<200 {
        _ = subject.receive(mutator.mutate(packet.bytes), from: asker, interface: 2, at: now + .seconds(2))
      }
    }
    #expect(subject.malformed > 0)
    _ = subject.receive(
      [UInt8](repeating: 0xFF, count: 9000), from: asker, interface: 2, at: now + .seconds(2))
    #expect(subject.state == .announced)
  }
}
