// `arbiter check`: load and validate a ruleset, then play seeded random games with every
// conformance check on. Errors name the file and line.
#include <fmt/format.h>

#include "cli/app.hpp"
#include "interpreter/conformance.hpp"
#include "interpreter/diagnostics.hpp"

namespace arbiter::cli {

int cmd_check(const std::string& name, const GameFlags& flags, int games) {
  Loaded l;
  try {
    l = load(name);
  } catch (const InputError& e) {
    fmt::print(stderr, "{}\n", e.what());
    return 1;
  }
  const Ruleset& r = *l.ruleset;
  ConformanceOptions o;
  if (!flags.players.empty()) o.players = player_count(r, flags.players);  // throws InputError: main reports it
  fmt::print("{}: game.yaml is valid ({} component kinds, {} zones, {} parameters, {} variants)\n", r.id,
             r.kinds.size(), r.zones.size(), r.params.size(), r.variants.size());
  fmt::print("{}: {} loads; rules: {}\n", r.id, r.rules_file, join_choices(l.rules->hooks(), ", "));
  for (const auto& p : r.params)
    fmt::print("  --set {}={}{}\n", p.name, to_text(p.initial), p.doc.empty() ? "" : "  (" + p.doc + ")");
  o.games = games;
  o.first_seed = flags.seed_given ? flags.seed : 1;
  ConformanceReport rep = run_conformance(l.ruleset, *l.rules, o);
  if (!rep.ok()) {
    fmt::print(stderr, "{}: {}\n", r.id, rep.error);
    return 1;
  }
  fmt::print("{}: {} random games played to the end ({} actions), every check held\n", r.id, rep.games, rep.actions);
  return 0;
}

}  // namespace arbiter::cli
