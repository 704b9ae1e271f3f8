import SetTestSupport
import Testing

/// The `setduel` command line as a user meets it: bad options get a clear message, status 2, and a
/// pointer to the right help; nothing starts.
@Suite("Command line")
struct CommandLineTests {
  /// Runs the built binary, which is not on PATH unless `onPath`.
  func run(_ arguments: [String], onPath: Bool = false) throws -> (end: String, output: String, error: String) {
    let folder = try makeTemporaryFolder("cli")
    defer { removeFolder(folder) }
    let binary = try builtSetduel()
    let folderOfBinary = String(binary[..<binary.lastIndex(of: "/")!])
    let path = onPath ? "export PATH='\(folderOfBinary)':/usr/bin:/bin" : "export PATH=/usr/bin:/bin"
    let child = try Subprocess([binary] + arguments, folder: folder, name: "cli", shell: path)
    let end = child.end(timeout: 60)
    return (end, child.output, child.errorOutput)
  }

  @Test("a bad option value names the option and the reason, and points to the subcommand's help")
  func badValue() throws {
    let result = try run(["serve", "--port", "x"])
    #expect(result.end == "exit 2")
    #expect(result.error == "setduel: --port x: expected a whole number\nsee: \(try builtSetduel()) serve --help\n")
    for (option, value, reason) in [
      ("--claim-window", "-1", "must be more than 0 seconds"), ("--grace", "0", "must be more than 0 seconds"),
      ("--idle-timeout", "1e9", "must be at most 86400 seconds (a day)"), ("--port", "70000", "must be 0 to 65535"),
      ("--rate", "0", "must be 1 to 100000"),
    ] {
      let refused = try run(["serve", option, value])
      #expect(refused.end == "exit 2")
      #expect(refused.error.hasPrefix("setduel: \(option) \(value): \(reason)\n"), "\(refused.error)")
    }
  }

