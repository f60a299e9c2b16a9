// Tests of cli/json_play.cpp: every shipped ruleset played to its end through the JSON front
// door by a driver that picks at random, every message checked against the true state: a
// message to a seat names only components that seat may see, and only log lines it may read.
#include <catch2/catch.hpp>

#include <algorithm>
#include <deque>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>

#include "lua/lua_rules.hpp"
#include "cli/json_play.hpp"
#include "runtime/rng.hpp"

using namespace arbiter;
using namespace arbiter::cli;
using Json = nlohmann::json;

namespace {

struct Game {
  std::shared_ptr<const Ruleset> ruleset;
  LuaRules rules;
  std::shared_ptr<const Table> table;
  Engine engine;
  State state;
  Game(const std::string& id, int seats, std::uint64_t seed)
      : ruleset(load_ruleset(ARBITER_SOURCE_DIR "/rulesets/" + id, ARBITER_SOURCE_DIR "/scripts")),
        rules(ruleset, ARBITER_SOURCE_DIR "/scripts"),
        table(make_table(ruleset, options(seats, seed))), engine(table, rules), state(table) {
    REQUIRE(engine.start(state).ok);
  }
  static GameOptions options(int seats, std::uint64_t seed) {
    GameOptions o;
    const char* names[] = {"Ann", "Ben", "Cid", "Dee"};
    for (int i = 0; i < seats; ++i) o.seats.push_back({names[i], -1});
    o.seed = seed;
    return o;
  }
};

// The checks an audit makes of one message, against the true state it was sent from.
struct Auditor {
  int messages = 0, items_checked = 0, problems = 0;
  std::string first_problem;

  void problem(const std::string& what) {
    if (problems++ == 0) first_problem = what;
  }
  void zones(const State& s, int seat, const Json& view) {
    for (const auto& z : view["zones"]) {
      std::vector<int> truth = s.contents(s.table->zone_by_name(z["name"].get<std::string>()));
      if (truth.size() != z["items"].size()) problem("zone " + z["name"].dump() + " has a different count");
      for (std::size_t k = 0; k < truth.size() && k < z["items"].size(); ++k) {
        std::string item = z["items"][k];
        bool visible = s.visible(truth[k], seat);
        ++items_checked;
        if (item != "?" && !visible)
          problem("seat " + std::to_string(seat) + " was shown hidden " + item + " in " + z["name"].dump());
        if (item != "?" && item != s.name(truth[k]))
          problem("zone " + z["name"].dump() + " misnames " + item);
        if (item == "?" && visible) problem("a visible component was hidden in " + z["name"].dump());
      }
    }
  }
  void log(const State& s, int seat, const Json& lines) {
    std::set<std::string> readable;
    for (const auto& e : s.log.entries())
      if (seat >= 0 && (e.audience & (1u << seat))) readable.insert(e.text);
    for (const auto& l : lines)
      if (!readable.count(l["text"].get<std::string>()))
        problem("seat " + std::to_string(seat) + " read " + l.dump());
  }
  void check(const State& s, int seat, const std::string& line) {
    ++messages;
    Json m = Json::parse(line);
    std::string type = m["type"];
    if (seat >= 0 && m.contains("legal")) {
      if (type != "decision") problem("a legal list outside a decision");
      // A seat choosing at the same time as others is told so (its log is checked like any other).
      if (s.simultaneous.open() != m.value("simultaneous", false))
        problem("a decision misses whether it is simultaneous");
    }
    if (m.contains("view")) zones(s, seat, m["view"]);
    if (m.contains("log")) log(s, seat, m["log"]);
    if (seat < 0 && (m.contains("legal") || m.contains("log")))
      problem("a public message with a seat's news: " + type);
  }
};

// A driver that answers at random: a legal action (now and then a malformed line, a refused
// action or a pass off its turn), a chance outcome.
struct RandomDriver {
  Rng rng;
  Json last;
  std::deque<std::string> queued;
  int lines = 0;
  explicit RandomDriver(std::uint64_t seed) : rng(seed) {}

