import SetTransport
import Testing

/// The connection lifecycle, event by event: every limit and every way a connection ends.
@Suite struct ConnectionStateMachineTests {
  typealias Machine = ConnectionStateMachine

  static let limits = Machine.Limits(
    maxQueuedOutputBytes: 100, rateLimit: TokenBucket.Configuration(linesPerSecond: 1, burst: 2, floodRefusals: 3),
    idleTimeout: .seconds(60), closeTimeout: .seconds(5))

  static func at(_ milliseconds: Int64) -> Instant {
    Instant(nanoseconds: milliseconds * 1_000_000)
  }

  @Test func framedLinesAreDeliveredAndTelnetAnswersWritten() {
    var machine = Machine(limits: Self.limits, now: Self.at(0))
    #expect(machine.inputFramed(.line("HELLO"), now: Self.at(1)) == .deliver(.line("HELLO")))
    #expect(machine.inputFramed(.reply([255, 251, 6]), now: Self.at(1)) == .write([255, 251, 6]))
    #expect(machine.inputFramed(.tooLong, now: Self.at(2000)) == .deliver(.tooLong))
    #expect(machine.isOpen)
  }

  @Test func telnetAnswersCountAgainstTheRateAndAFloodOfThemIsDropped() {
    var machine = Machine(limits: Self.limits, now: Self.at(0))
    let answer: [UInt8] = [255, 251, 6]
    let actions = (0..<6).map { _ in machine.inputFramed(.reply(answer), now: Self.at(0)) }
    #expect(actions == [.write(answer), .write(answer), nil, nil, nil, .disconnect(.flooded, .immediately)])
    #expect(machine.isClosed)
  }

