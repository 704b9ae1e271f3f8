import SetTestSupport
import Testing

/// `setduel serve --variant` and `--first-to` refuse what cannot be played, before listening.
@Suite("serve --variant")
struct VariantServeProcessTests {
  @Test("an unknown variant names the nearest; a first-to target the deck cannot give is refused")
  func badOptions() throws {
    let folder = try makeTemporaryFolder("variant")
    let cases = [
      (
        ["--variant", "ultra8"],
        "--variant ultra8: expected normal, junior, shuffle, chain, ultra or ultra9 (did you mean ultra?)"
      ),
      (["--first-to", "0"], "--first-to 0: must be 1 to 27"),
      (["--variant", "junior", "--first-to", "10"], "--first-to 10: must be 1 to 9"),
    ]
    for (options, message) in cases {
      let serve = try Subprocess(
        [try builtSetduel(), "serve", "--host", "127.0.0.1", "--port", "0", "--no-announce", "--no-records"]
          + options, folder: folder, name: "serve")
      #expect(serve.end(timeout: 60) == "exit 2", "\(options): a usage error")
      #expect(serve.errorOutput.contains(message), "\(serve.errorOutput)")
    }
  }
}
