// `arbiter list`: the rulesets found, with their player counts and summaries.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "cli/app.hpp"
#include "cli/output.hpp"
#include "cli/render.hpp"
#include "interpreter/diagnostics.hpp"

namespace arbiter::cli {

int cmd_list() {
  auto found = list_rulesets(search_path());
  if (found.empty()) {
    print_err("no rulesets found (looked in {})\n", join_choices(search_path(), ", "));
    return 1;
  }
  int status = 0;
  const int width = player_columns(60);
  for (const auto& [id, dir] : found) {
    try {
      auto r = load_ruleset(dir, scripts_dir());
      std::string players = r->min_players == r->max_players
                                ? counted(r->min_players, "player")
                                : fmt::format("{}-{} players", r->min_players, r->max_players);
      // The summary wraps under its own column, at the terminal's width (60 when it will not say).
      std::string summary = wrap_column(r->summary.empty() ? r->name : r->summary, width - 1, 28);
      print("{:<14} {:<11}  {}\n", id, players, summary);
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
