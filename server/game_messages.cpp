// The messages a table sends (docs/server.md): each built from one seat's view by the same
// code as the JSON door (present/json_view.hpp) and the REPL's table (present/render.hpp).
#include "server/game.hpp"

#include "present/render.hpp"
#include "runtime/view.hpp"

namespace arbiter::server {

Json TableGame::state_message(int seat, LogCursor& cursor, int columns) const {
  View v = make_view(state_, seat, cursor.global);
  std::vector<int> now = asked();
  Json legal = Json::array();
  bool on_turn = false;
  if (seat >= 0 && !bots_[seat] && std::find(now.begin(), now.end(), seat) != now.end()) {
    const SeatActions* sa = decision_.entry(seat);
    legal = sa->actions;
    on_turn = sa->on_turn;
  }
  Json waiting = Json::array();
  for (int s : now) waiting.push_back(table().seats[s].name);
  Json m{{"type", "state"}, {"seq", seq_}, {"view", present::view_json(v)}, {"legal", legal}, {"on_turn", on_turn},
         {"simultaneous", decision_.simultaneous && !now.empty()}, {"waiting_for", waiting},
         {"log", present::log_json(v.log, table())}, {"log_from", cursor.count},
         {"table", present::render_table(v, ruleset_name(), false, columns)}};
  cursor.global = state_.log.size();
  cursor.count += v.log.size();
  return m;
}

Json TableGame::over_message() const {
  Json winners = Json::array(), scores = Json::object();
  for (int w : state_.winners) winners.push_back(table().seats[w].name);
  for (int seat = 0; seat < state_.seat_count(); ++seat) {
    Value score;
    scores[table().seats[seat].name] = engine_->score(state_, seat, score).ok ? present::value_json(score) : Json(nullptr);
  }
  Json over{{"type", "over"}, {"winners", winners}, {"scores", scores}};
  if (!state_.payoffs.empty()) {
    over["payoffs"] = Json::object();
    for (int seat = 0; seat < state_.seat_count(); ++seat) over["payoffs"][table().seats[seat].name] = state_.payoffs[seat];
  }
  if (!state_.end_reason.empty()) over["reason"] = state_.end_reason;
  // What `arbiter play`'s last line gives where the score is not the game's (docs/server.md).
  over["final_scores"] = table().ruleset->final_scores;
  std::vector<double> shares = state_.shares();
  over["results"] = Json::object();
  for (int seat = 0; seat < state_.seat_count(); ++seat) over["results"][table().seats[seat].name] = shares[seat];
  if (!table().ruleset->payoffs.unit.empty()) over["payoff_unit"] = table().ruleset->payoffs.unit;
  over["view"] = present::view_json(make_view(state_, -1, state_.log.size()));
  return over;
}

Json TableGame::seats_json(const std::vector<bool>& connected) const {
  Json seats = Json::array();
  for (std::size_t i = 0; i < table().seats.size(); ++i)
    seats.push_back({{"name", table().seats[i].name}, {"plays", setup_.kinds[i].empty() ? "human" : setup_.kinds[i]},
                     {"connected", i < connected.size() && connected[i]}});
  return seats;
}

}  // namespace arbiter::server
