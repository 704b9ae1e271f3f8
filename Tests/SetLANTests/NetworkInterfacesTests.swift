import SetDiscovery
import SetLAN
import SetTestSupport
import Testing

/// The machine's interfaces as the announcer and the browser see them, inside network namespaces the
/// tests make, where the interfaces are known.
@Suite(
  "Network interfaces, in network namespaces",
  .enabled(if: NetworkNamespace.available, "needs root and iproute2's ip to make network namespaces"),
  .serialized)
struct NetworkInterfacesTests {
  @Test("with loopback alone: lo, 127.0.0.1/8, served on for 0.0.0.0, 127.0.0.1 and localhost, not another address")
  func loopbackAlone() throws {
    let namespace = try NetworkNamespace()
    let seen = try namespace.run {
      (
        all: NetworkInterfaces.ipv4(), any: NetworkInterfaces.serving(host: "0.0.0.0"),
        loopback: NetworkInterfaces.serving(host: "127.0.0.1"), localhost: NetworkInterfaces.serving(host: "localhost"),
        elsewhere: NetworkInterfaces.serving(host: "10.81.0.1")
      )
    }
    let lo = try #require(seen.all.first)
    #expect(seen.all.count == 1 && lo.name == "lo", "\(seen.all)")
    #expect(lo.address == [127, 0, 0, 1] && lo.netmask == [255, 0, 0, 0] && lo.index > 0)
    #expect(seen.any == [lo] && seen.loopback == [lo] && seen.localhost == [lo])
    #expect(seen.elsewhere.isEmpty)
  }

  @Test("a link to a neighbour adds its interface with its address and mask; serving on it picks that one alone")
  func linkedInterface() throws {
    let here = try NetworkNamespace()
    let neighbour = try NetworkNamespace()
    try here.link(to: neighbour, address: "10.81.0.1", otherAddress: "10.81.0.2")
    let seen = try here.run { (all: NetworkInterfaces.ipv4(), lan: NetworkInterfaces.serving(host: "10.81.0.1")) }
    #expect(seen.all.count == 2, "\(seen.all)")
    let link = try #require(seen.all.first { $0.name != "lo" })
    #expect(link.address == [10, 81, 0, 1] && link.netmask == [255, 255, 255, 0])
    #expect(link.isOnLink([10, 81, 0, 2]) && !link.isOnLink([10, 82, 0, 2]))
    #expect(seen.lan == [link])
  }
}
