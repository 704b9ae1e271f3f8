import SetCore
import SetHost
import SetNet
import SetServer
import SetTransport

/// A real server on loopback for one test, stopped when the test ends.
final class TestServer {
  let server: TableServer
  let port: UInt16

  init(seed: UInt64 = 7, claimWindow: Int64 = 5000, configure: (inout TableServer.Settings) -> Void = { _ in }) throws {
    var settings = TableServer.Settings()
    settings.network.host = "127.0.0.1"
    settings.network.port = 0
    settings.recordsDirectory = nil
    settings.seed = seed
    settings.rules = Rules(claimWindow: claimWindow)
    configure(&settings)
    server = TableServer(settings: settings, log: { _, _ in })
    port = try server.start()
  }

  /// A connected client in the machine presentation, banner and MODE reply read.
  func machineClient() throws -> BlockingLineClient {
    let client = try BlockingLineClient(host: "127.0.0.1", port: port, timeout: 5)
    _ = client.readLine(timeout: 10)
    client.send("MODE MACHINE")
    _ = client.readLine(timeout: 10)
    return client
  }

  deinit { server.stop() }
}

/// Reads lines until one satisfies `done`, returning every line read (the last one included).
func readUntil(_ client: BlockingLineClient, timeout: Double = 10, _ done: (String) -> Bool) -> [String] {
  var lines: [String] = []
  while let line = client.readLine(timeout: timeout) {
    lines.append(line)
    if done(line) { break }
  }
  return lines
}
