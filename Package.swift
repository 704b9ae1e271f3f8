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
    // A game-agnostic TCP line transport: Glibc sockets and Dispatch.
    .target(name: "SetNet"),
    .executableTarget(name: "setduel", dependencies: ["SetCore"]),
    .testTarget(name: "SetCoreTests", dependencies: ["SetCore"]),
    .testTarget(name: "SetNetTests", dependencies: ["SetNet"]),
  ],
  swiftLanguageModes: [.v6]
)
