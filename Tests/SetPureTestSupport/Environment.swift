import Glibc

/// A whole number from the environment, or nil: how a person asks a test for more runs than its default.
package func environmentNumber(_ name: String) -> Int? {
  getenv(name).flatMap { Int(String(cString: $0)) }
}
