// `arbiter solve`: counterfactual regret minimisation (CFR+) over the whole tree of a small
// two-player zero-sum game, with information sets taken from what each seat has seen. It
// gives the game's value under best play and how far the strategy found is from it.
#pragma once
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "runtime/rules_factory.hpp"
#include "analysis/solve/tree.hpp"
#include "bots/solved_bot.hpp"
#include "runtime/table.hpp"

namespace arbiter {

constexpr std::size_t kMaxSolveHistories = 5'000'000;  // nodes of the tree held in memory

struct SolveOptions {
  GameOptions game;
  int iterations = 1000;
  int every = 0;            // report each `every` iterations; 0: only at the end
  std::size_t max_histories = kMaxSolveHistories;
  std::size_t max_bytes = kMaxSolveBytes;  // the tree, the solver's tables and the report's strategy
  bool bot_keys = false;    // key the strategy by what a bot sees too (SolveReport::positions)
  bool strategy = true;     // fill SolveReport::strategy
};

// Where the average strategy stands after `iteration` iterations. For seat 0's value v under
// best play, low <= v <= high: v is at most what seat 0's best response to seat 1's average
// earns (high), and at least what seat 0's average earns against seat 1's best response
// (low). So v lies within `exploitability` of estimate().
struct SolveStep {
  int iteration = 0;
  double value = 0;           // seat 0's expected payoff when both play the average strategy
  double exploitability =
      0;  // what a best response gains against it, averaged over the two seats: (high - low) / 2
  double low = 0, high = 0;   // the bounds on seat 0's value under best play
  double estimate() const { return (low + high) / 2; }  // the middle of the bounds
};

// One seat's average strategy in one information set.
struct SolvedInfoset {
  int seat = 0;
  std::string where;                  // the first history that reaches it, as the seat saw it
  std::vector<std::uint32_t> actions; // index into SolveReport::texts (SolveTree::texts)
  std::vector<double> probabilities;  // per action, adding up to 1
};

struct SolveReport {
  std::string error;          // non-empty: refused or failed, and why
  std::string scale;          // what the payoffs are
  std::size_t histories = 0;
  std::size_t infosets = 0;
  std::vector<SolveStep> steps;  // each `every` iterations, and the last
  std::vector<SolvedInfoset> strategy;  // with SolveOptions::strategy
  std::vector<std::string> texts;       // the actions' texts, each once
  // Each seat's expected payoff playing the average strategy against a seat that picks
  // uniformly among its legal actions.
  double against_random[2] = {0, 0};
  // With SolveOptions::bot_keys: each position as a bot sees it, "SEAT KEY" (seat from 0,
  // view_key), with the index of its information set in `strategy`; and why the strategy
  // cannot be played from those views, or "".
  std::vector<std::pair<std::string, std::uint32_t>> positions;
  std::string positions_error;
  double seconds = 0;
};

// Builds the tree of the game `options` describe and runs CFR+ on it (regret matching+,
// alternating updates, the average weighted by iteration). `progress` is called after each
// iteration with the count done, and with the step when one is measured (else nullptr).
using SolveProgress = std::function<void(int done, const SolveStep* step)>;
SolveReport solve(const std::shared_ptr<const Ruleset>& ruleset, const SolveOptions& options,
                  const RulesFactory& make_rules, const SolveProgress& progress = {});
// Why `tree` breaks perfect recall (a seat's information set reached after different numbers
// of its own decisions), or "".
std::string recall_error(const SolveTree& tree);

class Cfr;
// The value and bounds of `cfr`'s average strategy now.
SolveStep measure(const Cfr& cfr);

// The solver on a tree already built, for tests.
class Cfr {
 public:
  explicit Cfr(const SolveTree& tree);
  void iterate();                       // one iteration: seat 0's update, then seat 1's
  int iterations() const { return t_; }
  // Seat 0's expected payoff under the average strategy of both seats.
  double value() const { return evaluate(-1); }
  // `seat`'s expected payoff playing the average strategy against the other seat choosing
  // uniformly at random.
  double against_random(int seat) const { return seat == 0 ? evaluate(1) : -evaluate(0); }
  // What a best response of `seat` against the other's average strategy gets (its payoff).
  double best_response(int seat) const;
  // The average strategy of every information set, its actions by index into the tree's texts.
  std::vector<SolvedInfoset> strategy() const;

 private:
  double traverse(std::uint32_t node, int seat, double reach, double others);
  void current(std::uint32_t infoset, double* out) const;
  void average(std::uint32_t infoset, double* out) const;
  // Seat 0's expected payoff with both seats on the average strategy but `uniform` (0, 1 or
  // -1 for neither), which picks uniformly.
  double evaluate(int uniform) const;
  const SolveTree& tree_;
  std::vector<double> regret_, delta_, sum_;  // per action slot; delta_: this traversal's regrets
  int t_ = 0;
};

// The strategy of `report` (solved with SolveOptions::bot_keys, without positions_error) on
// `table`, by seat and view key.
SolvedStrategy solved_strategy(const Table& table, const SolveReport& report);

}  // namespace arbiter
