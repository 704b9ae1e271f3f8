import SetCore
import SetTransport
import Testing

@testable import SetHost

/// Who holds each seat: taking, leaving, resuming, freeing and swapping, on the value alone.
@Suite("Seating")
struct SeatingTests {
  let ann = ConnectionID(1)
  let bob = ConnectionID(2)

  /// Ann in seat one and Bob in seat two, both here.
  func full() -> Seating {
    var seating = Seating()
    seating.take(.one, name: "ann", token: "t-ann", client: ann, afterGame: false)
    seating.take(.two, name: "bob", token: "t-bob", client: bob, afterGame: false)
    return seating
  }

  @Test("seats fill in order, and a name is held whatever its case")
  func takingSeats() {
    var seating = Seating()
    #expect(seating.firstFree == .one)
    seating.take(.one, name: "Ann", token: "t-ann", client: ann, afterGame: false)
    #expect(seating.firstFree == .two)
    #expect(seating.taken == PerSeat(one: true, two: false))
    #expect(seating.isHeld(byName: "ANN"))
    #expect(!seating.isHeld(byName: "bob"))
    #expect(seating.names == PerSeat(one: "Ann", two: "seat 2"))
    seating.take(.two, name: "bob", token: "t-bob", client: bob, afterGame: false)
    #expect(seating.firstFree == nil)
    #expect(seating.seated == PerSeat(one: "Ann", two: "bob"))
  }

  @Test("a player who leaves keeps the seat, and its token finds it")
  func leavingKeepsTheSeat() {
    var seating = full()
    #expect(seating.leave(.two, by: bob) == .two)
    #expect(seating.holders.two?.client == nil)
    #expect(seating.taken == PerSeat(one: true, two: true))
    #expect(seating.seat(ofToken: "t-bob") == .two)
    #expect(seating.seat(ofToken: "t-nobody") == nil)
    // A connection that no longer holds the seat leaves nothing.
    #expect(seating.leave(.one, by: bob) == nil)
    #expect(seating.holders.one?.client == ann)
  }

  @Test("resuming moves the seat to the new connection and names the old one")
  func resuming() {
    var seating = full()
    let bobAgain = ConnectionID(7)
    #expect(seating.resume(.two, on: bobAgain, token: "t-bob") == bob)
    #expect(seating.holders.two?.client == bobAgain)
    #expect(seating.leave(.two, by: bob) == nil, "the stale connection still held the seat")
    _ = seating.leave(.two, by: bobAgain)
    #expect(seating.resume(.two, on: bob, token: "t-bob") == nil)
    #expect(seating.holders.two?.client == bob)
  }

  @Test(
    "a seat held again from the record is taken back only with the token whose digest it keeps, which it then learns")
  func restoredSeat() {
    var seating = Seating()
    let digest = ResumeToken.digest("2-0123456789abcdef")
    seating.restore([
      Seating.Holder(name: "ann", token: "", client: nil, digest: digest),
      Seating.Holder(name: "bob", token: "", client: nil),
    ])
    #expect(seating.seated == PerSeat(one: "ann", two: "bob"))
    #expect(seating.seat(ofToken: "2-0123456789abcdef") == .one)
    // An empty token is no token, and a seat with no digest (an older record) is taken back by none.
    for wrong in ["", "2-0123456789abcdee", digest] { #expect(seating.seat(ofToken: wrong) == nil, "\(wrong)") }
    #expect(seating.resume(.one, on: ConnectionID(4), token: "2-0123456789abcdef") == nil)
    #expect(seating.holders.one?.token == "2-0123456789abcdef" && seating.holders.one?.digest == nil)
    #expect(seating.seat(ofToken: "2-0123456789abcdef") == .one)
    #expect(seating.seat(of: ConnectionID(4)) == .one)
  }

  @Test("only the seats of players who are away are freed, and the names stay")
  func freeingAbandonedSeats() {
    var seating = full()
    #expect(seating.freeAbandoned(at: .zero).isEmpty)
    _ = seating.leave(.one, by: ann)
    let freed = seating.freeAbandoned(at: .zero)
    #expect(freed.map(\.seat) == [.one])
    #expect(freed.map(\.name) == ["ann"])
    #expect(seating.firstFree == .one)
    #expect(seating.seat(ofToken: "t-ann") == nil)
    #expect(seating.names.one == "ann")
  }

  @Test("a newcomer after a game scores 0 until the next game starts")
  func newcomersScoreZero() {
    var seating = Seating()
    seating.take(.one, name: "ann", token: "t-ann", client: ann, afterGame: false)
    seating.take(.two, name: "cat", token: "t-cat", client: bob, afterGame: true)
    #expect(seating.scores(PerSeat(one: 5, two: 4)) == PerSeat(one: 5, two: 0))
    seating.gameStarted()
    #expect(seating.scores(PerSeat(one: 5, two: 4)) == PerSeat(one: 5, two: 4))
  }

  @Test("swapping exchanges holders and names, and needs both seats held")
  func swapping() {
    var seating = full()
    let swapped = seating.swap()
    #expect(swapped)
    #expect(seating.seated == PerSeat(one: "bob", two: "ann"))
    #expect(seating.names == PerSeat(one: "bob", two: "ann"))
    #expect(seating.seat(ofToken: "t-ann") == .two)
    #expect(seating.holders.one?.client == bob)
    var half = Seating()
    half.take(.one, name: "ann", token: "t-ann", client: ann, afterGame: false)
    let before = half
    let halfSwapped = half.swap()
    #expect(!halfSwapped)
    #expect(half == before)
  }
}
