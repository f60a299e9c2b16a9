// perft: the first levels are walked breadth first on the calling thread until there are
// enough positions to share out; each worker thread (with its own Rules) then walks the
// rest depth first, counting into its own tallies, which are added up at the end.
#include "analysis/perft.hpp"

#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>

#include "runtime/diagnostics.hpp"
#include "runtime/engine.hpp"

namespace arbiter {

namespace {

constexpr std::size_t kPositionsPerThread = 16;  // enough to keep every worker busy to the end

struct Tally {
  std::vector<PerftLevel> levels;        // index = depth
  std::vector<std::uint64_t> divide;     // per first branch
  Tally(int depth, std::size_t branches) : levels(depth + 1), divide(branches) {}
  void add(const Tally& o) {
    for (std::size_t d = 0; d < levels.size(); ++d) {
      levels[d].nodes += o.levels[d].nodes;
      levels[d].ended += o.levels[d].ended;
      for (const auto& [k, v] : o.levels[d].results) levels[d].results[k] += v;
    }
    for (std::size_t i = 0; i < divide.size(); ++i) divide[i] += o.divide[i];
  }
};

std::string result_of(const State& s) {
  std::string out;
  for (int seat : s.winners) out += (out.empty() ? "" : "+") + s.table->seats[seat].name;
  return out.empty() ? "none" : out;
}

// A simultaneous choice is one branch per joint choice (the product of the seats' action
// counts): each seat still to commit, in seat order, commits each of its actions in turn,
// and only the state after the last commitment is a child. Labels: "Andy: bid 3 + Bill: bid 1".
template <class Each>
Status joint_branches(Engine& engine, const State& s, const Decision& d, const std::string& label,
                      Each& each) {
  const SeatActions& sa = d.seats.front();
  for (std::size_t i = 0; i < sa.actions.size(); ++i) {
    State child = s;
    if (Status st = engine.take(child, d, 0, i); !st.ok) return st;
    std::string here =
        label + (label.empty() ? "" : " + ") + s.table->seats[sa.seat].name + ": " + sa.actions[i];
    if (d.seats.size() == 1) {
      each(std::move(child), here);
      continue;
    }
    Decision rest;
    if (Status st = engine.decision(child, rest); !st.ok) return st;
    if (Status st = joint_branches(engine, child, rest, here, each); !st.ok) return st;
  }
  return {};
}

// Calls each(child, label) for every branch of `s`, which is not over.
template <class Each>
Status branches(Engine& engine, const State& s, Each&& each) {
  Decision d;
  if (Status st = engine.decision(s, d); !st.ok) return st;
  if (d.kind == Decision::Kind::Chance) {
    for (std::size_t i = 0; i < d.weights.size(); ++i) {
      if (!(d.weights[i] > 0)) continue;
      State child = s;
      const std::string& name = d.chance->outcomes[i].first;
      if (Status st = engine.take_outcome(child, d, i); !st.ok)
        return Status::error("chance outcome " + quote(name) + ": " + st.message);
      each(std::move(child), "outcome: " + name);
    }
    return {};
  }
  if (d.seats.empty())
    return Status::error("nobody can act in a position that is not over (turn " + std::to_string(s.turn) +
                         ")");
  if (d.simultaneous) return joint_branches(engine, s, d, "", each);
  for (std::size_t who = 0; who < d.seats.size(); ++who) {
    const SeatActions& sa = d.seats[who];
    for (std::size_t i = 0; i < sa.actions.size(); ++i) {
      State child = s;
      if (Status st = engine.take(child, d, who, i); !st.ok) return st;
      each(std::move(child),
           sa.on_turn ? sa.actions[i] : s.table->seats[sa.seat].name + ": " + sa.actions[i]);
    }
  }
  return {};
}

void count(Tally& t, const State& child, int depth, int full, std::size_t root) {
  PerftLevel& level = t.levels[depth];
  ++level.nodes;
  if (child.over) {
    ++level.ended;
    ++level.results[result_of(child)];
  }
  if (depth == full && root < t.divide.size()) ++t.divide[root];
}

// Depth first below `s` (at `depth`), to `full`.
Status walk(Engine& engine, const State& s, int depth, int full, std::size_t root, Tally& t,
            const std::atomic<bool>& stop) {
  if (stop.load(std::memory_order_relaxed)) return {};
  Status failed;
  Status st = branches(engine, s, [&](State&& child, const std::string&) {
    if (!failed.ok) return;
    count(t, child, depth + 1, full, root);
    if (depth + 1 < full && !child.over) failed = walk(engine, child, depth + 1, full, root, t, stop);
  });
  return st.ok ? failed : st;
}

struct Frontier {
  std::vector<State> states;
  std::vector<std::size_t> roots;  // each state's first branch
};

// The frontier's states shared out among `threads` workers, each walking depth first with
// its own rules; their tallies are added to `total`. The first error stops them all.
Status walk_frontier(const std::shared_ptr<const Ruleset>& ruleset, const std::shared_ptr<const Table>& table,
                     const RulesFactory& make_rules, const Frontier& frontier, int depth, int max_depth,
                     int threads, std::size_t roots, Tally& total) {
  std::atomic<std::size_t> next_index{0};
  std::atomic<bool> stop{false};
  std::mutex mutex;
  std::string error;
  std::vector<std::thread> pool;
  for (int w = 0; w < threads; ++w)
    pool.emplace_back([&] {
      // An exception must not leave a thread (that is std::terminate): it becomes the error.
      Tally t(max_depth, roots);
      Status failed;
      try {
        std::unique_ptr<Rules> mine = make_rules(ruleset);
        Engine e(table, *mine);
        for (std::size_t i; failed.ok && (i = next_index++) < frontier.states.size();)
          failed = walk(e, frontier.states[i], depth, max_depth, frontier.roots[i], t, stop);
      } catch (const std::exception& ex) {
        failed = Status::error(user_message(ex, "perft"));
      }
      std::lock_guard lock(mutex);
      total.add(t);
      if (!failed.ok && error.empty()) error = failed.message, stop = true;
    });
  for (auto& t : pool) t.join();
  return error.empty() ? Status{} : Status::error(error);
}

}  // namespace

PerftReport perft(const std::shared_ptr<const Ruleset>& ruleset, const PerftOptions& o,
                  const RulesFactory& make_rules) {
  PerftReport report;
  auto started = std::chrono::steady_clock::now();
  int threads = o.threads > 0 ? o.threads : std::max(1u, std::thread::hardware_concurrency());
  report.threads = threads;
  auto table = make_table(ruleset, o.game);
  std::unique_ptr<Rules> rules = make_rules(ruleset);
  Engine engine(table, *rules);
  State root(table);
  root.logging = false;
  if (Status st = engine.start(root); !st.ok) {
    report.error = st.message;
    return report;
  }

  // Breadth first on this thread until the frontier can be shared out.
  Frontier frontier{{root}, {static_cast<std::size_t>(-1)}};
  if (root.over) frontier = {};  // a game over before anyone acts has no tree
  std::vector<std::string> labels;
  Tally total(o.depth, 0);
  int depth = 0;
  while (depth < o.depth && !frontier.states.empty() &&
         (depth == 0 || frontier.states.size() < kPositionsPerThread * threads)) {
    Frontier next;
    for (std::size_t i = 0; i < frontier.states.size(); ++i) {
      Status st = branches(engine, frontier.states[i], [&](State&& child, const std::string& label) {
        std::size_t r = frontier.roots[i];
        if (depth == 0) r = labels.size(), labels.push_back(label), total.divide.push_back(0);
        count(total, child, depth + 1, o.depth, r);
        if (!child.over) next.states.push_back(std::move(child)), next.roots.push_back(r);
      });
      if (!st.ok) {
        report.error = st.message;
        return report;
      }
    }
    frontier = std::move(next);
    ++depth;
  }

  // Depth first on the workers, each with its own rules.
  if (depth < o.depth && !frontier.states.empty())
    if (Status st = walk_frontier(ruleset, table, make_rules, frontier, depth, o.depth, threads,
                                  labels.size(), total);
        !st.ok)
      report.error = st.message;

  for (int d = 1; d <= o.depth; ++d) {
    total.levels[d].depth = d;
    report.levels.push_back(total.levels[d]);
  }
  if (o.divide)
    for (std::size_t i = 0; i < labels.size(); ++i) report.divide.push_back({labels[i], total.divide[i]});
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return report;
}

}  // namespace arbiter
