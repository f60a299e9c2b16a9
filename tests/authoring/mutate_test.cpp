// Tests of authoring/mutate/mutants.cpp and yaml.cpp: each class of mutant is made where
// it should be, with the right line, and never inside a string, a comment or words.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "runtime/diagnostics.hpp"
#include "authoring/mutate/lua_tokens.hpp"
#include "authoring/mutate/mutants.hpp"
#include "runtime/rng.hpp"

using namespace arbiter;

namespace {

// "LINE: CHANGE" for each mutant of `source`.
std::vector<std::string> changes(const std::string& source, const LuaWords& words = {}) {
  std::vector<std::string> out;
  for (const auto& m : lua_mutants("rules.lua", source, words))
    out.push_back(std::to_string(m.line) + ": " + m.change);
  return out;
}

// The source after each mutant, in order.
std::vector<std::string> results(const std::string& source) {
  std::vector<std::string> out;
  for (const auto& m : lua_mutants("rules.lua", source)) out.push_back(apply_mutant(source, m));
  return out;
}

using V = std::vector<std::string>;

}  // namespace

TEST_CASE("mutate: nothing inside strings or comments") {
  std::string source =
      "local s = \"a < b and 1 + 2 or true\" -- x < 3 and y\n"
      "local t = [==[ if x then ]] y = 1 ]==] .. 'n ~= 0'\n"
      "--[[ while x > 1 do\n  f(x)\nend ]]\n";
  CHECK(changes(source).empty());
}

TEST_CASE("mutate: comparisons swap with their boundary, == with ~=") {
  CHECK(changes("local ok = a < b, a <= b, a > b, a >= b, a == b, a ~= b") ==
        V{"1: '<' -> '<='", "1: '<=' -> '<'", "1: '>' -> '>='", "1: '>=' -> '>'", "1: '==' -> '~='",
          "1: '~=' -> '=='"});
  CHECK(changes("local x <const> = y\nlocal z <close> = w").empty());  // attributes, not comparisons
}

TEST_CASE("mutate: arithmetic swaps + -, * /, // %; a unary minus is left alone") {
  CHECK(changes("local x = a + b - c * d / e // f % g") == V{"1: '+' -> '-'", "1: '-' -> '+'",
                                                             "1: '*' -> '/'", "1: '/' -> '*'",
                                                             "1: '//' -> '%'", "1: '%' -> '//'"});
  CHECK(changes("local x = -a, f(-b), t[-c], (-d) ^ e").empty());
  CHECK(changes("local x = f(a) - t[b] - c").size() == 2);
}

TEST_CASE("mutate: whole numbers one off both ways, 0 to -1 too; floats are left alone") {
  CHECK(changes("local x = 0, 1, 7, 0x10, 1.5, 2e3") == V{"1: '0' -> '-1'", "1: '0' -> '1'", "1: '1' -> '0'",
                                                          "1: '1' -> '2'", "1: '7' -> '6'", "1: '7' -> '8'",
                                                          "1: '0x10' -> '15'", "1: '0x10' -> '17'"});
  CHECK(results("local x = y - 0") == V{"local x = y + 0", "local x = y - -1", "local x = y - 1"});
  CHECK(results("local x = y-0") == V{"local x = y+0", "local x = y- -1", "local x = y-1"});
  CHECK(results("local x = -0") == V{"local x = - -1", "local x = -1"});
}

TEST_CASE("mutate: and with or, true with false") {
  CHECK(changes("local x = a and b or c\nlocal y = true, false") ==
        V{"1: 'and' -> 'or'", "1: 'or' -> 'and'", "2: 'true' -> 'false'", "2: 'false' -> 'true'"});
}

TEST_CASE("mutate: if, elseif, while and until conditions are negated whole") {
  std::string source =
      "if a and b then\nelseif c then\nend\nwhile f(x, y) do end\nrepeat n = n + 1 until n > 3 or done\n";
  std::vector<Mutant> ms = lua_mutants("rules.lua", source);
  std::vector<std::string> negated;
  for (const auto& m : ms)
    if (m.kind == MutantKind::Condition) negated.push_back(apply_mutant(source, m));
  REQUIRE(negated.size() == 4);
  CHECK(negated[0].rfind("if not (a and b) then\n", 0) == 0);
  CHECK(negated[1].find("elseif not (c) then") != std::string::npos);
  CHECK(negated[2].find("while not (f(x, y)) do end") != std::string::npos);
  CHECK(negated[3].find("until not (n > 3 or done)\n") != std::string::npos);
  CHECK(changes("if t[i] then end")[0] == "1: negated 't[i]'");
  std::vector<Mutant> tight = lua_mutants("rules.lua", "if(x)then end");
  REQUIRE(tight.size() == 1);
  CHECK(apply_mutant("if(x)then end", tight[0]) == "if not ((x)) then end");
  CHECK(results("local y = a+-b") == V{"local y = a- -b"});  // not a comment
}

