// `arbiter check`: load and validate a ruleset, then play seeded random games with every
// conformance check on. Errors name the file and line.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <limits>

#include "cli/app.hpp"
#include "present/output.hpp"
#include "authoring/conformance.hpp"
#include "runtime/diagnostics.hpp"

namespace arbiter::cli {

namespace {

std::string lengths(const LengthSummary& l, int games, const char* unit) {
  return fmt::format("mean {:.1f} {} (min {}, max {})", static_cast<double>(l.total) / games, unit, l.min,
                     l.max);
}

// Games, lengths, wins per seat, draws, and games that hit the action limit: a ruleset whose
// every game ends after one move, or that one seat always wins, shows here.
// A cooperative game (game.yaml) is won or lost by every seat at once: counted so.
void print_summary(const ConformanceReport& rep, bool cooperative) {
  print("  games     {} ended, {} hit the action limit\n", rep.ended, rep.unfinished);
  if (rep.ended == 0) return;
  print("  length    {}; {}\n", lengths(rep.actions_per_game, rep.ended, "actions"),
        lengths(rep.turns_per_game, rep.ended, "turns"));
  if (cooperative && !rep.wins.empty()) {
    print("  results   won together {}, lost together {}\n", rep.wins[0], rep.ended - rep.wins[0]);
    return;
  }
  std::string wins;
  for (std::size_t s = 0; s < rep.wins.size(); ++s)
    wins += fmt::format("{}seat {} {}", s ? ", " : "", s + 1, rep.wins[s]);
  print("  wins      {}; draws {}\n", wins, rep.draws);
}

}  // namespace

int cmd_check(const std::string& name, const GameFlags& flags, int games) {
  LoadedGame l;
  try {
    l = load_game(name);
  } catch (const InputError& e) {
    print_err("{}\n", e.what());
    return 1;
  }
  const Ruleset& r = *l.ruleset;
  ConformanceOptions o;
  if (!flags.players.empty())
    o.players = player_count(r, flags.players);  // throws UsageError: main reports it
  // --set and --variant as for play, checked on a table of the ruleset's before any game.
  GameFlags table_flags = flags;
  table_flags.players.clear();
  GameOptions given = game_options(r, table_flags);
  if (o.players)
    for (int i = 1; i <= o.players; ++i) given.seats.push_back({"P" + std::to_string(i), -1});
  flags_table(l.ruleset, given);
  o.variant = given.variant;
  o.set = given.set;
  print("{}: game.yaml is valid ({}, {}, {}, {})\n", r.id, counted(r.kinds.size(), "component kind"),
        counted(r.zones.size(), "zone"), counted(r.params.size(), "parameter"),
        counted(r.variants.size(), "variant"));
  print("{}: {} loads; rules: {}\n", r.id, r.rules_file, join_choices(l.rules->hooks(), ", "));
  for (const auto& p : r.params)
    print("  --set {}={}{}\n", p.name, to_text(p.initial), p.doc.empty() ? "" : "  (" + p.doc + ")");
  o.games = games;
  o.first_seed = flags.seed_given ? flags.seed : 1;
  ConformanceReport rep = run_conformance(l.ruleset, *l.rules, o);
  if (!rep.ok()) {
    print_err("{}: {}\n", r.id, rep.error);
    return 1;
  }
  if (rep.unfinished == 0)
    print("{}: {} played to the end ({}), every check held\n", r.id, counted(rep.games, "random game"),
          counted(rep.actions, "action"));
  else
    print("{}: {} played ({}), every check held; {} hit the limit of {}\n", r.id,
          counted(rep.games, "random game"), counted(rep.actions, "action"), rep.unfinished,
          counted(o.max_actions, "action"));
  print_summary(rep, r.cooperative);
  return 0;
}

Command add_check_command(CLI::App& app) {
  auto* check =
      app.add_subcommand("check", "load and validate a ruleset, then play random games checking invariants");
  auto ruleset = std::make_shared<std::string>();
  auto flags = std::make_shared<GameFlags>();
  auto games = std::make_shared<int>(100);
  auto leaks = std::make_shared<LeakFlags>();
  check->add_option("ruleset", *ruleset, "a ruleset id or folder")->required();
  auto* games_option = check->add_option("--games", *games, "how many random games (default 100; 6 with --leaks)")
                           ->check(CLI::Range(1, std::numeric_limits<int>::max()));
  check->add_option("--players", flags->players, "a player count (default: every count allowed, in turn)")
      ->check(player_count_check());
  add_seed(check, *flags, "the first game's seed, 0..2^64-1 (default 1)");
  check->add_option("--set", flags->set, "a parameter: --set target=25 (repeatable)")
      ->check(key_value("KEY=VALUE"));
  check->add_option("--variant", flags->variant, "a named variant from game.yaml");
  auto* leaks_flag = check->add_flag("--leaks", leaks->on,
                  "look for hidden information reaching a seat: at every step, worlds the seat cannot tell "
                  "from the real one must show it the same");
  check->add_option("--worlds", leaks->worlds, "with --leaks: other worlds a seat and step (default 3)")
      ->check(CLI::Range(1, 1000))
      ->needs(leaks_flag);
  check->add_option("--horizon", leaks->horizon, "with --leaks: steps each is driven on (default 6)")
      ->check(CLI::Range(1, 100000))
      ->needs(leaks_flag);
  return {check, [=] {
            if (!leaks->on) return cmd_check(*ruleset, *flags, *games);
            if (games_option->count()) leaks->games = *games;
            return cmd_check_leaks(*ruleset, *flags, *leaks);
          }};
}

}  // namespace arbiter::cli
