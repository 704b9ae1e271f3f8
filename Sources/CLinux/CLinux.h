// Linux calls that Swift's Glibc module leaves out: epoll and eventfd (for SetNet's event loop and the
// load generator) and sched_setaffinity (for the load generator to choose its core).
#include <stddef.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>

// glibc declares sched_setaffinity only with _GNU_SOURCE, which Swift's Glibc module is built without;
// this is the same function under a name that cannot clash. `mask` is a cpu_set_t.
extern int clinux_sched_setaffinity(int pid, size_t size, const void *mask) __asm__("sched_setaffinity");

// pthread_setname_np, likewise: names the event loop's thread, so tests and tools can find it.
extern int clinux_pthread_setname_np(unsigned long thread, const char *name) __asm__("pthread_setname_np");

#include <sys/ioctl.h>

// The bytes a socket's kernel send queue still holds (not yet sent or not yet acknowledged), or -1:
// SIOCOUTQ, whose ioctl Swift cannot call (it is variadic).
static inline int clinux_unsent_bytes(int fd) {
  int count = 0;
  return ioctl(fd, 0x5411 /* SIOCOUTQ, TIOCOUTQ */, &count) == 0 ? count : -1;
}