TEST_CASE("mutate: a line that is one call or assignment is deleted; declarations and structure are not") {
  std::string source =
      "local x = 1\n"            // a declaration: deleting it only breaks the load
      "game:move(a, b)\n"        // a call
      "t.count, n = n, 2\n"      // an assignment
      "return x\n"
      "f(a,\n  b)\n"             // a call on two lines
      "y = a +\n  g(b)\n"        // g(b) goes on an expression above
      "h(c)\n  :more()\n"        // h(c) goes on below
      "effect = function(a)\n  return a\nend\n"  // a function begun on the line ends below
      "z = 1; w = 2\n";          // two statements
  std::vector<std::string> deleted;
  for (const auto& m : lua_mutants("rules.lua", source))
    if (m.kind == MutantKind::Statement) deleted.push_back(std::to_string(m.line) + ": " + m.change);
  CHECK(deleted == V{"2: deleted 'game:move(a, b)'", "3: deleted 't.count, n = n, 2'"});
  std::vector<Mutant> ms = lua_mutants("rules.lua", "f()\ng()\n");
  REQUIRE(ms.size() == 2);
  CHECK(apply_mutant("f()\ng()\n", ms[1]) == "f()\n;\n");
}

TEST_CASE("mutate: words are left alone: narration, error messages, refusal reasons, narrating blocks") {
  CHECK(changes("game:say('%d left', n - 1)\ngame:tell(s, 'x', n + 1)\ngame:tell_others(s, t[1])").empty());
  CHECK(changes("error(('need %d'):format(n + 1))\nassert(n > 0, ('n is %d'):format(n - 1))") ==
        V{"1: deleted 'error(('need %d'):format(n + 1))'",
          "2: deleted 'assert(n > 0, ('n is %d'):format(n - 1))'", "2: '>' -> '>='", "2: '0' -> '-1'",
          "2: '0' -> '1'"});
  CHECK(changes("if x then return false, 'only ' .. n + 1 end") ==
        V{"1: negated 'x'", "1: 'false' -> 'true'"});
  CHECK(changes("if game:narrating() then\n  local n = a + 1\n  game:say(n)\nelse\n  b = c + 1\nend") ==
        V{"5: deleted 'b = c + 1'", "5: '+' -> '-'", "5: '1' -> '0'", "5: '1' -> '2'"});
}

TEST_CASE("mutate: what is built only while narrating is words") {
  CHECK(
      changes("local narrating = game:narrating()\nlocal name = narrating and f(n + 1) or g(n - 1)\n"
              "if narrating then\n  x = n + 1\nend\nlocal s = game:narrating() and {} or nil\nprint(n + 1)\n")
          .empty());
  CHECK(changes("local on = game:narrating() or a > b") == V{"1: 'or' -> 'and'", "1: '>' -> '>='"});
}

TEST_CASE("mutate: functions declared as words: their bodies and the calls to them") {
  std::string source =
      "local function describe(n)\n  return n + 1\nend\n"
      "function words.pieces(n) return n > 1 end\n"
      "local x = describe(y + 1) + 1\n"
      "words.pieces(k - 1)\n";
  std::vector<std::string> found;
  LuaWords words{{"describe", "words.pieces", "nowhere"}, {}};
  std::vector<std::string> made;
  for (const auto& m : lua_mutants("rules.lua", source, words, &found))
    made.push_back(std::to_string(m.line) + ": " + m.change);
  CHECK(made == V{"5: '+' -> '-'", "5: '1' -> '0'", "5: '1' -> '2'"});
  CHECK(found == V{"describe", "words.pieces"});
}

