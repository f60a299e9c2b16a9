// How long the `mcts` bot thinks at its default budget (300 iterations a decision): CPU
// time per decision, in each ruleset. The first seat is `mcts`, the others random; only
// decisions on its turn with a real choice (two or more legal actions) are timed. Games are
// cut after kActions actions, so that the slow rulesets are measured early and mid-game
// alike and the budget buys several games.
#include <fmt/format.h>

#include "bench/bench.hpp"
#include "bots/mcts.hpp"

namespace arbiter::bench {

namespace {

constexpr int kActions = 60;    // a game is cut after this many actions
constexpr int kAtLeast = 5;     // decisions timed at the least, whatever the budget

// Times the decisions of the bot it wraps.
class TimedBot final : public Bot {
 public:
  TimedBot(std::unique_ptr<Bot> inner, std::vector<double>& times)
      : inner_(std::move(inner)), times_(times) {}
  std::string choose(const View& view, const std::vector<std::string>& legal, bool on_turn) override {
    double start = cpu_seconds();
    std::string choice = inner_->choose(view, legal, on_turn);
    if (on_turn && legal.size() >= 2) times_.push_back(cpu_seconds() - start);
    return choice;
  }

 private:
  std::unique_ptr<Bot> inner_;
  std::vector<double>& times_;
};

Row measure(const Subject& s, const Options& o) {
  Row row{"mcts decision (300 iterations)", s.id, s.players, "", 0, std::nullopt, false};
  if (!s.rules) {
    row.result = "error: " + s.error, row.failed = true;
    return row;
  }
  std::vector<double> times;
  double spent = 0;
  try {
    for (std::uint64_t seed = 1; spent < o.seconds || static_cast<int>(times.size()) < kAtLeast; ++seed) {
      Game g = new_game(s, seed, false);
      auto bots = random_bots(g.table->seat_count(), seed);
      bots[0] = std::make_unique<TimedBot>(std::make_unique<MctsBot>(*g.engine, MctsBudget{}, seed), times);
      int n = 0;
      Status st = play_out(*g.engine, g.state, bots, kActions, [&](const State&, const MatchStep&) { ++n; });
      if (!st.ok && n < kActions) throw std::runtime_error(fmt::format("seed {}: {}", seed, st.message));
      spent = 0;
      for (double t : times) spent += t;
      if (seed > 1000) break;  // no decision with a choice: say so below
    }
  } catch (const std::exception& e) {
    row.result = std::string("error: ") + e.what(), row.failed = true;
    return row;
  }
  if (times.empty()) {
    row.result = "no decision with a choice";
    return row;
  }
  row.value = median(times);
  row.result = fmt::format("{:.1f} ms median, {:.1f} ms mean ({} decisions)", row.value * 1e3,
                           spent / times.size() * 1e3, times.size());
  return row;
}

}  // namespace

std::vector<Row> bench_mcts(const std::vector<Subject>& subjects, const Options& o) {
  std::vector<Row> rows;
  for (const Subject& s : subjects) rows.push_back(measure(s, o));
  return rows;
}

}  // namespace arbiter::bench
