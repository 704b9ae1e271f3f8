import SetBase

// Probing for unique names, and what a conflict does: a rename, or a simultaneous probe settled.
extension Responder {
  func probe(on interface: LinkInterface) -> DNSMessage {
    DNSMessage(
      questions: [
        DNSQuestion(name: instanceName, type: .any, unicastResponse: true),
        DNSQuestion(name: hostName, type: .any, unicastResponse: true),
      ],
      authorities: uniqueRecords(on: interface))
  }

  /// Whether `record` says something different about a name this responder owns.
  func conflicts(_ record: DNSRecord) -> Bool {
    guard record.name == instanceName || record.name == hostName else { return false }
    guard record.type != .nsec else { return false }
    return !interfaces.contains { interface in
      uniqueRecords(on: interface).contains { $0.sameRecord(as: record) }
    }
  }

  mutating func noteResponse(_ message: DNSMessage, on interface: LinkInterface, at now: Instant) {
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
  mutating func rename(at now: Instant) {
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
  mutating func settleSimultaneousProbe(
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
  static func sortedData(_ records: [DNSRecord]) -> [[UInt8]] {
    records.map { record in
      [UInt8(record.type.rawValue >> 8), UInt8(record.type.rawValue & 0xFF)]
        + DNSWriter.uncompressedData(record.data)
    }
    .sorted(by: precedes)
  }

  static func precedes(_ left: [UInt8], _ right: [UInt8]) -> Bool { left.lexicographicallyPrecedes(right) }
}
