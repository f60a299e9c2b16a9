// The JSON front door: the turn driver (play/driver.hpp) plays the game; each decision of a
// seat without a bot is sent as one message holding that seat's view and news, each answer
// read as one line.
#include "cli/json_play.hpp"

#include <algorithm>

#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <utility>

#include "bots/make_bot.hpp"
#include "present/json_text.hpp"
#include "present/json_view.hpp"
#include "runtime/diagnostics.hpp"

#include "play/driver.hpp"
#include "play/save.hpp"
#include "runtime/view.hpp"
#include "runtime/seeds.hpp"

namespace arbiter::cli {

using namespace arbiter::present;

namespace {

TurnDriver::Options driver_options(const JsonSeats& seats) {
  TurnDriver::Options o;
  o.chance = seats.ask_chance     ? ChancePolicy::AskAll
             : seats.ask_physical ? ChancePolicy::AskPhysical
                                  : ChancePolicy::Draw;
  o.undo = !seats.no_undo;
  return o;
}

class Session {
 public:
  Session(Engine& engine, State state, const JsonSeats& seats, JsonChannel& channel)
      : seats_(seats),
        channel_(channel),
        driver_(engine, std::move(state), driver_options(seats), seats.passed),
        cursor_(driver_.state().seat_count(), 0) {
    std::vector<std::unique_ptr<Bot>> bots;
    if (Status st = make_seat_bots(seats_.kinds, seats_.seed, engine, bots); !st.ok)
      throw InputError(st.message);
    driver_.set_bots(std::move(bots));
  }

  int run() {
    const Table& table = driver_.table();
    Json start{{"type", "start"}, {"ruleset", table.ruleset->id}};
    if (seats_.seed_known) start["seed"] = table.seed;
    start["seats"] = Json::array();
    for (int i = 0; i < table.seat_count(); ++i)
      start["seats"].push_back(
          {{"name", name(i)}, {"plays", seats_.kinds[i].empty() ? "driver" : seats_.kinds[i]}});
    send(-1, start);
    for (;;) {
      // The bots' moves and the drawn chance decisions are the driver's; a person or the table is asked here.
      TurnDriver::Run r = driver_.run();
      Answer a = Answer::Acted;
      switch (r.stop) {
        case TurnDriver::Stop::Over: return finish();
        case TurnDriver::Stop::Chance: a = chance(*driver_.decision().chance); break;
        case TurnDriver::Stop::Person: a = ask(driver_.persons_asked().front()); break;
        default: return error(r.status.message), 1;  // a script error, a bot that cannot act, nobody can act
      }
      if (a == Answer::Quit) return input_failed_ ? 1 : 0;
    }
  }

 private:
  enum class Answer { Acted, Quit };

  const State& state() const { return driver_.state(); }
  void send(int seat, const Json& j) {
    std::string line = json_text(j);
    if (channel_.audit) channel_.audit(state(), seat, line);
    channel_.write(line);
  }
  void error(const std::string& message) { send(-1, {{"type", "error"}, {"message", message}}); }
  const std::string& name(int seat) const { return driver_.table().seats[seat].name; }

  // One seat's decision, asked until it acts or passes (or an undo or the end of input).
  Answer ask(int seat) {
    const SeatActions& sa = *driver_.entry(seat);
    std::vector<std::string> legal = sa.actions;
    View v = make_view(state(), seat, cursor_[seat]);
    cursor_[seat] = state().log.size();
    Json d{{"type", "decision"}, {"seat", name(seat)}, {"on_turn", sa.on_turn}, {"legal", legal},
           {"view", view_json(v)}, {"log", log_json(v.log, driver_.table())}};
    // The others choose too, none seeing another's choice.
    if (driver_.decision().simultaneous) d["simultaneous"] = true;
    send(seat, d);
    for (Json m; next(m);) {
      if (m.contains("action") && m["action"].is_string()) {
        ActionResult o = driver_.act(seat, m["action"].get<std::string>(), false);
        if (o.ok()) return Answer::Acted;
        send(seat, {{"type", "refused"},
                    {"seat", name(seat)},
                    {"action", m["action"]},
                    {"reason", to_text(o.refusal)},
                    {"message", o.message}});
      } else if (m.contains("pass")) {
        Status st = driver_.pass(seat);
        if (st.ok) return Answer::Acted;
        error(st.message);
      } else if (m.contains("meta")) {
        if (std::optional<Answer> a = meta(m)) return *a;
      } else {
        error("line " + std::to_string(line_) +
              R"(: expected {"action": TEXT}, {"pass": true} or {"meta": "undo" | "save" | "quit"})");
      }
    }
    return Answer::Quit;
  }

