// Linux calls that Swift's Glibc module leaves out: epoll and eventfd (for SetNet's event loop and the
// load generator), timerfd (for the benchmarks' timer floor), reads stamped with the kernel's receive time (for SetNet's line server), and
// sched_setaffinity (for the load generator to choose its core), and malloc_trim (for SetNet's line server).
#include <stddef.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/timerfd.h>

// glibc declares sched_setaffinity only with _GNU_SOURCE, which Swift's Glibc module is built without;
// this is the same function under a name that cannot clash. `mask` is a cpu_set_t.
extern int clinux_sched_setaffinity(int pid, size_t size, const void *mask) __asm__("sched_setaffinity");

// pthread_setname_np, likewise: names the event loop's thread, so tests and tools can find it.
extern int clinux_pthread_setname_np(unsigned long thread, const char *name) __asm__("pthread_setname_np");

// malloc_trim, from <malloc.h>, which Swift's Glibc module leaves out: gives the pages glibc's
// allocator holds free back to the system (for SetNet's line server, after a burst of closes).
extern int clinux_malloc_trim(size_t pad) __asm__("malloc_trim");

#include <sys/ioctl.h>

// The bytes a socket's kernel send queue still holds (not yet sent or not yet acknowledged), or -1:
// SIOCOUTQ, whose ioctl Swift cannot call (it is variadic).
static inline int clinux_unsent_bytes(int fd) {
  int count = 0;
  return ioctl(fd, 0x5411 /* SIOCOUTQ, TIOCOUTQ */, &count) == 0 ? count : -1;
}

#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <time.h>

// Asks the kernel to stamp what `fd` receives with the time it arrived (SO_TIMESTAMPNS). Returns 0 or -1.
static inline int clinux_enable_receive_times(int fd) {
  int on = 1;
  return setsockopt(fd, SOL_SOCKET, SO_TIMESTAMPNS, &on, sizeof on);
}

// Reads up to `size` bytes from `fd` as read(2) does, and sets `*arrival` to when the kernel received
// them, in CLOCK_MONOTONIC nanoseconds: the kernel's stamp (on CLOCK_REALTIME, the only clock it stamps
// with) less the wall clock's time since, so never later than now; the time now if there is no stamp.
// `*arrival` is set only when something was read.
// Swift cannot use the CMSG_* macros, which is why this is C. Returns what recvmsg returns.
static inline long clinux_read_stamped(int fd, void *buffer, size_t size, long long *arrival) {
  struct iovec part = {buffer, size};
  union {
    char bytes[CMSG_SPACE(sizeof(struct timespec))];
    struct cmsghdr align;
  } control;
  struct msghdr message;
  memset(&message, 0, sizeof message);
  message.msg_iov = &part;
  message.msg_iovlen = 1;
  message.msg_control = control.bytes;
  message.msg_controllen = sizeof control.bytes;
  long count = (long)recvmsg(fd, &message, 0);
  if (count <= 0) return count;  // Nothing read (EAGAIN ends every read loop): no clock to read.
  struct timespec monotonic;
  clock_gettime(CLOCK_MONOTONIC, &monotonic);
  long long now = (long long)monotonic.tv_sec * 1000000000LL + monotonic.tv_nsec;
  *arrival = now;
  for (struct cmsghdr *header = CMSG_FIRSTHDR(&message); header; header = CMSG_NXTHDR(&message, header)) {
    if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_TIMESTAMPNS) continue;
    struct timespec stamp, wall;
    memcpy(&stamp, CMSG_DATA(header), sizeof stamp);
    clock_gettime(CLOCK_REALTIME, &wall);
    long long age = ((long long)wall.tv_sec - stamp.tv_sec) * 1000000000LL + (wall.tv_nsec - stamp.tv_nsec);
    if (age > 0) *arrival = now - age;  // A wall clock set back since gives no age: now.
  }
  return count;
}

