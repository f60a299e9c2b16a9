// Open-loop information-set MCTS. Each iteration samples a state from the bot's view, walks
// the tree by UCB over the actions legal in that sample (counting how often each was
// available), adds one node, plays out at random and backs up each seat's share of the win.
#include "bots/mcts.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>

#include "runtime/diagnostics.hpp"
#include "play/sample.hpp"

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

// Each seat's share of the win: at the end, its result (State::shares), or in a game of
// payoffs its payoff scaled by game.yaml's bounds into [0, 1]; where a playout stopped short, the
// seats with the highest score (the ruleset's score hook) share it, and with no scores to
// tell them apart every seat gets an equal share. In a cooperative game of payoffs the
// shared score (the score hook's, scaled by the payoffs' bounds) is every seat's, at the end
// of a playout that stopped short as at the end of the game.
std::vector<double> playout_rewards(Engine& engine, const State& s) {
  std::vector<double> r(s.seat_count(), 0.0);
  std::vector<int> leaders;
  if (s.over) {
    const PayoffDef& paid = s.table->ruleset->payoffs;
    if (!paid.declared || s.payoffs.size() != r.size())
      return s.shares();  // a draw is worth 1/2, more than a loss
    // A game of payoffs: the expected payoff is what to maximise, scaled into [0, 1] by its bounds.
    for (std::size_t seat = 0; seat < r.size(); ++seat) r[seat] = paid.scaled(s.payoffs[seat]);
    return r;
  } else if (s.table->ruleset->cooperative && s.table->ruleset->payoffs.declared) {
    // Played together: the shared score, scaled into the payoffs' bounds, is every seat's.
    Value v;
    if (!engine.score(s, 0, v).ok || !v.is_int()) return std::vector<double>(r.size(), 1.0 / s.seat_count());
    double shared = std::clamp(s.table->ruleset->payoffs.scaled(static_cast<double>(v.as_int())), 0.0, 1.0);
    return std::vector<double>(r.size(), shared);
  } else {
    std::int64_t best = 0;
    for (int seat = 0; seat < s.seat_count(); ++seat) {
      Value v;  // a failing score hook is reported where the game ends (sim, check); here it tells nothing
      if (!engine.score(s, seat, v).ok || !v.is_int())
        return std::vector<double>(r.size(), 1.0 / s.seat_count());
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

// Where a game stands between actions: the state, its decision, and how many of the
// decision's seats have passed on their out-of-turn chance.
struct Cursor {
  State state;
  Decision d;
  std::size_t next = 0;
  bool failed = false;  // the rules failed: this line of play ends here
};

class Search {
 public:
  Search(Engine& engine, const MctsBudget& budget, Rng& rng) : engine_(engine), budget_(budget), rng_(rng) {}

  void refresh(Cursor& c) {
    c.next = 0;
    c.failed = !engine_.decision(c.state, c.d).ok;
  }

  // The next seat to decide, after making chance decisions; nullptr at the end. Its options
  // are its actions by index and, off its turn, one more: passing.
  const SeatActions* next_decision(Cursor& c) {
    while (!c.failed && c.d.kind == Decision::Kind::Chance) {
      if (!engine_.take_outcome(c.state, c.d, pick_outcome(c.d.weights, rng_)).ok) return nullptr;
      refresh(c);
    }
    if (c.failed || c.d.kind != Decision::Kind::Seats || c.next >= c.d.seats.size()) return nullptr;
    return &c.d.seats[c.next];  // with none left, nobody can act: the end of this line of play
  }

  static std::size_t option_count(const SeatActions& sa) { return sa.actions.size() + (sa.on_turn ? 0 : 1); }

  bool take(Cursor& c, std::size_t option) {
    if (option == c.d.seats[c.next].actions.size()) {  // a pass
      ++c.next;
      return true;
    }
    if (!engine_.take(c.state, c.d, c.next, option).ok) return false;
    refresh(c);
    return true;
  }

  // A simultaneous choice, by decoupled UCT: each seat picks by its own statistics at `node`
  // (children keyed by its seat), blind to what the others pick, since in the game it cannot
  // know; then all commit, and the next node is keyed by the joint choice (seat -1). Walking
  // it as turns instead would let the later seats answer the earlier ones' choices.
  bool joint(Node*& node, Cursor& c, std::vector<Node*>& path, bool& fresh) {
    std::vector<std::pair<int, std::string>> picks;
    for (const SeatActions& sa : c.d.seats) {
      std::size_t k = 0;
      Node* best = nullptr;
      double best_score = -1;
      for (std::size_t i = 0; i < sa.actions.size(); ++i) {
        auto& child = node->children[{sa.seat, sa.actions[i]}];
        if (!child) child = std::make_unique<Node>(), child->seat = sa.seat;
        child->available += 1;
        double score = child->visits == 0 ? 1e9 + static_cast<double>(rng_.below(1000))
                                          : child->reward / child->visits +
                                                0.7 * std::sqrt(std::log(child->available) / child->visits);
        if (score > best_score) best_score = score, best = child.get(), k = i;
      }
      picks.emplace_back(sa.seat, sa.actions[k]);
      path.push_back(best);
    }
    std::string key;
    for (const auto& [seat, text] : picks) {
      key += text + '\x1f';
      int i = c.d.seats.front().find(text);  // the seats still to commit, in seat order: this one first
      if (i < 0 || !take(c, static_cast<std::size_t>(i))) return false;
    }
    auto& next = node->children[{-1, key}];
    if (!next) next = std::make_unique<Node>();
    fresh = next->visits == 0;
    node = next.get();
    path.push_back(node);
    return true;
  }

  std::vector<double> playout(Cursor& c) {
    int limit = c.state.table->ruleset->search_playout > 0 ? c.state.table->ruleset->search_playout
                                                           : budget_.playout_actions;
    const SeatActions* sa;
    for (int n = 0; n < limit && (sa = next_decision(c)); ++n)
      if (!take(c, rng_.below(option_count(*sa)))) break;
    return playout_rewards(engine_, c.state);
  }

  void iterate(Node& root, Cursor c) {
    std::vector<Node*> path{&root};
    Node* node = &root;
    static const std::string kPass;
    while (const SeatActions* sa = next_decision(c)) {
      if (c.d.simultaneous) {
        bool fresh = false;
        if (!joint(node, c, path, fresh) || fresh) break;
        continue;
      }
      int seat = sa->seat;
      std::size_t options = option_count(*sa);
      auto text = [&](std::size_t k) -> const std::string& {
        return k < sa->actions.size() ? sa->actions[k] : kPass;
      };
      Node* untried = nullptr;
      Node* best = nullptr;
      double best_score = -1;
      std::size_t untried_k = options, best_k = options;
      for (std::size_t k = 0; k < options; ++k) {
        auto& child = node->children[{seat, text(k)}];
        if (!child) child = std::make_unique<Node>(), child->seat = seat;
        child->available += 1;
        if (child->visits == 0) {
          if (!untried) untried = child.get(), untried_k = k;
          continue;
        }
        double score =
            child->reward / child->visits + 0.7 * std::sqrt(std::log(child->available) / child->visits);
        if (score > best_score) best_score = score, best = child.get(), best_k = k;
      }
      Node* pick = untried ? untried : best;
      if (!pick || !take(c, untried ? untried_k : best_k)) break;
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
    Cursor c{sample_state(engine_.table_ptr(), view, rng_), {}, 0, false};
    search.refresh(c);
    // Start at this bot's own decision: the seats before it in the decision order have passed.
    int mine = decision_position(c.state, seat);
    while (!c.d.simultaneous && c.next < c.d.seats.size() &&
           decision_position(c.state, c.d.seats[c.next].seat) < mine)
      ++c.next;
    search.iterate(root, std::move(c));
  }
  std::string best = on_turn ? legal[0] : "";
  int most = -1;
  for (const auto& [key, child] : root.children)
    if (key.first == seat && child->visits > most) most = child->visits, best = key.second;
  return best;
}

}  // namespace arbiter
