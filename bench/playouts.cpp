// Benchmark (not a test): random playouts per second for every ruleset, on one core.
#include <fmt/format.h>

#include <chrono>
#include <filesystem>

#include "binding/lua_rules.hpp"
#include "interpreter/match.hpp"

using namespace arbiter;
namespace fs = std::filesystem;

int main(int argc, char** argv) {
  double seconds = argc > 1 ? std::atof(argv[1]) : 2.0;
  std::string root = ARBITER_SOURCE_DIR;
  fmt::print("{:<14} {:>8} {:>12} {:>14}\n", "ruleset", "players", "games/s", "actions/s");
  for (const auto& [id, dir] : list_rulesets({root + "/rulesets"})) {
    auto ruleset = load_ruleset(dir);
    LuaRules rules(ruleset, root + "/scripts");
    int players = ruleset->default_players;
    GameOptions o;
    for (int i = 0; i < players; ++i) o.seats.push_back({"P" + std::to_string(i + 1), -1});
    long long games = 0, actions = 0;
    auto start = std::chrono::steady_clock::now();
    double elapsed = 0;
    while (elapsed < seconds) {
      o.seed = static_cast<std::uint64_t>(games + 1);
      auto table = make_table(ruleset, o);
      Engine engine(table, rules);
      State s(table);
      s.logging = false;
      engine.start(s);
      std::vector<std::unique_ptr<Bot>> bots;
      for (int i = 0; i < players; ++i) bots.push_back(std::make_unique<RandomBot>(o.seed * 7 + i));
      Status st = play_out(engine, s, bots, 100000, [&](const State&, const MatchStep&) { ++actions; });
      if (!st.ok) { fmt::print(stderr, "{}: {}\n", id, st.message); return 1; }
      ++games;
      elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }
    fmt::print("{:<14} {:>8} {:>12.0f} {:>14.0f}\n", id, players, games / elapsed, actions / elapsed);
  }
}
