import Foundation
@preconcurrency import Glibc
import SetDiscovery
import SetTestSupport
import Testing

// Past 300 lines because the namespaces, links and processes are set up here for every test of them.

/// Finding a table on the LAN, end to end: `setduel serve` announcing and `setduel play` browsing, each
/// the real binary in a process of its own, inside network namespaces the tests make, so that no
/// multicast leaves the machine. Skipped where namespaces cannot be made (not root, or no `ip`).
@Suite(
  "LAN discovery, between processes in network namespaces",
  .enabled(if: NetworkNamespace.available, "needs root and iproute2's ip to make network namespaces"),
  .serialized)
struct DiscoveryProcessTests {
  /// A python3 listener in the multicast DNS group, as any mDNS cache on the link would be: it prints
  /// every packet it hears, in hex, one a line, for argv[1] seconds, on the interface with the address
  /// argv[2] (loopback if not given).
  static let listener = """
    import socket, struct, sys, time
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    s.bind(('', 5353))
    s.setsockopt(socket.IPPROTO_IP, socket.IP_ADD_MEMBERSHIP,
                 struct.pack('4s4s', socket.inet_aton('224.0.0.251'),
                             socket.inet_aton(sys.argv[2] if len(sys.argv) > 2 else '127.0.0.1')))
    s.settimeout(0.1)
    end = time.time() + float(sys.argv[1])
    print('listening', flush=True)
    while time.time() < end:
        try:
            data, sender = s.recvfrom(9000)
        except socket.timeout:
            continue
        print(data.hex(), flush=True)
    """

  /// A player who names itself and stays, written in python3 so the test needs no nc.
  static func player(_ name: String, port: UInt16) -> String {
    """
    import socket, time
    s = socket.create_connection(('127.0.0.1', \(port)))
    s.sendall(b'NAME \(name)\\r\\n')
    time.sleep(60)
    """
  }

  /// `setduel serve` in `namespace` with `options`, started: the process and its port.
  static func serve(in namespace: NetworkNamespace, _ options: [String], folder: String, name: String) throws -> (
    Subprocess, UInt16
  ) {
    let process = try Subprocess(
      namespace.command([try builtSetduel(), "serve", "--port", "0", "--no-records"] + options), folder: folder,
      name: name)
    guard let serving = process.outputLine(startingWith: "SetDuel is serving on "),
      let port = serving.split(separator: ":").last?.split(separator: " ").first.flatMap({ UInt16($0) })
    else { throw TestFailure("the server did not start: \(process.output) \(process.errorOutput)") }
    guard process.outputLine(startingWith: "Announcing on the LAN as ") != nil else {
      throw TestFailure("the server did not announce: \(process.output) \(process.errorOutput)")
    }
    return (process, port)
  }

  /// Runs `setduel play --list --porcelain` in `namespace` until it prints `expected`, for up to 30 s:
  /// whether it did, and what it printed last.
  static func eventuallyLists(_ expected: [String], in namespace: NetworkNamespace, folder: String) -> (
    matched: Bool, last: [String]
  ) {
    var last: [String] = []
    let matched = eventually(timeout: 30) {
      last = (try? list(in: namespace, folder: folder)) ?? []
      return last == expected
    }
    return (matched, last)
  }

  /// `setduel play --name bob` with no address in `namespace`, in a pseudo-terminal.
  static func play(in namespace: NetworkNamespace, folder: String) throws -> PseudoTerminalProcess {
    try PseudoTerminalProcess(
      namespace.command([try builtSetduel(), "play", "--name", "bob"]),
      environment: ["TERM=xterm-256color", "NO_COLOR=1", "PATH=/usr/bin:/bin", "XDG_STATE_HOME=\(folder)"])
  }

  /// What `setduel play --list --porcelain` prints in `namespace`.
  static func list(in namespace: NetworkNamespace, folder: String) throws -> [String] {
    let process = try Subprocess(
      namespace.command([try builtSetduel(), "play", "--list", "--porcelain"]), folder: folder, name: "list")
    let end = process.end(timeout: 30)
    guard end == "exit 0" else { throw TestFailure("play --list: \(end): \(process.errorOutput)") }
    return process.output.split(separator: "\n").map(String.init)
  }

