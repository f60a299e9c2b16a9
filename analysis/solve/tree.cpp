// Building the tree for `arbiter solve`: depth first through the decision seam (Engine::
// decision, take, take_outcome on copies of the state), with each seat's decisions keyed by
// what that seat has seen: its view of the state and the log entries it may read.
#include "analysis/solve/tree.hpp"

#include <pthread.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <exception>
#include <functional>
#include <map>
#include <optional>
#include <sstream>
#include <unordered_map>

#include "runtime/diagnostics.hpp"
#include "runtime/engine.hpp"
#include "bots/solved_bot.hpp"
#include "runtime/view.hpp"

namespace arbiter {

namespace {

// Two 64-bit hashes of a seat's view text, so that two different views sharing a key
// would take a collision of both.
struct Key {
  std::uint64_t a = 0, b = 0;
  bool operator==(const Key& o) const { return a == o.a && b == o.b; }
};
struct KeyHash {
  std::size_t operator()(const Key& k) const {
    return static_cast<std::size_t>(k.a ^ (k.b * 0x9e3779b97f4a7c15ull));
  }
};

std::uint64_t fnv1a(const std::string& text) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : text) h = (h ^ c) * 0x100000001b3ull;
  return h;
}

void add(std::string& out, const std::string& field) {
  out += std::to_string(field.size());
  out += ':';
  out += field;
}

void add_zones(std::string& out, const View& v) {
  for (const ZoneView& z : v.zones) {
    add(out, z.name);
    add(out, std::to_string(z.count) + "/" + std::to_string(z.revealed));
    // What the seat was told of its unseen items (game:clue) is part of what it knows.
    std::vector<std::string> marked;
    if (!z.marks.empty()) marked = marked_items(z);
    for (const std::string& item : z.marks.empty() ? z.items : marked) add(out, item);
    for (const std::string& item : z.listed) add(out, item);
    for (Face f : z.faces) out += static_cast<char>('0' + static_cast<int>(f));
  }
}

// Everything `v` holds that a seat could tell apart, as one text: fields length-prefixed so
// that no two views write the same text.
std::string seen_text(const View& v) {
  std::string out = std::to_string(v.seat) + "|" + std::to_string(v.round) + "|" + std::to_string(v.turn) +
                    "|" + std::to_string(v.turn_index) + "|" + std::to_string(v.active) + "|";
  for (int o : v.order) out += std::to_string(o) + ",";
  for (SeatStatus s : v.status) out += static_cast<char>('0' + static_cast<int>(s));
  add_zones(out, v);
  for (const SeatView& s : v.seats)
    for (const auto& [name, value] : s.vars) add(out, name), add(out, value);
  for (const auto& [name, value] : v.globals) add(out, name), add(out, value);
  for (const Value& value : v.var_slots) add(out, to_text(value));
  add(out, v.chance);
  out += std::to_string(v.simultaneous.seats) + "/" + std::to_string(v.simultaneous.chosen);
  for (const std::string& c : v.simultaneous.choices) add(out, c);
  for (const Event& e : v.log) {
    out += static_cast<char>('0' + static_cast<int>(e.kind));
    add(out, std::to_string(e.seat));
    add(out, e.text);
  }
  return out;
}

// The branches `path` names, as `seat` saw them (-1: as they were), those it did not see as "?".
std::string joined(const SolveTree& tree, const std::vector<std::uint32_t>& path, int seat = -1) {
  std::string out;
  for (std::uint32_t i : path) {
    const SolveBranch& b = tree.branches[i];
    bool seen = seat < 0 || (b.audience >> seat) & 1u;
    out += (out.empty() ? "" : ", ") + tree.texts[seen ? b.text : b.hidden];
  }
  return out.empty() ? "the start" : out;
}

std::string list(const std::vector<std::string>& actions) {
  std::string out;
  for (const std::string& a : actions) out += (out.empty() ? "" : ", ") + a;
  return out;
}

class Builder {
 public:
  Builder(Engine& engine, SolveTree& tree, std::size_t max, std::size_t max_bytes, const PayoffDef& payoffs,
          bool bot_keys)
      : engine_(engine),
        tree_(tree),
        max_(max),
        max_bytes_(max_bytes),
        payoffs_(payoffs),
        bot_keys_(bot_keys) {}

