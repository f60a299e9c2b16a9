// `arbiter list`: the rulesets found, with their player counts and summaries.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "cli/app.hpp"
#include "cli/output.hpp"
#include "interpreter/diagnostics.hpp"

namespace arbiter::cli {

int cmd_list() {
  auto found = list_rulesets(search_path());
  if (found.empty()) {
    print_err("no rulesets found (looked in {})\n", join_choices(search_path(), ", "));
    return 1;
  }
  int status = 0;
  for (const auto& [id, dir] : found) {
    try {
      auto r = load_ruleset(dir, scripts_dir());
      std::string players = r->min_players == r->max_players
                                ? counted(r->min_players, "player")
                                : fmt::format("{}-{} players", r->min_players, r->max_players);
      print("{:<14} {:<11}  {}\n", id, players, r->summary.empty() ? r->name : r->summary);
    } catch (const InputError& e) {
      print("{:<14} (does not load: see `arbiter check {}`)\n", id, id);
      status = 1;
    }
  }
  return status;
}

Command add_list_command(CLI::App& app) {
  return {app.add_subcommand("list", "list the rulesets found"), [] { return cmd_list(); }};
}

}  // namespace arbiter::cli