TEST_CASE(
    "mutate: a words function declared in another file: its calls here are words, a namesake here is not") {
  std::string source =
      "local position = require 'position'\n"
      "position.say(pos, n + 1)\n"
      "local function say(n) return n - 1 end\n"
      "local z = position.count(n + 1)\n";
  LuaWords words{{}, {"position.say", "say"}};
  std::vector<std::string> made;
  for (const auto& m : lua_mutants("attacks.lua", source, words))
    made.push_back(std::to_string(m.line) + ": " + m.change);
  CHECK(made == V{"3: '-' -> '+'", "3: '1' -> '0'", "3: '1' -> '2'", "4: '+' -> '-'", "4: '1' -> '0'",
                  "4: '1' -> '2'"});
}

TEST_CASE("mutate: lines and columns are the changed token's, after strings that span lines") {
  std::vector<Mutant> ms = lua_mutants("rules.lua", "local s = [[a\nb]]\n\n  if n >= 2 then end\n");
  REQUIRE(ms.size() == 4);
  CHECK(ms[1].line == 4);
  CHECK(ms[1].column == 8);
  CHECK(ms[1].change == "'>=' -> '>'");
  CHECK(ms[1].file == "rules.lua");
}

TEST_CASE("mutate: each mutant names its function and the tokens near it, not only its line") {
  std::string source =
      "local M = {}\nlocal top = 1\nfunction M.moves(game)\n  local function step(n)\n    return n  +  1\n  end\n"
      "  for i = 1, 2 do game:each(function() x = y + 1 end) end\nend\nM.pick = function(a) if a > 2 then return a end end\n";
  std::vector<Mutant> ms = lua_mutants("rules.lua", source);
  auto find = [&](int line, const std::string& change) {
    for (const auto& m : ms)
      if (m.line == line && m.change == change) return m;
    FAIL("no mutant " << line << ": " << change);
    return Mutant{};
  };
  CHECK(find(2, "'1' -> '0'").function.empty());
  CHECK(find(2, "'1' -> '0'").near == "local top = 1");
  CHECK(find(5, "'+' -> '-'").function == "step");
  CHECK(find(5, "'+' -> '-'").near == "return n + 1");  // spaces made one
  CHECK(find(7, "'2' -> '3'").function == "M.moves");
  CHECK(find(7, "'2' -> '3'").near == "= 1, 2 do game:");
  CHECK(find(7, "'+' -> '-'").function == "M.moves");  // an anonymous function is its enclosing one's
  CHECK(find(9, "'>' -> '>='").function == "M.pick");
  CHECK(find(9, "negated 'a > 2'").near == "(a) if a > 2 then return a end");
  // The same code moved down a line keeps its function and near.
  std::vector<Mutant> moved = lua_mutants("rules.lua", "\n" + source);
  REQUIRE(moved.size() == ms.size());
  for (std::size_t i = 0; i < ms.size(); ++i) {
    CHECK(moved[i].line == ms[i].line + 1);
    CHECK(moved[i].function == ms[i].function);
    CHECK(moved[i].near == ms[i].near);
  }
}

TEST_CASE("mutate: the same change twice on a line is told apart by its place") {
  CHECK(changes("local x = a == b or c == d") ==
        V{"1: '==' -> '~='", "1: 'or' -> 'and'", "1: '==' -> '~=' (2nd on the line)"});
}

TEST_CASE("mutate: game.yaml's plain whole numbers, one off both ways, names and display values left alone") {
  std::string yaml =
      "name: X\nplayers: {min: 2, max: 4, humans: 1}\n"
      "params:\n  target: {default: 10, min: 1, at_table: 5, doc: 3}\n"
      "components:\n  kinds:\n    - {name: 7, value: -2, count: 0}\n    - {name: \"8\", value: \"3\"}\n"
      "board: {files: [a, b], ranks: [1, 2]}\n";
  std::vector<std::string> made;
  for (const auto& m : yaml_mutants("game.yaml", yaml))
    made.push_back(std::to_string(m.line) + ": " + m.change);
  CHECK(made == V{"2: players.min: '2' -> '1'", "2: players.min: '2' -> '3'", "2: players.max: '4' -> '3'",
                  "2: players.max: '4' -> '5'", "4: params.target.default: '10' -> '9'",
                  "4: params.target.default: '10' -> '11'", "4: params.target.min: '1' -> '0'",
                  "4: params.target.min: '1' -> '2'", "7: components.kinds[0].value: '-2' -> '-3'",
                  "7: components.kinds[0].value: '-2' -> '-1'", "7: components.kinds[0].count: '0' -> '-1'",
                  "7: components.kinds[0].count: '0' -> '1'"});
  std::vector<Mutant> ms = yaml_mutants("game.yaml", yaml);
  CHECK(apply_mutant(yaml, ms[2]).find("players: {min: 2, max: 3, humans: 1}") != std::string::npos);
  CHECK_THROWS_AS(yaml_mutants("game.yaml", "a: [1,"), InputError);
}

