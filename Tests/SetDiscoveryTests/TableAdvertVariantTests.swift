import Testing

@testable import SetDiscovery

/// The TXT record says the variant a table plays, and the found tables' summary shows it.
@Suite("The variant in the LAN advert")
struct TableAdvertVariantTests {
  @Test("variant= is written only for a game other than standard Set, read back, and shown in the summary")
  func variantKey() {
    let standard = TableAdvert(phase: .waiting, seats: ["ann", nil], watching: 0)
    #expect(!standard.txt.contains { String(decoding: $0, as: UTF8.self).hasPrefix("variant=") })
    let chain = TableAdvert(phase: .waiting, seats: ["ann", nil], watching: 0, variant: "chain")
    #expect(chain.txt.contains(Array("variant=chain".utf8)))
    #expect(TableAdvert(txt: chain.txt) == chain)
    #expect(TableAdvert(txt: standard.txt) == standard)
    #expect(chain.summary == "waiting for a player (ann is seated), the chain variant")
    #expect(TableAdvert(txt: standard.txt + [Array("variant=normal".utf8)])?.variant == nil)
  }
}
