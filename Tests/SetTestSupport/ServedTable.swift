/// `setduel serve` as a user runs it: the built binary in a process of its own, on loopback and a port
/// the kernel chose, dealing from seed 7 and recording to `folder`/records.
package final class ServedTable {
  package let process: Subprocess
  package let port: UInt16
  /// The record file the server named when it started.
  package let recordPath: String

  /// Starts the server with `options` after the usual ones, on `port` (0: one the system chooses);
  /// `shell` is run by bash just before it (see `Subprocess`). Throws if it does not say where it
  /// serves and records.
  package init(folder: String, options: [String] = [], port: UInt16 = 0, shell: String = "") throws {
    let command =
      [try builtSetduel(), "serve", "--host", "127.0.0.1", "--port", "\(port)", "--seed", "7"]
      + ["--records", folder + "/records", "--log-level", "warning"] + options
    process = try Subprocess(command, folder: folder, name: "serve", shell: shell)
    guard let serving = process.outputLine(startingWith: "SetDuel is serving on 127.0.0.1:"),
      let port = serving.split(separator: ":").dropFirst().first?.split(separator: " ").first.flatMap({
        UInt16($0)
      })
    else { throw TestFailure("the server did not start: \(process.output) \(process.errorOutput)") }
    guard let recording = process.outputLine(startingWith: "Recording the games to ") else {
      throw TestFailure("the server names no record: \(process.output)")
    }
    self.port = port
    recordPath = String(recording.dropFirst("Recording the games to ".count))
  }

  /// Two players in the machine presentation, ann in seat 1 and bob in seat 2, with the first game
  /// started.
  package func seatTwo() throws -> (ann: MachineClient, bob: MachineClient) {
    let ann = try MachineClient(port: port, label: "ann")
    let bob = try MachineClient(port: port, label: "bob")
    try ann.ok("NAME ann")
    try bob.ok("NAME bob")
    try ann.readUntil("START") { $0.hasPrefix("START ") }
    return (ann, bob)
  }
}