  Status expand(const State& s, std::uint32_t index) {
    if (s.over) return terminal(s, index);
    // The walk is depth first, a few stack frames a ply: a game that goes on and on must
    // stop here, not at the end of the stack.
    if (path_.size() >= kMaxSolveDepth)
      return Status::error("a line of play runs past " + std::to_string(kMaxSolveDepth) +
                           " decisions without the game ending; solve takes games whose every line ends");
    Decision d;
    if (Status st = engine_.decision(s, d); !st.ok) return st;
    if (d.kind == Decision::Kind::Chance) return chance(s, d, index);
    if (d.seats.empty())
      return Status::error("nobody can act in a position that is not over, after " + joined(tree_, path_));
    if (!d.simultaneous && d.seats.size() > 1)
      return Status::error("several seats may act at once after " + joined(tree_, path_) +
                           " (out-of-turn actions); solve takes games where one seat acts at a time, "
                           "or a simultaneous choice");
    return seat(s, d, index);
  }

 private:
  // A finished game: seat 0's payoff. The two seats' results or payoffs must add up to the
  // same in every finished game, or a seat's loss is not the other's gain.
  Status terminal(const State& s, std::uint32_t index) {
    SolveNode& n = tree_.nodes[index];
    n.kind = SolveNode::Kind::Terminal;
    std::vector<double> got = payoffs_.declared ? s.payoffs : s.shares();
    n.value = payoffs_.declared ? got.at(0) : got.at(0) - got.at(1);
    double sum = got.at(0) + got.at(1);
    if (!sum_path_) {
      sum_ = sum;
      sum_path_ = joined(tree_, path_);
      return Status{};
    }
    if (std::abs(sum - sum_) <= 1e-9 * std::max(1.0, std::abs(sum_))) return {};
    const char* what = payoffs_.declared ? "payoffs" : "results";
    return Status::error(std::string("the seats' ") + what +
                         " do not add up to the same in every finished game: " + fmt(sum_) + " after " +
                         *sum_path_ + ", " + fmt(sum) + " after " + joined(tree_, path_) +
                         "; solve takes games where one seat's gain is the other's loss");
  }

  static std::string fmt(double x) {
    std::ostringstream out;
    out << x;
    return out.str();
  }

  // The index of `text` in the tree's texts, kept once.
  std::uint32_t intern(const std::string& text) {
    auto [it, fresh] = text_ids_.try_emplace(text, static_cast<std::uint32_t>(tree_.texts.size()));
    if (fresh) tree_.texts.push_back(text), tree_.text_bytes += text.size();
    return it->second;
  }

  std::uint32_t branch(const std::string& text, const std::string& hidden, std::uint32_t audience) {
    SolveBranch b{intern(text), intern(hidden), audience};
    auto [it, fresh] = branch_ids_.try_emplace({b.text, b.hidden, b.audience},
                                               static_cast<std::uint32_t>(tree_.branches.size()));
    if (fresh) tree_.branches.push_back(b);
    return it->second;
  }

  // Node `child` follows `parent` by `branch`, which joins the way walked.
  void follow(std::uint32_t parent, std::uint32_t child, std::uint32_t branch) {
    tree_.nodes[child].parent = parent, tree_.nodes[child].branch = branch;
    path_.push_back(branch);
  }

  // Refused once what the tree takes passes the cap on bytes.
  Status within_bytes() const {
    std::size_t bytes = solve_bytes(tree_);
    if (bytes <= max_bytes_) return {};
    return Status::error(
        "the game is too large to solve: its tree and the solver's tables would take more than " +
        bytes_text(max_bytes_) + " (" + std::to_string(bytes >> 20) + " MiB reached with " +
        std::to_string(tree_.nodes.size()) + " histories and " + std::to_string(tree_.texts.size()) +
        " texts of " + std::to_string(tree_.text_bytes) +
        " bytes, when the walk stopped; "
        "--max-memory sets the cap)");
  }

  // `count` new nodes, after every node there is; refused past the cap.
  Status allocate(std::size_t count, std::uint32_t& first) {
    if (tree_.nodes.size() + count > max_)
      return Status::error("the game is too large to solve: more than " + std::to_string(max_) +
                           " histories (" + std::to_string(tree_.nodes.size() + count) +
                           " reached when the walk stopped)");
    first = static_cast<std::uint32_t>(tree_.nodes.size());
    tree_.nodes.resize(tree_.nodes.size() + count);
    tree_.chance.resize(tree_.nodes.size(), 1.0);
    return within_bytes();
  }

