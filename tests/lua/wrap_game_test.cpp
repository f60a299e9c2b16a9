// Tests of the game object (lua/wrap_*.cpp) through the api fixture, whose seat on turn may run a line
// of Lua on the game: the coarse calls (sort, matching, move_matching) against the
// orders worked out by hand, and refusals that leave the state as it was.
#include <catch2/catch.hpp>

#include "lua/lua_rules.hpp"
#include "runtime/engine.hpp"

using namespace arbiter;

namespace {

// Components, in the order game.yaml lists them: 1, 2 three (value 3, red); 3, 4 one
// (1, blue); 5 two (2, red); 6 blank (no value, no colour).
struct Probe {
  std::shared_ptr<const Ruleset> ruleset = load_ruleset(ARBITER_SOURCE_DIR "/tests/fixtures/api");
  LuaRules rules{ruleset, ARBITER_SOURCE_DIR "/scripts"};
  std::shared_ptr<const Table> table = make_table(ruleset, {});
  Engine engine{table, rules};
  State state{table};

  Probe() { REQUIRE(engine.start(state).ok); }

  void run(const std::string& code) {
    ActionResult o = engine.apply(state, state.active(), "run " + code);
    INFO(code << ": " << o.message);
    REQUIRE(o.ok());
  }
  // The result of a Lua expression, as text.
  std::string eval(const std::string& expression) {
    run("game:set('out', tostring(" + expression + "))");
    return state.var(ruleset->var_index("out"), 0).as_string();
  }
  // A zone's components top first, as "id:name" words.
  std::string zone(const std::string& name) {
    return eval("(function() local t = {} for i, c in ipairs(game:cards('" + name +
                "')) do t[i] = c .. ':' .. game:name(c) end return table.concat(t, ' ') end)()");
  }
  std::string error(const std::string& code) {
    State before = state;
    ActionResult o = engine.apply(state, state.active(), "run " + code);
    CHECK(o.refusal == Refusal::ScriptError);
    CHECK(state.same_play_state(before));
    return o.message;
  }
};

}  // namespace

TEST_CASE("game:sort orders a zone by a property, lowest first, ties by component number") {
  Probe p;
  CHECK_THAT(p.error("game:sort('pile', 'value')"),
             Catch::Contains("blank (component 6) has no number or text 'value' to sort by"));
  p.run("game:move(6, 'other')");
  p.run("game:sort('pile', 'value')");
  CHECK(p.zone("pile") == "3:one 4:one 5:two 1:three 2:three");
  p.run("game:sort('pile', 'value', 'descending')");
  CHECK(p.zone("pile") == "2:three 1:three 5:two 4:one 3:one");
  p.run("game:sort('pile', 'colour')");
  CHECK(p.zone("pile") == "3:one 4:one 1:three 2:three 5:two");
  CHECK_THAT(p.error("game:sort('pile', 'value', 'upwards')"),
             Catch::Contains("game:sort orders 'ascending' or 'descending', not 'upwards'"));
}

TEST_CASE("game:sort keeps faces, and sorts an empty zone or a single component") {
  Probe p;
  p.run("game:move(6, 'other')");
  p.run("game:face(2, 'up')");
  p.run("game:sort('pile', 'value')");
  CHECK(p.state.face[1] == Face::Up);
  p.run("game:move(6, 'pile')");
  p.run("game:move(5, 'other')");
  p.run("game:sort('other', 'colour', 'descending')");
  CHECK(p.zone("other") == "5:two");
  p.run("game:move(5, 'pile')");
  p.run("game:sort('other', 'value')");
  CHECK(p.zone("other") == "");
}

TEST_CASE("game:matching lists matching components top first; nil matches those without the property") {
  Probe p;
  p.run("game:move(6, 'other')");
  p.run("game:sort('pile', 'value', 'descending')");  // 2 1 5 4 3
  CHECK(p.eval("table.concat(game:matching('pile', 'colour', 'red'), ' ')") == "2 1 5");
  CHECK(p.eval("table.concat(game:matching('pile', 'value', 1), ' ')") == "4 3");
  CHECK(p.eval("#game:matching('pile', 'value', 7)") == "0");
  CHECK(p.eval("table.concat(game:matching('other', 'value', nil), ' ')") == "6");
  CHECK(p.eval("table.concat(require('cards').matching(game, 'pile', 'colour', 'blue'), ' ')") == "4 3");
}

