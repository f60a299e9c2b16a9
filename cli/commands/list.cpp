// `arbiter list`: the rulesets found, with their player counts and summaries.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "cli/app.hpp"
#include "present/output.hpp"
#include "present/render.hpp"
#include "runtime/diagnostics.hpp"

namespace arbiter::cli {

int cmd_list() {
  auto found = list_rulesets(search_path());
  if (found.empty()) {
    print_err("no rulesets found (looked in {})\n", join_choices(search_path(), ", "));
    return 1;
  }
  int status = 0;
  const int width = terminal_columns(STDOUT_FILENO, 0);  // 0: not a terminal

  for (const auto& [id, dir] : found) {
    try {
      auto r = load_ruleset(dir, scripts_dir());
      std::string players = r->min_players == r->max_players
                                ? counted(r->min_players, "player")
                                : fmt::format("{}-{} players", r->min_players, r->max_players);
      // At a terminal the summary wraps under its own column; piped, a ruleset is one line (for grep).
      const std::string& text = r->summary.empty() ? r->name : r->summary;
      std::string summary = width > 0 ? wrap_column(text, width - 1, 28) : text;
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
