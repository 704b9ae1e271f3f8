import SetBase

// Answering queries: shared answers delayed, at most once a second per record and interface.
extension Responder {
  mutating func answer(
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

  func key(_ record: DNSRecord, _ interface: LinkInterface) -> RateKey {
    RateKey(name: record.name, type: record.type, interface: interface.index)
  }

  func mayMulticast(
    _ record: DNSRecord, on interface: LinkInterface, at now: Instant,
    interval: Duration = Responder.multicastInterval
  ) -> Bool {
    guard let last = lastMulticast[key(record, interface)] else { return true }
    return now.duration(since: last) >= interval
  }

  /// A multicast response of `answers` on `interface`, noted for the rate limit.
  mutating func multicast(
    _ answers: [DNSRecord], on interface: LinkInterface, at now: Instant, additionals: [DNSRecord] = []
  ) -> Transmission {
    for record in answers { lastMulticast[key(record, interface)] = now }
    return Transmission(
      message: .response(answers: answers, additionals: additionals), interface: interface.index,
      destination: .multicast)
  }
}
