import Dispatch
import Glibc
import Synchronization

/// A link between clients and a table on loopback that a test can take down and bring back, as a
/// player's Wi-Fi goes: clients connect to `port`, and each connection is relayed to the table's.
/// While the link is down, the relayed connections are cut, and every new one is accepted and closed
/// at once. One thread of its own relays everything, with `poll`, until `stop()`.
package final class LinkRelay: Sendable {
  /// The port clients connect to.
  package let port: UInt16
  private let listener: Int32
  private let target: UInt16
  private let down = Atomic(false)
  private let stopping = Atomic(false)
  private let ended = DispatchSemaphore(value: 0)

  /// A relay on 127.0.0.1 at a port of the system's choosing, to the table at `target`.
  package init(to target: UInt16) throws {
    (listener, port) = try LoopbackSockets.listen(backlog: 16)
    self.target = target
    // A thread of its own: a relay waiting for one of Dispatch's, while tests alongside hold them all,
    // would leave its clients connected to nothing.
    DetachedThread.run { [self] in
      run()
      ended.signal()
    }
  }

  /// Takes the link down: the connections relayed now are cut, and new ones are closed at once.
  package func takeDown() {
    down.store(true, ordering: .sequentiallyConsistent)
  }

  /// Brings the link back: new connections are relayed again.
  package func bringBack() {
    down.store(false, ordering: .sequentiallyConsistent)
  }

  /// Cuts every connection and ends the relay's thread; returns once it has ended. Call once.
  package func stop() {
    guard !stopping.exchange(true, ordering: .sequentiallyConsistent) else { return }
    ended.wait()
    close(listener)
  }

  /// The relay's loop: each pair is a client's connection and the relayed one to the table.
  private func run() {
    var pairs: [(client: Int32, table: Int32)] = []
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    defer { for pair in pairs { cut(pair) } }
    while !stopping.load(ordering: .sequentiallyConsistent) {
      if down.load(ordering: .sequentiallyConsistent) {
        for pair in pairs { cut(pair) }
        pairs.removeAll()
      }
      var polled = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
      for pair in pairs {
        polled.append(pollfd(fd: pair.client, events: Int16(POLLIN), revents: 0))
        polled.append(pollfd(fd: pair.table, events: Int16(POLLIN), revents: 0))
      }
      guard poll(&polled, nfds_t(polled.count), 20) > 0 else { continue }
      var kept: [(client: Int32, table: Int32)] = []
      if polled[0].revents != 0 {
        let client = accept(listener, nil, nil)
        if client >= 0 {
          if down.load(ordering: .sequentiallyConsistent) {
            close(client)
          } else if let table = LoopbackSockets.connect(port: target) {
            kept.append((client, table))
          } else {
            close(client)
          }
        }
      }
      for (index, pair) in pairs.enumerated() {
        let fromClient = polled[1 + 2 * index].revents != 0
        let fromTable = polled[2 + 2 * index].revents != 0
        if (fromClient && !pass(from: pair.client, to: pair.table, &buffer))
          || (fromTable && !pass(from: pair.table, to: pair.client, &buffer))
        {
          cut(pair)
        } else {
          kept.append(pair)
        }
      }
      pairs = kept
    }
  }

  /// Copies what `source` has to `destination`; false once either end is closed.
  private func pass(from source: Int32, to destination: Int32, _ buffer: inout [UInt8]) -> Bool {
    let count = buffer.withUnsafeMutableBytes { recv(source, $0.baseAddress, $0.count, 0) }
    guard count > 0 else { return false }
    var offset = 0
    while offset < count {
      let sent = buffer.withUnsafeBytes {
        send(destination, $0.baseAddress! + offset, count - offset, Int32(MSG_NOSIGNAL))
      }
      guard sent > 0 else { return false }
      offset += sent
    }
    return true
  }

  private func cut(_ pair: (client: Int32, table: Int32)) {
    close(pair.client)
    close(pair.table)
  }
}
