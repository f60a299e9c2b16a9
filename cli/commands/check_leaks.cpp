// `arbiter check --leaks`: seeded random games searched for hidden information that reaches
// a seat (analysis/leaks). Exit status 0: none found; 1: leaks, listed; 2: a usage or ruleset error.
#include <fmt/format.h>

#include <string>

#include "analysis/leaks/leaks.hpp"
#include "cli/app.hpp"
#include "present/output.hpp"
#include "runtime/diagnostics.hpp"

namespace arbiter::cli {

namespace {

constexpr std::size_t kLeaksInFull = 3;  // listed with their steps; the rest a line each

std::string joined(const std::vector<std::string>& parts, const char* between) {
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : between) + p;
  return out;
}

// The steps as numbered entries, several to a line within `width` columns.
std::string packed_steps(const std::vector<std::string>& steps, std::size_t width) {
  std::string out, line;
  for (std::size_t i = 0; i < steps.size(); ++i) {
    std::string entry = std::to_string(i + 1) + " " + steps[i];
    if (!line.empty() && line.size() + 3 + entry.size() > width) {
      out += "    " + line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " · ") + entry;
  }
  return line.empty() ? out : out + "    " + line + "\n";
}

// `again`: the command line's ruleset and its --variant and --set, for the line that repeats a game.
void print_leak_in_full(int n, const std::string& again, const Leak& l) {
  const std::string& who = l.seats[l.seat];
  print("\nleak {}: what {} receives differs in {}, at step {} of the game of seed {} ({})\n", n, who, l.field,
        l.step, l.seed, joined(l.seats, ", "));
  print("  in the real game:  {}\n", l.real);
  print("  in another world:  {}\n", l.other);
  print("  (drawn from {}'s view at step {}; what {} may see was the same in both until then)\n", who,
        l.drawn_at, who);
  print("  again: arbiter check {} --leaks --seed {} --games 1 --players {}\n", again, l.seed, l.seats.size());
  if (l.history.empty()) {
    print("  before the first step\n");
    return;
  }
  print("  steps 1 to {}:\n{}", l.step, packed_steps(l.history, 96));
}

void print_leak_line(const Leak& l) {
  print("  seed {}, step {}, {}, {}: {} / {}\n", l.seed, l.step, l.seats[l.seat], l.field, l.real, l.other);
}

std::string compared(const LeakReport& r) {
  return fmt::format("{}, {}", counted(r.pairs, "pair") + " of worlds", counted(r.steps, "step") + " compared") +
         (r.failed ? fmt::format("; {} ended by a script error", counted(r.failed, "other world")) : "");
}

int print_report(const std::string& id, const std::string& again, const LeakReport& r) {
  if (r.found == 0) {
    print("{}: no leak found ({} in {})\n", id, compared(r), counted(r.games, "game"));
    return 0;
  }
  print("{}: {} found ({} in {})\n", id, counted(r.found, "leak"), compared(r), counted(r.games, "game"));
  for (std::size_t i = 0; i < r.leaks.size() && i < kLeaksInFull; ++i)
    print_leak_in_full(static_cast<int>(i) + 1, again, r.leaks[i]);
  if (r.leaks.size() > kLeaksInFull) print("\nand:\n");
  for (std::size_t i = kLeaksInFull; i < r.leaks.size(); ++i) print_leak_line(r.leaks[i]);
  if (r.found > static_cast<long long>(r.leaks.size()))
    print("  ... and {} more\n", r.found - static_cast<long long>(r.leaks.size()));
  return 1;
}

}  // namespace

int cmd_check_leaks(const std::string& name, const GameFlags& flags, const LeakFlags& leaks) {
  LoadedGame l;
  try {
    l = load_game(name);
  } catch (const InputError& e) {
    print_err("{}\n", e.what());
    return 2;
  }
  const Ruleset& r = *l.ruleset;
  LeakOptions o;
  if (!flags.players.empty()) o.players = player_count(r, flags.players);  // throws UsageError: main reports it
  GameFlags table_flags = flags;
  table_flags.players.clear();
  GameOptions given = game_options(r, table_flags);
  if (o.players)
    for (int i = 1; i <= o.players; ++i) given.seats.push_back({"P" + std::to_string(i), -1});
  flags_table(l.ruleset, given);
  o.variant = given.variant;
  o.set = given.set;
  if (leaks.games > 0) o.games = leaks.games;
  o.first_seed = flags.seed_given ? flags.seed : 1;
  o.worlds = leaks.worlds;
  o.horizon = leaks.horizon;
  LeakReport report = find_leaks(l.ruleset, *l.rules, o);
  if (!report.error.empty()) {
    print_err("{}: {}\n", r.id, report.error);
    return 2;
  }
  if (report.nothing_hidden) {
    print("{}: nothing is hidden (every zone is public, no variable is hidden): no leak to look for\n", r.id);
    return 0;
  }
  print("{}: {} from seed {}, {} a seat at every step, each driven {} on\n", r.id,
        counted(o.games, "random game"), o.first_seed, counted(o.worlds, "other world"),
        counted(o.horizon, "step"));
  std::string again = name + (flags.variant.empty() ? "" : " --variant " + flags.variant);
  for (const auto& kv : flags.set) again += " --set " + kv;
  return print_report(r.id, again, report);
}

}  // namespace arbiter::cli
