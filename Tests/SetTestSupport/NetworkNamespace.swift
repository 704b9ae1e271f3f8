import Foundation
@preconcurrency import Glibc

/// A network namespace a test makes for itself (as root, with iproute2's `ip`), so that what announces
/// or browses on every interface does so where nothing leaves the machine: inside it there is only
/// loopback, up, with the multicast route on it, unless the test joins two namespaces with a veth pair
/// (which also stays inside the machine). Deleted when released.
package final class NetworkNamespace {
  package let name: String

  /// Where `ip` is, or nil.
  package static let ip: String? = ["/usr/sbin/ip", "/sbin/ip", "/usr/bin/ip", "/bin/ip"].first {
    access($0, X_OK) == 0
  }

  /// Whether namespaces can be made here (root and `ip` present); tests that need them are skipped
  /// otherwise, saying why.
  package static let available: Bool = {
    guard geteuid() == 0, ip != nil else { return false }
    return (try? NetworkNamespace()) != nil
  }()

  nonisolated(unsafe) private static var made = 0

  /// A new namespace with loopback up and, if `multicastOnLoopback`, 224.0.0.0/4 routed on it (without
  /// that route, as on most machines, multicast would follow the default route, if there is one).
  package init(multicastOnLoopback: Bool = true) throws {
    NetworkNamespace.made += 1
    name = "setduel-test-\(getpid())-\(NetworkNamespace.made)-\(UInt16.random(in: 0...UInt16.max))"
    try Self.ip("netns", "add", name)
    try Self.ip("-n", name, "link", "set", "lo", "up")
    if multicastOnLoopback { try Self.ip("-n", name, "route", "add", "224.0.0.0/4", "dev", "lo") }
  }

  /// Sends everything not on a linked subnet to `gateway`.
  package func routeByDefault(via gateway: String) throws {
    try Self.ip("-n", name, "route", "add", "default", "via", gateway)
  }

  deinit { try? Self.ip("netns", "del", name) }

  /// `arguments` run inside the namespace: the words to start a process with.
  package func command(_ arguments: [String]) -> [String] {
    [Self.ip ?? "ip", "netns", "exec", name] + arguments
  }

  /// Joins this namespace to `other` with a veth pair: `address`/24 here, `otherAddress`/24 there.
  package func link(to other: NetworkNamespace, address: String, otherAddress: String) throws {
    let here = "sdv\(UInt16.random(in: 0...9999))a"
    let there = here.dropLast() + "b"
    try Self.ip("link", "add", here, "netns", name, "type", "veth", "peer", "name", String(there), "netns", other.name)
    try Self.ip("-n", name, "addr", "add", "\(address)/24", "dev", here)
    try Self.ip("-n", other.name, "addr", "add", "\(otherAddress)/24", "dev", String(there))
    try Self.ip("-n", name, "link", "set", here, "up")
    try Self.ip("-n", other.name, "link", "set", String(there), "up")
  }

  /// Runs `body` on a thread of its own that has entered this namespace, and returns what it returned:
  /// the sockets that thread opens and the interfaces it sees are the namespace's, whatever thread uses
  /// them later. Throws, without running `body`, if the thread cannot enter the namespace.
  package func run<T>(_ body: @escaping () throws -> T) throws -> T {
    let path = "/var/run/netns/\(name)"
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw NamespaceError("cannot open \(path)") }
    defer { close(fd) }
    // glibc's setns(2), which Swift's Glibc module leaves out.
    typealias SetNamespace = @convention(c) (Int32, Int32) -> Int32
    guard let symbol = dlsym(nil, "setns") else { throw NamespaceError("no setns in the C library") }
    let enter = unsafeBitCast(symbol, to: SetNamespace.self)
    let run = NamespaceThread(body)
    let thread = Thread {
      // CLONE_NEWNET: this thread alone moves into the namespace's network.
      if enter(fd, 0x4000_0000) == 0 {
        run.result = Result { try run.body() }
      } else {
        run.result = .failure(NamespaceError("setns into \(path) failed"))
      }
      run.done.signal()
    }
    thread.start()
    run.done.wait()
    return try run.result!.get()
  }

  /// Runs `ip` with `arguments`, throwing if it fails.
  package static func ip(_ arguments: String...) throws {
    guard let ip else { throw NamespaceError("no ip command") }
    let argv = ([ip] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var pid: pid_t = 0
    guard posix_spawn(&pid, ip, &actions, nil, argv, environ) == 0 else { throw NamespaceError("cannot run ip") }
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    guard status == 0 else { throw NamespaceError("ip \(arguments.joined(separator: " ")) failed") }
  }
}

/// What a thread in a namespace runs and what came of it, handed between the two threads.
private final class NamespaceThread<T>: @unchecked Sendable {
  // @unchecked Sendable: `result` is written before `done` is signalled and read only after.
  let body: () throws -> T
  var result: Result<T, any Error>?
  let done = DispatchSemaphore(value: 0)
  init(_ body: @escaping () throws -> T) { self.body = body }
}

package struct NamespaceError: Error, CustomStringConvertible {
  package let description: String
  init(_ description: String) { self.description = description }
}
