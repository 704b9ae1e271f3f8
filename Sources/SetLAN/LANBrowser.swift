import Glibc
import SetBase
import SetDiscovery
import SetNet

/// Looks for SetDuel tables on the local link for a moment, then says what it found.
public enum LANBrowser {
  /// Browses on `interfaces` for `duration`: a query at once and another a second later (each with the
  /// tables already heard as known answers), and a question for whatever a table still lacks, no more
  /// than four times a second. It listens on port 5353 beside any responder; if that port cannot be
  /// shared, it asks from a port of its own and hears only direct answers.
  public static func browse(
    for duration: Duration = .milliseconds(1500), on interfaces: [LinkInterface] = NetworkInterfaces.ipv4()
  ) throws(SocketError) -> [FoundTable] {
    let socket: MulticastDNSSocket
    do {
      socket = try MulticastDNSSocket(interfaces: interfaces)
    } catch {
      socket = try MulticastDNSSocket(port: 0, interfaces: interfaces)
    }
    var browser = Browser()
    let start = MonotonicClock.now()
    let end = start + duration
    var nextQuery = start
    var queries = 0
    var nextFollowUp = start
    while true {
      let now = MonotonicClock.now()
      guard now < end else { break }
      if now >= nextQuery {
        for interface in interfaces { send(browser.query(on: interface.index), from: socket, on: interface) }
        queries += 1
        // Queries a second apart, then two, then four (RFC 6762 section 5.2).
        nextQuery = now + .seconds(1 << min(queries - 1, 6))
      }
      if now >= nextFollowUp {
        for interface in interfaces {
          guard let followUp = browser.followUp(on: interface.index) else { continue }
          send(followUp, from: socket, on: interface)
          nextFollowUp = now + .milliseconds(250)
        }
      }
      let wakeAt = min(end, nextQuery, nextFollowUp > now ? nextFollowUp : end)
      var poller = pollfd(fd: socket.fd, events: Int16(POLLIN), revents: 0)
      let wait = max(1, Int32(wakeAt.duration(since: now).wholeMilliseconds))
      _ = poll(&poller, 1, wait)
      while let datagram = socket.receive() {
        guard !datagram.isFromBeyondTheLink,
          let interface = interfaces.first(where: { $0.index == datagram.interface }),
          interface.isOnLink(datagram.source.address)
        else { continue }
        browser.receive(datagram.bytes, from: datagram.source, interface: interface.index)
      }
    }
    return browser.tables
  }

  private static func send(_ message: DNSMessage, from socket: MulticastDNSSocket, on interface: LinkInterface) {
    socket.send(Transmission(message: message, interface: interface.index, destination: .multicast))
  }
}
