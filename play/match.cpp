// Bots in every seat, out-of-turn opportunities first, until the game ends.
#include "play/match.hpp"

#include <optional>

#include "runtime/diagnostics.hpp"
#include "runtime/seeds.hpp"

namespace arbiter {

namespace {

// Asks the seats of `d` in order until one acts; false when none does. A bot's choice that
// is not legal, or a script error, is left in `failed`.
bool take_turn(Engine& engine, State& state, const Decision& d, std::vector<std::unique_ptr<Bot>>& bots,
               const std::function<void(const State&, const MatchStep&)>& after, Status& failed) {
  for (std::size_t who = 0; who < d.seats.size(); ++who) {
    const SeatActions& sa = d.seats[who];
    Bot& bot = *bots[sa.seat];
    // A bot that never looks gets the one empty view: making and freeing a View per decision
    // would cost a random playout more than its choice.
    static const View kUnseen;
    std::optional<View> view;
    if (bot.wants_view()) view = make_view(state, sa.seat, state.log.size());
    std::string choice = bot.choose(view ? *view : kUnseen, sa.actions, sa.on_turn);
    if (choice.empty() && sa.on_turn && !bot.failure().empty())
      return failed = Status::error(state.table->seats[sa.seat].name + "'s bot: " + bot.failure()), true;
    if (choice.empty()) continue;
    int action = sa.find(choice);
    if (action < 0) return failed = Status::error(state.table->seats[sa.seat].name + "'s bot chose " + quote(choice) + ", which is not legal"), true;
    std::string tag;  // read before the action changes the state; only a ruleset that tags pays for it
    if (after && engine.rules().tags_actions()) failed = engine.rules().tag(state, sa.seat, choice, tag);
    if (failed.ok) failed = engine.take(state, d, who, static_cast<std::size_t>(action));
    // A failure names the action that met it: check and sim are the author's tools.
    if (!failed.ok) failed = Status::error("at " + state.table->seats[sa.seat].name + "'s " + quote(choice) + ": " + failed.message);
    if (failed.ok && after) after(state, {sa.seat, choice, static_cast<int>(sa.actions.size()), tag});
    return true;
  }
  return false;
}

}  // namespace

Status play_out(Engine& engine, State& state, std::vector<std::unique_ptr<Bot>>& bots, int max_actions,
                const std::function<void(const State&, const MatchStep&)>& after) {
  Decision d;
  Rng chance(chance_seed(state.table->seed));
  for (int applied = 0; !state.over; ++applied) {
    if (applied >= max_actions) return Status::error("the game did not end within " + std::to_string(max_actions) + " actions");
    if (Status st = engine.decision(state, d); !st.ok) return st;
    if (d.kind == Decision::Kind::Chance) {
      std::size_t i = pick_outcome(d.weights, chance);
      if (Status st = engine.take_outcome(state, d, i); !st.ok) return Status::error("chance decision: " + st.message);
      if (after) after(state, {-1, d.chance->outcomes[i].first, 0, {}});
      continue;
    }
    Status failed;
    if (!take_turn(engine, state, d, bots, after, failed)) return Status::error(d.stuck(*state.table));
    if (!failed.ok) return failed;
  }
  return {};
}

}  // namespace arbiter
