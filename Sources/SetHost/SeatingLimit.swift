import SetCore

/// How often one address may take a seat with `NAME`: at most `perMinute` times in any minute-long
/// window that begins with a seating. Every seating writes lines to the game record, so a stream of
/// throwaway names (connect, `NAME z1`, `QUIT`, over and over) would otherwise grow it without end.
/// A person takes a seat a few times an hour; watching is not limited.
public struct SeatingLimit: Equatable, Sendable {
  /// Seatings allowed per address in a window.
  public var perMinute: Int
  /// The window, in milliseconds.
  public static let window: Int64 = 60_000
  /// Addresses kept at most; past it, those whose window has ended are forgotten.
  static let addressesKept = 4096

  /// One address's window: when it began, and the seatings counted in it.
  private struct Window: Equatable, Sendable {
    var start: Instant
    var count: Int
  }

  /// Each address's current window; two limits are equal when their windows are, starts included.
  private var windows: [String: Window] = [:]

  public init(perMinute: Int = 30) {
    self.perMinute = perMinute
  }

  /// Whether `address` may take a seat at `now`; if so, the seating is counted.
  public mutating func allow(_ address: String, at now: Instant) -> Bool {
    if windows.count >= Self.addressesKept {
      windows = windows.filter { now.milliseconds(since: $0.value.start) < Self.window }
    }
    guard let current = windows[address], now.milliseconds(since: current.start) < Self.window else {
      windows[address] = Window(start: now, count: 1)
      return perMinute > 0
    }
    guard current.count < perMinute else { return false }
    windows[address]?.count += 1
    return true
  }

  /// The address part of a peer written `address:port`.
  public static func address(ofPeer peer: String) -> String {
    guard let colon = peer.lastIndex(of: ":") else { return peer }
    return String(peer[..<colon])
  }
}
