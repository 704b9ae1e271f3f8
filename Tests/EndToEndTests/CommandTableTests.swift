import Glibc
import SetDiscovery
import SetTestSupport
import Testing

/// The man page and the shell completions are made from the command table the parser reads: what
/// `setduel help` and `COMMAND --help` list is what the page shows and what Tab offers, and every
/// value offered is one the parser accepts.
@Suite("Man page and completions")
struct CommandTableTests {
  /// Runs `script` in bash with the built binary as `$SETDUEL`, in a fresh folder: status and output.
  func shell(_ script: String, path: String = "/usr/bin:/bin") throws -> (end: String, output: String, error: String) {
    let folder = try makeTemporaryFolder("commands")
    defer { removeFolder(folder) }
    let child = try Subprocess(
      ["/bin/bash", "-c", script], folder: folder, name: "shell",
      shell: "export PATH='\(path)' SETDUEL='\(try builtSetduel())'; cd '\(folder)'")
    let end = child.end(timeout: 60)
    return (end, child.output, child.errorOutput)
  }

  /// The commands `setduel help` lists, by name.
  func listedCommands() throws -> [String] {
    let help = try shell("\"$SETDUEL\" help").output
    let list = help.components(after: "commands:\n", before: "\n\n")
    return list.split(separator: "\n").compactMap { line in
      line.hasPrefix("  ") && !line.hasPrefix("   ") ? String(line.dropFirst(2).prefix { $0 != " " }) : nil
    }.filter { $0 != "(none)" }
  }

  /// The options `setduel COMMAND --help` lists (for the command without a name, `--public --help`).
  func listedOptions(_ command: String?) throws -> [String] {
    let words = command.map { "\($0) --help" } ?? "--public --help"
    let help = try shell("\"$SETDUEL\" \(words)").output
    return help.components(after: "options:\n", before: "\n\n").split(separator: "\n").compactMap { line in
      line.hasPrefix("  --") ? String(line.dropFirst(2).prefix { $0 != " " }) : nil
    }
  }