  @Test("serve announces; play --list finds it, sees a player sit down, and a standard listener hears the goodbye")
  func announceListAndGoodbye() throws {
    let folder = try makeTemporaryFolder("discovery")
    defer { removeFolder(folder) }
    let namespace = try NetworkNamespace()
    let listener = try Subprocess(
      namespace.command(["python3", "-c", Self.listener, "60"]), folder: folder, name: "listener")
    #expect(listener.outputLine(startingWith: "listening") != nil, "\(listener.errorOutput)")
    // The default host, 0.0.0.0: every interface of the namespace, which has only loopback.
    let (server, port) = try Self.serve(in: namespace, ["--table-name", "ann's table"], folder: folder, name: "serve")

    let empty = "ann's table\t127.0.0.1\t\(port)\twaiting\t\t\t0\thttp://127.0.0.1:\(port)/\tnormal\t1\t1"
    #expect(try Self.list(in: namespace, folder: folder) == [empty])

    let player = try Subprocess(
      namespace.command(["python3", "-c", Self.player("ann", port: port)]), folder: folder, name: "player")
    defer { player.signal(SIGKILL) }
    let seated = "ann's table\t127.0.0.1\t\(port)\twaiting\tann\t\t0\thttp://127.0.0.1:\(port)/\tnormal\t1\t1"
    let listed = Self.eventuallyLists([seated], in: namespace, folder: folder)
    #expect(listed.matched, "listed \(listed.last)")

    server.signal(SIGTERM)
    #expect(server.end() == "exit 0")
    let instance = ServiceNames.instance("ann's table")!
    var heard: [DNSMessage] = []
    let saidGoodbye = eventually(timeout: 30) {
      heard = listener.output.split(separator: "\n").dropFirst().compactMap { try? DNSReader.decode(hex(String($0))) }
      return heard.contains { message in
        message.answers.contains { $0.data == .ptr(instance) && $0.ttl == 0 }
      }
    }
    #expect(saidGoodbye, "heard \(heard.count) packets")
    let goodbye = heard.last { $0.answers.contains { $0.data == .ptr(instance) && $0.ttl == 0 } }
    #expect(goodbye?.answers.allSatisfy { $0.ttl == 0 } == true)
    #expect(
      heard.contains { message in
        message.answers.contains { $0.name == instance && $0.data == .txt(TableAdvert(txt: Self.txt(seated))!.txt) }
      }, "the TXT record was announced again when ann sat down")
  }

  /// The TXT strings a porcelain line's table would announce.
  static func txt(_ porcelain: String) -> [[UInt8]] {
    let fields = porcelain.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    let phase = TableAdvert.Phase(rawValue: fields[3])!
    return TableAdvert(
      phase: phase, seats: [fields[4], fields[5]].map { $0.isEmpty ? nil : $0 }, watching: Int(fields[6])!,
      page: fields.count > 7 && !fields[7].isEmpty ? "/" : nil,
      hall: fields.count > 10 ? HallCounts(tables: Int(fields[9])!, waiting: Int(fields[10])!) : nil
    ).txt
  }

  @Test("a hall of three tables is announced once with its counts; play --list lists the tables waiting")
  func hallAnnounced() throws {
    let folder = try makeTemporaryFolder("discovery-hall")
    defer { removeFolder(folder) }
    let namespace = try NetworkNamespace()
    let (server, port) = try Self.serve(
      in: namespace, ["--table-name", "club", "--tables", "3"], folder: folder, name: "serve")
    defer { server.signal(SIGKILL) }
    let hall = "club\t127.0.0.1\t\(port)\twaiting\t\t\t0\thttp://127.0.0.1:\(port)/\tnormal\t3\t3"
    let listed = Self.eventuallyLists([hall], in: namespace, folder: folder)
    #expect(listed.matched, "listed \(listed.last)")
    let people = try Subprocess(
      namespace.command([try builtSetduel(), "play", "--list"]), folder: folder, name: "people")
    #expect(people.end(timeout: 30) == "exit 0")
    let lines = people.output.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("club, 127.0.0.1:\(port), 3 tables, 3 waiting for a player") == true, "\(lines)")
    #expect(
      lines.dropFirst() == [
        "    table 1, table-1: waiting for players", "    table 2, table-2: waiting for players",
        "    table 3, table-3: waiting for players",
      ], "\(lines)")
  }

  @Test("setduel play with no address finds the one waiting table and joins it with one key")
  func playJoinsWithOneKey() throws {
    let folder = try makeTemporaryFolder("discovery-play")
    defer { removeFolder(folder) }
    let namespace = try NetworkNamespace()
    let (server, port) = try Self.serve(in: namespace, ["--table-name", "ann's table"], folder: folder, name: "serve")
    defer { server.signal(SIGKILL) }
    let play = try Self.play(in: namespace, folder: folder)
    var text: String { String(decoding: play.output, as: UTF8.self) }
    #expect(
      play.waitForFrame(within: 20) { _ in
        text.contains("Found ann's table, 127.0.0.1:\(port), waiting for players.")
          && text.contains("Press Enter to join it")
      }, "\(text)")
    play.type("\r")
    #expect(play.waitForFrame(within: 20) { $0.contains("bob (you) 0") }, "\(play.lastFrame)")
    let listed = Self.eventuallyLists(
      ["ann's table\t127.0.0.1\t\(port)\twaiting\tbob\t\t0\thttp://127.0.0.1:\(port)/\tnormal\t1\t1"], in: namespace,
      folder: folder)
    #expect(listed.matched, "listed \(listed.last)")
  }

  @Test("setduel play started again, with its seat held, offers to take the seat back, not to watch")
  func relaunchTakesTheSeatBack() throws {
    let folder = try makeTemporaryFolder("discovery-relaunch")
    defer { removeFolder(folder) }
    let namespace = try NetworkNamespace()
    let (server, port) = try Self.serve(in: namespace, ["--table-name", "ann's table"], folder: folder, name: "serve")
    defer { server.signal(SIGKILL) }
    let ann = try Subprocess(
      namespace.command(["python3", "-c", Self.player("ann", port: port)]), folder: folder, name: "player")
    defer { ann.signal(SIGKILL) }
    // Announced, with Ann seated, before the client looks: on a loaded machine the announcement's
    // probing can outlast the client's look.
    let announced = eventually(timeout: 30) {
      ((try? Self.list(in: namespace, folder: folder)) ?? []).contains {
        $0.hasPrefix("ann's table\t") && $0.contains("\twaiting\t")
      }
    }
    #expect(announced, "the table was never announced waiting for a player")
    let first = try Self.play(in: namespace, folder: folder)
    var firstText: String { String(decoding: first.output, as: UTF8.self) }
    #expect(first.waitForFrame(within: 20) { _ in firstText.contains("Press Enter to join it") }, "\(firstText)")
    first.type("\r")
    #expect(first.waitForFrame(within: 20) { $0.contains("0 bob (you)") }, "\(first.lastFrame)")
    kill(first.pid, SIGKILL)
    _ = first.waitForExit(within: 10)
    let again = try Self.play(in: namespace, folder: folder)
    var text: String { String(decoding: again.output, as: UTF8.self) }
    #expect(again.waitForFrame(within: 20) { _ in text.contains("Press Enter to take your seat back") }, "\(text)")
    again.type("\r")
    #expect(again.waitForFrame(within: 20) { $0.contains("bob (you)") }, "\(again.lastFrame)")
  }

  @Test("with no table announced, setduel play plays at a table served on localhost without announcing")
  func playFallsBackToLocalhost() throws {
    let folder = try makeTemporaryFolder("discovery-local")
    defer { removeFolder(folder) }
    let namespace = try NetworkNamespace()
    let server = try Subprocess(
      namespace.command([try builtSetduel(), "serve", "--port", "7878", "--no-records", "--no-announce"]),
      folder: folder, name: "serve")
    defer { server.signal(SIGKILL) }
    #expect(server.outputLine(startingWith: "SetDuel is serving on 0.0.0.0:7878") != nil, "\(server.errorOutput)")
    #expect(!server.output.contains("Announcing"))
    #expect(try Self.list(in: namespace, folder: folder).isEmpty)
    let play = try Self.play(in: namespace, folder: folder)
    var text: String { String(decoding: play.output, as: UTF8.self) }
    #expect(
      play.waitForFrame(within: 20) { _ in
        text.contains("No table is announced on the LAN; playing at the one on localhost:7878.")
      }, "\(text)")
    #expect(play.waitForFrame(within: 20) { $0.contains("bob (you) 0") }, "\(play.lastFrame)")
  }

  @Test("setduel --public announces its table on the LAN, as serve does")
  func publicSoloGameAnnounces() throws {
    let folder = try makeTemporaryFolder("discovery-public")
    defer { removeFolder(folder) }
    let namespace = try NetworkNamespace()
    let solo = try PseudoTerminalProcess(
      namespace.command([try builtSetduel(), "--public"]),
      environment: [
        "TERM=xterm-256color", "NO_COLOR=1", "PATH=/usr/bin:/bin", "USER=ann", "HOME=\(folder)",
        "XDG_DATA_HOME=\(folder)/data", "XDG_STATE_HOME=\(folder)/state",
      ])
    defer { kill(solo.pid, SIGKILL) }
    #expect(
      solo.waitForFrame(within: 20) { $0.contains("Friends can watch") && $0.contains("nc ") }, "\(solo.lastFrame)")
    var last: [String] = []
    let found = eventually(timeout: 30) {
      last = (try? Self.list(in: namespace, folder: folder)) ?? []
      return last.contains { $0.hasPrefix("ann's table\t") }
    }
    #expect(found, "listed \(last)")
    solo.type("\u{03}")
    #expect(solo.waitForExit(within: 20) == 0)
  }

  /// Sends hostile packets to the multicast DNS group and to port 5353 directly: random bytes, real
  /// packets cut short or with bytes flipped, compression loops, lengths past the end, 9,000 bytes
  /// and more.
  static let hostile = """
    import os, random, socket, struct, sys
    random.seed(int(sys.argv[1]))
    real = bytes.fromhex('000084000000000100000000085f7365746475656c045f746370056c6f63616c00000c000100001194000e0b616e6e2773207461626c65c00c')
    query = bytes.fromhex('000000000001000000000000085f7365746475656c045f746370056c6f63616c00000c0001')
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_TTL, 255)
    s.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF, socket.inet_aton('127.0.0.1'))
    def packets():
        yield bytes.fromhex('000084000000000100000000c00c')                    # a pointer to itself
        yield bytes.fromhex('0000000000010000000000000161c00c000c0001')        # a loop through a label
        yield bytes.fromhex('00008400ffffffffffffffff')                        # counts past the end
        yield real + bytes(9000 - len(real))
        yield real + bytes(20000)
        for _ in range(int(sys.argv[2])):
            base = bytearray(random.choice([real, query]))
            kind = random.randrange(4)
            if kind == 0:
                yield os.urandom(random.randrange(1, 600))
            elif kind == 1:
                yield bytes(base[:random.randrange(len(base))])
            else:
                for _ in range(random.randrange(1, 6)):
                    base[random.randrange(len(base))] = random.randrange(256)
                yield bytes(base)
    for packet in packets():
        for destination in ('224.0.0.251', '127.0.0.1'):
            try:
                s.sendto(packet, (destination, 5353))
            except OSError:
                pass
    print('sent', flush=True)
    """

  @Test("hostile multicast DNS packets leave the server serving and announcing")
  func hostilePackets() throws {
    let folder = try makeTemporaryFolder("discovery-hostile")
    defer { removeFolder(folder) }
    let namespace = try NetworkNamespace()
    let (server, port) = try Self.serve(in: namespace, ["--table-name", "ann's table"], folder: folder, name: "serve")
    defer { server.signal(SIGKILL) }
    let seed = UInt32.random(in: 0...UInt32.max)
    let attacker = try Subprocess(
      namespace.command(["python3", "-c", Self.hostile, String(seed), "20000"]), folder: folder, name: "hostile")
    #expect(attacker.end(timeout: 120) == "exit 0", "seed \(seed): \(attacker.errorOutput)")
    #expect(attacker.output == "sent\n")
    #expect(
      try Self.list(in: namespace, folder: folder) == [
        "ann's table\t127.0.0.1\t\(port)\twaiting\t\t\t0\thttp://127.0.0.1:\(port)/\tnormal\t1\t1"
      ])
    server.signal(SIGTERM)
    #expect(server.end() == "exit 0", "seed \(seed): \(server.errorOutput)")
  }

  @Test("an interface that comes up after the server started is announced on within seconds")
  func interfaceComingUpLater() throws {
    let folder = try makeTemporaryFolder("discovery-later")
    defer { removeFolder(folder) }
    let here = try NetworkNamespace()
    let neighbour = try NetworkNamespace()
    let (server, port) = try Self.serve(in: here, ["--table-name", "ann's table"], folder: folder, name: "serve")
    defer { server.signal(SIGKILL) }
    try here.link(to: neighbour, address: "10.78.0.1", otherAddress: "10.78.0.2")
    let listed = Self.eventuallyLists(
      ["ann's table\t10.78.0.1\t\(port)\twaiting\t\t\t0\thttp://10.78.0.1:\(port)/\tnormal\t1\t1"], in: neighbour,
      folder: folder)
    #expect(listed.matched, "listed \(listed.last)")
  }

  @Test("with no multicast route on loopback and a default route out, as on most machines, 127.0.0.1 stays on loopback")
  func loopbackAnnouncementsStayHome() throws {
    let folder = try makeTemporaryFolder("discovery-home")
    defer { removeFolder(folder) }
    let here = try NetworkNamespace(multicastOnLoopback: false)
    let neighbour = try NetworkNamespace()
    try here.link(to: neighbour, address: "10.79.0.1", otherAddress: "10.79.0.2")
    try here.routeByDefault(via: "10.79.0.2")
    let listener = try Subprocess(
      neighbour.command(["python3", "-c", Self.listener, "60", "10.79.0.2"]), folder: folder, name: "listener")
    #expect(listener.outputLine(startingWith: "listening") != nil, "\(listener.errorOutput)")
    let (server, _) = try Self.serve(in: here, ["--host", "127.0.0.1"], folder: folder, name: "serve")
    #expect(try Self.list(in: here, folder: folder).count == 1, "it is seen on loopback")
    server.signal(SIGTERM)
    #expect(server.end() == "exit 0")
    // Probes, two announcements, an answer and the goodbye were sent on loopback; none reached the
    // link. The browser's queries go out on every interface, but name no table heard on loopback.
    let heard = listener.output.split(separator: "\n").dropFirst().map { try? DNSReader.decode(hex(String($0))) }
    #expect(heard.allSatisfy { $0 != nil && !$0!.isResponse && $0!.answers.isEmpty }, "\(listener.output)")
  }

  @Test("a table is announced only on the interfaces its address is on; nothing crosses to another link")
  func announcementsStayOnTheServersInterfaces() throws {
    let folder = try makeTemporaryFolder("discovery-links")
    defer { removeFolder(folder) }
    let here = try NetworkNamespace()
    let neighbour = try NetworkNamespace()
    try here.link(to: neighbour, address: "10.77.0.1", otherAddress: "10.77.0.2")
    let (loopback, loopbackPort) = try Self.serve(
      in: here, ["--host", "127.0.0.1", "--table-name", "loopback table"], folder: folder, name: "loopback")
    defer { loopback.signal(SIGKILL) }
    let (lan, lanPort) = try Self.serve(
      in: here, ["--host", "10.77.0.1", "--table-name", "lan table"], folder: folder, name: "lan")
    defer { lan.signal(SIGKILL) }
    let seenNextDoor = try Self.list(in: neighbour, folder: folder)
    #expect(
      seenNextDoor == ["lan table\t10.77.0.1\t\(lanPort)\twaiting\t\t\t0\thttp://10.77.0.1:\(lanPort)/\tnormal\t1\t1"])
    let seenHere = try Self.list(in: here, folder: folder)
    #expect(
      seenHere.contains(
        "loopback table\t127.0.0.1\t\(loopbackPort)\twaiting\t\t\t0\thttp://127.0.0.1:\(loopbackPort)/\tnormal\t1\t1"),
      "\(seenHere)")
  }
}

/// Hex text as bytes.
private func hex(_ text: String) -> [UInt8] {
  let digits = Array(text.filter(\.isHexDigit))
  guard digits.count % 2 == 0 else { return [] }
  return stride(from: 0, to: digits.count, by: 2).compactMap { UInt8(String(digits[$0...$0 + 1]), radix: 16) }
}
