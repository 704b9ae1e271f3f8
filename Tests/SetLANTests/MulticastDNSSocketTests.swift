import SetDiscovery
import SetLAN
import SetTestSupport
import Testing

/// The multicast DNS socket, inside a network namespace the test makes, on its loopback.
@Suite(
  "Multicast DNS socket, in a network namespace",
  .enabled(if: NetworkNamespace.available, "needs root and iproute2's ip to make network namespaces"),
  .serialized)
struct MulticastDNSSocketTests {
  @Test("two sockets share port 5353; a query sent to the group reaches the other, from the link, with TTL 255")
  func queryBetweenSockets() throws {
    let namespace = try NetworkNamespace()
    let seen = try namespace.run {
      let interfaces = NetworkInterfaces.ipv4()
      let asker = try MulticastDNSSocket(interfaces: interfaces)
      let listener = try MulticastDNSSocket(interfaces: interfaces)
      let query = Browser().query(on: interfaces[0].index)
      asker.send(Transmission(message: query, interface: interfaces[0].index, destination: .multicast))
      var heard: MulticastDNSSocket.Datagram?
      _ = eventually(timeout: 5) {
        heard = listener.receive()
        return heard != nil
      }
      return (interfaces: interfaces, query: query, heard: heard)
    }
    let heard = try #require(seen.heard, "the query never arrived")
    #expect(heard.interface == seen.interfaces[0].index)
    #expect(heard.ttl == 255 && !heard.isFromBeyondTheLink)
    #expect(heard.source.address == [127, 0, 0, 1] && heard.source.port == 5353)
    #expect(try DNSReader.decode(heard.bytes).questions == seen.query.questions)
  }
}
