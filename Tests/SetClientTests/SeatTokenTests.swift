import Glibc
import SetTestSupport
import Testing

@testable import SetClient
@testable import SetClientCore

@Suite("The seat's token kept between runs")
struct SeatTokenTests {
  @Test("lives in XDG_STATE_HOME/setduel, else ~/.local/state/setduel, one file per address and name")
  func location() throws {
    let state = try #require(
      SeatTokenLocation(
        host: "127.0.0.1", port: 7878, name: "ann", environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]))
    #expect(state.path == "/s/setduel/seat-127.0.0.1-7878-ann.token")
    let home = try #require(SeatTokenLocation(host: "example.org", port: 9, name: "bo_b", environment: ["HOME": "/h"]))
    #expect(home.path == "/h/.local/state/setduel/seat-example.org-9-bo_b.token")
    let relative = SeatTokenLocation(
      host: "x", port: 1, name: "a", environment: ["XDG_STATE_HOME": "rel", "HOME": "/h"])
    #expect(relative?.directory == "/h/.local/state/setduel", "a relative XDG_STATE_HOME is ignored, as the spec says")
    #expect(SeatTokenLocation(host: "x", port: 1, name: "a", environment: [:]) == nil)
    let odd = try #require(SeatTokenLocation(host: "../a/b", port: 1, name: "a", environment: ["HOME": "/h"]))
    #expect(!odd.fileName.contains("/"), "no address reaches outside the folder")
  }

  @Test("is written with mode 0600 in a folder of mode 0700, read back, and removed")
  func file() throws {
    let folder = try makeTemporaryFolder("token")
    defer { removeFolder(folder) }
    let location = try #require(
      SeatTokenLocation(host: "127.0.0.1", port: 7878, name: "ann", environment: ["XDG_STATE_HOME": folder]))
    let file = SeatTokenFile(location: location)
    #expect(file.read() == nil)
    #expect(file.write("0123456789abcdef0123456789abcdef") == nil)
    #expect(file.read() == "0123456789abcdef0123456789abcdef")
    var status = stat()
    #expect(stat(location.path, &status) == 0)
    #expect(status.st_mode & 0o777 == 0o600)
    #expect(stat(location.directory, &status) == 0)
    #expect(status.st_mode & 0o777 == 0o700)
    #expect(file.write("fedcba") == nil)
    #expect(file.read() == "fedcba", "a new token replaces the old")
    #expect(try listFiles(location.directory) == [location.fileName], "no temporary file is left behind")
    file.remove()
    #expect(file.read() == nil)
  }

  @Test("ignores a file that holds no token")
  func junk() throws {
    let folder = try makeTemporaryFolder("token")
    defer { removeFolder(folder) }
    let location = try #require(
      SeatTokenLocation(host: "h", port: 1, name: "a", environment: ["XDG_STATE_HOME": folder]))
    let file = SeatTokenFile(location: location)
    #expect(file.write("ok") == nil)
    try writeFile(location.path, "not a token at all\n")
    #expect(file.read() == nil)
  }
}
