// CFR+ on the tree of tree.cpp: regret matching+ with alternating updates and the
// average strategy weighted by iteration (Tammelin 2014), and the exact best response on
// the tree that measures how far the average is from an equilibrium.
#include "analysis/solve/solve.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace arbiter {

using Kind = SolveNode::Kind;

Cfr::Cfr(const SolveTree& tree)
    : tree_(tree), regret_(tree.slots, 0.0), delta_(tree.slots, 0.0), sum_(tree.slots, 0.0) {}

namespace {

// `weights` (each >= 0) normalised into `out`; uniform when they add up to nothing.
void normalise(const double* weights, std::size_t n, double* out) {
  double total = 0;
  for (std::size_t a = 0; a < n; ++a) total += weights[a];
  for (std::size_t a = 0; a < n; ++a) out[a] = total > 0 ? weights[a] / total : 1.0 / static_cast<double>(n);
}

}  // namespace

void Cfr::current(std::uint32_t infoset, double* out) const {
  const SolveInfoset& i = tree_.infosets[infoset];
  normalise(&regret_[i.offset], i.actions.size(), out);  // regrets are kept >= 0 (CFR+)
}

void Cfr::average(std::uint32_t infoset, double* out) const {
  const SolveInfoset& i = tree_.infosets[infoset];
  normalise(&sum_[i.offset], i.actions.size(), out);
}

// Seat `seat`'s counterfactual value of `node`, updating its regrets and average there.
// `reach`: the seat's own probability of playing to the node; `others`: chance's and the
// other seat's.
double Cfr::traverse(std::uint32_t node, int seat, double reach, double others) {
  const SolveNode& n = tree_.nodes[node];
  if (n.kind == Kind::Terminal) return seat == 0 ? n.value : -n.value;
  double v = 0;
  if (n.kind == Kind::Chance) {
    for (std::uint32_t c = n.first; c < n.first + n.count; ++c)
      v += tree_.chance[c] * traverse(c, seat, reach, others * tree_.chance[c]);
    return v;
  }
  std::vector<double> sigma(n.count), values(n.count);
  current(n.infoset, sigma.data());
  if (n.seat != seat) {
    // No branch is skipped where the other seat never goes: the seat's average strategy
    // below must still count this iteration (weighted by its own reach), or a best response
    // that goes there finds it playing an average of other iterations.
    for (std::uint32_t a = 0; a < n.count; ++a)
      v += sigma[a] * traverse(n.first + a, seat, reach, others * sigma[a]);
    return v;
  }
  for (std::uint32_t a = 0; a < n.count; ++a) {
    values[a] = traverse(n.first + a, seat, reach * sigma[a], others);
    v += sigma[a] * values[a];
  }
  std::uint32_t offset = tree_.infosets[n.infoset].offset;
  for (std::uint32_t a = 0; a < n.count; ++a) {
    delta_[offset + a] += others * (values[a] - v);
    sum_[offset + a] += t_ * reach * sigma[a];
  }
  return v;
}

void Cfr::iterate() {
  ++t_;
  for (int seat = 0; seat < 2; ++seat) {
    traverse(0, seat, 1.0, 1.0);
    // Regrets change once the traversal is done: every history of an information set must
    // be played with the same strategy, and CFR+ floors the sum over the set at 0, not each part.
    for (std::size_t i = 0; i < regret_.size(); ++i)
      regret_[i] = std::max(regret_[i] + delta_[i], 0.0), delta_[i] = 0;
  }
}

double Cfr::evaluate(int uniform) const {
  // Children come after their parents, so one pass from the last node back is bottom-up.
  std::vector<double> v(tree_.nodes.size(), 0.0), sigma;
  for (std::size_t i = tree_.nodes.size(); i-- > 0;) {
    const SolveNode& n = tree_.nodes[i];
    if (n.kind == Kind::Terminal) {
      v[i] = n.value;
      continue;
    }
    sigma.assign(n.count, n.kind == Kind::Seat && n.seat == uniform ? 1.0 / n.count : 1.0);
    if (n.kind == Kind::Seat && n.seat != uniform) average(n.infoset, sigma.data());
    for (std::uint32_t a = 0; a < n.count; ++a)
      v[i] += (n.kind == Kind::Chance ? tree_.chance[n.first + a] : sigma[a]) * v[n.first + a];
  }
  return v.empty() ? 0 : v[0];
}

