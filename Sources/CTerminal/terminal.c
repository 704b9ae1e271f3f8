#include "CTerminal.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

static struct termios saved;
static char leave_bytes[64];
static size_t leave_length;
static volatile sig_atomic_t raw_active;
static volatile sig_atomic_t screen_active;

static const int fatal_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGABRT, SIGBUS, SIGILL, SIGFPE, SIGTRAP};

int cterminal_prepare(const char *leave, size_t length) {
  if (length >= sizeof leave_bytes) length = sizeof leave_bytes - 1;
  memcpy(leave_bytes, leave, length);
  leave_length = length;
  return tcgetattr(0, &saved);
}

void cterminal_saved(struct termios *settings) { *settings = saved; }

int cterminal_enter_raw(const struct termios *raw) {
  int result = tcsetattr(0, TCSAFLUSH, raw);
  if (result == 0) raw_active = 1;
  return result;
}

void cterminal_mark_screen(void) { screen_active = 1; }

void cterminal_restore(void) {
  int saved_errno = errno;
  if (screen_active) {
    screen_active = 0;
    size_t written = 0;
    while (written < leave_length) {
      ssize_t count = write(1, leave_bytes + written, leave_length - written);
      if (count < 0 && errno == EINTR) continue;
      if (count <= 0) break;
      written += (size_t)count;
    }
  }
  if (raw_active) {
    raw_active = 0;
    tcsetattr(0, TCSAFLUSH, &saved);
  }
  errno = saved_errno;
}

static void restore_and_reraise(int signal_number) {
  cterminal_restore();
  signal(signal_number, SIG_DFL);
  raise(signal_number);
}

void cterminal_install_fatal_handlers(void) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = restore_and_reraise;
  // Every fatal signal waits while the handler runs, so a second one (Ctrl-C pressed twice, a
  // SIGTERM after a SIGHUP) cannot end the process halfway through restoring the terminal.
  sigemptyset(&action.sa_mask);
  for (size_t i = 0; i < sizeof fatal_signals / sizeof fatal_signals[0]; i++) {
    sigaddset(&action.sa_mask, fatal_signals[i]);
  }
  for (size_t i = 0; i < sizeof fatal_signals / sizeof fatal_signals[0]; i++) {
    sigaction(fatal_signals[i], &action, NULL);
  }
}
