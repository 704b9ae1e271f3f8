@preconcurrency import Glibc
import SetTestSupport
import Testing

/// `setduel replay --watch` on a record built to swamp it: ten thousand chat lines at one moment. It still stops on a key, and piped it says at once what it needs.
@Suite("Faults: replay --watch")
struct ReplayWatchFaultTests {
  /// A played game's record with `count` chat lines after its start. A table records no command for
  /// chat, so they all went out at the moment of the last command: none waits for another.
  static func chattyRecord(_ count: Int) -> String {
    let (text, _) = playedGame()
    let lines = text.split(separator: "\n").map(String.init)
    let start = lines.firstIndex { $0.hasPrefix("ev START ") }! + 1
    let chat = (0..<count).map { "ev SAY \(100_000 + $0) ann line \($0)" }
    return (Array(lines[..<start]) + chat).joined(separator: "\n") + "\n"
  }

  @Test("q stops the playback of ten thousand chat lines sent at once")
  func stopsOnAKey() throws {
    let folder = try makeTemporaryFolder("watch-flood")
    defer { removeFolder(folder) }
    let path = folder + "/chatty.record"
    try writeFile(path, Self.chattyRecord(10_000))
    let watch = try PseudoTerminalProcess(
      [try builtSetduel(), "replay", path, "--watch"],
      environment: ["TERM=xterm-256color", "NO_COLOR=1", "PATH=/usr/bin:/bin"])
    #expect(watch.waitForFrame(within: 30) { $0.contains("line ") }, "\(watch.lastFrame)")
    watch.type("q")
    #expect(watch.waitForExit(within: 20) == 0, "\(watch.lastFrame)")
  }

  @Test("piped, --watch says it needs a terminal before it reads the record")
  func needsATerminalFirst() throws {
    let folder = try makeTemporaryFolder("watch-piped")
    defer { removeFolder(folder) }
    // A FIFO no one writes: reading it first would wait for ever (or refuse it as no record).
    let path = folder + "/pipe.record"
    guard mkfifo(path, 0o644) == 0 else { throw FileError(path: path) }
    let replay = try Subprocess([try builtSetduel(), "replay", path, "--watch"], folder: folder, name: "replay")
    #expect(replay.end(timeout: 30) == "exit 1")
    #expect(replay.errorOutput == "setduel: --watch needs a terminal\n", "\(replay.errorOutput)")
  }
}