namespace {

// The best response of one seat against the other's fixed strategy. With perfect recall,
// the subtrees below the seat's decisions after k of its own decisions hold only its
// decisions after more than k: so they are decided deepest first, each by the action of
// highest counterfactual value summed over the histories of its information set.
class BestResponse {
 public:
  BestResponse(const SolveTree& tree, int seat, const std::function<void(std::uint32_t, double*)>& other)
      : tree_(tree), seat_(seat), other_(other), reach_(tree.nodes.size(), 0.0), level_(tree.nodes.size(), 0),
        memo_(tree.nodes.size(), NAN), best_(tree.infosets.size(), -1) {}

  double run() {
    std::vector<std::vector<std::uint32_t>> levels = descend();
    std::vector<double> q(tree_.slots, 0.0);
    for (std::size_t l = levels.size(); l-- > 0;) {
      for (std::uint32_t i : levels[l]) {
        const SolveNode& n = tree_.nodes[i];
        std::uint32_t offset = tree_.infosets[n.infoset].offset;
        for (std::uint32_t a = 0; a < n.count; ++a) q[offset + a] += reach_[i] * eval(n.first + a);
      }
      for (std::uint32_t i : levels[l]) decide(tree_.nodes[i].infoset, q);
    }
    return tree_.nodes.empty() ? 0 : eval(0);
  }

 private:
  // Reach of chance and the other seat, and the seat's own decisions above, for every node;
  // the seat's decision nodes grouped by that count.
  std::vector<std::vector<std::uint32_t>> descend() {
    std::vector<std::vector<std::uint32_t>> levels;
    std::vector<double> sigma;
    if (!tree_.nodes.empty()) reach_[0] = 1;
    for (std::uint32_t i = 0; i < tree_.nodes.size(); ++i) {
      const SolveNode& n = tree_.nodes[i];
      if (n.kind == Kind::Terminal) continue;
      bool mine = n.kind == Kind::Seat && n.seat == seat_;
      sigma.assign(n.count, 1.0);
      if (n.kind == Kind::Seat && !mine) other_(n.infoset, sigma.data());
      for (std::uint32_t a = 0; a < n.count; ++a) {
        std::uint32_t c = n.first + a;
        reach_[c] = reach_[i] * (n.kind == Kind::Chance ? tree_.chance[c] : sigma[a]);
        level_[c] = level_[i] + (mine ? 1 : 0);
      }
      if (!mine) continue;
      if (levels.size() <= level_[i]) levels.resize(level_[i] + 1);
      levels[level_[i]].push_back(i);
    }
    return levels;
  }

  void decide(std::uint32_t infoset, const std::vector<double>& q) {
    if (best_[infoset] >= 0) return;
    const SolveInfoset& s = tree_.infosets[infoset];
    int best = 0;
    for (std::size_t a = 1; a < s.actions.size(); ++a)
      if (q[s.offset + a] > q[s.offset + best]) best = static_cast<int>(a);
    best_[infoset] = best;
  }

  // The seat's payoff at `node` with its decisions below already made.
  double eval(std::uint32_t node) {
    if (!std::isnan(memo_[node])) return memo_[node];
    const SolveNode& n = tree_.nodes[node];
    double v = 0;
    if (n.kind == Kind::Terminal) {
      v = seat_ == 0 ? n.value : -n.value;
    } else if (n.kind == Kind::Chance) {
      for (std::uint32_t c = n.first; c < n.first + n.count; ++c) v += tree_.chance[c] * eval(c);
    } else if (n.seat == seat_) {
      v = eval(n.first + std::max(best_[n.infoset], 0));
    } else {
      std::vector<double> sigma(n.count);
      other_(n.infoset, sigma.data());
      for (std::uint32_t a = 0; a < n.count; ++a)
        if (sigma[a] > 0) v += sigma[a] * eval(n.first + a);
    }
    return memo_[node] = v;
  }

  const SolveTree& tree_;
  int seat_;
  std::function<void(std::uint32_t, double*)> other_;
  std::vector<double> reach_;
  std::vector<std::uint32_t> level_;
  std::vector<double> memo_;
  std::vector<int> best_;
};

}  // namespace

double Cfr::best_response(int seat) const {
  BestResponse br(tree_, seat, [this](std::uint32_t infoset, double* out) { average(infoset, out); });
  return br.run();
}

std::vector<SolvedInfoset> Cfr::strategy() const {
  std::vector<SolvedInfoset> out;
  for (std::uint32_t i = 0; i < tree_.infosets.size(); ++i) {
    const SolveInfoset& s = tree_.infosets[i];
    SolvedInfoset solved{s.seat, tree_.where(i), s.actions, std::vector<double>(s.actions.size())};
    average(i, solved.probabilities.data());
    out.push_back(std::move(solved));
  }
  return out;
}

