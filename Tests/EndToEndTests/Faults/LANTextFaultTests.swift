@preconcurrency import Glibc
import SetProtocol
import SetTestSupport
import Testing

/// A table announced on the LAN under a name holding terminal controls (ESC, a one-character CSI,
/// backspaces): `setduel play --list`, `--porcelain` included, shows it harmless. In a network
/// namespace of the test's own.
@Suite("Faults: control characters announced on the LAN")
struct LANTextFaultTests {
  static let hostileName = "evil\u{1B}[2J\u{9B}31m\u{8}\u{8}\u{202E}table"

  @Test("play --list and --porcelain show a hostile table name with visible characters in place of controls")
  func hostileTableName() throws {
    let folder = try makeTemporaryFolder("lan-text")
    defer { removeFolder(folder) }
    let namespace = try NetworkNamespace()
    let (server, port) = try DiscoveryProcessTests.serve(
      in: namespace, ["--table-name", Self.hostileName], folder: folder, name: "serve")
    let shown = Harmless.text(Self.hostileName)
    let listed = DiscoveryProcessTests.eventuallyLists(
      ["\(shown)\t127.0.0.1\t\(port)\twaiting\t\t\t0\thttp://127.0.0.1:\(port)/\tnormal\t1\t1"], in: namespace,
      folder: folder
    )
    #expect(listed.matched, "listed \(listed.last)")
    let words = try Subprocess(
      namespace.command([try builtSetduel(), "play", "--list"]), folder: folder, name: "words")
    #expect(words.end(timeout: 30) == "exit 0")
    #expect(words.output.contains(shown), "\(words.output)")
    #expect(Harmless.isHarmless(words.output.filter { $0 != "\n" }), "\(words.output)")
    server.signal(SIGTERM)
    #expect(server.end() == "exit 0")
  }
}
