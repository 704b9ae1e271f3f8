import SetTestSupport
import Testing

/// The `setduel` command line as a user meets it: bad options get a clear message, status 2, and a
/// pointer to the right help; nothing starts.
@Suite("Command line")
struct CommandLineTests {
  func run(_ arguments: [String]) throws -> (end: String, output: String, error: String) {
    let folder = try makeTemporaryFolder("cli")
    defer { removeFolder(folder) }
    let child = try Subprocess([try builtSetduel()] + arguments, folder: folder, name: "cli")
    let end = child.end(timeout: 60)
    return (end, child.output, child.errorOutput)
  }

  @Test("a bad option value names the option and points to the subcommand's help")
  func badValue() throws {
    let result = try run(["serve", "--port", "x"])
    #expect(result.end == "exit 2")
    #expect(result.error == "setduel: --port x: expected a port 0 to 65535\nsee: setduel serve --help\n")
  }

  @Test("an unknown option or command is refused")
  func unknown() throws {
    let option = try run(["bot", "--speed", "9"])
    #expect(option.end == "exit 2")
    #expect(option.error.hasPrefix("setduel: unknown option --speed\nsee: setduel bot --help"))
    let command = try run(["fly"])
    #expect(command.end == "exit 2")
    #expect(command.error.hasPrefix("setduel: unknown command fly\nusage: setduel [command] [options]"))
  }

  @Test("--help prints the subcommand's use and exits 0")
  func help() throws {
    for command in ["serve", "play", "bot", "replay"] {
      let result = try run([command, "--help"])
      #expect(result.end == "exit 0")
      #expect(result.output.hasPrefix("usage: setduel \(command)"), "\(command): \(result.output.prefix(80))")
    }
  }
}