TEST_CASE("game:move_matching moves them onto the other zone in the order they lay, first found on top") {
  Probe p;
  p.run("game:move(6, 'other')");
  p.run("game:sort('pile', 'value')");  // 3 4 5 1 2
  CHECK(p.eval("table.concat(game:move_matching('pile', 'other', 'colour', 'red'), ' ')") == "5 1 2");
  CHECK(p.zone("other") == "5:two 1:three 2:three 6:blank");
  CHECK(p.zone("pile") == "3:one 4:one");
  CHECK(p.eval("#game:move_matching('pile', 'other', 'colour', 'green')") == "0");
  CHECK_THAT(p.error("game:move_matching('pile', 'nowhere', 'colour', 'blue')"),
             Catch::Contains("unknown zone 'nowhere'"));
}

TEST_CASE("game:count_matching and game:move_matching_count answer with numbers, as the lists would") {
  Probe p;
  p.run("game:move(6, 'other')");
  CHECK(p.eval("game:count_matching('pile', 'colour', 'red')") == "3");
  CHECK(p.eval("game:count_matching('pile', 'value', 1)") == "2");
  CHECK(p.eval("game:count_matching('pile', 'value', 7)") == "0");
  CHECK(p.eval("game:count_matching('other', 'value', nil)") == "1");
  p.run("game:sort('pile', 'value')");  // 3 4 5 1 2
  CHECK(p.eval("game:move_matching_count('pile', 'other', 'colour', 'red')") == "3");
  CHECK(p.zone("other") == "5:two 1:three 2:three 6:blank");
  CHECK(p.zone("pile") == "3:one 4:one");
  CHECK(p.eval("game:move_matching_count('pile', 'other', 'colour', 'green')") == "0");
  CHECK_THAT(p.error("game:move_matching_count('pile', 'nowhere', 'colour', 'blue')"),
             Catch::Contains("unknown zone 'nowhere'"));
  CHECK_THAT(p.error("game:count_matching('pile')"), Catch::Contains("string expected"));
}

TEST_CASE("%S and %C in narration name a seat and a component, with or without a width") {
  Probe p;
  std::size_t before = p.state.log.size();
  p.run("game:say('%S takes the %C (%d%%S).', 2, 5, 7)");
  p.run("game:say('[%-10S|%4C]', 1, 3)");
  std::vector<std::string> said;
  for (const auto& e : p.state.log.entries(before))
    if (e.kind == Event::Kind::Say) said.push_back(e.text);
  REQUIRE(said.size() == 2);
  CHECK(said[0] == p.table->seats[1].name + " takes the two (7%S).");
  CHECK(said[1] ==
        "[" + p.table->seats[0].name + std::string(10 - p.table->seats[0].name.size(), ' ') + "| one]");
  CHECK_THAT(p.error("game:say('%S wins.', 9)"), Catch::Contains("seat 9 does not exist"));
  CHECK_THAT(p.error("game:say('the %C', 99)"), Catch::Contains("component 99 does not exist"));
}

TEST_CASE("game:say formats its values only when the log is kept") {
  Probe p;
  std::size_t before = p.state.log.size();
  p.run("game:say('%s has %d pieces.', 'Ann', 3)");
  p.run("game:tell(1, 'You see a %s.', 'four')");
  p.run("game:tell_others(1, '%s looks.', 'Ann')");
  p.run("game:say('plain 100%')");
  auto log = p.state.log.entries(before);
  std::vector<std::string> said;
  for (const auto& e : log)
    if (e.kind == Event::Kind::Say) said.push_back(e.text);
  CHECK(said == std::vector<std::string>{"Ann has 3 pieces.", "You see a four.", "Ann looks.", "plain 100%"});
  CHECK_THAT(
      p.error("game:say('%d pieces', 'many')"),
      Catch::Contains("the narration's text and values do not fit") && Catch::Contains("number expected"));
  CHECK_THAT(p.error("game:say(42)"), Catch::Contains("string expected"));
  // With the log off nothing is formatted, so nothing can go wrong in formatting.
  p.state.logging = false;
  p.run("game:say('%d pieces', 'many')");
  CHECK_THAT(p.error("game:say(nil)"), Catch::Contains("string expected"));
}

