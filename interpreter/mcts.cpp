// Open-loop information-set MCTS. Each iteration samples a state from the bot's view, walks
// the tree by UCB over the actions legal in that sample (counting how often each was
// available), adds one node, plays out at random and backs up each seat's share of the win.
#include "interpreter/mcts.hpp"

#include <chrono>
#include <cmath>
#include <map>

#include "interpreter/diagnostics.hpp"
#include "interpreter/match.hpp"
#include "interpreter/sample.hpp"

namespace arbiter {

bool parse_mcts_budget(const std::string& spec, MctsBudget& budget, std::string& error) {
  if (spec.empty()) return true;
  try {
    std::size_t used = 0;
    int n = std::stoi(spec, &used);
    std::string unit = spec.substr(used);
    if (n <= 0 || (unit != "" && unit != "ms")) throw std::invalid_argument(spec);
    if (unit == "ms") budget.milliseconds = n;
    else budget.iterations = n;
    return true;
  } catch (const std::exception&) {
    error = "mcts takes a budget in iterations or milliseconds (mcts:2000, mcts:200ms), not " + quote(spec);
    return false;
  }
}

// Each seat's share of the win: at the end, its result (State::shares); where a playout stopped short, the
// seats with the highest score (the ruleset's score hook) share it, and with no scores to
// tell them apart every seat gets an equal share.
std::vector<double> playout_rewards(Engine& engine, const State& s) {
  std::vector<double> r(s.seat_count(), 0.0);
  std::vector<int> leaders;
  if (s.over) {
    return s.shares();  // the rules' results: a draw is worth 1/2, more than a loss
  } else {
    std::int64_t best = 0;
    for (int seat = 0; seat < s.seat_count(); ++seat) {
      Value v;  // a failing score hook is reported where the game ends (sim, check); here it tells nothing
      if (!engine.score(s, seat, v).ok || !v.is_int()) return std::vector<double>(r.size(), 1.0 / s.seat_count());
      if (leaders.empty() || v.as_int() > best) best = v.as_int(), leaders = {seat};
      else if (v.as_int() == best) leaders.push_back(seat);
    }
  }
  for (int w : leaders) r[w] = 1.0 / static_cast<double>(leaders.size());
  return r;
}

namespace {

// One decision point in the tree: children by (seat, action); "" is a pass off-turn.
struct Node {
  int seat = -1;              // who chose the move into this node
  double reward = 0;          // that seat's total reward through this node
  int visits = 0;
  int available = 0;          // iterations in which this move was legal
  std::map<std::pair<int, std::string>, std::unique_ptr<Node>> children;
};

// Where a game stands between actions: the state, and which seats of its decision order
// have already passed on their out-of-turn chance.
struct Cursor {
  State state;
  std::vector<int> order;
  std::size_t next = 0;
  void reset() {
    order = decision_order(state);
    next = 0;
  }
};

class Search {
 public:
  Search(Engine& engine, const MctsBudget& budget, Rng& rng) : engine_(engine), budget_(budget), rng_(rng) {}

  // The next seat to decide and its options, after making chance decisions; false at the end.
  bool next_decision(Cursor& c, int& seat, std::vector<std::string>& options) {
    while (!c.state.over) {
      if (engine_.pending_chance(c.state)) {
        if (!engine_.decide_randomly(c.state, rng_).ok()) return false;
        c.reset();
        continue;
      }
      while (c.next < c.order.size()) {
        seat = c.order[c.next];
        bool on_turn = seat == c.state.active();
        if (!on_turn && c.state.table->ruleset->turns.out_of_turn.empty()) { ++c.next; continue; }
        if (!engine_.actions(c.state, seat, options).ok) return false;
        if (options.empty()) { ++c.next; continue; }
        if (!on_turn) options.push_back("");  // passing is a choice off one's turn
        return true;
      }
      return false;  // nobody can act: treat as the end of this line of play
    }
    return false;
  }

  bool take(Cursor& c, int seat, const std::string& option) {
    if (option.empty()) {
      ++c.next;
      return true;
    }
    if (!engine_.apply_trusted(c.state, seat, option).ok) return false;
    c.reset();
    return true;
  }

  std::vector<double> playout(Cursor& c) {
    int seat;
    std::vector<std::string> options;
    int limit = c.state.table->ruleset->search_playout > 0 ? c.state.table->ruleset->search_playout
                                                           : budget_.playout_actions;
    for (int n = 0; n < limit && next_decision(c, seat, options); ++n)
      if (!take(c, seat, options[rng_.below(options.size())])) break;
    return playout_rewards(engine_, c.state);
  }

  void iterate(Node& root, Cursor c) {
    std::vector<Node*> path{&root};
    Node* node = &root;
    int seat;
    std::vector<std::string> options;
    while (next_decision(c, seat, options)) {
      Node* untried = nullptr;
      Node* best = nullptr;
      double best_score = -1;
      for (const auto& o : options) {
        auto& child = node->children[{seat, o}];
        if (!child) child = std::make_unique<Node>(), child->seat = seat;
        child->available += 1;
        if (child->visits == 0) {
          if (!untried) untried = child.get();
          continue;
        }
        double score = child->reward / child->visits + 0.7 * std::sqrt(std::log(child->available) / child->visits);
        if (score > best_score) best_score = score, best = child.get();
      }
      Node* pick = untried ? untried : best;
      const std::string* chosen = nullptr;
      for (const auto& o : options)
        if (node->children[{seat, o}].get() == pick) chosen = &o;
      if (!pick || !take(c, seat, *chosen)) break;
      path.push_back(pick);
      node = pick;
      if (untried) break;  // one new node per iteration
    }
    std::vector<double> r = playout(c);
    for (Node* n : path) {
      n->visits += 1;
      if (n->seat >= 0) n->reward += r[n->seat];
    }
  }

 private:
  Engine& engine_;
  const MctsBudget& budget_;
  Rng& rng_;
};

}  // namespace

std::string MctsBot::choose(const View& view, const std::vector<std::string>& legal, bool on_turn) {
  if (legal.size() == 1 && on_turn) return legal[0];
  int seat = view.seat;
  Node root;
  Search search(engine_, budget_, rng_);
  auto start = std::chrono::steady_clock::now();
  for (int i = 0;; ++i) {
    if (budget_.milliseconds > 0) {
      auto spent = std::chrono::steady_clock::now() - start;
      if (spent >= std::chrono::milliseconds(budget_.milliseconds) && i > 0) break;
    } else if (i >= budget_.iterations) {
      break;
    }
    if (i > 0 && stop_thinking().load(std::memory_order_relaxed)) break;  // Ctrl-C: the best so far
    Cursor c{sample_state(engine_.table_ptr(), view, rng_), {}, 0};
    c.reset();
    // Start at this bot's own decision: the seats before it in the decision order have passed.
    while (c.next < c.order.size() && c.order[c.next] != seat) ++c.next;
    search.iterate(root, std::move(c));
  }
  std::string best = on_turn ? legal[0] : "";
  int most = -1;
  for (const auto& [key, child] : root.children)
    if (key.first == seat && child->visits > most) most = child->visits, best = key.second;
  return best;
}

}  // namespace arbiter