  // A chance decision the table is asked (a secret one the driver draws: it never comes here).
  Answer chance(const ChanceDef& c) {
    Json outcomes = Json::array();
    for (const auto& [outcome, help] : c.outcomes) outcomes.push_back({{"name", outcome}, {"means", help}});
    send(-1, {{"type", "chance"},
              {"name", c.name},
              {"question", state().chance.question},
              {"outcomes", outcomes}});
    for (Json m; next(m);) {
      if (m.contains("outcome") && m["outcome"].is_string()) {
        ActionResult o = driver_.outcome(m["outcome"].get<std::string>());
        if (o.ok()) return Answer::Acted;
        send(-1, {{"type", "refused"},
                  {"outcome", m["outcome"]},
                  {"reason", to_text(o.refusal)},
                  {"message", o.message}});
      } else if (m.contains("meta")) {
        if (std::optional<Answer> a = meta(m)) return *a;
      } else {
        error("line " + std::to_string(line_) + R"(: expected {"outcome": NAME} or {"meta": …})");
      }
    }
    return Answer::Quit;
  }

  // undo, save and quit. An answer ends the decision; none keeps it open.
  std::optional<Answer> meta(const Json& m) {
    std::string what = m["meta"].is_string() ? m["meta"].get<std::string>() : "";
    if (what == "quit") return Answer::Quit;
    if (seats_.no_undo && (what == "undo" || what == "save"))
      return error(what == "undo"
                       ? "undo is off in this game (--no-undo)"
                       : "a save shows every hand (it holds the seed): under --no-undo it is not written "
                         "while the game is on"),
             std::nullopt;
    if (what == "undo") {
      if (!driver_.can_undo()) return error("nothing to undo"), std::nullopt;
      // What the driver's seats cannot see is dealt again, so an undo does not read the future.
      driver_.undo(redeal_rng_.next());
      for (auto& c : cursor_) c = std::min(c, state().log.size());
      send(-1, {{"type", "undone"}});
      return Answer::Acted;  // the decision is asked again from the earlier state, its passes standing
    }
    if (what == "save" && m.contains("file") && m["file"].is_string()) {
      std::string file = m["file"].get<std::string>();
      try {
        write_save(file, save_text(driver_.engine(), state(), {},
                                   driver_.passed()));  // all or nothing: see save.hpp
      } catch (const InputError& e) {
        return error(e.what()), std::nullopt;
      }
      send(-1, {{"type", "saved"},
                {"file", file},
                {"note", "a save holds the seed and every action: it tells the whole game"}});
      return std::nullopt;
    }
    error(R"(meta takes "undo", "quit" or "save" with "file": PATH)");
    return std::nullopt;
  }

  // The next line that parses as a JSON object; errors are answered and skipped.
  bool next(Json& m) {
    for (InputLine line; channel_.read(line); line = InputLine{}) {
      ++line_;
      if (!line.refusal.empty()) {
        error("line " + std::to_string(line_) + ": " + line.refusal);
        input_failed_ = input_failed_ || line.last;
        continue;
      }
      m = Json::parse(line.text, nullptr, false);
      if (m.is_object()) return true;
      error("line " + std::to_string(line_) + ": not a JSON object");
    }
    return false;
  }

  // The persons' last news, then `over`; 1 when a score could not be read (`error` says why).
  int finish() {
    for (int seat = 0; seat < state().seat_count(); ++seat) {
      if (driver_.bot(seat)) continue;
      View v = make_view(state(), seat, cursor_[seat]);
      cursor_[seat] = state().log.size();
      send(seat, {{"type", "news"}, {"seat", name(seat)}, {"log", log_json(v.log, driver_.table())}});
    }
    GameOver end = driver_.game_over();
    Json winners = Json::array(), scores = Json::object();
    for (int w : end.winners) winners.push_back(name(w));
    for (int seat = 0; seat < state().seat_count(); ++seat)
      scores[name(seat)] = end.scores[seat] ? value_json(*end.scores[seat]) : Json(nullptr);
    Json over = {{"type", "over"}, {"winners", winners}, {"scores", scores}, {"seed", driver_.table().seed},
                 {"view", view_json(make_view(state(), -1, state().log.size()))}};
    if (!end.reason.empty()) over["reason"] = end.reason;  // game:finish's, when the rules gave one
    if (driver_.table().ruleset->cooperative) over["cooperative"] = true;  // all won, or all lost
    if (!end.payoffs.empty()) {  // a game that declares payoffs; absent otherwise
      over["payoffs"] = Json::object();
      for (int seat = 0; seat < state().seat_count(); ++seat) over["payoffs"][name(seat)] = end.payoffs[seat];
    }
    if (!end.error.empty())
      over["error"] = end.error;  // a score hook that failed: the game is over all the same
    send(-1, over);
    return end.error.empty() ? 0 : 1;
  }

  JsonSeats seats_;
  JsonChannel& channel_;
  TurnDriver driver_;
  std::vector<std::size_t> cursor_;  // per seat: the log entries already sent to it
  Rng redeal_rng_{redeal_seed(seats_.seed)};  // from the seed, so a run repeats
  int line_ = 0;
  bool input_failed_ = false;  // the input ended in a line that never ended
};

}  // namespace

int play_json(Engine& engine, State state, const JsonSeats& seats, JsonChannel& channel) {
  Session session(engine, std::move(state), seats, channel);
  return session.run();
}

}  // namespace arbiter::cli
