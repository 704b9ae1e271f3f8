import Glibc
import SetTestSupport
import Testing

/// What a person on OpenBSD `nc` meets, with the real `nc`: it is left running until the connection
/// ends, its input still open, as when it reads a terminal.
@Suite("nc as people run it")
struct NetcatTests {
  /// The `nc` on this machine, if any (CI installs netcat-openbsd).
  static let netcat: String? = ["/usr/bin/nc", "/bin/nc"].first { (path: String) in access(path, X_OK) == 0 }

  @Test("after QUIT, nc exits at once though its own input stays open", .enabled(if: netcat != nil))
  func quitEndsNetcat() throws {
    let table = try LoopbackTable(seed: 7)
    let folder = try makeTemporaryFolder("netcat")
    defer { removeFolder(folder) }
    // QUIT, then input that stays open for a minute, as a terminal's does: nc ends only if the server
    // ends the connection in a way it notices without reading its input to the end.
    let nc = try Subprocess(
      ["/bin/bash", "-c", "exec \(Self.netcat!) 127.0.0.1 \(table.port) < <(printf 'QUIT\\n'; sleep 60)"],
      folder: folder, name: "nc")
    let ended = nc.wait(timeout: 10) != nil
    let output = nc.output
    #expect(ended, "nc still running after QUIT: \(output)")
    #expect(output.contains("OK QUIT"), "\(output)")
  }
}
