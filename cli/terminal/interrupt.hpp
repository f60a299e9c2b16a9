// Ctrl-C at the table: one SIGINT handler for the whole command. It stops a thinking bot
// (it plays its best move so far), stops `sim`'s workers, and leaves a mark the REPL reads
// to cancel the line being typed. Installed only where Ctrl-C has such a meaning.
#pragma once

namespace arbiter::cli {

// Installs the handler (no SA_RESTART, so a blocked read returns EINTR).
void catch_interrupts();
// Whether Ctrl-C was pressed since the last call; clears the mark.
bool take_interrupt();
// Whether Ctrl-C was pressed since the last take_interrupt(); leaves the mark.
bool interrupt_pending();
// A file descriptor that becomes readable when Ctrl-C is pressed (-1 before catch_interrupts),
// for a reader to wait on beside its input: a Ctrl-C that comes after the reader looked at
// the mark but before it blocks still wakes it. drain_interrupt_fd() empties it.
int interrupt_fd();
void drain_interrupt_fd();

}  // namespace arbiter::cli
