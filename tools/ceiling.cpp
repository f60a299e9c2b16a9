// arbiter_ceiling: how much a two-player ruleset's decisions can matter against `random`.
// It plays seeded two-seat games in which one seat (alternating) is a *cheating* flat
// Monte Carlo player: it reads the true state, hidden cards and the order of every shuffle
// to come included, and tries each legal option with N random playouts. No fair bot can
// do better than a much stronger cheater, so its win rate bounds the strength bars of
// `mcts`. It also counts how often a seat on turn has more than one option.
// Only the seat on turn is asked, so rulesets with out-of-turn actions are refused. It walks
// the engine's Decisions by index, as mcts and perft do. Not a bot of the runtime (bots see only a seat's
// view) and not a test: an analysis tool.
//
//   arbiter_ceiling RULESET [GAMES=100] [PLAYOUTS=100]
#include <fmt/format.h>

#include "lua/lua_rules.hpp"
#include "runtime/diagnostics.hpp"
#include "runtime/decision.hpp"
#include "runtime/engine.hpp"

using namespace arbiter;

namespace {

constexpr int kMaxSteps = 5000;

// The pending chance decision, if there is one, drawn from `rng`; false when the state
// waits for a seat (`d` then holds the decision) or is over.
bool draw_chance(Engine& e, State& s, Decision& d, Rng& rng) {
  if (!e.decision(s, d).ok || d.kind != Decision::Kind::Chance) return false;
  return e.take_outcome(s, d, pick_outcome(d.weights, rng)).ok;
}

// Plays `s` to the end at random, walking Decisions by index; returns `me`'s share of the
// win (a draw at the limit: 1/2).
double playout(Engine& e, State s, int me, Rng& rng) {
  Decision d;
  for (int n = 0; n < kMaxSteps && !s.over; ++n) {
    if (draw_chance(e, s, d, rng)) continue;
    const SeatActions* mine = d.kind == Decision::Kind::Seats ? d.turn_seat() : nullptr;
    if (!mine || !e.take(s, d, d.seats.size() - 1, rng.below(mine->actions.size())).ok) break;
  }
  if (!s.over) return 0.5;
  for (int w : s.winners)
    if (w == me) return 1.0 / static_cast<double>(s.winners.size());
  return 0;
}

struct Tally {
  double wins = 0;
  long decisions = 0, with_choice = 0, options = 0;
  int ties = 0;
};

// The option of the seat on turn whose random playouts win `me` the most, the cheater's pick.
std::size_t cheat(Engine& e, const State& s, const Decision& d, int me, int playouts, Rng& rng) {
  const SeatActions& mine = d.seats.back();
  std::size_t pick = 0;
  double best = -1;
  for (std::size_t option = 0; option < mine.actions.size(); ++option) {
    double total = 0;
    for (int i = 0; i < playouts; ++i) {
      State copy = s;
      if (e.take(copy, d, d.seats.size() - 1, option).ok) total += playout(e, std::move(copy), me, rng);
    }
    if (total > best) best = total, pick = option;
  }
  return pick;
}

// One seeded game: seat `me` cheats, the other plays at random.
void play_game(const std::shared_ptr<const Ruleset>& ruleset, LuaRules& rules, int g, int playouts,
               Tally& t) {
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
  Decision d;
  for (int n = 0; n < kMaxSteps && !s.over; ++n) {
    if (draw_chance(e, s, d, rng)) continue;
    const SeatActions* mine = d.kind == Decision::Kind::Seats ? d.turn_seat() : nullptr;
    if (!mine) break;
    std::size_t count = mine->actions.size();
    ++t.decisions, t.options += static_cast<long>(count), t.with_choice += count > 1;
    std::size_t pick = rng.below(count);
    if (mine->seat == me && count > 1) pick = cheat(e, s, d, me, playouts, rng);
    if (!e.take(s, d, d.seats.size() - 1, pick).ok) break;
  }
  t.ties += s.winners.size() > 1;
  for (int w : s.winners)
    if (w == me) t.wins += 1.0 / static_cast<double>(s.winners.size());
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
    Tally t;
    for (int g = 0; g < games; ++g) play_game(ruleset, rules, g, playouts, t);
    fmt::print(
        "{}, two seats, {} games: {:.0f}% of on-turn decisions offer a choice ({:.2f} options on average)\n",
        id, games, 100.0 * static_cast<double>(t.with_choice) / static_cast<double>(t.decisions),
        static_cast<double>(t.options) / static_cast<double>(t.decisions));
    fmt::print(
        "a cheating flat Monte Carlo player ({} playouts an option) won {:.1f} of {} games against random "
        "({} shared)\n",
        playouts, t.wins, games, t.ties);
  } catch (const std::exception& e) {
    fmt::print(stderr, "arbiter_ceiling: {}\n", e.what());
    return 1;
  }
}
