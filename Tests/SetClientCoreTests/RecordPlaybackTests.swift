import SetCore
import SetProtocol
import SetPureTestSupport
import SetTransport
import Testing

@testable import SetClientCore

@Suite("Watching a record again")
struct RecordPlaybackTests {
  /// A game at a real host: a claim at 1 s left to run out at 6 s, then a deal asked for at 8 s.
  static func recorded() -> (playback: RecordPlayback, host: HostDriver) {
    var driver = HostDriver(seed: 7)
    let (ann, bob) = (ConnectionID(1), ConnectionID(2))
    _ = driver.connect(ann)
    _ = driver.connect(bob)
    _ = driver.send("MODE MACHINE", from: ann)
    _ = driver.send("NAME ann", from: ann)
    _ = driver.send("NAME bob", from: bob)
    _ = driver.send("CLAIM", from: ann, at: 1_000)
    _ = driver.advance(to: Instant(milliseconds: 6_000))
    _ = driver.send("DEAL", from: bob, at: 8_000)
    let lines = driver.records.compactMap { try? RecordLine.parse($0).get() }
    return (RecordPlayback(lines), driver)
  }

  @Test("each event goes out at the time of the command or deadline before it in the record")
  func stepsAreTimed() {
    let (playback, _) = Self.recorded()
    let claim = playback.steps.first { if case .event(_, .claim) = $0.line { true } else { false } }
    let expired = playback.steps.first { if case .event(_, .expired) = $0.line { true } else { false } }
    #expect(claim?.at == Instant(milliseconds: 1_000))
    #expect(expired?.at == Instant(milliseconds: 6_000))
    #expect(playback.steps.first?.at == .zero)
    #expect(playback.steps.map(\.at) == playback.steps.map(\.at).sorted(), "time never runs backwards")
  }

  @Test("the waits between steps are the game's own gaps, divided by the speed")
  func waitsScaleWithSpeed() throws {
    let (playback, _) = Self.recorded()
    let index = try #require(
      playback.steps.firstIndex { if case .event(_, .expired) = $0.line { true } else { false } })
    let gap = playback.steps[index].at.milliseconds(since: playback.steps[index - 1].at)
    #expect(gap == 5_000)
    #expect(playback.wait(before: index, speed: 1) == 5_000)
    #expect(playback.wait(before: index, speed: 4) == 1_250)
    #expect(playback.wait(before: 0, speed: 1) == 0)
  }

  @Test("a spectator's model fed the whole record ends where the game did")
  func modelEndsWhereTheGameDid() {
    let (playback, host) = Self.recorded()
    let model = playback.model(after: playback.steps.count)
    #expect(model.cards == host.host.match.table.cards)
    #expect(model.scores == host.host.match.scores)
    #expect(model.names == ["ann", "bob"])
    #expect(model.isSpectator, "watched as a spectator")
    #expect(playback.model(after: 0).cards.isEmpty)
  }
}
