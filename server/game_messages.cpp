// The messages a table sends (docs/server.md): each built from one seat's view by the same
// code as the JSON door (present/json_view.hpp) and the REPL's table (present/render.hpp).
#include "server/game.hpp"

#include "present/render.hpp"
#include "runtime/view.hpp"

namespace arbiter::server {

Json TableGame::state_message(int seat, LogCursor& cursor, int columns) const {
  View v = make_view(state(), seat, cursor.global);
  std::vector<int> now = asked();
  Json legal = Json::array();
  bool on_turn = false;
  if (const SeatActions* sa = seat >= 0 ? asked_entry(seat) : nullptr) {
    legal = sa->actions;
    on_turn = sa->on_turn;
  }
  Json waiting = Json::array();
  for (int s : now) waiting.push_back(table().seats[s].name);
  Json m{{"type", "state"},
         {"seq", seq_},
         {"view", present::view_json(v)},
         {"legal", legal},
         {"on_turn", on_turn},
         {"simultaneous", driver_->decision().simultaneous && !now.empty()},
         {"waiting_for", waiting},
         {"log", present::log_json(v.log, table())},
         {"log_from", cursor.count},
         {"table", present::render_table(v, ruleset_name(), false, columns)}};
  cursor.global = state().log.size();
  cursor.count += v.log.size();
  return m;
}

// The driver's end of the game: a score that could not be read is null, and `error` says why.
Json TableGame::over_message() const {
  GameOver end = driver_->game_over();
  const auto& seats = table().seats;
  Json winners = Json::array(), scores = Json::object();
  for (int w : end.winners) winners.push_back(seats[w].name);
  for (std::size_t seat = 0; seat < seats.size(); ++seat)
    scores[seats[seat].name] = end.scores[seat] ? present::value_json(*end.scores[seat]) : Json(nullptr);
  Json over{{"type", "over"}, {"winners", winners}, {"scores", scores}};
  if (!end.payoffs.empty()) {
    over["payoffs"] = Json::object();
    for (std::size_t seat = 0; seat < seats.size(); ++seat)
      over["payoffs"][seats[seat].name] = end.payoffs[seat];
  }
  if (!end.reason.empty()) over["reason"] = end.reason;
  if (!end.error.empty()) over["error"] = end.error;
  // What `arbiter play`'s last line gives where the score is not the game's (docs/server.md).
  over["final_scores"] = table().ruleset->final_scores;
  if (table().ruleset->cooperative) over["cooperative"] = true;  // every seat won, or every seat lost
  over["results"] = Json::object();
  for (std::size_t seat = 0; seat < seats.size(); ++seat)
    over["results"][seats[seat].name] = end.results[seat];
  if (!table().ruleset->payoffs.unit.empty()) over["payoff_unit"] = table().ruleset->payoffs.unit;
  over["view"] = present::view_json(make_view(state(), -1, state().log.size()));
  return over;
}

Json TableGame::seats_json(const std::vector<bool>& connected) const {
  Json seats = Json::array();
  for (std::size_t i = 0; i < table().seats.size(); ++i)
    seats.push_back({{"name", table().seats[i].name},
                     {"plays", setup_.kinds[i].empty() ? "human" : setup_.kinds[i]},
                     {"connected", i < connected.size() && connected[i]}});
  return seats;
}

}  // namespace arbiter::server
