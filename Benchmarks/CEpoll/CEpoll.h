// epoll for the load generator: Swift's Glibc module does not include <sys/epoll.h>.
#include <sys/epoll.h>