  bool read(std::string& out) {
    if (++lines > 100000) return false;
    if (!queued.empty()) {
      out = queued.front();
      queued.pop_front();
      return true;
    }
    std::string type = last.value("type", "");
    if (type == "decision") {
      const auto& legal = last["legal"];
      if (!last["on_turn"].get<bool>() && rng.below(2) == 0) {
        out = R"({"pass": true})";
        return true;
      }
      if (rng.below(50) == 0) {
        out = "not json";
        return true;
      }
      if (rng.below(50) == 0) {
        out = R"({"action": "no such action"})";
        return true;
      }
      out = Json{{"action", legal[rng.below(legal.size())]}}.dump();
      return true;
    }
    if (type == "chance") {
      const auto& outcomes = last["outcomes"];
      out = Json{{"outcome", outcomes[rng.below(outcomes.size())]["name"]}}.dump();
      return true;
    }
    out = R"({"meta": "quit"})";  // nothing to answer: a driver bug, so stop
    return true;
  }
  void write(const std::string& line) {
    Json m = Json::parse(line);
    std::string type = m["type"];
    if (type == "decision" || type == "chance") last = m;
  }
};

struct Run {
  Auditor audit;
  RandomDriver driver;
  std::vector<std::string> sent;
  int status = -1;
  Run(Game& g, std::uint64_t seed) : driver(seed) {
    JsonSeats seats{std::vector<std::string>(g.state.seat_count()), seed, false, true};
    JsonChannel ch;
    ch.read = [this](InputLine& l) { return driver.read(l.text); };
    ch.write = [this](const std::string& l) { sent.push_back(l); driver.write(l); };
    ch.audit = [this](const State& s, int seat, const std::string& l) { audit.check(s, seat, l); };
    status = play_json(g.engine, g.state, seats, ch);
  }
};

}  // namespace

// The rulesets of the folder, each with three seats where it allows them (else its nearest count).
// The next of the lines a test types, as the door's reader takes it; false when none is left.
static bool next_line(std::deque<std::string>& input, InputLine& l) {
  if (input.empty()) return false;
  l.text = input.front();
  input.pop_front();
  return true;
}

static std::vector<std::pair<std::string, int>> shipped_rulesets() {
  std::vector<std::pair<std::string, int>> out;
  for (const auto& entry : std::filesystem::directory_iterator(ARBITER_SOURCE_DIR "/rulesets")) {
    if (!std::filesystem::exists(entry.path() / "game.yaml")) continue;
    std::string id = entry.path().filename().string();
    auto r = load_ruleset(entry.path().string(), ARBITER_SOURCE_DIR "/scripts");
    out.emplace_back(id, std::clamp(3, r->min_players, r->max_players));
  }
  std::sort(out.begin(), out.end());
  return out;
}

TEST_CASE(
    "every shipped ruleset plays to its end through the JSON front door, each seat told only what it may see") {
  auto rulesets = shipped_rulesets();
  REQUIRE(rulesets.size() >= 11);
  for (const auto& [id, seats] : rulesets) {
    for (std::uint64_t seed : {1, 2}) {
      INFO(id << " seed " << seed);
      Game g(id, seats, seed);
      Run r(g, seed);
      CHECK(r.status == 0);
      CHECK(r.audit.problems == 0);
      INFO(r.audit.first_problem);
      CHECK(r.audit.first_problem.empty());
      CHECK(r.audit.items_checked > 0);
      REQUIRE(!r.sent.empty());
      CHECK(Json::parse(r.sent.back())["type"] == "over");
    }
  }
}

