import Dispatch
import Glibc
import SetProtocol
import SetTestSupport
import Testing

@testable import SetClient
@testable import SetClientCore

@Suite("The names' secrets kept by the client", .timeLimit(.minutes(2)))
struct NameSecretClientTests {
  @Test("one random secret per name and table, made once, kept with mode 0600 beside the tokens")
  func secretFile() throws {
    let folder = try makeTemporaryFolder("secret")
    defer { removeFolder(folder) }
    let secrets = NameSecretFile(host: "127.0.0.1", port: 7878, environment: ["XDG_STATE_HOME": folder])
    let ann = try #require(secrets.secret(for: "ann"))
    #expect(NameSecret.isValid(ann))
    #expect(secrets.secret(for: "ann") == ann, "read back, not made again")
    #expect(secrets.secret(for: "ANN") == ann, "names are matched without regard to case")
    let bob = try #require(secrets.secret(for: "bob"))
    #expect(bob != ann)
    let other = NameSecretFile(host: "127.0.0.1", port: 7879, environment: ["XDG_STATE_HOME": folder])
    #expect(other.secret(for: "ann") != ann, "another table, another secret")
    let path = folder + "/setduel/secret-127.0.0.1-7878-ann.secret"
    var status = stat()
    #expect(stat(path, &status) == 0)
    #expect(status.st_mode & 0o777 == 0o600)
    #expect(try readFile(path) == ann + "\n")
    try writeFile(path, "short\n")
    let remade = try #require(secrets.secret(for: "ann"))
    #expect(remade != "short" && NameSecret.isValid(remade), "what is not a secret is replaced")
    #expect(NameSecretFile(host: "h", port: 1, environment: [:]).secret(for: "ann") == nil, "no home: a guest")
    let blocked = NameSecretFile(host: "h", port: 1, environment: ["XDG_STATE_HOME": "/proc/no-such-place"])
    #expect(blocked.secret(for: "ann") == nil, "cannot be kept: a guest")
  }

  @Test("the session proves its name with the secret; another secret for an owned name sits down under another")
  func sessionSendsSecret() throws {
    let table = try LoopbackTable(seed: 3)
    let queue = DispatchQueue(label: "test.secret")
    let first = ClientSession(host: "127.0.0.1", port: table.port, name: "ann", queue: queue, policy: .quick)
    first.secret = { _ in "first-secret-0123456789" }
    queue.sync { first.start() }
    #expect(eventually(timeout: 30) { queue.sync { first.model.seat == .one } })
    #expect(table.eventually { $0.history.owner(of: "ann") != nil })
    queue.sync {
      #expect(!first.guest)
      first.close()
    }
    #expect(table.eventually { !$0.seatsTaken.one })
    let second = ClientSession(host: "127.0.0.1", port: table.port, name: "ann", queue: queue, policy: .quick)
    second.secret = { $0 == "ann" ? "other-secret-0123456789" : nil }
    queue.sync { second.start() }
    #expect(eventually(timeout: 30) { queue.sync { second.model.seat == .one } })
    queue.sync {
      #expect(second.name == "ann2")
      #expect(second.guest, "no secret is given for ann2")
      #expect(second.renaming == "ann belongs to someone else here: you play as ann2.")
      second.close()
    }
  }
}
