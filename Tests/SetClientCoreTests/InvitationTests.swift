import Testing

@testable import SetClientCore

@Suite("What --public tells friends")
struct InvitationTests {
  @Test("commands a friend can run as they are: the page's address and nc, with this machine's address")
  func commands() {
    let lines = Invitation.lines(address: "192.168.1.5", port: 7878)
    #expect(lines.joined().contains("http://192.168.1.5:7878/"))
    #expect(lines.joined().contains("nc 192.168.1.5 7878"))
    #expect(lines[0].contains("watch") && lines[0].contains("sit down"))
    #expect(lines.allSatisfy { $0.count <= 79 })
  }

  @Test("without a LAN address, one placeholder stands for it, the same in each command")
  func onePlaceholder() {
    let text = Invitation.lines(address: nil, port: 7878).joined(separator: "\n")
    #expect(text.components(separatedBy: Invitation.placeholder).count - 1 == 2)
    #expect(!text.contains("HOST"))
  }
}

@Suite("What the solo game open to this machine only tells")
struct LoopbackInvitationTests {
  @Test("the command as it was run, where it fits 79 columns; else the options alone")
  func fitting() {
    let short = Invitation.loopbackOnly(command: "setduel")
    #expect(
      short == [
        "Open to this machine only: setduel --public lets friends watch or play",
        "Play a friend: setduel serve; each runs setduel play HOST",
      ])
    let long = Invitation.loopbackOnly(command: "/home/ann/src/setduel/.build/x86_64-unknown-linux-gnu/debug/setduel")
    #expect(long.allSatisfy { $0.count <= 79 })
    #expect(long[0].contains("--public lets friends watch") && long[1].contains("play HOST"))
  }
}
