import Dispatch

/// Where and when a table's work runs: the one owner of its state. On sockets a serial queue owns it
/// (`QueueScheduler`); in memory the caller's own thread runs everything at once (`ImmediateScheduler`),
/// so that the same `TableServer` and `Table` run in tests as on sockets, as NIOEmbedded runs the real
/// pipeline.
public protocol TableScheduler: Sendable {
  /// Runs `body` as the table's owner and returns what it returns: from elsewhere, waiting for the
  /// owner; immediate, at once.
  func sync<T>(_ body: () throws -> T) rethrows -> T
  /// Runs `work` as the owner, `milliseconds` from now (immediate: at once, before returning).
  func after(milliseconds: Int, _ work: @escaping @Sendable () -> Void)
  /// Stops the program if the caller is not the owner.
  func assertOwner()
  /// The queue sockets and timers are served on, or nil when there is none (in memory).
  var queue: DispatchQueue? { get }
}

/// A serial Dispatch queue owns the table: every entry point goes there.
public struct QueueScheduler: TableScheduler {
  public let queue: DispatchQueue?
  private let serial: DispatchQueue

  public init(label: String = "setduel.table") {
    serial = DispatchQueue(label: label)
    queue = serial
  }

  public func sync<T>(_ body: () throws -> T) rethrows -> T {
    dispatchPrecondition(condition: .notOnQueue(serial))
    return try serial.sync(execute: body)
  }

  public func after(milliseconds: Int, _ work: @escaping @Sendable () -> Void) {
    serial.asyncAfter(deadline: .now() + .milliseconds(milliseconds), execute: work)
  }

  public func assertOwner() {
    dispatchPrecondition(condition: .onQueue(serial))
  }
}

/// The caller's thread owns the table and everything happens at once: for a whole table in memory over
/// an `EmbeddedLineServer` and a `ManualClock`, used from one thread only.
public struct ImmediateScheduler: TableScheduler {
  public var queue: DispatchQueue? { nil }

  public init() {}

  public func sync<T>(_ body: () throws -> T) rethrows -> T { try body() }

  public func after(milliseconds: Int, _ work: @escaping @Sendable () -> Void) { work() }

  public func assertOwner() {}
}
