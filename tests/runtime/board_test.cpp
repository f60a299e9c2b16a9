// Tests of runtime/board.cpp and the board's Lua API, with the board fixture: cells are
// zones named by coordinate, neighbours and tags come from game.yaml, and a composite move
// typed on one line is taken whole or not at all.
#include <catch2/catch.hpp>

#include "lua/lua_rules.hpp"
#include "runtime/engine.hpp"
#include "runtime/diagnostics.hpp"
#include "runtime/yaml_check.hpp"

using namespace arbiter;

namespace {

struct BoardGame {
  std::shared_ptr<const Ruleset> ruleset = load_ruleset(ARBITER_SOURCE_DIR "/tests/fixtures/board");
  LuaRules rules{ruleset, ARBITER_SOURCE_DIR "/scripts"};
  std::shared_ptr<const Table> table = make_table(ruleset, GameOptions{{{"S", -1}, {"N", -1}}, 1, "", {}});
  Engine engine{table, rules};
  State state{table};
  BoardGame() { REQUIRE(engine.start(state).ok); }
  std::vector<std::string> names(const std::vector<int>& positions) const {
    std::vector<std::string> out;
    for (int p : positions) out.push_back(ruleset->board.name(p));
    std::sort(out.begin(), out.end());
    return out;
  }
};

}  // namespace

TEST_CASE("a board's cells, neighbours and tags come from game.yaml") {
  BoardGame g;
  const Board& b = g.ruleset->board;
  REQUIRE(b.present());
  CHECK(b.position("a0") == -1);  // missing
  CHECK(b.position("b2") >= 0);
  CHECK(g.names(b.orthogonal[b.position("b2")]) == std::vector<std::string>{"a2", "b1", "b3", "c2"});
  CHECK(g.names(b.diagonal[b.position("b2")]) == std::vector<std::string>{"a1", "a3", "c1", "c3"});
  CHECK(g.names(b.orthogonal[b.position("b0")]) == std::vector<std::string>{"b1", "c0"});  // a0 is missing
  CHECK(g.names(b.tags.at("south_home")) == std::vector<std::string>{"b0", "c0"});
  CHECK(b.distance(b.position("b0"), b.position("b4")) == 4);
  CHECK(b.distance(b.position("c0"), b.position("a3")) == 3);
}

TEST_CASE("each cell is a zone named by its coordinate, and pieces start where game.yaml says") {
  BoardGame g;
  int b0 = g.table->zone_by_name("b0");
  REQUIRE(b0 >= 0);
  CHECK(g.state.count(b0) == 2);
  CHECK(g.state.count(g.table->zone_by_name("a4")) == 2);
  CHECK(g.table->zone_by_name("a0") == -1);
  CHECK(g.table->zone_position[b0] == g.ruleset->board.position("b0"));
}

TEST_CASE("the rules list moves to neighbouring empty cells through the board API") {
  BoardGame g;
  std::vector<std::string> legal;
  REQUIRE(g.engine.legal(g.state, 0, legal).ok);
  std::sort(legal.begin(), legal.end());
  CHECK(legal == std::vector<std::string>{"move b0 a1", "move b0 b1", "move b0 c0", "move b0 c1"});
}

TEST_CASE("a composite move typed on one line is taken whole or not at all") {
  BoardGame g;
  State before = g.state;
  ActionResult o = g.engine.apply(g.state, 0, "b0-b1-b2");  // the second step is not S's: the turn ended
  CHECK(o.refusal == Refusal::NotYourTurn);
  CHECK_THAT(o.message, Catch::Contains("step 'move b1 b2'"));
  CHECK(g.state.same_play_state(before));
  ActionResult one = g.engine.apply(g.state, 0, "b0-b1");
  REQUIRE(one.ok());
  CHECK(g.state.count(g.table->zone_by_name("b1")) == 1);
  CHECK(g.state.active() == 1);
}

TEST_CASE("a board with a cell outside it, or a cell named like a zone, is reported where it is written") {
  YamlChecker y("inline.yaml");
  YAML::Node n = y.load_text("files: [a, b]\nranks: [1, 2]\ntags: {home: [a1, z9]}\nlinks: [[a1]]\n");
  Ruleset r;
  read_board(y, n, r);
  REQUIRE(y.errors().size() == 2);
  std::string all = y.errors()[0] + "\n" + y.errors()[1];
  CHECK_THAT(all, Catch::Contains("inline.yaml:3:19: board.tags.home: no cell 'z9'"));
  CHECK_THAT(all, Catch::Contains("inline.yaml:4:9: a link joins two cells"));
}
