import SetCore
import SetProtocol

/// The events the analysis meets most often (`DIFF`, `SET`, `NOSET`), read straight from their bytes
/// as the server writes them: upper-case slots and card codes. Anything else comes back nil, and the
/// line is then decoded by `EventCodec`, the wire's one grammar, so these only ever save time.
enum FastEvents {
  /// The event on `words` (the line's word, its sequence number and the rest), or nil.
  static func decode(_ words: [Bytes]) -> ServerEvent? {
    guard words.count == 3 else { return nil }
    let fields = words[2].words(8)
    if words[0] == "DIFF" {
      return diff(words[2].words(64))
    } else if words[0] == "SET", fields.count == 4 || fields.count == 3 {
      guard let seat = seat(fields[0]), let cards = cards(fields[2]) else { return nil }
      let findMs = fields.count == 4 ? fields[3].integer.map(Int64.init) : nil
      guard fields.count == 3 || findMs != nil else { return nil }
      return .setFound(seat, [], cards, findMs: findMs)
    } else if words[0] == "NOSET", fields.count == 3 {
      guard let seat = seat(fields[0]), let cards = cards(fields[2]) else { return nil }
      return .notASet(seat, [], cards)
    }
    return nil
  }

  private static func diff(_ fields: [Bytes]) -> ServerEvent? {
    guard fields.count >= 2, fields.count < 64, let deck = fields[0].integer, let count = fields[1].integer,
      count <= Slot.limit
    else { return nil }
    var change = TableChange(slotCount: count)
    for field in fields.dropFirst(2) {
      let b = field.bytes
      if b.count == 2, b[0] == UInt8(ascii: "-"), let slot = slot(b[1]) {
        change.emptied.append(slot)
      } else if b.count == 7, b[0] == UInt8(ascii: "+"), b[2] == UInt8(ascii: "="), let slot = slot(b[1]),
        let card = card(Bytes(b[3..<7]))
      {
        change.filled.append(TableChange.Placement(slot: slot, card: card))
      } else if b.count == 8, b[1] == UInt8(ascii: ">"), b[3] == UInt8(ascii: "="), let from = slot(b[0]),
        let to = slot(b[2]), let card = card(Bytes(b[4..<8]))
      {
        change.moved.append(TableChange.Move(from: from, to: to, card: card))
      } else {
        return nil
      }
    }
    return .diff(deck: deck, change)
  }

  private static func seat(_ field: Bytes) -> Seat? {
    field.count == 1 ? Seat(rawValue: Int(field.bytes[0]) - 48) : nil
  }

  private static func slot(_ byte: UInt8) -> Slot? {
    (65..<65 + UInt8(Slot.limit)).contains(byte) ? Slot(Int(byte) - 65) : nil
  }

  /// Three card codes separated by commas.
  private static func cards(_ field: Bytes) -> [Card]? {
    let b = field.bytes
    guard b.count == 14, b[4] == UInt8(ascii: ","), b[9] == UInt8(ascii: ",") else { return nil }
    guard let one = card(Bytes(b[0..<4])), let two = card(Bytes(b[5..<9])), let three = card(Bytes(b[10..<14]))
    else { return nil }
    return [one, two, three]
  }

  private static let numbers = Array("123".utf8)
  private static let colours = Array("RGP".utf8)
  private static let shadings = Array("STO".utf8)
  private static let shapes = Array("DOS".utf8)

  private static func card(_ code: Bytes) -> Card? {
    let b = code.bytes
    guard b.count == 4, let number = numbers.firstIndex(of: b[0]), let colour = colours.firstIndex(of: b[1]),
      let shading = shadings.firstIndex(of: b[2]), let shape = shapes.firstIndex(of: b[3])
    else { return nil }
    return Card(number: number, colour: colour, shading: shading, shape: shape)
  }
}
