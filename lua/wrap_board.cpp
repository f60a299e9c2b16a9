// The `game` object's board: cells (each a zone), their neighbours, tags and coordinates,
// the whole board read in one call, and the position's hash.
#include <algorithm>

#include "lua/wrap_game.hpp"
#include "runtime/diagnostics.hpp"

namespace arbiter::game_api {

namespace {

int check_cell(lua_State* L, int arg) {
  int z = check_zone(L, arg);
  int p = reading(L).table->zone_position[z];
  if (p < 0) throw RuleError("zone " + quote(reading(L).table->zones[z].name) + " is not a board cell");
  return p;
}
void push_cells(lua_State* L, const std::vector<int>& positions) {
  std::vector<int> zones;
  for (int p : positions) zones.push_back(reading(L).table->position_zone[p]);
  push_ids(L, zones);
}
const Board& board(lua_State* L) {
  const Board& b = reading(L).table->ruleset->board;
  if (!b.present()) throw RuleError("this ruleset has no board");
  return b;
}
// The table game:tops fills: a new one, or the plain table given as argument 3, whose
// entries 1..cells are set (a hook that reads the board often saves a 64-slot table a call).
// One with a metatable is refused: raw writes would bypass it (a frozen library's proxy).
void push_tops_table(lua_State* L, int cells) {
  if (lua_isnoneornil(L, 3)) return lua_createtable(L, cells, 0);
  arg_table(L, 3);
  if (lua_getmetatable(L, 3)) bad_argument(L, 3, "table without a metatable");
  lua_pushvalue(L, 3);
}
// game:tops([key [, into]]): the whole board in one call, in game:cells() order: each cell's
// top component, or that component's property `key`; false for an empty cell (or no such property).
int g_tops(lua_State* L) {
  const Board& b = board(L);
  const State& s = reading(L);
  bool by_key = !lua_isnoneornil(L, 2);
  PropKey key = by_key ? prop_key(L, 2) : PropKey{};
  push_tops_table(L, b.size());
  lua_Integer i = 0;
  for (int p = 0; p < b.size(); ++p) {
    if (!b.exists[p]) continue;
    int c = s.top(s.table->position_zone[p]);
    const Value* v = c >= 0 && by_key ? prop_of(s, c, key) : nullptr;
    if (c < 0 || (by_key && !v)) lua_pushboolean(L, 0);
    else if (by_key) push_value(L, *v);
    else lua_pushinteger(L, c + 1);
    lua_rawseti(L, -2, ++i);
  }
  return 1;
}
// game:hash(): where every component is, its face and kind, and the seat on turn, as an integer.
int g_hash(lua_State* L) {
  const State& s = reading(L);
  std::uint64_t h = s.position_hash();
  lua_pushinteger(L, static_cast<lua_Integer>(h));
  return 1;
}
// game:neighbours(cell [, "orthogonal" | "diagonal"]): adjacent cells (zone ids).
int g_neighbours(lua_State* L) {
  const Board& b = board(L);
  int p = check_cell(L, 2);
  std::string kind = lua_isnoneornil(L, 3) ? "all" : std::string(arg_text(L, 3));
  if (kind != "all" && kind != "orthogonal" && kind != "diagonal")
    throw RuleError("neighbours are 'orthogonal', 'diagonal' or 'all', not " + quote(kind));
  std::vector<int> out;
  if (kind != "diagonal") out = b.orthogonal[p];
  if (kind != "orthogonal") out.insert(out.end(), b.diagonal[p].begin(), b.diagonal[p].end());
  push_cells(L, out);
  return 1;
}
// game:cells([tag]): every cell, or the cells with that tag.
int g_cells(lua_State* L) {
  const Board& b = board(L);
  std::vector<int> out;
  if (lua_isnoneornil(L, 2)) {
    for (int p = 0; p < b.size(); ++p) if (b.exists[p]) out.push_back(p);
  } else {
    std::string tag(arg_text(L, 2));
    auto it = b.tags.find(tag);
    if (it == b.tags.end()) {
      std::vector<std::string> known;
      for (const auto& [k, v] : b.tags) known.push_back(k);
      throw RuleError("no cells are tagged " + quote(tag) + did_you_mean(tag, known));
    }
    out = it->second;
  }
  push_cells(L, out);
  return 1;
}
int g_tagged(lua_State* L) {
  const Board& b = board(L);
  int p = check_cell(L, 2);
  auto it = b.tags.find(std::string(arg_text(L, 3)));
  lua_pushboolean(
      L, it != b.tags.end() && std::find(it->second.begin(), it->second.end(), p) != it->second.end());
  return 1;
}
// game:coords(cell) -> file, rank (1-based indices into board.files / board.ranks).
int g_coords(lua_State* L) {
  const Board& b = board(L);
  int p = check_cell(L, 2);
  lua_pushinteger(L, b.file_of(p) + 1);
  lua_pushinteger(L, b.rank_of(p) + 1);
  return 2;
}
int g_cell_at(lua_State* L) {
  const Board& b = board(L);
  lua_Integer file = arg_integer(L, 2), rank = arg_integer(L, 3);
  bool inside = file >= 1 && rank >= 1 && file <= b.size() && rank <= b.size();  // no int overflow below
  int p = inside ? b.at(static_cast<int>(file) - 1, static_cast<int>(rank) - 1) : -1;
  return push_index(L, p < 0 ? -1 : reading(L).table->position_zone[p]);
}
int g_distance(lua_State* L) {
  const Board& b = board(L);
  int d = b.distance(check_cell(L, 2), check_cell(L, 3));
  if (d < 0) lua_pushnil(L); else lua_pushinteger(L, d);
  return 1;
}

}  // namespace

const luaL_Reg kBoardMethods[] = {
    {"neighbours", guarded<g_neighbours>}, {"cells", guarded<g_cells>}, {"tagged", guarded<g_tagged>},
    {"coords", guarded<g_coords>}, {"cell_at", guarded<g_cell_at>}, {"distance", guarded<g_distance>},
    {"tops", guarded<g_tops>}, {"hash", guarded<g_hash>},
    {nullptr, nullptr}};

}  // namespace arbiter::game_api