TEST_CASE("game:narrating says whether the log is kept") {
  Probe p;
  CHECK(p.eval("game:narrating()") == "true");
  p.state.logging = false;
  CHECK(p.eval("game:narrating()") == "false");
}

TEST_CASE("apply's action has its text, its first word as name and the other words as args") {
  Probe p;
  p.run(
      "game:set('out',action.name..'|'..#action.args..'|'..action.args[2]..'|'..action.args[3]) -- two words");
  CHECK(p.state.var(p.ruleset->var_index("out"), 0).as_string() == "run|4|--|two");
  // args is made when first read; the same table after that, and the metatable is not the rules' to change
  p.run("game:set('out',tostring(getmetatable(action))..'|'..tostring(rawequal(action.args,action.args)))");
  CHECK(p.state.var(p.ruleset->var_index("out"), 0).as_string() == "false|true");
  CHECK_THAT(p.error("setmetatable(action,{})"), Catch::Contains("cannot change a protected metatable"));
}

// Lua interns strings of up to 40 bytes; a longer one is a new object each time it is made.
// The name caches go by a string's address, so a long name made, used and collected must
// not leave its address behind for the next string that lands there. The loop makes the
// 41-byte name afresh, reads it, makes garbage enough for it to be collected and asks for
// 40-byte names that do not exist, which the allocator may place where the long one was.
TEST_CASE("a variable with a long name is found by its text, and its address is not reused for another") {
  Probe p;
  CHECK(p.eval(R"(
    (function()
      local function read_long()
        return game:get(("a_counter_whose_name_is_a_long_lua_") .. ("string"):sub(1, 6))
      end
      local wrong = 0
      for i = 1, 2000 do
        if read_long() ~= 7 then return "long name not found" end
        for k = 1, 50 do local garbage = { k } end
        for j = 1, 4 do
          local short = ("no_such_variable_%023d"):format(i * 4 + j)
          if pcall(game.get, game, short) then wrong = wrong + 1 end
        end
      end
      return wrong
    end)())") == "0");
}

TEST_CASE("game:top and game:bottom name the first and the last component game:cards lists") {
  Probe p;
  p.run("game:move(2, 'other') game:move(5, 'other') game:move(3, 'other')");  // each goes on top
  CHECK(p.zone("other") == "3:one 5:two 2:three");
  CHECK(p.eval("game:top('other')") == "3");
  CHECK(p.eval("game:bottom('other')") == "2");
  p.run("game:move(4, 'other', 'bottom')");
  CHECK(p.eval("game:bottom('other')") == "4");
  p.run("game:move_all('other', 'pile')");
  CHECK(p.eval("game:top('other')") == "nil");
  CHECK(p.eval("game:bottom('other')") == "nil");
  CHECK_THAT(p.error("game:bottom('nowhere')"), Catch::Contains("unknown zone 'nowhere'"));
  p.run("game:move(1, 'other', 'top')");
  CHECK(p.eval("game:top('other')") == "1");
  CHECK_THAT(p.error("game:move(2, 'other', 'Bottom')"),
             Catch::Contains("on 'top' (the default) or to the 'bottom' of a zone, not 'Bottom'"));
  CHECK_THAT(p.error("game:draw('pile', 'other', true)"), Catch::Contains("not a boolean"));
}

TEST_CASE("game:draw moves the top of one zone onto another, or to its bottom with 'bottom'") {
  Probe p;
  p.run("game:move(2, 'other') game:move(5, 'other')");
  CHECK(p.zone("other") == "5:two 2:three");
  CHECK(p.eval("game:top('pile')") == "6");
  CHECK(p.eval("game:draw('pile', 'other', 'bottom')") == "6");
  CHECK(p.zone("other") == "5:two 2:three 6:blank");
  CHECK(p.eval("game:draw('pile', 'other')") == "4");
  CHECK(p.zone("other") == "4:one 5:two 2:three 6:blank");
  p.run("game:move_all('pile', 'secret')");
  CHECK(p.eval("game:draw('pile', 'other', 'bottom')") == "nil");
  CHECK(p.zone("other") == "4:one 5:two 2:three 6:blank");
}

TEST_CASE("game:become changes a component's kind: its name, properties, view and hash follow") {
  Probe p;
  std::uint64_t before = p.state.hash();
  p.run("game:become(5, 'three')");
  CHECK(p.eval("game:name(5)") == "three");
  CHECK(p.eval("game:prop(5, 'value')") == "3");
  CHECK(p.eval("#game:matching('pile', 'value', 3)") == "3");
  CHECK(p.state.hash() != before);
  View v = make_view(p.state, 0);
  int threes = 0, twos = 0;
  for (const auto& z : v.zones)
    for (const auto& item : z.items) threes += item == "three", twos += item == "two";
  CHECK(threes == 3);
  CHECK(twos == 0);
  p.run("game:become(5, 'two')");  // and back: the state is as it was (the log aside)
  CHECK(p.eval("game:name(5)") == "two");
  CHECK_THAT(p.error("game:become(5, 'tree')"),
             Catch::Contains("unknown kind 'tree' (did you mean 'three'?)"));
  CHECK_THAT(p.error("game:become(99, 'three')"), Catch::Contains("component 99"));
}

TEST_CASE("game:hash tells positions apart by kind and place, not by which of two alike components") {
  Probe p;
  std::string start = p.eval("game:hash()");
  p.run("game:move(2, 'other')");  // pile, bottom up: three(1) one one two blank; other: three(2)
  std::string moved = p.eval("game:hash()");
  CHECK(moved != start);
  p.run("game:move(1, 'other')");
  p.run("game:move(2, 'pile', 'bottom')");  // the threes traded places: the same position
  CHECK(p.zone("other") == "1:three");
  CHECK(p.eval("game:hash()") == moved);
  p.run("game:become(1, 'one')");
  CHECK(p.eval("game:hash()") != moved);
}

TEST_CASE("game:tops reads the whole board in one call: each cell's top component, or its property") {
  Probe p;
  auto list = [&p](const std::string& call) {
    return p.eval("(function() local t = {} for i, v in ipairs(" + call +
                  ") do t[i] = tostring(v) end return table.concat(t, ' ') end)()");
  };
  CHECK(list("game:tops()") == "false false");
  p.run("game:move(5, 'b1')");  // the two (value 2, red)
  p.run("game:move(6, 'b1')");  // the blank on top of it: no value, no colour
  p.run("game:move(1, 'a1')");  // a three
  CHECK(list("game:tops()") == "1 6");
  CHECK(list("game:tops('value')") == "3 false");
  CHECK(list("game:tops('colour')") == "red false");
}

TEST_CASE("game:tops(key, into) refills the table given and returns it") {
  Probe p;
  p.run("game:move(1, 'a1')");  // a three
  CHECK(p.eval("(function() local t = {} return rawequal(game:tops(nil, t), t) end)()") == "true");
  CHECK(
      p.eval(
          "(function() local t = { 'x', 'y', 'z' } game:tops('value', t) return tostring(t[1]) .. ' ' .. tostring(t[2]) .. ' ' .. t[3] end)()") ==
      "3 false z");
  CHECK(
      p.eval(
          "(function() local t = {} game:tops(nil, t) game:move(1, 'b1') game:tops(nil, t) return tostring(t[1]) .. ' ' .. tostring(t[2]) end)()") ==
      "false 1");
  CHECK_THAT(p.error("game:tops(nil, 'board')"),
             Catch::Contains("bad argument #2 (table expected, got string)"));
  CHECK_THAT(p.error("game:tops(nil, string)"),
             Catch::Contains("bad argument #2 (table without a metatable expected"));
}

namespace {
// What `seat` (0-based) sees of a zone, top first, names or "?".
std::string seen(const State& s, int seat, const std::string& zone) {
  for (const auto& z : make_view(s, seat).zones)
    if (z.name == zone) {
      std::string out;
      for (const auto& item : z.items) out += (out.empty() ? "" : " ") + item;
      return out;
    }
  return "no zone " + zone;
}
bool read_in_log(const State& s, int seat, const std::string& text) {
  for (const auto& e : make_view(s, seat).log)
    if (e.text.find(text) != std::string::npos) return true;
  return false;
}
}  // namespace

TEST_CASE("game:show shows one component to one seat until it moves, and says so to that seat only") {
  Probe p;
  p.run("game:move(1, 'secret')");
  p.run("game:move(3, 'secret')");  // secret, top first: one(3) three(1)
  CHECK(seen(p.state, 0, "secret") == "? ?");
  p.run("game:show(1, 1)");
  CHECK(seen(p.state, 0, "secret") == "? three");
  CHECK(seen(p.state, 1, "secret") == "? ?");
  CHECK(read_in_log(p.state, 0, "(three in secret is shown to"));
  CHECK_FALSE(read_in_log(p.state, 1, "is shown"));
  p.run("game:move(1, 'secret')");  // moved (to the top of the same zone): hidden again
  CHECK(seen(p.state, 0, "secret") == "? ?");
  p.run("game:show(3, nil, false)");  // to everyone, the rules saying it in their own words
  CHECK(seen(p.state, 0, "secret") == "? one");
  CHECK(seen(p.state, 1, "secret") == "? one");
  CHECK(seen(p.state, -1, "secret") == "? one");
  CHECK_FALSE(read_in_log(p.state, 1, "(one in secret"));
}

TEST_CASE("game:prop and game:sum of a property no kind has are located errors, not nil or 0") {
  Probe p;
  CHECK(p.eval("game:prop(6, 'value')") == "nil");  // blank has none, others do
  std::string e = p.error("game:prop(1, 'vaule')");
  CHECK_THAT(e, Catch::Contains(
                    "no component kind has the property 'vaule' (did you mean 'value'?); properties: ") &&
                    Catch::StartsWith("probe:1: "));  // the chunk and line that asked
  CHECK_THAT(p.error("game:sum('pile', 'colur')"),
             Catch::Contains("no component kind has the property 'colur'"));
  CHECK(p.eval("game:sum('pile', 'value')") != "");
}

TEST_CASE(
    "game:finish{results = ...} gives each seat a result in [0, 1]; winners are the best unless all alike") {
  SECTION("a draw") {
    Probe p;
    p.run("game:finish({ results = { 0.5, 0.5 } })");
    CHECK(p.state.over);
    CHECK(p.state.winners.empty());
    CHECK(p.state.shares() == std::vector<double>{0.5, 0.5});
  }
  SECTION("a best result wins") {
    Probe p;
    p.run("game:finish({ results = { 0.25, 1 } })");
    CHECK(p.state.winners == std::vector<int>{1});
  }
  SECTION("a list of winners works as before: 1/k each") {
    Probe p;
    p.run("game:finish({ 1, 2 })");
    CHECK(p.state.results.empty());
    CHECK(p.state.shares() == std::vector<double>{0.5, 0.5});
  }
  SECTION("malformed results are errors") {
    Probe p;
    CHECK_THAT(p.error("game:finish({ results = { 0.5 } })"), Catch::Contains("1 results for 2 seats"));
    CHECK_THAT(p.error("game:finish({ results = { 2, 0 } })"),
               Catch::Contains("seat 1's result should be a number from 0 to 1"));
    CHECK_THAT(p.error("game:finish({ results = { 'x', 0 } })"), Catch::Contains("seat 1's result"));
    CHECK_THAT(p.error("game:finish({ 1, results = { 1, 0 } })"), Catch::Contains("not both"));
    CHECK_THAT(p.error("game:finish({ results = 1 })"), Catch::Contains("results should be a list"));
  }
  SECTION("a field finish does not know is an error, not a game nobody won") {
    Probe p;
    CHECK_THAT(p.error("game:finish({ winners = { 1 } })"), Catch::Contains("no field 'winners'"));
    CHECK_FALSE(p.state.over);
    CHECK_THAT(p.error("game:finish({ 1, [5] = 2 })"), Catch::Contains("no field 'number'"));
    p.run("game:finish({ 2, reason = 'resigned' })");
    CHECK(p.state.winners == std::vector<int>{1});
  }
}
