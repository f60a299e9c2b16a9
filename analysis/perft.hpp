// Counting the tree of legal play (perft): how many positions each depth reaches and how
// many games end there. The standard check of a ruleset's move generation against
// published tables, and a measure of how fast the runtime walks a tree.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "runtime/rules_factory.hpp"
#include "runtime/table.hpp"

namespace arbiter {

struct PerftOptions {
  GameOptions game;     // seats, seed (it decides every shuffle), variant, parameters
  int depth = 1;        // plies to walk, at least 1
  int threads = 0;      // 0: one per core
  bool divide = false;  // also count the positions at `depth` under each first branch
};

struct PerftLevel {
  int depth = 0;
  std::uint64_t nodes = 0;  // positions reached by exactly `depth` branches
  std::uint64_t ended = 0;  // of those, the ones where the game is over
  // The ended positions by result: the winners' names joined by '+', or "none".
  std::map<std::string, std::uint64_t> results;
};

struct PerftBranch {
  std::string label;         // "e2e4", "Bill: call", "outcome: held"
  std::uint64_t nodes = 0;   // positions at the full depth under it
};

struct PerftReport {
  std::vector<PerftLevel> levels;    // depth 1..N
  std::vector<PerftBranch> divide;   // with options.divide, in the order the branches were listed
  std::string error;                 // non-empty: the walk stopped (a script error, a bad option)
  double seconds = 0;                // wall time of the walk
  int threads = 1;
};

// Walks the tree from the start of the game the options describe. A branch is each legal
// action of every seat that may act (the seat on turn and the holders of out-of-turn
// actions), and each outcome of weight above zero of a pending chance decision. Shuffles
// are not branches: the seed decides them, so the tree is the one that seed deals. A
// simultaneous choice is one ply: a branch per joint choice, the product of its seats'
// action counts.
// `make_rules` is called once per worker thread; no Lua state is shared between threads.
PerftReport perft(const std::shared_ptr<const Ruleset>& ruleset, const PerftOptions& options,
                  const RulesFactory& make_rules);

}  // namespace arbiter