  Status chance(const State& s, const Decision& d, std::uint32_t index) {
    double total = 0;
    std::vector<std::size_t> outcomes;
    for (std::size_t i = 0; i < d.weights.size(); ++i)
      if (d.weights[i] > 0) total += d.weights[i], outcomes.push_back(i);
    if (outcomes.empty())  // a node with no branch would be worth 0 to both, which nothing in the game says
      return Status::error("a chance decision with no outcome of weight above zero, after " +
                           joined(tree_, path_));
    std::uint32_t first = 0;
    if (Status st = allocate(outcomes.size(), first); !st.ok) return st;
    tree_.nodes[index].kind = SolveNode::Kind::Chance;
    tree_.nodes[index].first = first, tree_.nodes[index].count = static_cast<std::uint32_t>(outcomes.size());
    for (std::size_t j = 0; j < outcomes.size(); ++j) {
      tree_.chance[first + j] = d.weights[outcomes[j]] / total;
      State child = s;
      const std::string& name = d.chance->outcomes[outcomes[j]].first;
      if (Status st = engine_.take_outcome(child, d, outcomes[j]); !st.ok)
        return Status::error("chance outcome " + quote(name) + ": " + st.message);
      follow(index, first + j, branch("outcome " + name, "outcome ?", d.audience));
      Status st = expand(child, static_cast<std::uint32_t>(first + j));
      path_.pop_back();
      if (!st.ok) return st;
    }
    return {};
  }

  Status seat(const State& s, const Decision& d, std::uint32_t index) {
    const SeatActions& sa = d.seats.front();
    std::uint32_t infoset = 0;
    if (Status st = infoset_of(s, sa, index, infoset); !st.ok) return st;
    std::uint32_t first = 0;
    if (Status st = allocate(sa.actions.size(), first); !st.ok) return st;
    SolveNode& n = tree_.nodes[index];
    n.kind = SolveNode::Kind::Seat, n.seat = static_cast<std::uint8_t>(sa.seat), n.infoset = infoset;
    n.first = first, n.count = static_cast<std::uint32_t>(sa.actions.size());
    const std::string& who = s.table->seats[sa.seat].name;
    for (std::size_t i = 0; i < sa.actions.size(); ++i) {
      State child = s;
      if (Status st = engine_.take(child, d, 0, i); !st.ok) return st;
      // A commitment to a simultaneous choice is its seat's alone.
      follow(index, first + i,
             branch(who + ": " + sa.actions[i], who + ": ?", d.simultaneous ? 1u << sa.seat : kEveryone));
      Status st = expand(child, static_cast<std::uint32_t>(first + i));
      path_.pop_back();
      if (!st.ok) return st;
    }
    return {};
  }

  // The information set of what `sa.seat` has seen in `s`, made on its first history. A seat
  // that has seen the same things must have the same actions: otherwise its actions tell it
  // something its view does not, and no strategy could be played from the view alone.
  Status infoset_of(const State& s, const SeatActions& sa, std::uint32_t node, std::uint32_t& out) {
    std::string text = seen_text(make_view(s, sa.seat));
    Key key{fnv1a(text), std::hash<std::string>{}(text)};
    auto [it, fresh] = keys_.try_emplace(key, static_cast<std::uint32_t>(tree_.infosets.size()));
    out = it->second;
    if (bot_keys_) bot_key(s, sa.seat, out);
    std::vector<std::uint32_t> actions;
    for (const std::string& a : sa.actions) actions.push_back(intern(a));
    if (fresh) {
      tree_.infosets.push_back({sa.seat, tree_.slots, std::move(actions), node});
      tree_.slots += static_cast<std::uint32_t>(sa.actions.size());
      return within_bytes();
    }
    const SolveInfoset& known = tree_.infosets[out];
    if (known.actions == actions) return {};
    std::vector<std::string> before;
    for (std::uint32_t a : known.actions) before.push_back(tree_.texts[a]);
    return Status::error(s.table->seats[sa.seat].name + " sees the same after " + joined(tree_, path_) +
                         " as after " + tree_.path(known.node) + ", but may do different things (" +
                         list(sa.actions) + " against " + list(before) +
                         "): its view must tell its actions apart");
  }

  // Notes which information set the seat's view without its log (all a bot is given) stands
  // for, and the first time one such view stands for two.
  void bot_key(const State& s, int seat, std::uint32_t infoset) {
    std::string key = std::to_string(seat) + " " + view_key(make_view(s, seat, s.log.size()));
    auto [it, fresh] = tree_.bot_keys.try_emplace(key, infoset);
    if (fresh || it->second == infoset || !tree_.bot_key_error.empty()) return;
    tree_.bot_key_error =
        s.table->seats[seat].name + "'s view without its log (what a bot is given) is the same after " +
        tree_.where(it->second) + " as after " + joined(tree_, path_, seat) +
        ", which it tells apart by what it has seen: keep what a seat must remember in the state "
        "(a variable) for a bot to play it";
  }

  Engine& engine_;
  SolveTree& tree_;
  std::size_t max_;
  std::size_t max_bytes_;
  const PayoffDef& payoffs_;
  bool bot_keys_;
  std::vector<std::uint32_t> path_;  // branches from the root to the node being expanded
  std::unordered_map<Key, std::uint32_t, KeyHash> keys_;
  std::unordered_map<std::string, std::uint32_t> text_ids_;
  std::map<std::array<std::uint32_t, 3>, std::uint32_t> branch_ids_;
  double sum_ = 0;                          // what the first finished game's results add up to
  std::optional<std::string> sum_path_;     // and the way to it
};

