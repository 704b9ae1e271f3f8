import Dispatch
import SetTransport

// Reading: each ready socket's bytes into its driver, and the lines read delivered in turns between the
// hall's tables, in the order they reached the machine within each.
extension LineServer {
  /// Reads, now, every connection whose input is waiting, and delivers it with everything read before
  /// and still waiting, whatever its table, in the order it arrived: call before acting on a deadline,
  /// so that what came before the deadline is judged first (a `RESUME` for a seat at another table
  /// too, sent from the table a connection starts at).
  public func readWaitingInput() {
    dispatchPrecondition(condition: .onQueue(queue))
    loop?.handleReady()
    deliverAllWaiting()
  }

  /// Lines one read framed, with the time the kernel received them.
  struct Arrival {
    let driver: Driver
    let time: Instant
    let order: UInt64
    let items: [LineInput]
    let droppedTelnetCommands: Int
  }

  /// How long one turn of the loop delivers waiting lines before it writes their answers and reads
  /// again, in nanoseconds. A busy hall reads dozens of tables' lines in a turn, a few milliseconds of
  /// work; delivered in slices, in turns between tables by the time each has had (`DeliveryTurns`), a
  /// quiet table's line read meanwhile waits for the rest of one slice, then goes before the busy
  /// tables' backlog. (20 µs measured alike, at some 5% fewer busy games a second; 200 µs, a quiet
  /// table's p50 two and a half times as long: BENCHMARKS.md, "Tables served in turns".)
  static let deliverySliceNanoseconds: Int64 = 50_000

  /// Delivers the lines waiting, in turns between the delegate's groups, for about one slice
  /// (`deliverySliceNanoseconds`); returns whether some are still waiting, for the next turn of the
  /// loop. Within a group, lines go in the order they reached the machine (by the kernel's receive
  /// times): a race between two claims at a table is won by the claim that came first.
  func deliverInTurns() -> Bool {
    if arrived.count == 1 && waiting.isEmpty {
      // One read alone, nothing else waiting (a table's PING, a move at a calm hall): no turns to take,
      // but its table is charged all the same.
      let arrival = arrived[0]
      arrived.removeAll(keepingCapacity: true)
      let start = MonotonicClock.now().nanoseconds
      deliver(arrival)
      waiting.handledAlone(
        in: delegate?.turnGroup(of: arrival.driver.id) ?? 0, taking: MonotonicClock.now().nanoseconds - start)
      return false
    }
    takeArrived()
    guard !waiting.isEmpty else { return false }
    let start = MonotonicClock.now().nanoseconds
    var last = start
    while let arrival = waiting.next() {
      deliver(arrival)
      let now = MonotonicClock.now().nanoseconds
      waiting.charge(now - last)
      last = now
      if waiting.isEmpty || now - start >= Self.deliverySliceNanoseconds { break }
    }
    return !waiting.isEmpty
  }

  /// Delivers every line waiting from connections in `groups` (nil: every line), in the order it
  /// arrived whatever its group: before a deadline is acted on, or a connection's end, what came
  /// before is handled first.
  func deliverAllWaiting(of groups: Set<Int>? = nil) {
    takeArrived()
    guard !waiting.isEmpty else { return }
    for arrival in waiting.takeAll(of: groups) { deliver(arrival) }
  }

  /// Moves what the reads since the last call framed among the waiting lines, each in its connection's
  /// group.
  private func takeArrived() {
    guard !arrived.isEmpty else { return }
    for arrival in arrived {
      let group = delegate?.turnGroup(of: arrival.driver.id) ?? 0
      waiting.add(arrival, group: group, source: arrival.driver.id.rawValue, time: arrival.time, order: arrival.order)
    }
    // A burst's room is not kept: memory after thousands of connections opened at once comes back.
    arrived.removeAll(keepingCapacity: arrived.count <= 256)
  }

  private func deliver(_ arrival: Arrival) {
    guard arrival.driver.machine.isOpen else { return }
    delivering = arrival.driver
    defer { delivering = nil }
    arrival.driver.deliver(
      arrival.items, arrivedAt: arrival.time, droppedTelnetCommands: arrival.droppedTelnetCommands,
      now: MonotonicClock.now())
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
      deliverAllWaiting()  // What came before the end is handled first.
      driver.inputEnded(now: MonotonicClock.now())
    case .failed(let code):
      deliverAllWaiting()
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
        deliverAllWaiting()  // What came before the end is handled first.
        driver.endWeb(ending, now: MonotonicClock.now())
      }
    }
  }
}
