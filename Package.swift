// swift-tools-version: 6.0
import PackageDescription

/// The pure modules: the standard library and one another, nothing else. No Glibc, Dispatch or
/// Foundation, so no clock, no sockets, no files, no terminal and no global randomness: time comes in
/// as a value, randomness from a seeded generator. Listed in layer order, lowest first: a pure module
/// uses only those before it. `Tests/ArchitectureTests` fails if a file in one of them imports anything
/// outside this list or above its own place, if a pure target depends on a shell or on a later module,
/// or if a pure file names a clock or a global random generator.
let pureModules = [
  "SetBase", "SetQR", "SetTournament", "SetCore", "SetTransport", "SetDiscovery", "SetProtocol", "SetStats",
  "SetAnalysis", "SetHost",
  "SetClientCore", "SetSimulation",
]

let package = Package(
  name: "SetDuel",
  products: [
    .executable(name: "setduel", targets: ["setduel"])
  ],
  dependencies: [],
  targets: [
    // MARK: Pure

    // What every other module shares: the one instant type, seats and `PerSeat`, the seeded generator.
    .target(name: "SetBase"),
    // QR Code model 2 in byte mode at level M, versions 1 to 10, drawn as SVG and in half-block characters.
    .target(name: "SetQR"),
    // Tournaments, arena and Swiss, as rules without tables: pairings by minimum-weight matching,
    // scoring, tie-breaks, the tournament's state machine and its record.
    .target(name: "SetTournament", dependencies: ["SetBase"]),
    // The rules of Set and of a two-player match.
    // Rounding and square roots are the C math library's on Linux: linked here, so that every program
    // using the pure modules links, not only those that happen to import Glibc.
    .target(name: "SetCore", dependencies: ["SetBase"], linkerSettings: [.linkedLibrary("m")]),
    // Seeded simulated players on a virtual clock: simulated players at a match, and two bots' brains
    // at a real host (the bot levels' calibration), for property tests and the benchmarks.
    .target(
      name: "SetSimulation", dependencies: ["SetCore", "SetProtocol", "SetClientCore", "SetHost", "SetTransport"]),
    // The wire: requests, replies, events and data lines, both ways; the game record's lines; the human presentation.
    .target(name: "SetProtocol", dependencies: ["SetCore"]),
    // A line transport without sockets: framing, telnet, rate limits, the connection state machine, the
    // transport seam and an in-memory line server on a manual clock.
    .target(name: "SetTransport", dependencies: ["SetBase"]),
    // The table's host: connections, seats, spectators and the match; the record's header and replay.
    .target(
      name: "SetHost",
      dependencies: ["SetCore", "SetProtocol", "SetTransport", "SetStats", "SetAnalysis", "SetTournament"]),
    // The client's core: the model of the table kept from the server's lines, the renderer, keys, the bot's brain.
    .target(name: "SetClientCore", dependencies: ["SetCore", "SetProtocol"]),
    // Finding tables on the LAN: the DNS message codec, and the multicast DNS responder and browser
    // for `_setduel._tcp` (RFC 6762, RFC 6763) as state machines without sockets.
    .target(name: "SetDiscovery", dependencies: ["SetBase"]),
    // Players' history folded from game records: per-player stats and Glicko-2 ratings.
    .target(name: "SetStats", dependencies: ["SetCore", "SetProtocol"]),
    // A game's analysis folded from its record: every set that was on the table, and each player's
    // finds, misses and wrong picks.
    .target(name: "SetAnalysis", dependencies: ["SetCore", "SetProtocol"]),

    // MARK: Shells (sockets, epoll, Dispatch, files, the terminal, the clock)

    // Linux calls Swift's Glibc module leaves out: epoll, eventfd, sched_setaffinity.
    .systemLibrary(name: "CLinux", path: "Sources/CLinux"),
    // The TCP line transport on Glibc sockets, an epoll event loop and Dispatch; line clients.
    .target(name: "SetNet", dependencies: ["SetTransport", "CLinux"]),
    // Tables on the LAN: the multicast DNS socket, the machine's interfaces, the announcer and the browser.
    .target(name: "SetLAN", dependencies: ["SetBase", "SetDiscovery", "SetNet", "CLinux"]),
    // The table server: a `GameHost` over a line transport, the timer and the record file.
    .target(
      name: "SetServer",
      dependencies: [
        "SetCore", "SetProtocol", "SetTransport", "SetHost", "SetNet", "SetStats", "SetTournament", "SetQR",
      ],
      // The page a browser plays from, and the projector page, built into the binary: `setduel serve`
      // alone serves them.
      resources: [
        .embedInCode("Page/index.html"), .embedInCode("Page/page.css"), .embedInCode("Page/game.js"),
        .embedInCode("Page/connection.js"), .embedInCode("Page/cards.js"), .embedInCode("Page/table.js"),
        .embedInCode("Page/variants.js"), .embedInCode("Page/countdown.js"), .embedInCode("Page/log.js"),
        .embedInCode("Page/narrate.js"), .embedInCode("Page/points.js"), .embedInCode("Page/howto.js"),
        .embedInCode("Page/lines.js"), .embedInCode("Page/lobby.js"), .embedInCode("Page/page.js"),
        .embedInCode("Page/favicon.svg"),
        .embedInCode("Page/tv.html"), .embedInCode("Page/tv.css"), .embedInCode("Page/tv-state.js"),
        .embedInCode("Page/tv-lines.js"), .embedInCode("Page/tv-featured.js"), .embedInCode("Page/tv-peek.js"),
        .embedInCode("Page/tv-draw.js"),
        .embedInCode("Page/tv-end.js"), .embedInCode("Page/tv.js"), .embedInCode("Page/tourney.js"),
        .embedInCode("Page/tourney-draw.js"), .embedInCode("Page/tourney.css"),
      ]),
    // The terminal client's restore path on fatal signals, in C: async-signal-safe, which Swift code cannot promise.
    .target(name: "CTerminal"),
    // The client's shells: a session that resumes after a drop, the raw-mode terminal, the bot player.
    .target(name: "SetClient", dependencies: ["SetCore", "SetProtocol", "SetClientCore", "SetNet", "CTerminal"]),
    .executableTarget(
      name: "setduel",
      dependencies: [
        "SetCore", "SetProtocol", "SetTransport", "SetHost", "SetClientCore", "SetNet", "SetServer", "SetClient",
        "SetStats", "SetDiscovery", "SetLAN", "SetAnalysis", "SetQR", "SetTournament",
      ],
      // The commit a plain `swift build` builds from, for `--version` (Scripts/release.sh writes its own).
      plugins: ["CommitStamp"]),
    // Writes the git checkout's commit into the setduel target before each build.
    .plugin(name: "CommitStamp", capability: .buildTool()),
    // What the benchmarks share: durations as numbers, a thread's processor time, the records benchmarks' options.
    .target(name: "BenchmarkSupport", path: "Benchmarks/Support"),
    .executableTarget(
      name: "setduel-bench", dependencies: ["SetCore", "SetSimulation", "BenchmarkSupport"],
      path: "Benchmarks/CoreBench"),
    // The bot levels against each other and a steady person, seeded, on a virtual clock: `setduel-bots`.
    .executableTarget(
      name: "setduel-bots", dependencies: ["SetCore", "SetClientCore", "SetSimulation"], path: "Benchmarks/BotBench"),
    // The load generator behind Benchmarks/run.sh: SetDuel against redis-server on loopback. Build in release.
    // Folding the players' history from 10,000 generated records, and a server's start-up on them.
    .executableTarget(
      name: "setduel-history-bench",
      dependencies: ["SetCore", "SetSimulation", "SetStats", "SetServer", "BenchmarkSupport"],
      path: "Benchmarks/HistoryBench"),
    // Analysing 10,000 generated records on one core.
    .executableTarget(
      name: "setduel-analysis-bench", dependencies: ["SetCore", "SetSimulation", "SetAnalysis", "BenchmarkSupport"],
      path: "Benchmarks/AnalysisBench"),
    // Pairing a Swiss round of 64 players and an arena of 200 waiting players. Build in release.
    .executableTarget(
      name: "setduel-tournament-bench", dependencies: ["SetTournament", "SetBase", "BenchmarkSupport"],
      path: "Benchmarks/TournamentBench"),
    .executableTarget(
      name: "setduel-load", dependencies: ["SetCore", "SetProtocol", "CLinux"], path: "Benchmarks/LoadBench"),
    // The kernel's floor for the fan-out and the timer: a bare epoll server the load generator times too.
    .executableTarget(name: "setduel-floor", dependencies: ["CLinux"], path: "Benchmarks/FloorBench"),

    // MARK: Tests

    // What the test targets share, for tests only (no product or shell depends on them). Without sockets:
    // `eventually`, files, a host driven on a manual clock, generated records.
    .target(
      name: "SetPureTestSupport",
      dependencies: ["SetCore", "SetHost", "SetTransport", "SetProtocol", "SetSimulation", "SetTournament"],
      path: "Tests/SetPureTestSupport"),
    // With sockets and processes: a table on loopback, the built binary, a pseudo-terminal, a network
    // namespace. It re-exports the helpers without sockets.
    .target(
      name: "SetTestSupport",
      dependencies: ["SetPureTestSupport", "SetCore", "SetProtocol", "SetTransport", "SetHost", "SetNet", "SetServer"],
      path: "Tests/SetTestSupport"),

    .testTarget(name: "ArchitectureTests"),
    .testTarget(
      name: "SetTestSupportTests", dependencies: ["SetTestSupport", "SetCore", "SetHost", "SetNet", "SetTransport"]),
    .testTarget(name: "SetBaseTests", dependencies: ["SetBase"]),
    .testTarget(name: "SetQRTests", dependencies: ["SetQR"]),
    .testTarget(name: "SetTournamentTests", dependencies: ["SetTournament", "SetBase"]),
    .testTarget(name: "SetCoreTests", dependencies: ["SetCore", "SetSimulation", "SetPureTestSupport"]),
    .testTarget(name: "SetProtocolTests", dependencies: ["SetProtocol"]),
    .testTarget(
      name: "SetAnalysisTests", dependencies: ["SetAnalysis", "SetCore", "SetProtocol", "SetSimulation", "SetHost"]),
    .testTarget(name: "SetDiscoveryTests", dependencies: ["SetDiscovery", "SetBase", "SetPureTestSupport"]),
    .testTarget(
      name: "SetStatsTests",
      dependencies: ["SetStats", "SetCore", "SetProtocol", "SetSimulation", "SetHost", "SetPureTestSupport"]),
    .testTarget(name: "SetTransportTests", dependencies: ["SetTransport", "SetBase"]),
    .testTarget(
      name: "SetHostTests",
      dependencies: [
        "SetHost", "SetCore", "SetProtocol", "SetTransport", "SetStats", "SetAnalysis", "SetPureTestSupport",
        "SetTournament",
      ]),
    .testTarget(
      name: "SetClientCoreTests",
      dependencies: ["SetClientCore", "SetCore", "SetProtocol", "SetSimulation", "SetPureTestSupport"],
      exclude: ["Snapshots"]),
    .testTarget(name: "SetSimulationTests", dependencies: ["SetSimulation", "SetCore", "SetClientCore"]),
    .testTarget(name: "SetNetTests", dependencies: ["SetTransport", "SetNet", "CLinux", "SetTestSupport"]),
    .testTarget(name: "SetLANTests", dependencies: ["SetLAN", "SetDiscovery", "SetTestSupport"]),
    .testTarget(
      name: "SetServerTests",
      dependencies: [
        "SetHost", "SetServer", "SetTransport", "SetNet", "SetProtocol", "SetCore", "SetTestSupport", "SetStats",
        "SetTournament", "SetQR",
      ],
      exclude: ["Transcripts"]),
    .testTarget(
      name: "SetClientTests",
      dependencies: [
        "SetClientCore", "SetClient", "SetCore", "SetProtocol", "SetHost", "SetServer", "SetTransport", "SetNet",
        "SetTestSupport", "SetSimulation",
      ]),
    // The built `setduel` binary run as people run it, in processes of its own: serve, play in a
    // pseudo-terminal, the other commands, LAN discovery in network namespaces, the browser scripts.
    .testTarget(
      name: "EndToEndTests",
      dependencies: [
        "setduel", "SetTestSupport", "SetCore", "SetProtocol", "SetTransport", "SetNet", "SetServer", "SetStats",
        "SetDiscovery", "SetClient", "SetClientCore", "SetQR",
      ]),
  ],
  swiftLanguageModes: [.v6]
)
