// Tests of server/protocol.cpp and the game it drives (server/game.cpp), with no network:
// a seat acting for another, a spectator acting, stale seq, unknown type, bad JSON, another
// seat's message replayed, a resync holding the seat's own log only.
#include <catch2/catch.hpp>

#include "cli/app.hpp"
#include "present/json_text.hpp"
#include "server/protocol.hpp"

using namespace arbiter;
using namespace arbiter::server;

namespace {

struct Fixture {
  std::vector<Step> stored;
  std::unique_ptr<TableGame> game;
  Connection ann{0, {}, 78}, bob{1, {}, 78}, watcher{-1, {}, 78};
  Commit commit = [this](const Step& s, std::string&) {
    stored.push_back(s);
    return true;
  };
  Fixture() {
    TableSetup setup;
    setup.ruleset = "stacks";
    setup.options.seats = {{"Ann", -1}, {"Bob", -1}};
    setup.options.seed = 5;
    setup.kinds = {"", ""};
    game = std::make_unique<TableGame>(setup, load_game("stacks"), 9);
  }
  nlohmann::json one(Connection& c, const std::string& frame) {
    Handled h = handle_frame(*game, c, frame, commit);
    REQUIRE(h.replies.size() == 1);
    return nlohmann::json::parse(h.replies[0]);
  }
  // The seat on turn's connection, its first legal action, and the other's.
  std::pair<Connection*, Connection*> turn() {
    LogCursor c;
    bool ann_on = !game->state_message(0, c, 78)["legal"].empty();
    return ann_on ? std::pair{&ann, &bob} : std::pair{&bob, &ann};
  }
  std::string first_legal(const Connection& c) {
    LogCursor cursor;
    return game->state_message(c.seat, cursor, 78)["legal"][0].get<std::string>();
  }
};

std::string action_frame(const std::string& action, int seq) {
  return present::json_text(nlohmann::json{{"type", "action"}, {"action", action}, {"seq", seq}});
}

}  // namespace

TEST_CASE("protocol: a seat cannot act for another, nor a spectator at all", "[server][protocol]") {
  Fixture f;
  auto [on, off] = f.turn();
  std::string action = f.first_legal(*on);
  // The frame names the seat on turn, but a connection acts only for its own seat.
  auto frame = present::json_text(
      nlohmann::json{{"type", "action"}, {"action", action}, {"seat", on == &f.ann ? "Ann" : "Bob"}});
  auto r = f.one(*off, frame);
  CHECK(r["type"] == "refused");
  CHECK(r["reason"] == "not your turn");
  r = f.one(f.watcher, action_frame(action, 0));
  CHECK(r["reason"] == "spectator");
  r = f.one(f.watcher, R"({"type":"pass"})");
  CHECK(r["reason"] == "spectator");
  CHECK(f.stored.empty());
  CHECK(f.game->seq() == 0);
  Handled h = handle_frame(*f.game, *on, action_frame(action, 0), f.commit);
  CHECK(h.moved);
  CHECK(h.replies.empty());
  CHECK(f.stored.size() == 1);
}

TEST_CASE("protocol: a stale seq, and another seat's message replayed, change nothing",
          "[server][protocol]") {
  Fixture f;
  auto [on, off] = f.turn();
  std::string frame = action_frame(f.first_legal(*on), 0);
  REQUIRE(handle_frame(*f.game, *on, frame, f.commit).moved);
  // The same frame again, from either connection: the game has moved on.
  auto r = f.one(*on, frame);
  CHECK(r["reason"] == "stale");
  r = f.one(*off, frame);
  CHECK((r["reason"] == "stale" || r["reason"] == "not your turn"));
  CHECK(f.game->seq() == 1);
  // A seq the game has not reached names no state: its own reason, not "stale".
  r = f.one(*on, action_frame("fold", 99));
  CHECK(r["reason"] == "bad seq");
  CHECK(r["message"] == "no state has seq 99 (the game is at 1)");
  CHECK(f.one(*on, action_frame("fold", -1))["reason"] == "bad seq");
  r = f.one(*off, action_frame("no such action", 1));
  CHECK(r["type"] == "refused");
  CHECK(f.game->seq() == 1);
}

TEST_CASE("protocol: frames that are not messages get an error and change nothing", "[server][protocol]") {
  Fixture f;
  for (std::string bad : {"", "not json", "[1,2]", "{}", R"({"type":7})", R"({"type":"undo"})",
                          R"({"type":"save"})", R"({"type":"action"})", R"({"type":"action","action":5})",
                          R"({"type":"action","action":"x","seq":"1"})",
                          R"({"type":"hello","table":"x","token":"y"})", "{\"type\":\"act\xff\"}"}) {
    INFO(bad);
    auto r = f.one(f.ann, bad);
    CHECK(r["type"] == "error");
  }
  CHECK(f.one(f.ann, R"({"type":"undo"})")["message"].get<std::string>().find("unknown message type") !=
        std::string::npos);
  CHECK(f.game->seq() == 0);
}

TEST_CASE("protocol: a resync is the seat's own whole state and log, nobody else's", "[server][protocol]") {
  Fixture f;
  for (int i = 0; i < 6; ++i) {
    auto [on, off] = f.turn();
    REQUIRE(handle_frame(*f.game, *on, action_frame(f.first_legal(*on), i), f.commit).moved);
  }
  f.bob.cursor = {99, 99};  // wherever it was, a resync starts from the beginning
  auto r = f.one(f.bob, R"({"type":"resync"})");
  CHECK(r["type"] == "state");
  CHECK(r["log_from"] == 0);
  CHECK(r["view"]["seat"] == "Bob");
  CHECK(r["seq"] == 6);
  for (const auto& z : r["view"]["zones"])
    if (z["owner"] == "Ann")
      for (const auto& item : z["items"]) CHECK(item == "?");
  LogCursor ann;
  auto a = f.game->state_message(0, ann, 78);
  CHECK(a["log"] != r["log"]);  // each seat's log holds what it alone may read
  auto w = f.one(f.watcher, R"({"type":"resync"})");
  CHECK(w["view"]["seat"].is_null());
  CHECK(w["legal"].empty());
}

