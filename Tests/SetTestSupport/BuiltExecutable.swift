import Glibc

/// The path of the `setduel` binary that `swift build` made next to the running test bundle, for the
/// tests that run it as a user would.
package func builtSetduel() throws -> String {
  var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
  let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
  guard count > 0 else { throw MissingExecutable(reason: "cannot read /proc/self/exe") }
  let exe = String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  let folder = exe.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
  let path = folder + "/setduel"
  guard access(path, X_OK) == 0 else {
    throw MissingExecutable(
      reason: "no setduel binary at \(path): `swift build` makes it (and `swift test` builds it too)")
  }
  return path
}

/// Why `builtSetduel` found no binary to run.
package struct MissingExecutable: Error, CustomStringConvertible {
  package var reason: String
  package var description: String { reason }
}
