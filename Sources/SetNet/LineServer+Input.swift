import Dispatch
import SetTransport

// Reading: each ready socket's bytes into its driver, and the lines of a batch of readiness delivered
// in the order they reached the machine.
extension LineServer {
  /// Reads, now, every connection whose input is waiting, and delivers it in the order it arrived:
  /// call before acting on a deadline, so that what came before the deadline is judged first.
  public func readWaitingInput() {
    dispatchPrecondition(condition: .onQueue(queue))
    loop?.handleReady()
  }

  /// Lines one read framed, with the time the kernel received them.
  struct Arrival {
    let driver: Driver
    let time: Instant
    let order: UInt64
    let items: [LineInput]
    let droppedTelnetCommands: Int
  }

  /// Delivers what the reads since the last call framed, in the order it reached the machine (by the
  /// kernel's receive times), so when several connections' lines are read together the first to
  /// arrive is handled first: a race between two claims is won by the claim that came first.
  func deliverArrived() {
    guard !arrived.isEmpty else { return }
    var batch = arrived
    arrived.removeAll()
    if batch.count > 1 {
      batch.sort { ($0.time, $0.order) < ($1.time, $1.order) }
    }
    defer { delivering = nil }
    for arrival in batch where arrival.driver.machine.isOpen {
      delivering = arrival.driver
      arrival.driver.deliver(
        arrival.items, arrivedAt: arrival.time, droppedTelnetCommands: arrival.droppedTelnetCommands,
        now: MonotonicClock.now())
    }
  }

  /// The most bytes read from one connection in one turn of the loop. The loop's epoll is
  /// level-triggered, so a connection with more waiting is reported again in the next turn, beside
  /// every other connection then ready: one fast sender (a flood of lines or of telnet commands) holds
  /// the queue for no longer than it takes to handle this much, a few dozen lines, and the others are
  /// served in between its reads. A person's or a program's line (a move, a chat line, a WebSocket
  /// frame) fits in one read or two. It was 16 KiB, as redis-server reads of a client's query per event:
  /// some 2,300 `PING` lines of a flooder a turn, answered in words through the hall, several
  /// milliseconds that a quiet table's `PING` waited behind (p99 7.3 ms; 0.26 ms at 256 bytes, in
  /// BENCHMARKS.md, "The read per turn").
  static let readBytesPerTurn = 256

  func readInput(_ driver: Driver) {
    // A connection that does not read what it is sent is not read either, until its output is written:
    // its requests wait in the kernel (and then in its own), at no cost to anyone else.
    guard driver.readsInput else { return driver.channel.pauseReading() }
    switch driver.channel.read(into: readBuffer) {
    case .wouldBlock:
      return
    case .end:
      deliverArrived()  // What came before the end is handled first.
      driver.inputEnded(now: MonotonicClock.now())
    case .failed(let code):
      deliverArrived()
      driver.readFailed(code, now: MonotonicClock.now())
    case .bytes(let count, let time):
      // A closing connection's input is read only to be discarded. Whatever is left unread, the loop
      // reports the socket again in its next turn.
      guard driver.machine.isOpen else { return }
      framed.removeAll(keepingCapacity: true)
      let input = UnsafeRawBufferPointer(rebasing: readBuffer[..<count])
      // A line client's bytes only go to its framer; a browser's may be answered (a pong) on the clock.
      let ending = driver.frame(input, into: &framed, now: driver.webPhase == nil ? time : MonotonicClock.now())
      let dropped = driver.framer.takeDroppedCommands()
      if !framed.isEmpty || dropped > 0 {
        readCount += 1
        arrived.append(
          Arrival(driver: driver, time: time, order: readCount, items: framed, droppedTelnetCommands: dropped))
      }
      if let ending {
        deliverArrived()  // What came before the end is handled first.
        driver.endWeb(ending, now: MonotonicClock.now())
      }
    }
  }
}
