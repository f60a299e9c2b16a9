// The invariants every ruleset must keep, checked over seeded random games: someone can
// act until the game ends, views show nothing hidden, copies equal their originals,
// the log replays to the same state, and no component is lost or duplicated.
#pragma once
#include <cstdint>
#include <string>

#include "interpreter/engine.hpp"

namespace arbiter {

struct ConformanceOptions {
  int games = 100;
  int players = 0;              // 0: every count the ruleset allows, in turn
  std::uint64_t first_seed = 1;
  int max_actions = 100000;     // per game
};

struct ConformanceReport {
  int games = 0;
  long long actions = 0;
  std::string error;            // empty when every check held
  bool ok() const { return error.empty(); }
};

ConformanceReport run_conformance(std::shared_ptr<const Ruleset> ruleset, Rules& rules,
                                  const ConformanceOptions& options);

// Single checks, also used by unit tests. Each returns "" or what is wrong.
std::string check_components(const State& state);
std::string check_view_hides(const State& state, int seat);
std::string check_replay(Engine& engine, const State& state);

}  // namespace arbiter
