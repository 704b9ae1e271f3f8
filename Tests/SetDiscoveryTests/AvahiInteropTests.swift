import SetBase
import SetDiscovery
import Testing

/// SetDuel's codec, responder and browser against packets Avahi wrote (see AvahiPackets.swift).
@Suite struct AvahiInteropTests {
  let instance = DNSName("ann's table._setduel._tcp.local")!
  let annhost = DNSName("annhost.local")!
  let avahiTXT = ["txtvers=1", "proto=1", "phase=waiting", "seat1=ann", "spectators=0"].map { Array($0.utf8) }
  let loopback = LinkInterface(index: 1, name: "lo", address: [127, 0, 0, 1], netmask: [255, 0, 0, 0])
  let avahi = Endpoint(address: [127, 0, 0, 1], port: 5353)

  @Test func itReadsAvahisResponseRecordByRecord() throws {
    let message = try DNSReader.decode(AvahiPackets.response.bytes)
    #expect(message.id == 0 && message.flags == 0x8400 && message.questions.isEmpty)
    #expect(
      message.answers == [
        DNSRecord(name: ServiceNames.serviceType, data: .ptr(instance), ttl: 4500),
        DNSRecord(name: instance, data: .txt(avahiTXT), ttl: 4500, cacheFlush: true),
        DNSRecord(
          name: instance, data: .srv(priority: 0, weight: 0, port: 7878, target: annhost), ttl: 120, cacheFlush: true),
        DNSRecord(name: annhost, data: .aaaa([UInt8](repeating: 0, count: 15) + [1]), ttl: 120, cacheFlush: true),
        DNSRecord(name: annhost, data: .a([127, 0, 0, 1]), ttl: 120, cacheFlush: true),
      ])
  }

  @Test func itReadsAvahisProbeAndItsAuthoritySection() throws {
    let probe = try DNSReader.decode(AvahiPackets.serviceProbe.bytes)
    #expect(probe.questions == [DNSQuestion(name: instance, type: .any)])
    #expect(
      probe.authorities == [
        DNSRecord(name: instance, data: .srv(priority: 0, weight: 0, port: 7878, target: annhost), ttl: 120),
        DNSRecord(name: instance, data: .txt(avahiTXT), ttl: 4500),
      ])
    let hostProbe = try DNSReader.decode(AvahiPackets.hostProbe.bytes)
    #expect(hostProbe.questions.map(\.name.description)[1...] == ["annhost.local", "1.0.0.127.in-addr.arpa"])
    #expect(hostProbe.authorities.count == 4)
    #expect(hostProbe.authorities[1].data == .ptr(annhost), "a pointer chain: owner to 109, on to 80")
  }

  @Test func itReadsAvahisKnownAnswersAndGoodbye() throws {
    let query = try DNSReader.decode(AvahiPackets.twoQuestionsTwoKnownAnswers.bytes)
    #expect(query.questions.map(\.name) == [ServiceNames.serviceTypes, ServiceNames.serviceType])
    #expect(query.answers.map(\.data) == [.ptr(instance), .ptr(ServiceNames.serviceType)])
    let goodbye = try DNSReader.decode(AvahiPackets.goodbye.bytes)
    #expect(goodbye.answers.map(\.ttl) == [0, 0, 0, 120, 120, 0])
  }

  /// Avahi and SetDuel compress the same way: each earlier name suffix, rdata included, is pointed
  /// at. So a message read from Avahi's bytes and written again gives Avahi's bytes back.
  @Test(arguments: AvahiPackets.all.map(\.name))
  func writingAvahisMessagesGivesAvahisBytes(_ name: String) throws {
    let packet = try #require(AvahiPackets.all.first { $0.name == name })
    #expect(DNSWriter.encode(try DNSReader.decode(packet.bytes)) == packet.bytes)
  }

  @Test func aBrowserListsTheTableFromAvahisResponseAndDropsItOnGoodbye() {
    var browser = Browser()
    browser.receive(AvahiPackets.response.bytes, from: avahi)
    #expect(
      browser.tables == [
        FoundTable(
          name: "ann's table", address: [127, 0, 0, 1], port: 7878,
          advert: TableAdvert(phase: .waiting, seats: ["ann", nil], watching: 0))
      ])
    browser.receive(AvahiPackets.txtUpdate.bytes, from: avahi)
    #expect(browser.tables.first?.advert.seats == ["ann", "bob"])
    #expect(browser.tables.first?.advert.phase == .playing)
    browser.receive(AvahiPackets.goodbye.bytes, from: avahi)
    #expect(browser.tables.isEmpty)
  }

  @Test func aBrowserNamesKnownTablesOnlyOnTheInterfaceItHeardThemOn() throws {
    var browser = Browser()
    #expect(browser.query(on: 1).answers.isEmpty)
    browser.receive(AvahiPackets.response.bytes, from: avahi, interface: 1)
    #expect(
      browser.query(on: 1).answers == [DNSRecord(name: ServiceNames.serviceType, data: .ptr(instance), ttl: 4500)])
    #expect(browser.query(on: 2).answers.isEmpty, "a table heard on loopback is not named on another link")
    #expect(browser.followUp(on: 1) == nil, "Avahi's response holds everything")
    var partial = Browser()
    let ptrOnly = DNSMessage.response(answers: [
      DNSRecord(name: ServiceNames.serviceType, data: .ptr(instance), ttl: 4500)
    ])
    partial.receive(DNSWriter.encode(ptrOnly), from: avahi, interface: 1)
    #expect(try #require(partial.followUp(on: 1)).questions.map(\.type) == [.srv, .txt])
    #expect(partial.followUp(on: 2) == nil)
    #expect(partial.tables.isEmpty, "not listed before its SRV and TXT are known")
  }

  @Test func theResponderAnswersAvahisBrowseButNotWhenAvahiKnowsTheAnswer() throws {
    var responder = Responder(
      instance: "ann's table", host: "annhost", port: 7878, advert: TableAdvert(txt: avahiTXT)!,
      interfaces: [loopback], seed: 3)
    responder.start(at: .zero)
    var now = Instant.zero
    while responder.state != .announced || responder.nextWake != nil {
      now = responder.nextWake!
      _ = responder.advance(to: now)
    }
    now = now + .seconds(2)
    #expect(responder.receive(AvahiPackets.queryWithKnownAnswer.bytes, from: avahi, interface: 1, at: now).isEmpty)
    #expect(responder.nextWake == nil, "Avahi said it knows the PTR: nothing to send")
    _ = responder.receive(AvahiPackets.query.bytes, from: avahi, interface: 1, at: now)
    let sent = responder.advance(to: try #require(responder.nextWake))
    #expect(sent.map(\.message.answers.count) == [1])
    _ = responder.receive(AvahiPackets.serviceTypesQuery.bytes, from: avahi, interface: 1, at: now + .seconds(2))
    let types = responder.advance(to: try #require(responder.nextWake))
    #expect(types.first?.message.answers.map(\.data) == [.ptr(ServiceNames.serviceType)])
  }

  @Test func avahisAnnouncementOfTheSameNameMakesOurTableRename() {
    var responder = Responder(
      instance: "ann's table", host: "setduel-bobhost-9000", port: 9000, advert: .empty, interfaces: [loopback],
      seed: 4)
    responder.start(at: .zero)
    _ = responder.advance(to: responder.nextWake!)
    _ = responder.receive(AvahiPackets.announcement.bytes, from: avahi, interface: 1, at: .zero + .milliseconds(300))
    #expect(responder.instanceLabel == "ann's table (2)")
  }
}
