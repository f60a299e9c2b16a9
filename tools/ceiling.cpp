// arbiter_ceiling: how much a two-player ruleset's decisions can matter against `random`.
// It plays seeded two-seat games in which one seat (alternating) is a *cheating* flat
// Monte Carlo player: it reads the true state, hidden cards and the order of every shuffle
// to come included, and tries each legal option with N random playouts. No fair bot can
// do better than a much stronger cheater, so its win rate bounds the strength bars of
// `mcts`. It also counts how often a seat on turn has more than one option.
// Only the seat on turn is asked, so rulesets with out-of-turn actions are refused.
// Not a bot of the runtime (bots see only a seat's view) and not a test: an analysis tool.
//
//   arbiter_ceiling RULESET [GAMES=100] [PLAYOUTS=100]
#include <fmt/format.h>

#include "lua/lua_rules.hpp"
#include "runtime/diagnostics.hpp"
#include "runtime/engine.hpp"

using namespace arbiter;

namespace {

constexpr int kMaxSteps = 5000;

// Plays `s` to the end at random; returns `me`'s share of the win (a draw at the limit: 1/2).
double playout(Engine& e, State s, int me, Rng& rng) {
  std::vector<std::string> legal;
  for (int n = 0; n < kMaxSteps && !s.over; ++n) {
    if (e.pending_chance(s)) {
      e.decide_randomly(s, rng);
      continue;
    }
    if (!e.legal(s, s.active(), legal).ok || legal.empty()) break;
    e.apply_trusted(s, s.active(), legal[rng.below(legal.size())]);
  }
  if (!s.over) return 0.5;
  for (int w : s.winners)
    if (w == me) return 1.0 / static_cast<double>(s.winners.size());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    fmt::print(stderr, "usage: arbiter_ceiling RULESET [GAMES=100] [PLAYOUTS=100]\n");
    return 2;
  }
  std::string id = argv[1];
  int games = argc > 2 ? std::atoi(argv[2]) : 100, playouts = argc > 3 ? std::atoi(argv[3]) : 100;
  try {
    auto ruleset = load_ruleset(ARBITER_SOURCE_DIR "/rulesets/" + id, ARBITER_SOURCE_DIR "/scripts");
    if (!ruleset->turns.out_of_turn.empty())
      throw std::runtime_error(id + " has out-of-turn actions (" + join(ruleset->turns.out_of_turn, ", ") +
                               "), and this tool asks only the seat on turn");
    LuaRules rules(ruleset, ARBITER_SOURCE_DIR "/scripts");
    double wins = 0;
    long decisions = 0, with_choice = 0, options = 0;
    int ties = 0;
    for (int g = 0; g < games; ++g) {
      GameOptions o;
      o.seed = 1 + static_cast<std::uint64_t>(g);
      o.seats = {{"P1", -1}, {"P2", -1}};
      auto table = make_table(ruleset, o);
      Engine e(table, rules);
      State s(table);
      s.logging = false;
      if (Status st = e.start(s); !st.ok) throw std::runtime_error(st.message);
      Rng rng(o.seed * 7919);
      int me = g % 2;
      std::vector<std::string> legal;
      for (int n = 0; n < kMaxSteps && !s.over; ++n) {
        if (e.pending_chance(s)) {
          e.decide_randomly(s, rng);
          continue;
        }
        int seat = s.active();
        if (!e.legal(s, seat, legal).ok || legal.empty()) break;
        ++decisions, options += static_cast<long>(legal.size()), with_choice += legal.size() > 1;
        std::string pick = legal[rng.below(legal.size())];
        if (seat == me && legal.size() > 1) {
          double best = -1;
          for (const auto& option : legal) {
            double total = 0;
            for (int i = 0; i < playouts; ++i) {
              State copy = s;
              e.apply_trusted(copy, seat, option);
              total += playout(e, std::move(copy), me, rng);
            }
            if (total > best) best = total, pick = option;
          }
        }
        e.apply_trusted(s, seat, pick);
      }
      ties += s.winners.size() > 1;
      for (int w : s.winners)
        if (w == me) wins += 1.0 / static_cast<double>(s.winners.size());
    }
    fmt::print("{}, two seats, {} games: {:.0f}% of on-turn decisions offer a choice ({:.2f} options on average)\n",
               id, games, 100.0 * static_cast<double>(with_choice) / static_cast<double>(decisions),
               static_cast<double>(options) / static_cast<double>(decisions));
    fmt::print("a cheating flat Monte Carlo player ({} playouts an option) won {:.1f} of {} games against random "
               "({} shared)\n", playouts, wins, games, ties);
  } catch (const std::exception& e) {
    fmt::print(stderr, "arbiter_ceiling: {}\n", e.what());
    return 1;
  }
}
