import Glibc

/// Polls `condition` every `pollMilliseconds` until it holds or `timeout` seconds pass, and returns
/// whether it held: the one way tests wait for something another thread or process does.
///
/// Callers `#expect` the result, so a failure is reported at the test's own line:
/// `#expect(eventually { server.connectionCount == 0 }, "connections left")`.
package func eventually(timeout: Double = 30, pollMilliseconds: Int = 5, _ condition: () throws -> Bool) rethrows
  -> Bool
{
  let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
  while ContinuousClock.now < deadline {
    if try condition() { return true }
    usleep(UInt32(pollMilliseconds * 1000))
  }
  return try condition()
}
