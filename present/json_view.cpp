// The view and log as JSON (present/json_view.hpp).
#include "present/json_view.hpp"

#include <algorithm>

namespace arbiter::present {

Json value_json(const Value& v) {
  if (v.is_bool()) return v.as_bool();
  if (v.is_int()) return v.as_int();
  if (v.is_string()) return v.as_string();
  return nullptr;
}

Json name_or_null(const View& v, int seat) { return seat >= 0 ? Json(v.seats[seat].name) : Json(nullptr); }

namespace {

// Variables by name; those game.yaml marks `display: false` are the rules' own, not shown.
Json pairs_json(const std::vector<std::pair<std::string, std::string>>& pairs,
                const std::vector<std::string>& undisplayed) {
  Json j = Json::object();
  for (const auto& [k, text] : pairs)
    if (std::find(undisplayed.begin(), undisplayed.end(), k) == undisplayed.end()) j[k] = text;
  return j;
}

// A board's grid, bottom rank first as game.yaml gives it: each cell the name of its zone (null
// where the board has no cell), and the symbols the table draws its pieces with.
Json board_json(const View& v) {
  const BoardView& b = v.board;
  Json cells = Json::array();
  for (std::size_t rank = 0; rank < b.ranks.size(); ++rank) {
    Json row = Json::array();
    for (std::size_t file = 0; file < b.files.size(); ++file) {
      int z = b.zone[rank * b.files.size() + file];
      row.push_back(z < 0 ? Json(nullptr) : Json(v.zones[z].name));
    }
    cells.push_back(row);
  }
  Json symbols = Json::object();
  for (const auto& [name, symbol] : v.symbols) symbols[name] = symbol;
  return {{"files", b.files}, {"ranks", b.ranks}, {"cells", cells}, {"symbols", symbols}};
}

}  // namespace

Json view_json(const View& v) {
  Json j;
  j["seat"] = name_or_null(v, v.seat);
  j["round"] = v.round;
  j["turn"] = v.turn;
  j["active"] = name_or_null(v, v.active);
  j["seats"] = Json::array();
  for (const auto& s : v.seats)
    j["seats"].push_back(
        {{"name", s.name}, {"status", s.status}, {"vars", pairs_json(s.vars, v.undisplayed)}});
  j["globals"] = pairs_json(v.globals, v.undisplayed);
  j["zones"] = Json::array();
  for (const auto& z : v.zones) {
    j["zones"].push_back({{"name", z.name}, {"label", z.label}, {"owner", name_or_null(v, z.owner)},
                          {"count", z.count}, {"items", z.items}});
    if (z.listed != z.items) j["zones"].back()["listed"] = z.listed;  // game.yaml's order:
    if (!z.marks.empty()) {  // what the seat was told of its unseen items (game:clue)
      Json marks = Json::array();
      for (const auto& item : z.marks) {
        marks.push_back(Json::array());
        for (const MarkView& m : item) marks.back().push_back(m.label);
      }
      j["zones"].back()["marks"] = marks;
    }
  }
  if (!v.labels.empty()) {  // what the table calls a variable, where game.yaml gives it a label
    j["labels"] = Json::object();
    for (const auto& [name, label] : v.labels) j["labels"][name] = label;
  }
  if (!v.board.files.empty()) j["board"] = board_json(v);
  if (!v.chance.empty()) j["chance"] = v.chance;
  return j;
}

Json log_json(const std::vector<Event>& log, const Table& t) {
  Json j = Json::array();
  for (const auto& e : log) {
    Json entry;
    entry["kind"] = e.kind == Event::Kind::Action   ? "action"
                    : e.kind == Event::Kind::Chance ? "chance"
                                                    : "say";
    if (e.seat >= 0) entry["seat"] = t.seats[e.seat].name;
    entry["text"] = e.text;
    j.push_back(entry);
  }
  return j;
}


}  // namespace arbiter::present
