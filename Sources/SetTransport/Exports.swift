// The transport's state machines take time as an `Instant`: whoever uses the transport gets it with
// `import SetTransport`.
@_exported import SetBase
