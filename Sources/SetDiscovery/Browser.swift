/// A DNS-SD browser for SetDuel tables (RFC 6763 section 4), as a value with no I/O: it writes the
/// queries, reads the responses, and lists the tables they describe. A table is listed once its SRV and
/// TXT records are known; its address comes from its host's A record, else from the packet's sender.
/// A goodbye (TTL 0) removes it.
public struct Browser {
  private struct Instance {
    var port: UInt16?
    var target: DNSName?
    var txt: [[UInt8]]?
    var sender: [UInt8]
    /// The interface it was heard on: it is named as a known answer on that one alone.
    var interface: Int32
  }

  private var instances: [DNSName: Instance] = [:]
  private var addresses: [DNSName: [UInt8]] = [:]

  public init() {}

  /// The query for every table, to send on `interface`: a PTR question for `_setduel._tcp.local`, with
  /// the instances already heard on that interface as known answers so their responders stay quiet
  /// (RFC 6762 section 7.1). A table heard on one interface is never named on another.
  public func query(on interface: Int32) -> DNSMessage {
    let known = instances.filter { $0.value.interface == interface }.keys.sorted {
      $0.description < $1.description
    }.map {
      DNSRecord(name: ServiceNames.serviceType, data: .ptr($0), ttl: Responder.serviceTTL)
    }
    return DNSMessage(questions: [DNSQuestion(name: ServiceNames.serviceType, type: .ptr)], answers: known)
  }

  /// Questions, to send on `interface`, for what is still missing of the tables heard there (an
  /// instance's SRV or TXT, a host's address), or nil.
  public func followUp(on interface: Int32) -> DNSMessage? {
    var questions: [DNSQuestion] = []
    for (name, instance) in instances.sorted(by: { $0.key.description < $1.key.description })
    where instance.interface == interface {
      if instance.port == nil { questions.append(DNSQuestion(name: name, type: .srv)) }
      if instance.txt == nil { questions.append(DNSQuestion(name: name, type: .txt)) }
      if let target = instance.target, addresses[target] == nil {
        questions.append(DNSQuestion(name: target, type: .a))
      }
    }
    return questions.isEmpty ? nil : DNSMessage(questions: questions)
  }

  /// A packet from `source`, heard on the interface with index `interface`. Anything but a well-formed
  /// response is ignored.
  public mutating func receive(_ bytes: [UInt8], from source: Endpoint, interface: Int32 = 0) {
    guard let message = try? DNSReader.decode(bytes), message.isResponse, message.opcode == 0, message.responseCode == 0
    else { return }
    let records = message.answers + message.additionals
    for record in records {
      if record.name == ServiceNames.serviceType, case .ptr(let instance) = record.data,
        instance.labels.count == ServiceNames.serviceType.labels.count + 1
      {
        if record.ttl == 0 {
          instances[instance] = nil
        } else if instances[instance] == nil {
          instances[instance] = Instance(sender: source.address, interface: interface)
        }
      }
    }
    for record in records {
      switch record.data {
      case .srv(_, _, let port, let target):
        guard record.ttl > 0 else {
          instances[record.name] = nil
          continue
        }
        if instances[record.name] == nil, isInstance(record.name) {
          instances[record.name] = Instance(sender: source.address, interface: interface)
        }
        instances[record.name]?.port = port
        instances[record.name]?.target = target
      case .txt(let strings) where record.ttl > 0:
        if instances[record.name] == nil, isInstance(record.name) {
          instances[record.name] = Instance(sender: source.address, interface: interface)
        }
        instances[record.name]?.txt = strings
      case .a(let address):
        addresses[record.name] = record.ttl > 0 ? address : nil
      default:
        continue
      }
    }
  }

  private func isInstance(_ name: DNSName) -> Bool {
    name.labels.count == ServiceNames.serviceType.labels.count + 1
      && DNSName(labels: Array(name.labels.dropFirst())) == ServiceNames.serviceType
  }

  /// Every table known with its port and a TXT record SetDuel reads, by name.
  public var tables: [FoundTable] {
    instances.compactMap { name, instance -> FoundTable? in
      guard let port = instance.port, let txt = instance.txt, let advert = TableAdvert(txt: txt) else { return nil }
      let address = instance.target.flatMap { addresses[$0] } ?? instance.sender
      return FoundTable(name: name.firstLabelText, address: address, port: port, advert: advert)
    }
    .sorted { ($0.name, $0.endpoint) < ($1.name, $1.endpoint) }
  }
}
