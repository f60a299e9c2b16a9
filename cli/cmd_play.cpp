// placeholder until the REPL lands
#include "cli/app.hpp"
namespace arbiter::cli {
int cmd_play(const std::string&, const GameFlags&, bool, const std::string&) { return 2; }
}
