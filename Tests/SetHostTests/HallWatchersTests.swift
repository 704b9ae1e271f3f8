import SetProtocol
import SetPureTestSupport
import SetTransport
import Testing

@testable import SetHost

/// Connection `n`.
private func c(_ number: UInt64) -> ConnectionID { ConnectionID(rawValue: number) }

@Suite("The hall's watchers")
struct HallWatchersTests {
  @Test("a JOIN's two changes reach the hall's watchers as one broadcast for each presentation, one write each")
  func oneBroadcastForEachPresentation() throws {
    var hall = HallDriver(seed: 5)
    hall.connectMachine(c(1))
    for line in ["NAME ann", "OPEN"] { hall.send(line, from: c(1)) }
    let machine = [c(10), c(11), c(12)]
    let human = [c(20), c(21)]
    for id in machine + human {
      if machine.contains(id) { hall.connectMachine(id) } else { hall.connect(id) }
      hall.send("TABLES WATCH", from: id)
    }
    // ann leaves table 2 for table 1: both tables' listings change in one request.
    let actions = hall.hall.receive("JOIN 1", from: c(1), at: hall.now)
    let watchers = Set(machine + human)
    var reached: [[ConnectionID]] = []
    var sent: [[String]] = []
    for case .host(let action) in actions {
      switch action {
      case .lines(let id, _), .prompt(let id, _):
        #expect(!watchers.contains(id), "a watcher was written to on its own: \(action)")
      case .broadcast(let ids, let lines):
        guard ids.contains(where: watchers.contains) else { continue }
        reached.append(ids)
        sent.append(lines)
      default: continue
      }
    }
    #expect(reached == [machine, human] || reached == [human, machine], "\(reached)")
    let machineLines = try #require(reached.firstIndex(of: machine).map { sent[$0] })
    #expect(
      machineLines == [
        "HALL 1 table-1 normal - sets ann - 0 0 waiting 0 -", "HALL 2 table-2 normal - sets - - 0 0 waiting 0 -",
      ])
    // In words, the same two tables, table 1 first.
    let words = try #require(reached.firstIndex(of: human).map { sent[$0] })
    #expect(words == ["Table 1: ann is waiting for a player.", "Table 2: nobody plays yet."])
  }
}
