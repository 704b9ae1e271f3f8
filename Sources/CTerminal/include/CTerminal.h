// The terminal client's way back from a fatal signal, in C because a signal handler may only do what is
// async-signal-safe, and Swift promises that of nothing: its globals are initialised lazily on first use
// and its runtime may allocate or take locks. Everything the handler touches is prepared in advance here,
// in static storage, and the handler itself only calls write, tcsetattr, signal and raise.
#ifndef SETDUEL_CTERMINAL_H
#define SETDUEL_CTERMINAL_H

#include <stddef.h>
#include <termios.h>

// Reads standard input's settings into the saved copy and keeps `leave` (at most 63 bytes), the escapes
// that undo the full screen, for the restore path. Returns 0, or -1 if standard input is not a terminal.
int cterminal_prepare(const char *leave, size_t length);

// The settings saved by `cterminal_prepare`.
void cterminal_saved(struct termios *settings);

// Applies `raw` to standard input and marks raw mode on. Returns tcsetattr's result.
int cterminal_enter_raw(const struct termios *raw);

// Marks the full screen on: the restore path writes the leave escapes.
void cterminal_mark_screen(void);

// Restores the terminal: writes the leave escapes if the full screen is on, then the saved settings if
// raw mode is on. Each at most once, however often it is called and from wherever: safe in a handler.
void cterminal_restore(void);

// Installs the handler on every signal whose default action ends the process: it restores the terminal,
// then re-raises the signal with its default action, so the process dies of it as if unhandled.
void cterminal_install_fatal_handlers(void);

#endif