TEST_CASE("mutate: each bound of players and params is made one wider and one narrower, a bound of 0 too") {
  std::string yaml = "players: {min: 1, max: 6}\nparams:\n  rounds: {min: 0, max: 9}\n";
  std::vector<std::string> made;
  for (const auto& m : yaml_mutants("game.yaml", yaml)) made.push_back(m.change);
  CHECK(made == V{"players.min: '1' -> '0'", "players.min: '1' -> '2'", "players.max: '6' -> '5'",
                  "players.max: '6' -> '7'", "params.rounds.min: '0' -> '-1'",
                  "params.rounds.min: '0' -> '1'", "params.rounds.max: '9' -> '8'",
                  "params.rounds.max: '9' -> '10'"});
}

namespace {

// The string literals of a source, in order (comments are not tokens).
std::vector<std::string> strings_of(const std::string& source) {
  std::vector<std::string> out;
  for (const auto& t : lua_tokens(source).tokens)
    if (t.kind == LuaTokenKind::String) out.emplace_back(t.text);
  return out;
}

}  // namespace

TEST_CASE(
    "mutate: over every shipped ruleset's Lua, no mutant touches a string, and each still reads as Lua") {
  std::size_t mutants = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(ARBITER_SOURCE_DIR "/rulesets")) {
    if (entry.path().extension() != ".lua") continue;
    std::ifstream in(entry.path());
    std::string source((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::vector<std::string> strings = strings_of(source);
    std::vector<LuaToken> tokens = lua_tokens(source).tokens;
    for (const auto& m : lua_mutants("x.lua", source)) {
      ++mutants;
      INFO(entry.path().string() << ":" << m.line << ": " << m.change);
      for (const auto& e : m.edits) {
        REQUIRE(e.offset + e.length <= source.size());
        for (const auto& t : tokens)  // a string is kept whole, or deleted whole with its statement
          if (t.kind == LuaTokenKind::String && t.offset < e.offset + e.length && e.offset < t.end())
            CHECK((e.offset <= t.offset && t.end() <= e.offset + e.length));
      }
      std::string changed = apply_mutant(source, m);
      CHECK(lua_tokens(changed).error.empty());
      if (m.kind != MutantKind::Statement) CHECK(strings_of(changed) == strings);
      CHECK(changed != source);
    }
  }
  CHECK(mutants > 1000);
}

TEST_CASE("mutate: text that is not Lua never crashes the generator, and every edit lies inside it") {
  const std::vector<std::string> pieces = {"if",
                                           "then",
                                           "end",
                                           "(",
                                           ")",
                                           "[[",
                                           "]]",
                                           "--",
                                           "--[[",
                                           "\"",
                                           "'",
                                           "\\",
                                           "<",
                                           "<=",
                                           "==",
                                           "~=",
                                           "+",
                                           "-",
                                           "1",
                                           "0x",
                                           "local",
                                           "function",
                                           "=",
                                           "\n",
                                           " ",
                                           "and",
                                           "not",
                                           "until",
                                           "repeat",
                                           ":say",
                                           "error",
                                           ",",
                                           "{",
                                           "}",
                                           "return false,",
                                           "[==[",
                                           "game:narrating()",
                                           ";",
                                           "x",
                                           "..."};
  Rng rng(7);
  for (int round = 0; round < 3000; ++round) {
    std::string source;
    for (std::uint64_t n = rng.below(40); n > 0; --n) source += pieces[rng.below(pieces.size())];
    for (const auto& m : lua_mutants("x.lua", source, LuaWords{{"x", "f"}, {}})) {
      for (const auto& e : m.edits) REQUIRE(e.offset + e.length <= source.size());
      CHECK_NOTHROW(apply_mutant(source, m));
    }
  }
}
