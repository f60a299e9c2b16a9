// Random playouts per second and actions per second of CPU time on one core, logging off:
// whole games from a fresh table to the end, random bots in every seat.
#include <fmt/format.h>

#include <algorithm>

#include "bench/bench.hpp"

namespace arbiter::bench {

namespace {

constexpr int kSlices = 5;          // the time is cut into slices; the table shows their median
constexpr int kMaxActions = 100000;  // a game this long is reported as an error

// The targets of the speed issue: complete games per second with random players, one core.
std::optional<Target> target_for(const Subject& s) {
  if (s.id == "stack-nabbit" && s.players == 4) return Target{6500, true, "≥ 6,500 games/s"};
  if (s.id == "stacks" && s.players == 3) return Target{5000, true, "≥ 5,000 games/s"};
  if (s.id == "floor") return Target{60000, true, "≥ 60,000 games/s"};
  if (s.id == "chess" && s.players == 2) return Target{300, true, "≥ 300 games/s"};
  return std::nullopt;
}

struct Tally {
  long long games = 0, actions = 0;
  double seconds = 0;
};

// Plays whole games with seeds `next_seed`, `next_seed + 1`, ... until `budget` seconds have
// passed. The table and engine are made inside the timing: they are part of every game.
void play_for(const Subject& s, double budget, std::uint64_t& next_seed, Tally& t) {
  double start = cpu_seconds();
  do {
    std::uint64_t seed = next_seed++;
    Game g = new_game(s, seed, false);
    auto bots = random_bots(s.players, seed);
    long long actions = 0;
    Status st =
        play_out(*g.engine, g.state, bots, kMaxActions, [&](const State&, const MatchStep&) { ++actions; });
    if (!st.ok) throw std::runtime_error(fmt::format("seed {}: {}", seed, st.message));
    t.games += 1;
    t.actions += actions;
    t.seconds = cpu_seconds() - start;
  } while (t.seconds < budget);
}

// One subject's measurement in progress.
struct Run {
  explicit Run(const Subject& s) : subject(&s), error(s.rules ? "" : s.error) {}
  const Subject* subject;
  std::uint64_t seed = 1;
  std::vector<double> game_rates, action_rates;
  long long games = 0, actions = 0;
  std::string error;  // set once a game fails; the subject is then left out
};

// Plays for `budget` CPU seconds; a warm-up (`record` false) lets caches, the allocator and
// Lua's heap reach their steady size and is not counted.
void slice(Run& r, double budget, bool record = true) {
  if (!r.error.empty()) return;
  try {
    Tally t;
    play_for(*r.subject, budget, r.seed, t);
    if (!record) return;
    r.game_rates.push_back(t.games / t.seconds);
    r.action_rates.push_back(t.actions / t.seconds);
    r.games += t.games, r.actions += t.actions;
  } catch (const std::exception& e) {
    r.error = e.what();
  }
}

std::vector<Row> rows_for(const Run& r) {
  const Subject& s = *r.subject;
  Row games{"random playouts", s.id, s.players, "", 0, target_for(s), false};
  if (!r.error.empty()) {
    games.result = "error: " + r.error, games.failed = true;
    return {games};
  }
  auto [lo, hi] = std::minmax_element(r.game_rates.begin(), r.game_rates.end());
  games.value = median(r.game_rates);
  games.result = fmt::format("{} games/s (±{:.0f}%)", grouped(games.value), 50 * (*hi - *lo) / games.value);
  Row actions{"actions in random playouts", s.id, s.players, "", 0, std::nullopt, false};
  actions.value = median(r.action_rates);
  actions.result = fmt::format("{} actions/s ({:.1f} a game)", grouped(actions.value),
                               static_cast<double>(r.actions) / static_cast<double>(r.games));
  return {games, actions};
}

// Arbiter's Stack Nabbit 4p games/s for the reference's ratio, or why there is none.
std::pair<double, std::string> nabbit_rate(const std::vector<Run>& runs) {
  for (const auto& r : runs)
    if (r.subject->id == "stack-nabbit" && r.subject->players == 4)
      return r.error.empty() ? std::pair{median(r.game_rates), std::string()} : std::pair{0.0, r.error};
  return {0.0, "--ruleset leaves it out"};
}

}  // namespace

// The subjects take turns, a slice each: the speed of this machine drifts over seconds, and
// taking turns spreads the drift over all of them instead of favouring whichever ran first.
// The pure-Lua reference (--reference-nabbit) takes its turn right after them, so that the
// drift hits it and Arbiter's Stack Nabbit alike.
std::vector<Row> bench_playouts(const std::vector<Subject>& subjects, const Options& o) {
  std::vector<Run> runs(subjects.begin(), subjects.end());
  ReferenceRun reference;
  reference.file = o.reference_nabbit;
  bool side_by_side = !o.reference_nabbit.empty() && wanted(o, "stack-nabbit");
  for (auto& r : runs) slice(r, o.seconds / 10, false);
  if (side_by_side) reference_slice(reference, o.seconds / kSlices, false);
  for (int i = 0; i < kSlices; ++i) {
    for (auto& r : runs) slice(r, o.seconds / kSlices);
    if (side_by_side) reference_slice(reference, o.seconds / kSlices, true);
  }
  std::vector<Row> rows;
  for (const auto& r : runs)
    for (auto& row : rows_for(r)) rows.push_back(std::move(row));
  if (side_by_side) {
    auto [rate, error] = nabbit_rate(runs);
    for (auto& row : reference_rows(reference, rate, error)) rows.push_back(std::move(row));
  } else if (!o.reference_nabbit.empty()) {
    rows.push_back({"Stack Nabbit 4p vs pure Lua zones", "stack-nabbit", 4,
                    "not run: --ruleset leaves out stack-nabbit", 0, std::nullopt, false});
  }
  return rows;
}

}  // namespace arbiter::bench
