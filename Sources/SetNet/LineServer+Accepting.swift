import Dispatch
import Glibc
import SetTransport

// Listening and accepting, with the back-off when descriptors run out, and adopting each accepted
// socket as a connection driver.
extension LineServer {
  /// A socket bound to the configured address and listening, and the port it is bound to.
  func listeningSocket() throws(SocketError) -> (fd: Int32, port: UInt16) {
    var address = try Sockets.address(host: configuration.host, port: configuration.port)
    let fd = try Sockets.makeTCPSocket()
    Sockets.setOption(fd, level: SOL_SOCKET, name: SO_REUSEADDR, value: 1)
    guard Sockets.withSockaddr(&address, { bind(fd, $0, $1) }) == 0 else {
      let error = SocketError.last("bind \(configuration.host):\(configuration.port)")
      Glibc.close(fd)
      throw error
    }
    guard listen(fd, configuration.backlog) == 0 else {
      let error = SocketError.last("listen")
      Glibc.close(fd)
      throw error
    }
    var bound = sockaddr_in()
    _ = Sockets.withSockaddr(&bound) { pointer, size in
      var length = size
      return getsockname(fd, pointer, &length)
    }
    return (fd, UInt16(bigEndian: bound.sin_port))
  }

  func acceptConnections(listening fd: Int32) {
    // A budget per wake-up, so a storm of connections cannot starve the connections already open.
    for _ in 0..<64 {
      guard state == .running && !acceptPaused else { return }
      var address = sockaddr_in()
      let accepted = Sockets.withSockaddr(&address) { pointer, size in
        var length = size
        return accept(fd, pointer, &length)
      }
      if accepted >= 0 {
        Sockets.setNonBlockingAndCloseOnExec(accepted)
        adopt(accepted, peer: Sockets.describe(address))
        continue
      }
      switch errno {
      case EINTR, ECONNABORTED, EPROTO, EPERM:
        continue  // This one connection failed; others may wait.
      case EAGAIN, EWOULDBLOCK:
        return
      default:
        pauseAccepting()  // EMFILE, ENFILE, ENOBUFS, ENOMEM (or worse): back off rather than spin.
        return
      }
    }
    queue.async { [self] in acceptConnections(listening: fd) }
  }

  func pauseAccepting() {
    guard let source = listenSource, !acceptPaused else { return }
    acceptPaused = true
    acceptPauses += 1
    source.suspend()
    let delay = DispatchTimeInterval.milliseconds(Int(max(1, configuration.acceptRetryDelay.wholeMilliseconds)))
    acceptRetryTimer?.schedule(deadline: .now() + delay, leeway: .milliseconds(1))
  }

  func resumeAccepting() {
    guard acceptPaused, state == .running else { return }
    acceptPaused = false
    listenSource?.resume()
    // Connections that arrived while paused may raise no new readiness event: take them now.
    acceptConnections(listening: listenFD)
  }

  func adopt(_ fd: Int32, peer: String) {
    let full = connections.count - turnedAwayCount >= configuration.maxConnections
    guard !full || (configuration.webSite != nil && turnedAwayCount < Self.turnedAwayLimit) else {
      if let text = delegate?.farewellLine(for: .serverFull) {
        let bytes = Array(text.utf8) + [13, 10]
        _ = bytes.withUnsafeBytes {
          Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
        }
      }
      Glibc.close(fd)
      return
    }
    Sockets.setNoDelay(fd)
    lastID += 1
    let id = ConnectionID(rawValue: lastID)
    guard let loop else {
      Glibc.close(fd)
      return
    }
    let channel = SocketChannel(fd: fd, loop: loop) { [self] in
      if connections[id]?.isTurnedAway == true { turnedAwayCount -= 1 }
      connections[id] = nil
      trimSchedule.connectionClosed()
    }
    channel.enableArrivalTimes()
    let driver = Driver(
      id: id, peer: peer, channel: channel, configuration: configuration, limits: limits, now: MonotonicClock.now(),
      owner: self)
    driver.isTurnedAway = full
    if full { turnedAwayCount += 1 }
    connections[id] = driver
    channel.start(
      onReadable: { [self] in readInput(driver) },
      onWritten: { driver.written($0, now: MonotonicClock.now()) })
    driver.start(now: MonotonicClock.now())
  }
}
