import SetProtocol
import SetServer
import SetTestSupport
import Testing

/// Someone guessing a name's secret, or a seat's token, at a table on loopback.
@Suite("Names and their owners: wrong secrets")
struct WrongSecretTests {
  static let secret = "ann-own-secret-0123456789"

  @Test("a wrong secret changes nothing, and the third wrong secret or token closes the connection")
  func wrongSecretsCloseTheConnection() throws {
    let table = try LoopbackTable(seed: 5)
    let ann = try table.client("ann")
    try ann.ok("NAME ann \(Self.secret)")
    ann.close()
    #expect(table.eventually { !$0.seatsTaken.one && $0.connectionCount == 0 })
    let guesser = try table.client("guesser")
    try guesser.refused("NAME ann guess-number-one-000", .wrongSecret)
    try guesser.refused("RESUME 0123456789abcdef", .badToken)
    #expect(table.inspect { !$0.seatsTaken.one && $0.history.owner(of: "ann") != nil })
    try guesser.refused("NAME ANN guess-number-two-000", .wrongSecret)
    #expect(guesser.readToEnd().closed, "the third wrong guess closes the connection")
    let owner = try table.client("owner")
    let (reply, _) = try owner.request("NAME ann \(Self.secret)")
    #expect(reply.line.contains(" NAME 1 "), "the owner still sits down as ann: \(reply.line)")
  }
}
