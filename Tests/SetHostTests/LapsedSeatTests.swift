import SetCore
import SetProtocol
import SetPureTestSupport
import SetTransport
import Testing

@testable import SetHost

/// Connection `n`.
private func c(_ number: UInt64) -> ConnectionID { ConnectionID(rawValue: number) }

/// A seat freed because its player left outside a game: for the resume grace, while nobody has taken
/// it, its token takes it back under the same name, so that a player whose link dropped between games
/// (a tournament's entrant waiting at its table) comes back as themselves.
@Suite("A seat freed outside a game, taken back with its token")
struct LapsedSeatTests {
  @Test("RESUME with the token of a seat freed outside a game takes it back, until the grace has passed")
  func resumeTakesBackAFreedSeat() {
    var rules = Rules()
    rules.resumeGrace = 9_000
    var count = 0
    var host = GameHost(
      rules: rules, seed: 7,
      makeToken: {
        count += 1
        return "token\(count)"
      })
    func lines(_ actions: [HostAction], to id: ConnectionID) -> [String] { actions.flatMap { $0.lines(to: id) } }
    let (ann, ann2, ann3, bob) = (c(1), c(2), c(3), c(4))
    for id in [ann, ann2, ann3, bob] {
      _ = host.connect(id, peer: "test", at: .zero)
      _ = host.receive("MODE MACHINE", from: id, at: .zero)
    }
    #expect(lines(host.receive("NAME ann", from: ann, at: .zero), to: ann).last == "OK NAME 1 token1")
    _ = host.disconnect(ann, at: Instant(milliseconds: 10))
    #expect(host.seatsTaken == [false, false], "no game runs: the seat is free")
    #expect(
      lines(host.receive("RESUME token1", from: ann2, at: Instant(milliseconds: 20)), to: ann2).last
        == "OK RESUME 1 ann")
    #expect(host.name(of: ann2) == "ann" && host.holds(token: "token1"))
    // bob sits: the game starts, ann2 in ann's seat with the same token.
    #expect(
      lines(host.receive("NAME bob", from: bob, at: Instant(milliseconds: 30)), to: bob).contains {
        $0.hasPrefix("START ")
      })

    // Freed once more, and the grace passes: the token is dead.
    var late = GameHost(rules: rules, seed: 7, makeToken: { "late" })
    for id in [ann, ann3] {
      _ = late.connect(id, peer: "test", at: .zero)
      _ = late.receive("MODE MACHINE", from: id, at: .zero)
    }
    _ = late.receive("NAME ann", from: ann, at: .zero)
    _ = late.disconnect(ann, at: Instant(milliseconds: 10))
    #expect(
      lines(late.receive("RESUME late", from: ann3, at: Instant(milliseconds: 9_010)), to: ann3).last?.hasPrefix(
        "ERR BAD_TOKEN") == true)
  }

  @Test("a seat freed and taken by someone else is not given back")
  func takenMeanwhile() {
    var count = 0
    var host = GameHost(
      rules: Rules(), seed: 7,
      makeToken: {
        count += 1
        return "t\(count)"
      })
    func last(_ actions: [HostAction], _ id: ConnectionID) -> String? { actions.flatMap { $0.lines(to: id) }.last }
    let (ann, ann2, eve) = (c(1), c(2), c(3))
    for id in [ann, ann2, eve] {
      _ = host.connect(id, peer: "test", at: .zero)
      _ = host.receive("MODE MACHINE", from: id, at: .zero)
    }
    _ = host.receive("NAME ann", from: ann, at: .zero)
    _ = host.disconnect(ann, at: Instant(milliseconds: 10))
    #expect(last(host.receive("NAME eve", from: eve, at: Instant(milliseconds: 20)), eve) == "OK NAME 1 t2")
    #expect(
      last(host.receive("RESUME t1", from: ann2, at: Instant(milliseconds: 30)), ann2)?.hasPrefix("ERR BAD_TOKEN")
        == true)
  }

  @Test(
    "a player moved off a game that goes on, whose link drops at the new table before its game, comes back there under its name"
  )
  func movedPlayerComesBackAsThemselves() {
    var hall = HallDriver(seed: 7)
    for (number, name) in [(1, "ann"), (2, "bob"), (3, nil)] as [(UInt64, String?)] {
      hall.connect(c(number))
      hall.send("MODE MACHINE", from: c(number))
      if let name { hall.send("NAME \(name)", from: c(number)) }
    }
    // ann leaves a running game for a table of her own: her seat at table 1 is held, the name hers.
    let moved = hall.send("OPEN", from: c(1)).last ?? ""
    #expect(moved.hasPrefix("OK OPEN 2 1 "), "\(moved)")
    let token = String(moved.split(separator: " ").last ?? "")
    hall.disconnect(c(1))
    // Her new seat was outside a game, so freed; its token takes it back, as ann.
    #expect(hall.send("RESUME \(token)", from: c(3)).last == "OK RESUME 1 ann")
    #expect(hall.hall.table(of: c(3)) == 2 && hall.hall.host(of: 2)?.name(of: c(3)) == "ann")
  }
}
