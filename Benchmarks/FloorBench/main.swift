import CLinux
@preconcurrency import Glibc

// setduel-floor fanout|timer: the kernel's floor for two of the load generator's figures, as bare as a
// server can be. It listens on 127.0.0.1 (port 0), prints `listening PORT`, and serves every connection
// from one level-triggered epoll loop on one thread, with nothing else on the path.
//
// fanout: every byte read from a connection makes one 170-byte line go to each other connection, one
// `send` each; the line's second byte is the byte read, so the load generator tells rounds apart. timer: each line `T <ns>` (a deadline on CLOCK_MONOTONIC) arms a timerfd for that
// instant; when it fires, `EXPIRED` goes to the connection that asked.

var line = Array(("F?" + String(repeating: "x", count: 166) + "\r\n").utf8)
let expired = Array("EXPIRED\r\n".utf8)
guard CommandLine.arguments.count == 2, ["fanout", "timer"].contains(CommandLine.arguments[1]) else {
  fputs("usage: setduel-floor fanout|timer\n", stderr)
  exit(2)
}
let isFanOut = CommandLine.arguments[1] == "fanout"
signal(SIGPIPE, SIG_IGN)

let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
var address = sockaddr_in()
address.sin_family = sa_family_t(AF_INET)
address.sin_addr.s_addr = inet_addr("127.0.0.1")
var length = socklen_t(MemoryLayout<sockaddr_in>.size)
let bound = withUnsafeMutablePointer(to: &address) {
  $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
    bind(listener, $0, length) == 0 && getsockname(listener, $0, &length) == 0
  }
}
guard bound, listen(listener, 4096) == 0 else {
  perror("setduel-floor")
  exit(1)
}
print("listening \(UInt16(bigEndian: address.sin_port))")
fflush(stdout)

let epoll = epoll_create1(0)
let timer = timerfd_create(CLOCK_MONOTONIC, 0)
func watch(_ fd: Int32) {
  var event = epoll_event()
  event.events = EPOLLIN.rawValue
  event.data.fd = fd
  epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event)
}
watch(listener)
watch(timer)
var clients: [Int32] = []
var waiting: Int32 = -1  // the connection the armed timer answers
var buffer = [UInt8](repeating: 0, count: 65536)
var events = [epoll_event](repeating: epoll_event(), count: 256)
while true {
  let count = epoll_wait(epoll, &events, Int32(events.count), -1)
  for index in 0..<max(0, Int(count)) {
    let fd = events[index].data.fd
    if fd == listener {
      let client = accept(listener, nil, nil)
      guard client >= 0 else { continue }
      var one: Int32 = 1
      setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
      clients.append(client)
      watch(client)
    } else if fd == timer {
      var ticks: UInt64 = 0
      _ = read(timer, &ticks, 8)
      if waiting >= 0 { _ = send(waiting, expired, expired.count, Int32(MSG_NOSIGNAL)) }
    } else {
      let read = recv(fd, &buffer, buffer.count, 0)
      guard read > 0 else {
        epoll_ctl(epoll, EPOLL_CTL_DEL, fd, nil)
        close(fd)
        clients.removeAll { $0 == fd }
        continue
      }
      if isFanOut {
        for offset in 0..<read {
          line[1] = buffer[offset]
          for client in clients where client != fd { _ = send(client, line, line.count, Int32(MSG_NOSIGNAL)) }
        }
      } else if let text = String(validating: buffer[..<read], as: UTF8.self),
        let word = text.split(whereSeparator: \.isWhitespace).dropFirst().first,
        let due = Int(word)
      {
        waiting = fd
        var spec = itimerspec()
        spec.it_value = timespec(tv_sec: due / 1_000_000_000, tv_nsec: due % 1_000_000_000)
        timerfd_settime(timer, Int32(TFD_TIMER_ABSTIME), &spec, nil)
      }
    }
  }
}
