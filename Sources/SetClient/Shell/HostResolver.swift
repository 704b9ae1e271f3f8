import Glibc
import SetClientCore

/// Turns a host name into the dotted IPv4 address the transport connects to.
public enum HostResolver {
  /// The first IPv4 address of `host` (itself, when it already is one), or nil if the name is not found.
  public static func lookUp(_ host: String) -> String? {
    if host == "localhost" { return "127.0.0.1" }
    var probe = in_addr()
    if inet_pton(AF_INET, host, &probe) == 1 { return host }
    var hints = addrinfo()
    hints.ai_family = AF_INET
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var list: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { return nil }
    defer { freeaddrinfo(list) }
    guard let address = first.pointee.ai_addr else { return nil }
    var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
    let found = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { pointer -> Bool in
      var ip = pointer.pointee.sin_addr
      return inet_ntop(AF_INET, &ip, &text, socklen_t(text.count)) != nil
    }
    guard found else { return nil }
    return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
