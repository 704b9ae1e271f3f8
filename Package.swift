// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "SetDuel",
  products: [
    .executable(name: "setduel", targets: ["setduel"])
  ],
  dependencies: [],
  targets: [
    // The rules of Set and of a two-player match: standard library only.
    .target(name: "SetCore"),
    // Seeded simulated players driving a match on a virtual clock: for property tests and the benchmark.
    .target(name: "SetSimulation", dependencies: ["SetCore"]),
    // The wire: requests, replies and events as lines, both ways. Pure.
    .target(name: "SetProtocol", dependencies: ["SetCore"]),
    // A game-agnostic TCP line transport: Glibc sockets and Dispatch.
    .target(name: "SetNet"),
    // The table's host: connections, seats and the match, with no I/O. Then the socket shell around it.
    .target(name: "SetServer", dependencies: ["SetCore", "SetProtocol", "SetNet"]),
    // The client: a pure model of the table, the renderer and the bot's brain, and the shells around them.
    .target(name: "SetClient", dependencies: ["SetCore", "SetProtocol", "SetNet"]),
    .executableTarget(name: "setduel", dependencies: ["SetCore", "SetProtocol", "SetNet", "SetServer", "SetClient"]),
    .executableTarget(
      name: "setduel-bench", dependencies: ["SetCore", "SetSimulation"], path: "Benchmarks/CoreBench"),
    .testTarget(name: "SetCoreTests", dependencies: ["SetCore", "SetSimulation"]),
    .testTarget(name: "SetProtocolTests", dependencies: ["SetProtocol"]),
    .testTarget(name: "SetNetTests", dependencies: ["SetNet"]),
    .testTarget(
      name: "SetServerTests", dependencies: ["SetServer", "SetNet", "SetProtocol", "SetCore"],
      exclude: ["Transcripts"]),
    .testTarget(
      name: "SetClientTests", dependencies: ["SetClient", "SetCore", "SetProtocol", "SetServer", "SetNet", "setduel"],
      exclude: ["Snapshots"]),
  ],
  swiftLanguageModes: [.v6]
)