  @Test("serve --help names every variant, log level, bot level and the speed scoring's steps")
  func serveHelpListsTheTypes() throws {
    let help = try run(["serve", "--help"])
    #expect(help.end == "exit 0")
    let words = help.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    for phrase in [
      "the game: normal (default), junior, shuffle, chain, ultra or ultra9",
      "sets: every set scores 1 (default); speed: 3 if found within 10 s of the table changing, 2 within 20 s, 1 after",
      "debug, info, warning or error (default info)", "seat a computer player (easy, normal or hard)",
      "--scoring sets|speed",
    ] {
      #expect(words.contains(phrase), "\(phrase)")
    }
    let refused = try run(["serve", "--variant", "ultar"])
    #expect(
      refused.error.hasPrefix(
        "setduel: --variant ultar: expected normal, junior, shuffle, chain, ultra or ultra9 (did you mean ultra?)\n"),
      "\(refused.error)")
  }

  @Test("replay --watch of a file that is not a record says so in a terminal, as replay does")
  func watchingSomethingElse() throws {
    let folder = try makeTemporaryFolder("watch-other")
    defer { removeFolder(folder) }
    let path = folder + "/notes.txt"
    try writeFile(path, "hello\nworld\n")
    let watch = try PseudoTerminalProcess(
      [try builtSetduel(), "replay", path, "--watch"], environment: ["TERM=xterm-256color", "PATH=/usr/bin:/bin"])
    #expect(watch.waitForExit(within: 30) == 1)
    let output = String(decoding: watch.output, as: UTF8.self)
    #expect(output.contains("not a SetDuel record"), "\(output)")
  }

  @Test("the LAN options refuse what cannot work, before any packet is sent")
  func lanOptions() throws {
    for (words, message) in [
      (["play", "10.0.0.1", "--list"], "setduel: --list looks on the LAN; it takes no address\n"),
      (["play", "--porcelain"], "setduel: --porcelain goes with --list\n"),
      (["serve", "--table-name", ""], "setduel: --table-name: expected a name of 1 to 63 bytes\n"),
      (
        ["serve", "--table-name", String(repeating: "x", count: 64)],
        "setduel: --table-name: expected a name of 1 to 63 bytes\n"
      ),
    ] {
      let refused = try run(words)
      #expect(refused.end == "exit 2", "\(words)")
      #expect(refused.error.hasPrefix(message), "\(words): \(refused.error)")
    }
  }

  @Test("hints name the command that works: setduel when it is on PATH, else the command as it was run")
  func hintsNameTheWorkingCommand() throws {
    #expect(try run(["serve", "--port", "x"], onPath: true).error.hasSuffix("\nsee: setduel serve --help\n"))
    #expect(try run(["serve", "--port", "x"]).error.hasSuffix("\nsee: \(try builtSetduel()) serve --help\n"))
    let binary = try builtSetduel()
    let folder = try makeTemporaryFolder("cli-relative")
    defer { removeFolder(folder) }
    let relative = try Subprocess(
      ["./setduel", "serve", "--port", "x"], folder: folder, name: "cli",
      shell: "export PATH=/usr/bin:/bin; cd '\(binary[..<binary.lastIndex(of: "/")!])'")
    #expect(relative.end(timeout: 60) == "exit 2")
    #expect(relative.errorOutput.hasSuffix("\nsee: ./setduel serve --help\n"), "\(relative.errorOutput)")
  }

  @Test("a records folder that cannot be made is named as such, with --records and --no-records suggested")
  func recordsFolder() throws {
    let folder = try makeTemporaryFolder("cli-records")
    defer { removeFolder(folder) }
    let file = folder + "/plain-file"
    try writeFile(file, "not a folder")
    let result = try run(["serve", "--host", "127.0.0.1", "--port", "0", "--records", file + "/records"])
    #expect(result.end == "exit 1")
    #expect(result.error.hasPrefix("setduel: cannot create the records folder \(file)/records: "))
    #expect(result.error.hasSuffix("choose another folder with --records DIR, or keep none with --no-records\n"))
    #expect(!result.error.contains("cannot listen"), "named as the records folder, not as the address")
  }

  @Test("an unknown option or command is refused")
  func unknown() throws {
    let option = try run(["bot", "--speed", "9"])
    #expect(option.end == "exit 2")
    #expect(
      option.error.hasPrefix(
        "setduel: unknown option --speed; did you mean --seed?\nsee: \(try builtSetduel()) bot --help")
    )
    let command = try run(["fly"])
    #expect(command.end == "exit 2")
    #expect(command.error.hasPrefix("setduel: unknown command fly\nusage: setduel [command] [options]"))
    #expect(try run(["sevre"]).error.hasPrefix("setduel: unknown command sevre; did you mean serve?\n"))
    #expect(
      try run(["serve", "--prot", "1"]).error.hasPrefix("setduel: unknown option --prot; did you mean --port?\n"))
  }

  @Test("every help page fits in 79 columns, and a near miss of a topic or option is named")
  func helpFits() throws {
    for words in [
      ["help"], ["--help"], ["help", "serve"], ["help", "play"], ["help", "bot"], ["help", "replay"],
      ["help", "stats"], ["play", "--help"], ["fly"],
    ] {
      let result = try run(words)
      for line in (result.output + result.error).split(separator: "\n") {
        #expect(line.count <= 79, "\(words): \(line.count) columns: \(line)")
      }
    }
    let topic = try run(["help", "sevre"])
    #expect(topic.end == "exit 2")
    #expect(topic.error.hasPrefix("setduel: no help on sevre; did you mean help serve?\n"), "\(topic.error)")
    let option = try run(["--verison"])
    #expect(option.end == "exit 2")
    #expect(option.error.hasPrefix("setduel: unknown option --verison; did you mean --version?\n"), "\(option.error)")
  }

  @Test("--version and version print the version")
  func version() throws {
    for words in [["--version"], ["version"]] {
      let result = try run(words)
      #expect(result.end == "exit 0")
      #expect(result.output.hasPrefix("setduel ") && result.output.contains("(protocol 1, commit "), "\(result.output)")
    }
  }

  /// The commit is the one the binary was built at: HEAD then, maybe not now (a commit since, a test
  /// run without a build), so the test asks git whether it is a commit of this checkout.
  @Test("a plain build of a git checkout names its commit in --version, one git knows")
  func versionNamesTheCommit() throws {
    let root = "/" + #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
    let folder = try makeTemporaryFolder("cli-commit")
    defer { removeFolder(folder) }
    let head = try Subprocess(["/usr/bin/git", "-C", root, "rev-parse", "HEAD"], folder: folder, name: "head")
    guard head.end(timeout: 30) == "exit 0" else { return }  // Not a checkout: nothing to name.
    let line = try run(["--version"]).output
    let named = line.split(separator: "commit ").last.map { $0.prefix { $0.isHexDigit } } ?? ""
    #expect(named.count == 12, "\(line)")
    let known = try Subprocess(
      ["/usr/bin/git", "-C", root, "cat-file", "-e", "\(named)^{commit}"], folder: folder, name: "known")
    #expect(known.end(timeout: 30) == "exit 0", "\(line) names no commit of \(root)")
  }

  @Test("--help, -h and help SUBCOMMAND print the subcommand's use and exit 0")
  func help() throws {
    for command in ["serve", "play", "bot", "replay"] {
      for words in [[command, "--help"], [command, "-h"], ["help", command]] {
        let result = try run(words)
        #expect(result.end == "exit 0")
        #expect(result.output.hasPrefix("usage: setduel \(command)"), "\(words): \(result.output.prefix(80))")
      }
    }
  }
}