  @Test func linesPastTheRateAreRefusedAndASustainedFloodIsDropped() {
    var machine = Machine(limits: Self.limits, now: Self.at(0))
    let lines = (0..<6).map { _ in machine.inputFramed(.line("x"), now: Self.at(0)) }
    #expect(
      lines == [
        .deliver(.line("x")), .deliver(.line("x")), .deliver(.rateLimited), .deliver(.rateLimited),
        .deliver(.rateLimited), .disconnect(.flooded, .immediately),
      ])
    #expect(machine.isClosed)
  }

  @Test func theBucketRefillsWithTime() {
    var machine = Machine(limits: Self.limits, now: Self.at(0))
    _ = machine.inputFramed(.line("a"), now: Self.at(0))
    _ = machine.inputFramed(.line("b"), now: Self.at(0))
    #expect(machine.inputFramed(.line("c"), now: Self.at(999)) == .deliver(.rateLimited))
    #expect(machine.inputFramed(.line("d"), now: Self.at(1000)) == .deliver(.line("d")))
  }

  @Test func hangingUpWritesWhatIsQueuedThenResetsOnceThePeerHasIt() {
    var machine = Machine(limits: Self.limits, now: Self.at(0))
    #expect(machine.hangUpRequested(now: Self.at(10)) == .disconnect(.closed, .hangingUp))
    #expect(machine.inputFramed(.line("after QUIT"), now: Self.at(11)) == nil, "input after it is not read")
    #expect(machine.tick(now: Self.at(20)) == nil, "still writing")
    #expect(machine.outputDrained() == .resetOnceDelivered)
    #expect(machine.tick(now: Self.at(30)) == .resetOnceDelivered, "asked again until the peer has it")
    machine.delivered(now: Self.at(40))
    #expect(machine.nextDeadline == Self.at(340), "the peer has the grace to read its last reply")
    #expect(machine.tick(now: Self.at(339)) == nil)
    #expect(machine.tick(now: Self.at(340)) == .resetSocket)
    #expect(machine.isClosed)

    var unacknowledged = Machine(limits: Self.limits, now: Self.at(0))
    _ = unacknowledged.hangUpRequested(now: Self.at(0))
    _ = unacknowledged.outputDrained()
    #expect(unacknowledged.tick(now: Self.at(5_000)) == .closeSocket, "the close deadline still holds")

    var peerGone = Machine(limits: Self.limits, now: Self.at(0))
    _ = peerGone.hangUpRequested(now: Self.at(0))
    #expect(peerGone.inputEnded(pendingBytes: 0) == .closeSocket, "a peer that closed needs no reset")

    var closing = Machine(limits: Self.limits, now: Self.at(0))
    _ = closing.closeRequested(flushFirst: true, now: Self.at(0))
    #expect(closing.outputDrained() == .halfClose, "an ordinary close still half-closes")
    closing.delivered(now: Self.at(1))
    #expect(closing.tick(now: Self.at(4_999)) == nil, "and is never reset")
  }

  @Test func anUnidentifiedSilentConnectionTimesOutAndANamedOneDoesNot() {
    var silent = Machine(limits: Self.limits, now: Self.at(0))
    #expect(silent.nextDeadline == Self.at(60_000))
    #expect(silent.tick(now: Self.at(59_999)) == nil)
    #expect(silent.tick(now: Self.at(60_000)) == .disconnect(.idleTimeout, .flushing))
    #expect(!silent.isOpen && !silent.isClosed)

    var talking = Machine(limits: Self.limits, now: Self.at(0))
    _ = talking.inputFramed(.line("PING"), now: Self.at(30_000))
    #expect(talking.tick(now: Self.at(60_000)) == nil)
    #expect(talking.tick(now: Self.at(90_000)) == .disconnect(.idleTimeout, .flushing))

    var named = Machine(limits: Self.limits, now: Self.at(0))
    named.markIdentified()
    #expect(named.nextDeadline == nil)
    #expect(named.tick(now: Self.at(1_000_000)) == nil)
  }

  @Test func outputPastTheCapDiscardsItAndClosesWithAFarewell() {
    var machine = Machine(limits: Self.limits, now: Self.at(0))
    #expect(machine.outputQueued(pendingBytes: 100, now: Self.at(1)) == nil)
    #expect(machine.outputQueued(pendingBytes: 101, now: Self.at(1)) == .disconnect(.outputOverflow, .discardingQueued))
    #expect(ConnectionStateMachine.writesFarewell(.outputOverflow))
    // Closing: no more input, and the socket closes at the deadline if the peer never reads.
    #expect(machine.inputFramed(.line("late"), now: Self.at(2)) == nil)
    #expect(machine.nextDeadline == Self.at(5001))
    #expect(machine.tick(now: Self.at(5000)) == nil)
    #expect(machine.tick(now: Self.at(5001)) == .closeSocket)
    #expect(machine.isClosed)
    #expect(machine.tick(now: Self.at(9000)) == nil)
  }

  @Test func aClosingConnectionsDeadlineCountsFromItsLastProgress() {
    var machine = Machine(limits: Self.limits, now: Self.at(0))
    #expect(machine.outputQueued(pendingBytes: 101, now: Self.at(1)) == .disconnect(.outputOverflow, .discardingQueued))
    machine.outputProgressed(now: Self.at(4000))
    #expect(machine.nextDeadline == Self.at(9000))
    #expect(machine.tick(now: Self.at(8999)) == nil)
    #expect(machine.tick(now: Self.at(9000)) == .closeSocket)
    // Open, progress changes nothing.
    var open = Machine(limits: Self.limits, now: Self.at(0))
    open.markIdentified()
    open.outputProgressed(now: Self.at(10))
    #expect(open.isOpen && open.nextDeadline == nil)
  }

  @Test func aGracefulCloseFlushesHalfClosesThenClosesWhenThePeerDoes() {
    var machine = Machine(limits: Self.limits, now: Self.at(0))
    #expect(machine.closeRequested(flushFirst: true, now: Self.at(10)) == .disconnect(.closed, .flushing))
    #expect(!ConnectionStateMachine.writesFarewell(.closed))
    #expect(machine.closeRequested(flushFirst: true, now: Self.at(11)) == nil, "closed twice")
    #expect(machine.outputDrained() == .halfClose)
    #expect(machine.inputEnded(pendingBytes: 0) == .closeSocket)
    #expect(machine.isClosed)
  }

  @Test func theEndOfInputIsReportedAndAfterItAFlushClosesAtOnce() {
    var machine = Machine(limits: Self.limits, now: Self.at(0))
    #expect(machine.inputEnded(pendingBytes: 0) == .reportInputEnded)
    #expect(machine.isOpen && machine.inputHasEnded)
    #expect(machine.closeRequested(flushFirst: true, now: Self.at(1)) == .disconnect(.closed, .flushing))
    #expect(machine.outputDrained() == .closeSocket)
  }

  @Test func aClosingConnectionWhosePeerEndsWithOutputLeftWaitsForTheFlush() {
    var machine = Machine(limits: Self.limits, now: Self.at(0))
    _ = machine.closeRequested(flushFirst: true, now: Self.at(0))
    #expect(machine.inputEnded(pendingBytes: 10) == nil)
    #expect(machine.outputDrained() == .closeSocket)
  }

  @Test func interruptsSocketErrorsAndStopsEndTheConnection() {
    var interrupted = Machine(limits: Self.limits, now: Self.at(0))
    #expect(interrupted.inputFramed(.interrupt, now: Self.at(1)) == .disconnect(.interrupted, .flushing))

    var failed = Machine(limits: Self.limits, now: Self.at(0))
    #expect(failed.socketFailed(104, now: Self.at(1)) == .disconnect(.socketError(104), .immediately))
    #expect(failed.isClosed && !ConnectionStateMachine.writesFarewell(.socketError(104)))

    var closing = Machine(limits: Self.limits, now: Self.at(0))
    _ = closing.closeRequested(flushFirst: true, now: Self.at(0))
    #expect(closing.socketFailed(32, now: Self.at(1)) == .closeSocket)

    var stopped = Machine(limits: Self.limits, now: Self.at(0))
    #expect(stopped.serverStopped(now: Self.at(1)) == .disconnect(.serverStopped, .immediately))
    #expect(stopped.serverStopped(now: Self.at(2)) == nil)

    var dropped = Machine(limits: Self.limits, now: Self.at(0))
    #expect(dropped.closeRequested(flushFirst: false, now: Self.at(1)) == .disconnect(.closed, .immediately))
    #expect(dropped.isClosed)
  }

  @Test func aDrainedFlushOfAnOpenConnectionDoesNothing() {
    var machine = Machine(limits: Self.limits, now: Self.at(0))
    #expect(machine.outputDrained() == nil)
    #expect(machine.isOpen)
  }

  @Test func framingInputOnAClosedConnectionFailsLoudly() async {
    await #expect(processExitsWith: .failure) {
      var machine = ConnectionStateMachine(limits: ConnectionStateMachineTests.limits, now: .zero)
      _ = machine.closeRequested(flushFirst: false, now: .zero)
      _ = machine.inputFramed(.line("x"), now: .zero)
    }
  }
}