TEST_CASE("protocol: a hello is read with its fields checked", "[server][protocol]") {
  Request r = parse_request(R"({"type":"hello","table":"abc","token":"s.1","columns":500})");
  CHECK(r.type == Request::Type::Hello);
  CHECK(r.columns == 200);
  CHECK(parse_request(R"({"type":"hello","table":"abc"})").type == Request::Type::Bad);
  CHECK(parse_request(R"({"type":"hello","table":"abc","token":1})").type == Request::Type::Bad);
  CHECK(parse_request(R"({"type":"hello","table":"abc","token":"t","columns":"x"})").type ==
        Request::Type::Bad);
}

TEST_CASE("protocol: a malformed hello says which field is wrong", "[server][protocol]") {
  for (auto [frame, field] : std::vector<std::pair<std::string, std::string>>{
           {R"({"type":"hello","table":"t","token":"s.1","columns":"abc"})", R"("columns")"},
           {R"({"type":"hello","table":"t","token":"s.1","columns":40.5})", R"("columns")"},
           {R"({"type":"hello","table":"t","token":"s.1","columns":null})", R"("columns")"},
           {R"({"type":"hello","table":"t","token":123})", R"("token")"},
           {R"({"type":"hello","token":"s.1"})", R"("table")"}}) {
    INFO(frame);
    Request r = parse_request(frame);
    CHECK(r.type == Request::Type::Bad);
    CHECK(r.hello);
    CHECK(r.error.rfind("hello: " + field, 0) == 0);
  }
  Request r = parse_request(R"({"type":"hello","table":"t","token":"s.1","columns":1e400})");
  CHECK_FALSE(r.object);  // JSON's reader refuses a number that large: said so
  CHECK(r.error.find("1e400") != std::string::npos);
  CHECK(
      parse_request(R"({"type":"hello","table":"t","token":"s.1","columns":18446744073709551615})").columns ==
      200);
  CHECK(parse_request(R"({"type":"hello","table":"t","token":"s.1","columns":-5})").columns == 40);
  CHECK(parse_request(R"({"type":"resync"})").object);
}

TEST_CASE("protocol: in a simultaneous round another seat's commitment does not make a seq stale",
          "[server][protocol]") {
  TableSetup setup;
  setup.ruleset = "goofspiel";
  setup.options.seats = {{"Ann", -1}, {"Bob", -1}};
  setup.options.seed = 5;
  setup.kinds = {"", ""};
  std::vector<Step> stored;
  Commit commit = [&](const Step& s, std::string&) { return stored.push_back(s), true; };
  TableGame game(setup, load_game("goofspiel"), 9);
  Connection ann{0, {}, 78}, bob{1, {}, 78};
  auto round = [&](Connection& first, Connection& second) {
    while (game.auto_step(commit)) {}  // the prize card drawn
    LogCursor cursor;
    auto st = game.state_message(first.seat, cursor, 78);
    REQUIRE(st["simultaneous"] == true);
    int seq = st["seq"];
    std::string a = st["legal"][0], b = game.state_message(second.seat, cursor, 78)["legal"][0];
    REQUIRE(handle_frame(game, first, action_frame(a, seq), commit).moved);
    // The second seat clicks on the state it was sent before the first committed.
    Handled h = handle_frame(game, second, action_frame(b, seq), commit);
    INFO((h.replies.empty() ? "" : h.replies[0]));
    CHECK(h.moved);
    return seq;
  };
  int first = round(ann, bob);
  int second = round(bob, ann);
  CHECK(second > first);
  // A seq from an earlier round is stale: the seat's question changed since.
  while (game.auto_step(commit)) {}
  LogCursor cursor;
  std::string a = game.state_message(0, cursor, 78)["legal"][0];
  Handled h = handle_frame(game, ann, action_frame(a, second), commit);
  REQUIRE(h.replies.size() == 1);
  CHECK(nlohmann::json::parse(h.replies[0])["reason"] == "stale");
}

TEST_CASE("protocol: refusals are worded as the engine words them (an ambiguous action is `ambiguous`)",
          "[server][protocol]") {
  Fixture f;
  auto [on, off] = f.turn();
  LogCursor cursor;
  auto legal = f.game->state_message(on->seat, cursor, 78)["legal"];
  // The first two words of an action that more than one legal action starts with.
  std::string start;
  for (const auto& a : legal) {
    std::string text = a, two = text.substr(0, text.find(' ', text.find(' ') + 1));
    int n = 0;
    for (const auto& b : legal) n += b.get<std::string>().rfind(two + " ", 0) == 0;
    if (n > 1) start = two;
  }
  REQUIRE_FALSE(start.empty());
  auto r = f.one(*on, action_frame(start, 0));
  CHECK(r["reason"] == to_text(Refusal::Ambiguous));
  CHECK(f.one(*off, action_frame(start, 0))["reason"] == to_text(Refusal::NotYourTurn));
  CHECK(f.one(*on, action_frame("no such thing", 0))["reason"] == to_text(Refusal::NotLegal));
  CHECK(f.game->seq() == 0);
}
