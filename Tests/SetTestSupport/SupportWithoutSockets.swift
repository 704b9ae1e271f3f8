// The helpers without sockets come with these: a test that runs a table on loopback or the binary
// imports this target alone.
@_exported import SetPureTestSupport
