import SetBase

// The records the responder publishes on each interface, and what it adds to an answer.
extension Responder {
  var serviceRecord: DNSRecord {
    DNSRecord(name: ServiceNames.serviceType, data: .ptr(instanceName), ttl: Self.serviceTTL)
  }

  var typeRecord: DNSRecord {
    DNSRecord(name: ServiceNames.serviceTypes, data: .ptr(ServiceNames.serviceType), ttl: Self.serviceTTL)
  }

  var srvRecord: DNSRecord {
    DNSRecord(
      name: instanceName, data: .srv(priority: 0, weight: 0, port: port, target: hostName), ttl: Self.hostTTL,
      cacheFlush: true)
  }

  var txtRecord: DNSRecord {
    DNSRecord(name: instanceName, data: .txt(advert.txt), ttl: Self.serviceTTL, cacheFlush: true)
  }

  func addressRecord(_ interface: LinkInterface) -> DNSRecord {
    DNSRecord(name: hostName, data: .a(interface.address), ttl: Self.hostTTL, cacheFlush: true)
  }

  /// Every record published on `interface`.
  public func records(on interface: LinkInterface) -> [DNSRecord] {
    [serviceRecord, srvRecord, txtRecord, addressRecord(interface), typeRecord]
  }

  /// The records only this responder may hold (the cache-flush ones): the ones it probes for.
  func uniqueRecords(on interface: LinkInterface) -> [DNSRecord] {
    [srvRecord, txtRecord, addressRecord(interface)]
  }

  /// The record saying which types `name`, one of this responder's own names, has, and so that it has
  /// no other (an NSEC record, RFC 6762 section 6.1); nil for a name that is not its own.
  func negative(for name: DNSName) -> DNSRecord? {
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
  func additionals(for answers: [DNSRecord], on interface: LinkInterface) -> [DNSRecord] {
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
}
