// Bots in every seat, out-of-turn opportunities first, until the game ends.
#include "interpreter/match.hpp"

#include <algorithm>

#include "interpreter/diagnostics.hpp"
#include "interpreter/seeds.hpp"

namespace arbiter {

Status play_out(Engine& engine, State& state, std::vector<std::unique_ptr<Bot>>& bots, int max_actions,
                const std::function<void(const State&, const MatchStep&)>& after) {
  std::vector<std::string> legal;
  std::vector<int> order;
  const bool out_of_turn = !state.table->ruleset->turns.out_of_turn.empty();
  Rng chance(chance_seed(state.table->seed));
  for (int applied = 0; !state.over; ) {
    if (applied >= max_actions) return Status::error("the game did not end within " + std::to_string(max_actions) + " actions");
    if (engine.pending_chance(state)) {
      Outcome o = engine.decide_randomly(state, chance);
      if (!o.ok()) return Status::error("chance decision: " + o.message);
      ++applied;
      if (after) after(state, {-1, o.action});
      continue;
    }
    if (state.active() < 0) return Status::error("the game is not over but no seat is on turn");
    bool acted = false;
    // Off its turn a seat can only hold the actions game.yaml lists as out-of-turn: without
    // any, only the seat on turn is asked.
    if (out_of_turn) order = decision_order(state);
    else order.assign(1, state.active());
    for (int seat : order) {
      if (Status st = engine.actions(state, seat, legal); !st.ok) return st;
      bool on_turn = seat == state.active();
      if (legal.empty()) {
        if (on_turn) return Status::error("nobody can act: " + state.table->seats[seat].name + " is on turn with no legal action");
        continue;
      }
      View view = bots[seat]->wants_view() ? make_view(state, seat, state.log.size()) : View{};
      std::string choice = bots[seat]->choose(view, legal, on_turn);
      if (choice.empty()) continue;
      if (std::find(legal.begin(), legal.end(), choice) == legal.end())
        return Status::error(state.table->seats[seat].name + "'s bot chose " + quote(choice) + ", which is not legal");
      if (Status st = engine.apply_trusted(state, seat, choice); !st.ok) return st;
      ++applied;
      if (after) after(state, {seat, choice});
      acted = true;
      break;
    }
    if (!acted) return Status::error("nobody acted");
  }
  return {};
}

}  // namespace arbiter
