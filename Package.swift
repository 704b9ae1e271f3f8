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
    .executableTarget(name: "setduel", dependencies: ["SetCore"]),
    .executableTarget(
      name: "setduel-bench", dependencies: ["SetCore", "SetSimulation"], path: "Benchmarks/CoreBench"),
    .testTarget(name: "SetCoreTests", dependencies: ["SetCore", "SetSimulation"]),
  ],
  swiftLanguageModes: [.v6]
)
