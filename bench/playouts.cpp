// Random playouts per second and actions per second of CPU time on one core, logging off:
// whole games from a fresh table to the end, random bots in every seat.
#include <fmt/format.h>

#include <algorithm>

#include "bench/bench.hpp"

namespace arbiter::bench {

namespace {

constexpr int kSlices = 5;          // the time is cut into slices; the table shows their median
constexpr int kMaxActions = 100000;  // a game this long is reported as an error

// The targets: complete games per second with random players.
std::optional<Target> target_for(const Subject& s) {
  if ((s.id == "stack-nabbit" && s.players == 4) || (s.id == "stacks" && s.players == 3))
    return Target{10000, true, "≥ 10,000 games/s"};
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
    Status st = play_out(*g.engine, g.state, bots, kMaxActions, [&](const State&, const MatchStep&) { ++actions; });
    if (!st.ok) throw std::runtime_error(fmt::format("seed {}: {}", seed, st.message));
    t.games += 1;
    t.actions += actions;
    t.seconds = cpu_seconds() - start;
  } while (t.seconds < budget);
}

std::vector<Row> measure(const Subject& s, const Options& o) {
  Row games{"random playouts", s.id, s.players, "", 0, target_for(s), false};
  Row actions{"actions in random playouts", s.id, s.players, "", 0, std::nullopt, false};
  std::uint64_t seed = 1;
  Tally warm;
  play_for(s, o.seconds / 10, seed, warm);  // caches, the allocator and Lua's heap reach their steady size
  std::vector<double> game_rates, action_rates;
  long long total_games = 0, total_actions = 0;
  for (int i = 0; i < kSlices; ++i) {
    Tally t;
    play_for(s, o.seconds / kSlices, seed, t);
    game_rates.push_back(t.games / t.seconds);
    action_rates.push_back(t.actions / t.seconds);
    total_games += t.games;
    total_actions += t.actions;
  }
  auto [lo, hi] = std::minmax_element(game_rates.begin(), game_rates.end());
  games.value = median(game_rates);
  games.result = fmt::format("{} games/s (±{:.0f}%)", grouped(games.value), 50 * (*hi - *lo) / games.value);
  actions.value = median(action_rates);
  actions.result = fmt::format("{} actions/s ({:.1f} a game)", grouped(actions.value),
                               static_cast<double>(total_actions) / total_games);
  return {games, actions};
}

}  // namespace

std::vector<Row> bench_playouts(const std::vector<Subject>& subjects, const Options& o) {
  std::vector<Row> rows;
  for (const auto& s : subjects) {
    if (!s.rules) {
      rows.push_back({"random playouts", s.id, s.players, "error: " + s.error, 0, target_for(s), true});
      continue;
    }
    try {
      for (auto& r : measure(s, o)) rows.push_back(std::move(r));
    } catch (const std::exception& e) {
      rows.push_back({"random playouts", s.id, s.players, std::string("error: ") + e.what(), 0, target_for(s), true});
    }
  }
  return rows;
}

}  // namespace arbiter::bench
