import Testing

@testable import SetQR

@Suite struct LayoutTests {
  @Test("the byte capacities at level M are the standard's Table 7: 14, 26, 42 … 213")
  func capacities() {
    #expect(VersionLayout.all.map(\.byteCapacity) == [14, 26, 42, 62, 84, 106, 122, 152, 180, 213])
    #expect(QRCode.maximumBytes == 213)
  }

  @Test("the codewords of each version are Table 1's: 26, 44, 70 … 346, and Table 9's data codewords at M")
  func codewordCounts() {
    #expect(VersionLayout.all.map(\.totalCodewords) == [26, 44, 70, 100, 134, 172, 196, 242, 292, 346])
    #expect(VersionLayout.all.map(\.dataCodewords) == [16, 28, 44, 64, 86, 108, 124, 154, 182, 216])
  }

  @Test("the modules left for data are Table 1's: 208, 359, 567 … 2768")
  func dataModules() {
    let published = [208, 359, 567, 807, 1079, 1383, 1568, 1936, 2336, 2768]
    for layout in VersionLayout.all {
      let grid = ModuleGrid(layout: layout)
      let free = grid.isFunction.filter { !$0 }.count
      #expect(free == published[layout.version - 1], "version \(layout.version)")
      #expect(free == layout.totalCodewords * 8 + layout.remainderBits, "version \(layout.version)")
    }
  }

  @Test("the smallest version that holds the message is chosen, by its length in UTF-8 bytes")
  func smallestVersion() throws {
    let limits = [14, 26, 42, 62, 84, 106, 122, 152, 180, 213]
    for (index, limit) in limits.enumerated() {
      #expect(try QRCode(text: String(repeating: "a", count: limit)).version == index + 1)
      if index + 1 < limits.count {
        #expect(try QRCode(text: String(repeating: "a", count: limit + 1)).version == index + 2)
      }
    }
    #expect(try QRCode(text: "http://192.168.1.23:7878/").version == 2)
    // Beyond ASCII the ECI header naming UTF-8 takes one byte's room: 13 bytes fit version 1, not 14.
    #expect(try QRCode(text: "é" + String(repeating: "a", count: 11)).version == 1)  // 13 bytes
    #expect(try QRCode(text: String(repeating: "é", count: 7)).version == 2)  // 14 bytes
    #expect(
      VersionLayout.all.map { $0.capacity(declaringUTF8: true) } == [13, 25, 41, 61, 83, 105, 121, 151, 179, 212])
    #expect(try QRCode(text: "").version == 1)
  }

  @Test("more than 213 bytes is refused with the length and the limit, however few the characters")
  func tooLong() throws {
    #expect(throws: QRCodeError.tooLong(bytes: 214, maximum: 213)) {
      try QRCode(text: String(repeating: "x", count: 214))
    }
    // 54 emoji of four bytes each are 216 bytes; a text beyond ASCII holds 212.
    #expect(throws: QRCodeError.tooLong(bytes: 216, maximum: 212)) {
      try QRCode(text: String(repeating: "🎲", count: 54))
    }
    #expect(throws: QRCodeError.tooLong(bytes: 213, maximum: 212)) {
      try QRCode(text: "é" + String(repeating: "a", count: 211))
    }
    #expect(try QRCode(text: "é" + String(repeating: "a", count: 210)).version == 10)
    #expect(try QRCode(bytes: Array(repeating: 0xE9, count: 213)).version == 10)
    #expect("\(QRCodeError.tooLong(bytes: 214, maximum: 213))".contains("214 bytes"))
  }
}
