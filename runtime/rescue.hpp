// The game kept for the one end Arbiter cannot recover from: a script stuck inside a C
// function past its time limit (lua/watchdog.hpp), after which the process must end.
// A front end that holds a game keeps a save of it here after each accepted action; the
// process writes it to its file before it ends, so the game is not lost.
#pragma once
#include <string>

namespace arbiter {

// Keeps `text` (a save, play/save.hpp) to be written to `file` if the process must
// end; an empty `file` forgets it. Thread-safe.
void keep_for_rescue(const std::string& file, const std::string& text);

// Writes what was kept to a new file (only the owner may read it: a save shows every hand) and
// says where, as a sentence ending in a newline; "" when nothing was kept. Called from the
// thread that ends the process, while another may be stuck.
std::string write_rescue();

}  // namespace arbiter
