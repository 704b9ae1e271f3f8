import Dispatch
import Glibc
import SetBase
import SetDiscovery
import SetNet

/// Announces a table on the local link: a `Responder` driven by a multicast DNS socket and a timer on
/// its own serial queue. Safe to call from any thread.
public final class LANAnnouncer: @unchecked Sendable {
  // @unchecked Sendable: every mutable field is touched only on `queue`.
  private let queue = DispatchQueue(label: "setduel.announce")
  private var responder: Responder
  private let socket: MulticastDNSSocket
  private let timer: DispatchWakeUpTimer
  private var readSource: DispatchSourceRead?
  /// Where the interfaces announced on come from, looked at again every `interfaceCheck`.
  private let currentInterfaces: @Sendable () -> [LinkInterface]
  private var interfaceTimer: DispatchSourceTimer?
  /// How often the interfaces are looked at again, for one that came up or took a new address.
  public static let interfaceCheck = DispatchTimeInterval.seconds(3)
  /// Told the instance's name whenever a conflict makes it take another, on the announcer's queue.
  private let renamed: @Sendable (String) -> Void

  /// An announcer for the instance `instance` on `port`, from the host `host`, on the interfaces
  /// `interfaces` gives (asked again every few seconds, so that an interface that comes up later is
  /// announced on too). It binds port 5353 beside any other responder; that failing throws.
  public init(
    instance: String, host: String, port: UInt16, advert: TableAdvert,
    interfaces currentInterfaces: @escaping @Sendable () -> [LinkInterface],
    renamed: @escaping @Sendable (String) -> Void = { _ in }
  ) throws(SocketError) {
    self.currentInterfaces = currentInterfaces
    let interfaces = currentInterfaces()
    var system = SystemRandomNumberGenerator()
    responder = Responder(
      instance: instance, host: host, port: port, advert: advert, interfaces: interfaces, seed: system.next())
    socket = try MulticastDNSSocket(interfaces: interfaces)
    timer = DispatchWakeUpTimer(queue: queue)
    self.renamed = renamed
  }

  /// The name the table goes by now.
  public var instanceLabel: String { queue.sync { responder.instanceLabel } }

  /// Starts probing, then announcing and answering.
  public func start() {
    queue.async { [self] in
      timer.setHandler { [weak self] in self?.wake() }
      let source = DispatchSource.makeReadSource(fileDescriptor: socket.fd, queue: queue)
      source.setEventHandler { [weak self] in self?.readAll() }
      // Dispatch may use the descriptor until the cancellation is done, so the socket (which closes it
      // when freed) is kept until then: closed before, its number could be another socket's by the
      // time Dispatch stops watching it.
      source.setCancelHandler { [socket] in withExtendedLifetime(socket) {} }
      source.resume()
      readSource = source
      responder.start(at: timer.now)
      wake()
      let check = DispatchSource.makeTimerSource(queue: queue)
      check.schedule(deadline: .now() + Self.interfaceCheck, repeating: Self.interfaceCheck)
      check.setEventHandler { [weak self] in self?.checkInterfaces() }
      check.resume()
      interfaceTimer = check
    }
  }

  private func checkInterfaces() {
    let interfaces = currentInterfaces()
    guard interfaces != responder.interfaces else { return }
    socket.setInterfaces(interfaces)
    responder.setInterfaces(interfaces, at: timer.now)
    wake()
  }

  /// The table changed: its TXT record will say so.
  public func update(_ advert: TableAdvert) {
    queue.async { [self] in
      responder.update(advert, at: timer.now)
      wake()
    }
  }

  /// Says goodbye on every interface and stops; returns once the goodbyes are sent.
  public func stop() {
    queue.sync {
      for transmission in responder.stop() { socket.send(transmission) }
      readSource?.cancel()
      readSource = nil
      interfaceTimer?.cancel()
      interfaceTimer = nil
      timer.cancel()
    }
  }

  private func readAll() {
    while let datagram = socket.receive() {
      guard !datagram.isFromBeyondTheLink else { continue }
      let before = responder.instanceLabel
      send(
        responder.receive(datagram.bytes, from: datagram.source, interface: datagram.interface, at: timer.now))
      if responder.instanceLabel != before { renamed(responder.instanceLabel) }
    }
    wake()
  }

  private func wake() {
    guard responder.state != .stopped else { return }
    send(responder.advance(to: timer.now))
    timer.schedule(at: responder.nextWake)
  }

  private func send(_ transmissions: [Transmission]) {
    for transmission in transmissions { socket.send(transmission) }
  }
}
