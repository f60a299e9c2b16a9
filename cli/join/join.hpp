// `arbiter join LINK`: plays one seat of a table of `arbiter serve` (docs/server.md) at the
// terminal, in the REPL's manner: the table, the narration, a prompt that completes the legal
// actions, :view, :log, :help, :quit. Piped input plays line by line, as `arbiter play` does.
#pragma once
#include <string>

namespace CLI { class App; }

namespace arbiter::cli {

struct JoinFlags {
  int columns = 0;  // the width the server lays the table out for; 0: the terminal's
};

// The exit status: 0 when the game ended or the player left, 1 when the link was refused,
// the server is gone, or (piped) a line was refused.
int cmd_join(const std::string& link, const JoinFlags& flags);

struct Command;
Command add_join_command(CLI::App& app);  // cli/app.hpp's Command

}  // namespace arbiter::cli
