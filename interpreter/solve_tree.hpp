// The whole tree of a two-player zero-sum game, held in memory for `arbiter solve`: every
// history reached through the decision seam, with chance weights, terminal payoffs and each
// seat's decision nodes grouped into information sets by what the seat has seen.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "interpreter/rules_factory.hpp"
#include "interpreter/table.hpp"

namespace arbiter {

constexpr std::size_t kMaxSolveDepth = 1000;  // decisions (actions and chance outcomes) on one line of play

struct SolveNode {
  enum class Kind : std::uint8_t { Terminal, Chance, Seat };
  Kind kind = Kind::Terminal;
  std::uint8_t seat = 0;          // Kind::Seat: who acts (0 or 1)
  std::uint32_t first = 0;        // children are nodes [first, first + count); each after its parent
  std::uint32_t count = 0;
  std::uint32_t infoset = 0;      // Kind::Seat: index into SolveTree::infosets
  double value = 0;               // Kind::Terminal: seat 0's payoff (seat 1's is its negative)
};

// One information set: the histories where a seat has seen the same things.
struct SolveInfoset {
  int seat = 0;
  std::uint32_t offset = 0;               // its actions' slots in the solver's per-action arrays
  std::vector<std::string> actions;       // the same in every history of the set
  // The first history that reached it as the seat saw it: "outcome ?, outcome J, Andy: bet".
  std::string where;
  std::string first;                      // the same history as it was, every step shown
};

struct SolveTree {
  std::vector<SolveNode> nodes;           // nodes[0] is the root
  std::vector<double> chance;             // per node: its probability from its parent when that is chance; else 1
  std::vector<SolveInfoset> infosets;
  std::uint32_t slots = 0;                // actions over all information sets
  std::string scale;                      // what the payoffs are, for reports
  std::string error;                      // non-empty: refused or failed, and why
  // With bot keys asked for: each seat's positions as a bot sees them (seat, view_key of
  // its view without the log) -> their information set; and why they cannot be played from
  // that view (two information sets sharing one), or "".
  std::unordered_map<std::string, std::uint32_t> bot_keys;
  std::string bot_key_error;
};

// Builds the tree of the game `options` describe. Refuses (tree.error) a game without two
// seats, with payoffs that are not zero-sum, with several seats acting at once outside a
// simultaneous choice, with more than `max_histories` histories, or with a line of play
// longer than kMaxSolveDepth. `bot_keys` also fills SolveTree::bot_keys.
SolveTree build_solve_tree(const std::shared_ptr<const Ruleset>& ruleset, const GameOptions& options,
                           const RulesFactory& make_rules, std::size_t max_histories, bool bot_keys = false);

}  // namespace arbiter