// Why the game cannot be solved as a two-player zero-sum game, or "" (and `scale` said).
std::string refusal(const Table& table, std::string& scale) {
  const PayoffDef& p = table.ruleset->payoffs;
  if (table.seat_count() != 2)
    return "solve takes two-player games; this game has " + std::to_string(table.seat_count()) +
           (table.seat_count() == 1 ? " seat" : " seats");
  if (p.declared && !p.zero_sum)
    return "solve takes zero-sum games; this game's payoffs (game.yaml payoffs:) are not declared zero_sum";
  scale = p.declared
              ? "payoffs" + (p.unit.empty() ? std::string() : " in " + p.unit) + ", zero-sum"
              : "results as win/draw/loss: a seat's payoff is its result minus the other's (1, 0 or -1)";
  return "";
}

// Runs `work` on a thread of its own with a stack of `bytes`, and waits for it. The depth-first
// walk takes a few frames a ply, up to kMaxSolveDepth plies: more than a main thread's 8 MiB
// holds with a sanitizer's larger frames. Without a thread to be had, the walk runs here.
void on_big_stack(std::size_t bytes, const std::function<void()>& work) {
  struct Job {
    const std::function<void()>* work;
    std::exception_ptr error;
  } job{&work, nullptr};
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, bytes);
  pthread_t thread;
  int rc = pthread_create(&thread, &attr, [](void* p) -> void* {
    auto* j = static_cast<Job*>(p);
    try {
      (*j->work)();
    } catch (...) {
      j->error = std::current_exception();
    }
    return nullptr;
  }, &job);
  pthread_attr_destroy(&attr);
  if (rc != 0) return work();
  pthread_join(thread, nullptr);
  if (job.error) std::rethrow_exception(job.error);
}

}  // namespace

std::string SolveTree::path(std::uint32_t node, int seat) const {
  std::vector<std::uint32_t> way;
  for (std::uint32_t n = node; n != 0; n = nodes[n].parent) way.push_back(nodes[n].branch);
  std::reverse(way.begin(), way.end());
  return joined(*this, way, seat);
}

std::string bytes_text(std::size_t bytes) {
  return bytes % (1u << 20) == 0 ? std::to_string(bytes >> 20) + " MiB" : std::to_string(bytes) + " bytes";
}

std::size_t solve_bytes(const SolveTree& t) {
  // Beside each node: evaluate's value, or a best response's reach, level and memo.
  constexpr std::size_t kSolverNode = 32;
  // Each action slot: its text's index, the regrets, this traversal's, the sums, a best response's q.
  constexpr std::size_t kSlot = sizeof(std::uint32_t) + 4 * sizeof(double);
  // Each information set: its entry in the map from views, a best response's choice, the recall check's.
  constexpr std::size_t kInfoset = sizeof(SolveInfoset) + 64 + 8;
  constexpr std::size_t kText = 2 * sizeof(std::string) + 64;  // held, and the map's copy to find it by
  constexpr std::size_t kBranch = sizeof(SolveBranch) + 64;
  constexpr std::size_t kBotKey = 192;  // the map's entry and the report's copy, each a 34-byte key
  return t.nodes.capacity() * sizeof(SolveNode) + t.chance.capacity() * sizeof(double) +
         t.nodes.size() * kSolverNode + t.slots * kSlot + t.infosets.size() * kInfoset +
         t.texts.size() * kText + 2 * t.text_bytes + t.branches.size() * kBranch +
         t.bot_keys.size() * kBotKey;
}

SolveTree build_solve_tree(const std::shared_ptr<const Ruleset>& ruleset, const GameOptions& options,
                           const RulesFactory& make_rules, std::size_t max_histories, bool bot_keys,
                           std::size_t max_bytes) {
  SolveTree tree;
  try {
    auto table = make_table(ruleset, options);
    if (tree.error = refusal(*table, tree.scale); !tree.error.empty()) return tree;
    std::unique_ptr<Rules> rules = make_rules(ruleset);
    Engine engine(table, *rules);
    State root(table);
    if (Status st = engine.start(root); !st.ok) {
      tree.error = st.message;
      return tree;
    }
    tree.nodes.resize(1);
    tree.chance.resize(1, 1.0);
    Builder builder(engine, tree, max_histories, max_bytes, ruleset->payoffs, bot_keys);
    on_big_stack(std::size_t{512} << 20, [&] {
      if (Status st = builder.expand(root, 0); !st.ok) tree.error = st.message;
    });
  } catch (const std::exception& e) {
    tree.error = user_message(e, "solve");
  }
  return tree;
}

}  // namespace arbiter
