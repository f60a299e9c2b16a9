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

#include "runtime/rules_factory.hpp"
#include "runtime/table.hpp"

namespace arbiter {

constexpr std::size_t kMaxSolveDepth = 1000;  // decisions (actions and chance outcomes) on one line of play
constexpr std::size_t kMaxSolveBytes = std::size_t{2} << 30;  // the tree and the solver's tables, by default

// What solving a tree takes, in bytes, as far as it is built: the tree and its tables, the
// maps that build it, and the solver's arrays (solve.cpp), all but the report's strategy.
struct SolveTree;
std::size_t solve_bytes(const SolveTree& tree);
// A cap on bytes as a reader reads it: "8 MiB", or "1000 bytes" when not whole MiB.
std::string bytes_text(std::size_t bytes);

struct SolveNode {
  enum class Kind : std::uint8_t { Terminal, Chance, Seat };
  Kind kind = Kind::Terminal;
  std::uint8_t seat = 0;          // Kind::Seat: who acts (0 or 1)
  std::uint32_t first = 0;        // children are nodes [first, first + count); each after its parent
  std::uint32_t count = 0;
  std::uint32_t infoset = 0;      // Kind::Seat: index into SolveTree::infosets
  double value = 0;               // Kind::Terminal: seat 0's payoff (seat 1's is its negative)
  std::uint32_t parent = 0;       // the node it follows (the root: 0)
  std::uint32_t branch = 0;       // how it follows: index into SolveTree::branches
};

// One branch taken: a chance outcome or a seat's action, with the seats that saw it.
struct SolveBranch {
  std::uint32_t text = 0;         // index into SolveTree::texts: "outcome K", "Andy: bet"
  std::uint32_t hidden = 0;       // what the others read: "outcome ?", "Andy: ?"
  std::uint32_t audience = 0;     // a bit per seat
};

// One information set: the histories where a seat has seen the same things.
struct SolveInfoset {
  int seat = 0;
  std::uint32_t offset = 0;               // its actions' slots in the solver's per-action arrays
  std::vector<std::uint32_t> actions;     // index into SolveTree::texts; the same in every history of the set
  std::uint32_t node = 0;                 // the first history that reached it
};

struct SolveTree {
  std::vector<SolveNode> nodes;           // nodes[0] is the root
  std::vector<double> chance;  // per node: its probability from its parent when that is chance; else 1
  std::vector<SolveInfoset> infosets;
  std::uint32_t slots = 0;                // actions over all information sets
  std::vector<std::string> texts;         // every action and branch text, once
  std::vector<SolveBranch> branches;      // every branch, once
  std::size_t text_bytes = 0;             // what `texts` hold
  std::string scale;                      // what the payoffs are, for reports
  std::string error;                      // non-empty: refused or failed, and why
  // With bot keys asked for: each seat's positions as a bot sees them (seat, view_key of
  // its view without the log) -> their information set; and why they cannot be played from
  // that view (two information sets sharing one), or "".
  std::unordered_map<std::string, std::uint32_t> bot_keys;
  std::string bot_key_error;

  // The way to `node` as `seat` saw it (-1: as it was), branches it did not see as "?":
  // "outcome ?, outcome J, Andy: bet"; "the start" for the root.
  std::string path(std::uint32_t node, int seat = -1) const;
  // The first history that reached information set `i`, as its seat saw it.
  std::string where(std::uint32_t i) const { return path(infosets[i].node, infosets[i].seat); }
};

// Builds the tree of the game `options` describe. Refuses (tree.error) a game without two
// seats, with payoffs that are not zero-sum, with several seats acting at once outside a
// simultaneous choice, whose finished games' results do not add up to the same in each,
// with more than `max_histories` histories, taking more than `max_bytes` (solve_bytes), or
// with a line of play longer than kMaxSolveDepth. `bot_keys` also fills SolveTree::bot_keys.
SolveTree build_solve_tree(const std::shared_ptr<const Ruleset>& ruleset, const GameOptions& options,
                           const RulesFactory& make_rules, std::size_t max_histories, bool bot_keys = false,
                           std::size_t max_bytes = kMaxSolveBytes);

}  // namespace arbiter