std::string recall_error(const SolveTree& tree) {
  std::vector<std::uint32_t> level(tree.nodes.size() * 2, 0);  // per node and seat: its decisions above
  std::vector<int> seen(tree.infosets.size(), -1);
  for (std::uint32_t i = 0; i < tree.nodes.size(); ++i) {
    const SolveNode& n = tree.nodes[i];
    if (n.kind == Kind::Terminal) continue;
    bool seat = n.kind == Kind::Seat;
    if (seat) {
      int here = static_cast<int>(level[i * 2 + n.seat]);
      int& first = seen[n.infoset];
      if (first >= 0 && first != here)
        return tree.where(n.infoset) + ": the seat sees the same after " + std::to_string(here) +
               " and after " + std::to_string(first) +
               " decisions of its own; its view and log must remember what it did";
      first = here;
    }
    for (std::uint32_t c = n.first; c < n.first + n.count; ++c)
      for (int s = 0; s < 2; ++s) level[c * 2 + s] = level[i * 2 + s] + (seat && n.seat == s ? 1 : 0);
  }
  return "";
}

namespace {

// What the report's strategy takes: each information set's label, indices and probabilities.
std::size_t strategy_bytes(const SolveTree& tree) {
  std::size_t bytes = 0;
  for (const SolveInfoset& s : tree.infosets) {
    bytes += sizeof(SolvedInfoset) + s.actions.size() * (sizeof(std::uint32_t) + sizeof(double)) + 16;
    for (std::uint32_t n = s.node; n != 0; n = tree.nodes[n].parent) {
      const SolveBranch& b = tree.branches[tree.nodes[n].branch];
      bytes += tree.texts[(b.audience >> s.seat) & 1u ? b.text : b.hidden].size() + 2;
    }
  }
  return bytes;
}

}  // namespace

SolveStep measure(const Cfr& cfr) {
  // best_response(1) is seat 1's payoff, the negative of what seat 0 keeps against it.
  double high = cfr.best_response(0), low = -cfr.best_response(1);
  return {cfr.iterations(), cfr.value(), (high - low) / 2, low, high};
}

SolveReport solve(const std::shared_ptr<const Ruleset>& ruleset, const SolveOptions& o,
                  const RulesFactory& make_rules, const SolveProgress& progress) {
  auto started = std::chrono::steady_clock::now();
  SolveReport report;
  SolveTree tree = build_solve_tree(ruleset, o.game, make_rules, o.max_histories, o.bot_keys, o.max_bytes);
  if (tree.error.empty()) tree.error = recall_error(tree);
  if (std::size_t bytes = solve_bytes(tree) + (o.strategy ? strategy_bytes(tree) : 0);
      tree.error.empty() && bytes > o.max_bytes)
    tree.error =
        "the game is too large to solve: with the strategy to report (--strategy, --write-bot), it would take "
        "more than " +
        bytes_text(o.max_bytes) + " (" + std::to_string(bytes >> 20) + " MiB; --max-memory sets the cap)";
  if (!tree.error.empty()) {
    report.error = tree.error;
    return report;
  }
  report.scale = tree.scale;
  report.histories = tree.nodes.size();
  report.infosets = tree.infosets.size();
  Cfr cfr(tree);
  for (int t = 1; t <= o.iterations; ++t) {
    cfr.iterate();
    const SolveStep* step = nullptr;
    if (t == o.iterations || (o.every > 0 && t % o.every == 0)) {
      report.steps.push_back(measure(cfr));
      step = &report.steps.back();
    }
    if (progress) progress(t, step);
  }
  if (o.strategy) report.strategy = cfr.strategy();
  for (int seat = 0; seat < 2; ++seat) report.against_random[seat] = cfr.against_random(seat);
  report.texts = std::move(tree.texts);
  report.positions.assign(tree.bot_keys.begin(), tree.bot_keys.end());
  std::sort(report.positions.begin(), report.positions.end());
  report.positions_error = tree.bot_key_error;
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return report;
}

SolvedStrategy solved_strategy(const Table& table, const SolveReport& r) {
  SolvedStrategy s;
  s.ruleset = table.ruleset->id;
  s.game = game_print(table);
  std::vector<std::string> seats = table.seat_names();
  for (const auto& [at, infoset] : r.positions) {
    const SolvedInfoset& i = r.strategy[infoset];
    StrategyEntry e{{}, i.probabilities, 0, seats[i.seat] + " at " + i.where};
    for (std::uint32_t a : i.actions) e.actions.push_back(r.texts[a]);
    s.positions.emplace(std::make_pair(i.seat, at.substr(at.find(' ') + 1)), std::move(e));
  }
  return s;
}

}  // namespace arbiter