TEST_CASE("the JSON front door answers a malformed line, a refused action and an undo, and goes on") {
  Game g("tictactoe", 2, 1);
  JsonSeats seats{{"", ""}, 1, false, true};
  std::deque<std::string> input = {"[1, 2]", R"({"action": "z9"})", R"({"action": "b2"})",
                                   R"({"meta": "undo"})", R"({"action": "a1"})", R"({"meta": "quit"})"};
  std::vector<Json> out;
  JsonChannel ch;
  ch.read = [&](InputLine& l) { return next_line(input, l); };
  ch.write = [&](const std::string& l) { out.push_back(Json::parse(l)); };
  CHECK(play_json(g.engine, g.state, seats, ch) == 0);
  std::vector<std::string> types;
  for (const auto& m : out) types.push_back(m["type"]);
  CHECK(types == std::vector<std::string>{"start", "decision", "error", "refused", "decision", "undone",
                                          "decision", "decision"});
  CHECK(out[2]["message"] == "line 1: not a JSON object");
  CHECK(out[3]["reason"] == "not legal now");
  CHECK(out[4]["seat"] == "Ben");                // after b2, O is to move
  CHECK(out[6]["seat"] == "Ann");                // undone: X again, b2 free again
  CHECK(out[6]["legal"].size() == 9);
  CHECK(out[7]["seat"] == "Ben");
  CHECK(out[7]["legal"].size() == 8);
}

// The seed fixes every shuffle: a driver facing bots that knew it could replay the game and
// read their hands. Unless it knew it already (--seed, a save), it is told only in `over`.
TEST_CASE("the JSON front door tells a seed the driver did not give only when the game is over") {
  for (bool known : {false, true}) {
    INFO("seed known: " << known);
    std::uint64_t seed = 9876543210123ULL;
    Game g("stacks", 3, seed);
    JsonSeats seats{{"", "random", "random"}, seed, false, true, known};
    RandomDriver driver(5);
    std::vector<Json> out;
    std::string before_over;
    JsonChannel ch;
    ch.read = [&](InputLine& l) { return driver.read(l.text); };
    ch.write = [&](const std::string& l) {
      out.push_back(Json::parse(l));
      driver.write(l);
      if (out.back()["type"] != "over") before_over += l;
    };
    REQUIRE(play_json(g.engine, g.state, seats, ch) == 0);
    REQUIRE(out.back()["type"] == "over");
    CHECK(out.back()["seed"] == seed);
    CHECK(out.front().contains("seed") == known);
    CHECK((before_over.find(std::to_string(seed)) != std::string::npos) == known);
  }
}

namespace {

std::vector<Json> play_lines(Game& g, const JsonSeats& seats, std::deque<std::string> input, int& status) {
  std::vector<Json> out;
  JsonChannel ch;
  ch.read = [&](InputLine& l) { return next_line(input, l); };
  ch.write = [&](const std::string& l) { out.push_back(Json::parse(l)); };
  status = play_json(g.engine, g.state, seats, ch);
  return out;
}

}  // namespace

// A score hook that raises: the game is over all the same; `over` names the winners, the
// scores it could not read are null, and its error is said; the exit status is 1.
TEST_CASE("the JSON front door ends a game whose score hook fails with its winners and the error") {
  Game g("../tests/fixtures/score-raises", 2, 1);
  int status = -1;
  std::deque<std::string> input = {R"({"action":"done"})", R"({"action":"done"})"};
  std::vector<Json> out = play_lines(g, {{"", ""}, 1, false, true}, input, status);
  CHECK(status == 1);
  REQUIRE(!out.empty());
  const Json& over = out.back();
  REQUIRE(over["type"] == "over");
  CHECK(over["winners"] == Json::array({"Ann"}));
  CHECK(over["scores"]["Ann"].is_null());
  CHECK(over["scores"]["Ben"].is_null());
  CHECK_THAT(over.value("error", ""), Catch::Contains("no score today"));
}

// A ruleset bot may answer with a bid the rules accept though they do not list it.
TEST_CASE("the JSON front door takes a ruleset bot's unlisted answer that the rules accept") {
  Game g("../tests/fixtures/bid-any", 2, 1);
  int status = -1;
  std::vector<Json> out = play_lines(g, {{"", "high"}, 1, false, true}, {R"({"action":"bid 3"})"}, status);
  CHECK(status == 0);
  REQUIRE(!out.empty());
  CHECK(out.back()["type"] == "over");
  CHECK(out.back()["winners"] == Json::array({"Ben"}));
  CHECK(!out.back().contains("error"));
}