// Multicast DNS's socket options, by number: Swift's Glibc module leaves some out, and struct
// in_pktinfo and ip_mreqn need _GNU_SOURCE, which it is built without. These are Linux's values.
// <netinet/in.h> is not included here: a header this module includes first becomes this module's in
// some builds, and Swift code that uses its names without importing CLinux stops compiling.
enum {
  CLINUX_IPPROTO_IP = 0,
  CLINUX_IP_TTL = 2,
  CLINUX_IP_PKTINFO = 8,
  CLINUX_IP_RECVTTL = 12,
  CLINUX_IP_MULTICAST_IF = 32,
  CLINUX_IP_MULTICAST_TTL = 33,
  CLINUX_IP_MULTICAST_LOOP = 34,
  CLINUX_IP_ADD_MEMBERSHIP = 35,
  CLINUX_IP_MULTICAST_ALL = 49,
};

// struct ip_mreqn: a group (or nothing), an address and an interface, by index; addresses in network order.
struct clinux_ip_mreqn {
  unsigned int multiaddr;
  unsigned int address;
  int ifindex;
};

// Joins the IPv4 multicast group `group` (network order) on the interface with index `ifindex`.
static inline int clinux_join_group(int fd, unsigned int group, int ifindex) {
  struct clinux_ip_mreqn request;
  memset(&request, 0, sizeof request);
  request.multiaddr = group;
  request.ifindex = ifindex;
  return setsockopt(fd, CLINUX_IPPROTO_IP, CLINUX_IP_ADD_MEMBERSHIP, &request, sizeof request);
}

// Sends what `fd` multicasts next out of the interface with index `ifindex`, and no other, from its
// address `address` (network order; without it, loopback's host-scoped 127.0.0.1 is not chosen and
// packets leave from 0.0.0.0).
static inline int clinux_set_multicast_interface(int fd, int ifindex, unsigned int address) {
  struct clinux_ip_mreqn request;
  memset(&request, 0, sizeof request);
  request.address = address;
  request.ifindex = ifindex;
  return setsockopt(fd, CLINUX_IPPROTO_IP, CLINUX_IP_MULTICAST_IF, &request, sizeof request);
}

// Reads one datagram from `fd` into `buffer`: its sender into `source` (a struct sockaddr_in of
// `source_size` bytes), the index of the interface it
// arrived on into `*ifindex` (0 if unknown) and its IP TTL into `*ttl` (-1 if unknown), from the
// IP_PKTINFO and IP_TTL control messages. Returns what recvmsg returns; with MSG_TRUNC, a datagram
// longer than `size` returns its whole length, so the caller can tell it was cut.
static inline long clinux_receive_datagram(
    int fd, void *buffer, size_t size, void *source, unsigned int source_size, int *ifindex, int *ttl) {
  struct iovec part = {buffer, size};
  union {
    char bytes[256];
    struct cmsghdr align;
  } control;
  struct msghdr message;
  memset(&message, 0, sizeof message);
  message.msg_name = source;
  message.msg_namelen = source_size;
  message.msg_iov = &part;
  message.msg_iovlen = 1;
  message.msg_control = control.bytes;
  message.msg_controllen = sizeof control.bytes;
  *ifindex = 0;
  *ttl = -1;
  long count = (long)recvmsg(fd, &message, MSG_TRUNC);
  if (count < 0) return count;
  for (struct cmsghdr *header = CMSG_FIRSTHDR(&message); header; header = CMSG_NXTHDR(&message, header)) {
    if (header->cmsg_level != CLINUX_IPPROTO_IP) continue;
    if (header->cmsg_type == CLINUX_IP_PKTINFO) {
      int index;
      memcpy(&index, CMSG_DATA(header), sizeof index);  // ipi_ifindex is in_pktinfo's first field
      *ifindex = index;
    } else if (header->cmsg_type == CLINUX_IP_TTL) {
      int value;
      memcpy(&value, CMSG_DATA(header), sizeof value);
      *ttl = value;
    }
  }
  return count;
}