  @Test("help lists every command, and each command's help lists its options with --help last")
  func helpListsTheTable() throws {
    let commands = try listedCommands()
    #expect(
      commands.starts(with: [
        "serve", "play", "bot", "replay", "stats", "tournament", "analyse", "puzzle", "practice", "qr", "completions",
      ]), "\(commands)")
    #expect(commands.contains("help") && commands.contains("version"))
    for command in [nil] + commands {
      let options = try listedOptions(command)
      #expect(options.last == "--help", "\(command ?? "setduel"): \(options)")
    }
    #expect(try listedOptions("serve").contains("--scoring"))
    #expect(try listedOptions("help").contains("--man"))
  }

  @Test("setduel(1) renders with man -l and shows every command and, in its section, every option help lists")
  func manPage() throws {
    let rendered = try shell("\"$SETDUEL\" help --man > setduel.1 && LC_ALL=C MANWIDTH=120 man --warnings -l setduel.1")
    #expect(rendered.end == "exit 0", "\(rendered.error)")
    #expect(rendered.error.isEmpty, "groff warns: \(rendered.error)")
    let page = rendered.output
    #expect(page.hasPrefix("SETDUEL(1)"), "\(page.prefix(200))")
    // A command's section runs from its heading, `   setduel NAME`, to the next heading.
    var sections: [String: String] = [:]
    var current: String?
    for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("   setduel") && !line.hasPrefix("    ") {
        current = String(line.dropFirst(3))
        sections[current!] = ""
      } else if line.first?.isLetter == true {
        current = nil
      } else if let current {
        sections[current, default: ""] += line + "\n"
      }
    }
    for command in [nil] + (try listedCommands()) {
      let heading = command.map { "setduel \($0)" } ?? "setduel"
      guard let section = sections[heading] else {
        Issue.record("no section for \(heading) in the page: \(sections.keys.sorted())")
        continue
      }
      for option in try listedOptions(command) {
        #expect(section.contains("       \(option)"), "\(heading): \(option) not in its section")
      }
    }
    #expect(page.contains("SYNOPSIS") && page.contains("setduel serve [options]"))
  }

  /// What bash's Tab offers for `line` (the cursor at its end), with `setduel` on PATH in `path`.
  func complete(_ line: String, path: String = "/usr/bin:/bin") throws -> [String] {
    let script = """
      source <("$SETDUEL" completions bash) || exit 3
      COMP_LINE=\(line.singleQuotedForTest); COMP_POINT=${#COMP_LINE}
      read -ra COMP_WORDS <<<"$COMP_LINE"; [[ $COMP_LINE == *' ' ]] && COMP_WORDS+=('')
      COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
      _setduel
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let result = try shell(script, path: path)
    #expect(result.end == "exit 0", "\(line): \(result.error)")
    return result.output.split(separator: "\n").map(String.init)
  }

  @Test("bash completes commands, each command's options, and the options' values the parser accepts")
  func bashCompletion() throws {
    #expect(try complete("setduel ") == (try listedCommands()))
    #expect(try complete("setduel se") == ["serve"])
    // --version is one of the solo game's options, so it is offered once, in the order its help lists it.
    #expect(try complete("setduel --") == ["--public", "--level", "--version", "--help"])
    #expect(try complete("setduel --") == (try listedOptions(nil)))
    for command in ["serve", "play", "bot", "replay", "stats"] {
      #expect(try complete("setduel \(command) --") == (try listedOptions(command)), "\(command)")
    }
    #expect(try complete("setduel serve --no-") == ["--no-records", "--no-announce", "--no-show"])
    #expect(try complete("setduel help ") == (try listedCommands()))
    #expect(try complete("setduel completions ") == ["bash", "zsh", "fish"])
    // A value: what the parser names when it refuses a wrong one is exactly what Tab offers.
    for (command, option) in [
      ("serve", "scoring"), ("serve", "bot"), ("serve", "log-level"), ("play", "theme"),
      ("bot", "level"),
    ] {
      let refused = try shell("\"$SETDUEL\" \(command) --\(option) nonsense").error
      let named = refused.components(after: ": expected ", before: "\n")
        .replacing(" or ", with: ", ").split(separator: ", ").map(String.init)
      let offered = try complete("setduel \(command) --\(option) ")
      #expect(!offered.isEmpty && offered == named, "--\(option): offered \(offered), the parser names \(named)")
      #expect(try complete("setduel \(command) --\(option)=") == offered, "--\(option)=")
      for value in offered {
        #expect(
          try shell("\"$SETDUEL\" \(command) --\(option) \(value) --help").end == "exit 0", "--\(option) \(value)")
      }
    }
    #expect(try complete("setduel serve --scoring=sp") == ["speed"])
    #expect(try complete("setduel serve --port ").isEmpty)
    #expect(try complete("setduel stats --records /proc/sel") == ["/proc/self"])
    #expect(try complete("setduel replay /proc/self/statu") == ["/proc/self/status"])
  }

  @Test("bash completes play's and bot's address with the tables setduel play --list --porcelain prints")
  func bashCompletesTables() throws {
    let folder = try makeTemporaryFolder("fake-setduel")
    defer { removeFolder(folder) }
    let tables = [
      FoundTable(
        name: "ann's table", address: [192, 168, 1, 5], port: 7878,
        advert: TableAdvert(phase: .waiting, seats: ["ann", nil], watching: 0)),
      FoundTable(
        name: "bob", address: [10, 0, 0, 2], port: 7000,
        advert: TableAdvert(phase: .playing, seats: ["bob", "cy"], watching: 2)),
    ]
    // A stand-in setduel on PATH that answers play --list --porcelain as the real one does.
    let listing = tables.map(\.porcelain).joined(separator: "\n") + "\n"
    try writeFile(folder + "/list.txt", listing)
    try writeFile(
      folder + "/setduel",
      "#!/bin/sh\n[ \"$*\" = 'play --list --porcelain' ] && exec cat '\(folder)/list.txt'\nexit 2\n")
    #expect(chmod(folder + "/setduel", 0o755) == 0)
    let path = folder + ":/usr/bin:/bin"
    #expect(try complete("setduel play ", path: path) == ["192.168.1.5:7878", "10.0.0.2:7000"])
    #expect(try complete("setduel bot 10.", path: path) == ["10.0.0.2:7000"])
    #expect(try complete("setduel play --ascii 192", path: path) == ["192.168.1.5:7878"])
    // After a colon, readline replaces what follows it, so the port alone is offered.
    #expect(try complete("setduel play 192.168.1.5:78", path: path) == ["7878"])
    #expect(try complete("setduel play --name ", path: path).isEmpty)
  }

  @Test("the zsh and fish scripts are made, for the zsh and fish completion systems")
  func otherShells() throws {
    let zsh = try shell("\"$SETDUEL\" completions zsh")
    #expect(zsh.end == "exit 0")
    #expect(zsh.output.hasPrefix("#compdef setduel\n") && zsh.output.contains("'--scoring=["))
    let fish = try shell("\"$SETDUEL\" completions fish")
    #expect(fish.end == "exit 0")
    #expect(
      fish.output.contains("complete -c setduel -n '__fish_seen_subcommand_from serve' -l scoring -x -a 'sets speed'"))
    let unknown = try shell("\"$SETDUEL\" completions tcsh")
    #expect(unknown.end == "exit 2")
    #expect(unknown.error.hasPrefix("setduel: no completions for tcsh: expected bash, zsh or fish\n"))
  }
}

extension String {
  /// The text between the first `start` and the next `end` after it (or the end of the text).
  func components(after start: String, before end: String) -> String {
    guard let from = firstRange(of: start)?.upperBound else { return "" }
    let rest = self[from...]
    return String(rest[..<(rest.firstRange(of: end)?.lowerBound ?? rest.endIndex)])
  }

  /// The text in single quotes for bash.
  var singleQuotedForTest: String {
    "'" + split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
  }
}
