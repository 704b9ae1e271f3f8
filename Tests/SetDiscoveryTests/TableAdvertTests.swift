import SetBase
import SetDiscovery
import Testing

@Suite struct TableAdvertTests {
  @Test func itRoundTripsThroughTXT() {
    let advert = TableAdvert(phase: .playing, seats: ["ann", "bob"], watching: 3)
    #expect(
      advert.txt.map { String(decoding: $0, as: UTF8.self) } == [
        "txtvers=1", "proto=1", "phase=playing", "seat1=ann", "seat2=bob", "watching=3",
      ])
    #expect(TableAdvert(txt: advert.txt) == advert)
    #expect(TableAdvert(txt: TableAdvert.empty.txt) == .empty)
  }

  @Test func itReadsOnlyWhatItKnows() {
    let txt = ["phase=waiting", "PHASE=over", "seat1=", "extra=1", "=x", "noequals", "watching=-4"].map {
      Array($0.utf8)
    }
    #expect(TableAdvert(txt: txt) == TableAdvert(phase: .waiting, seats: [nil, nil], watching: 0))
    #expect(TableAdvert(txt: [Array("phase=dancing".utf8)]) == nil)
  }

  @Test func itSaysWhereTheGameStands() {
    #expect(TableAdvert.empty.summary == "waiting for players")
    #expect(
      TableAdvert(phase: .waiting, seats: [nil, "bob"], watching: 0).summary == "waiting for a player (bob is seated)")
    #expect(
      TableAdvert(phase: .playing, seats: ["ann", "bob"], watching: 2).summary == "playing: ann against bob, 2 watching"
    )
    let table = FoundTable(name: "ann's table", address: [192, 168, 1, 5], port: 7878, advert: .empty)
    #expect(table.line == "ann's table, 192.168.1.5:7878, waiting for players")
    #expect(table.porcelain == "ann's table\t192.168.1.5\t7878\twaiting\t\t\t0\t\tnormal\t1\t1")
    var withPage = table
    withPage.advert.page = "/"
    #expect(withPage.pageAddress == "http://192.168.1.5:7878/")
    #expect(
      withPage.porcelain == "ann's table\t192.168.1.5\t7878\twaiting\t\t\t0\thttp://192.168.1.5:7878/\tnormal\t1\t1")
    #expect(TableAdvert(txt: withPage.advert.txt)?.page == "/")
  }

  @Test func namesAreFittedAndRenamed() {
    #expect(ServiceNames.renamed("ann's table") == "ann's table (2)")
    #expect(ServiceNames.renamed("ann's table (2)") == "ann's table (3)")
    #expect(ServiceNames.renamed("(2)") == "(2) (2)")
    let long = String(repeating: "é", count: 40)
    #expect(ServiceNames.instance(long)!.labels[0].count == 62, "cut at a character boundary")
    #expect(ServiceNames.renamed(long).utf8.count <= 63)
    #expect(ServiceNames.host("Ann's Mac")!.description == "ann-s-mac.local")
  }

  @Test("a variant value that is not a short lower-case word reads as the standard game and is never shown")
  func hostileVariantIsNotShown() {
    for hostile in [
      "ch\u{1B}[2Jain", "ultra\u{9B}31m", "a b", "Ultra", "\u{8}\u{8}\u{8}", "", String(repeating: "x", count: 17),
    ] {
      let advert = TableAdvert(txt: [Array("phase=playing".utf8), Array("variant=\(hostile)".utf8)])
      #expect(advert?.variant == nil, "\(hostile.debugDescription)")
      #expect(
        advert.map {
          FoundTable(name: "t", address: [10, 0, 0, 1], port: 1, advert: $0).porcelain.hasSuffix("\tnormal\t1\t0")
        } == true)
    }
    let chain = TableAdvert(txt: [Array("phase=playing".utf8), Array("variant=chain".utf8)])
    #expect(chain?.variant == "chain")
    #expect(
      chain.map {
        FoundTable(name: "t", address: [10, 0, 0, 1], port: 1, advert: $0).porcelain.hasSuffix("\tchain\t1\t0")
      }
        == true)
    #expect(chain?.summary == "playing, the chain variant")
  }
}
