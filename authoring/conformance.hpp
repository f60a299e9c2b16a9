// The invariants every ruleset must keep, checked over seeded random games: someone can
// act until the game ends, views show nothing hidden, copies equal their originals,
// the log replays to the same state, and no component is lost or duplicated.
#pragma once
#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "runtime/engine.hpp"

namespace arbiter {

struct ConformanceOptions {
  int games = 100;
  int players = 0;              // 0: every count the ruleset allows, in turn
  std::uint64_t first_seed = 1;
  int max_actions = 100000;     // per game
  std::string variant;          // as for play: a named variant, then the parameters set
  std::map<std::string, std::string> set;
};

// How long games ran, in actions or in turns, over the games that ended.
struct LengthSummary {
  long long total = 0, min = 0, max = 0;
  void add(long long n, bool first) {
    total += n;
    min = first ? n : std::min(min, n);
    max = first ? n : std::max(max, n);
  }
};

struct ConformanceReport {
  int games = 0;
  long long actions = 0;
  std::string error;            // empty when every check held
  bool ok() const { return error.empty(); }
  // Over the games that ended (the invariants hold in the others too, as far as they went):
  int ended = 0;
  LengthSummary actions_per_game, turns_per_game;
  std::vector<int> wins;        // per seat number (index 0 is seat 1); a shared win counts for each
  int draws = 0;                // ended without a winner
  int unfinished = 0;           // hit max_actions; counted apart, not a failure
};

ConformanceReport run_conformance(std::shared_ptr<const Ruleset> ruleset, Rules& rules,
                                  const ConformanceOptions& options);

// Single checks, also used by unit tests. Each returns "" or what is wrong.
std::string check_components(const State& state);
std::string check_view_hides(const State& state, int seat);
std::string check_replay(Engine& engine, const State& state);

}  // namespace arbiter
