/// The DNS-SD names SetDuel's tables go by on the local link (RFC 6763 sections 4 and 9).
public enum ServiceNames {
  /// `_setduel._tcp.local`: the service type every table is listed under.
  public static let serviceType = DNSName("_setduel._tcp.local")!
  /// `_services._dns-sd._udp.local`: where a browser asks which service types exist (RFC 6763 section 9).
  public static let serviceTypes = DNSName("_services._dns-sd._udp.local")!

  /// The instance name `label` under the service type, with the label cut to 63 bytes at a character
  /// boundary; nil for an empty label.
  public static func instance(_ label: String) -> DNSName? {
    serviceType.prepending(Array(fitted(label, bytes: DNSName.maxLabelBytes).utf8))
  }

  /// The host name `label.local`, made of letters, digits and hyphens only (other characters become
  /// hyphens), cut to 63 bytes.
  public static func host(_ label: String) -> DNSName? {
    let cleaned = String(
      label.lowercased().map { character -> Character in
        character.isASCII && (character.isLetter || character.isNumber) ? character : "-"
      })
    return DNSName(labels: [Array(cleaned.utf8.prefix(DNSName.maxLabelBytes)), Array("local".utf8)])
  }

  /// `text` cut to at most `bytes` bytes of UTF-8 without splitting a character.
  static func fitted(_ text: String, bytes: Int) -> String {
    var result = ""
    for character in text {
      guard result.utf8.count + String(character).utf8.count <= bytes else { break }
      result.append(character)
    }
    return result
  }

  /// The name to try after `label` was found taken by another table: "ann's table (2)", then "(3)", ...
  public static func renamed(_ label: String) -> String {
    var base = label
    var number = 2
    if label.hasSuffix(")"), let open = label.lastIndex(of: "(") {
      let digits = label[label.index(after: open)..<label.index(before: label.endIndex)]
      if let current = Int(digits), current >= 2, open > label.startIndex,
        label[label.index(before: open)] == " "
      {
        number = current + 1
        base = String(label[..<label.index(before: open)])
      }
    }
    let suffix = " (\(number))"
    return fitted(base, bytes: DNSName.maxLabelBytes - suffix.utf8.count) + suffix
  }
}
