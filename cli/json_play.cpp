// The JSON front door: the same turn loop as the REPL and play_out (out-of-turn holders
// first, then the seat on turn), each decision of a driver-played seat sent as one message
// holding that seat's view and news, each answer read as one line.
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

#include "play/sample.hpp"
#include "play/save.hpp"
#include "runtime/view.hpp"
#include "runtime/seeds.hpp"

namespace arbiter::cli {

using namespace arbiter::present;

namespace {

class Session {
 public:
  Session(Engine& engine, State state, const JsonSeats& seats, JsonChannel& channel)
      : engine_(engine), state_(std::move(state)), seats_(seats), channel_(channel),
        cursor_(state_.seat_count(), 0), chance_rng_(chance_seed(state_.table->seed)) {
    if (Status st = make_seat_bots(seats_.kinds, seats_.seed, engine_, bots_); !st.ok)
      throw InputError(st.message);
  }

  int run() {
    Json start{{"type", "start"}, {"ruleset", state_.table->ruleset->id}};
    if (seats_.seed_known) start["seed"] = state_.table->seed;
    start["seats"] = Json::array();
    for (int i = 0; i < state_.seat_count(); ++i)
      start["seats"].push_back({{"name", state_.table->seats[i].name}, {"plays", seats_.kinds[i].empty() ? "driver" : seats_.kinds[i]}});
    send(-1, start);
    while (!state_.over) {
      Answer a = decide();
      if (a == Answer::Quit) return input_failed_ ? 1 : 0;
      if (a == Answer::Failed) return 1;
    }
    finish();
    return 0;
  }

 private:
  enum class Answer { Acted, Passed, Quit, Failed };

  void send(int seat, const Json& j) {
    std::string line = json_text(j);
    if (channel_.audit) channel_.audit(state_, seat, line);
    channel_.write(line);
  }
  void error(const std::string& message) { send(-1, {{"type", "error"}, {"message", message}}); }
  // A script error of the rules, sent to every seat: its place only, where something is hidden.
  std::string shown(const std::string& message) const {
    return anything_hidden(*state_.table->ruleset) ? withheld_rules_error(message) : message;
  }
  const std::string& name(int seat) const { return state_.table->seats[seat].name; }

  // The next decision: a chance decision, or the seats that may act, out-of-turn holders first.
  Answer decide() {
    if (Status st = engine_.decision(state_, decision_); !st.ok) return error(shown(st.message)), Answer::Failed;
    // After an undo or a load, who had passed at this decision is not asked again.
    std::uint32_t resumed = std::exchange(resume_passed_, 0u);
    passed_ = 0;
    if (decision_.kind == Decision::Kind::Chance) return chance(*decision_.chance);
    for (const SeatActions& sa : decision_.seats) {
      bool passed_before = !sa.on_turn && (resumed >> sa.seat & 1u);
      Answer a = passed_before ? Answer::Passed : bots_[sa.seat] ? bot(sa) : ask(sa.seat, sa.actions, sa.on_turn);
      if (a != Answer::Passed) return a;
      if (!sa.on_turn) passed_ |= 1u << sa.seat;
    }
    return error(decision_.stuck(*state_.table)), Answer::Failed;
  }

  // A bot's refused action is reported by its seat and reason only: its legal list and the
  // action itself may name its hidden components.
  Answer bot(const SeatActions& sa) {
    int seat = sa.seat;
    std::string choice = bots_[seat]->choose(make_view(state_, seat, state_.log.size()), sa.actions, sa.on_turn);
    if (choice.empty() && sa.on_turn && !bots_[seat]->failure().empty())
      return error(name(seat) + "'s bot: " + bots_[seat]->failure()), Answer::Failed;
    if (choice.empty()) return Answer::Passed;
    ActionResult o;
    if (int action = sa.find(choice); action >= 0) {
      std::size_t who = static_cast<std::size_t>(&sa - decision_.seats.data());
      if (Status st = engine_.take(state_, decision_, who, static_cast<std::size_t>(action)); !st.ok)
        o = {Refusal::ScriptError, st.message, "", {}, {}};
    } else {
      // A ruleset's bot may answer with a text the rules accept without listing it (a bid of any size).
      o = engine_.apply(state_, seat, choice, {false, &sa.actions});
    }
    if (o.ok()) return Answer::Acted;
    error(name(seat) + "'s bot could not act (" + to_text(o.refusal) + ")" +
          (o.refusal == Refusal::ScriptError ? ": " + withheld_script_error(o.message, name(seat)) : ""));
    return Answer::Failed;
  }

  Answer ask(int seat, const std::vector<std::string>& legal, bool on_turn) {
    View v = make_view(state_, seat, cursor_[seat]);
    cursor_[seat] = state_.log.size();
    Json d{{"type", "decision"}, {"seat", name(seat)}, {"on_turn", on_turn}, {"legal", legal},
           {"view", view_json(v)}, {"log", log_json(v.log, *state_.table)}};
    if (decision_.simultaneous) d["simultaneous"] = true;  // the others choose too, none seeing another's choice
    send(seat, d);
    for (Json m; next(m);) {
      if (m.contains("action") && m["action"].is_string()) {
        State before = state_;
        ActionResult o = engine_.apply(state_, seat, m["action"].get<std::string>(), {false, &legal});
        if (o.ok()) return undo_.push_back({std::move(before), passed_}), Answer::Acted;
        send(seat, {{"type", "refused"}, {"seat", name(seat)}, {"action", m["action"]}, {"reason", to_text(o.refusal)},
                    {"message", o.message}});
      } else if (m.contains("pass")) {
        if (!on_turn) return Answer::Passed;
        error(name(seat) + " is on turn and cannot pass");
      } else if (m.contains("meta")) {
        if (std::optional<Answer> a = meta(m)) return *a;
      } else {
        error("line " + std::to_string(line_) + R"(: expected {"action": TEXT}, {"pass": true} or {"meta": "undo" | "save" | "quit"})");
      }
    }
    return Answer::Quit;
  }

  Answer chance(const ChanceDef& c) {
    // A secret outcome is drawn: the chance message goes to every seat's reader.
    if (!(seats_.ask_chance || (seats_.ask_physical && c.physical)) || decision_.audience != kEveryone) {
      Status st = engine_.take_outcome(state_, decision_, pick_outcome(decision_.weights, chance_rng_));
      if (!st.ok) return error("chance decision: " + shown(st.message)), Answer::Failed;
      return Answer::Acted;
    }
    Json outcomes = Json::array();
    for (const auto& [outcome, help] : c.outcomes) outcomes.push_back({{"name", outcome}, {"means", help}});
    send(-1, {{"type", "chance"}, {"name", c.name}, {"question", state_.chance.question}, {"outcomes", outcomes}});
    for (Json m; next(m);) {
      if (m.contains("outcome") && m["outcome"].is_string()) {
        ActionResult o = engine_.decide(state_, m["outcome"].get<std::string>());
        if (o.ok()) return Answer::Acted;
        send(-1, {{"type", "refused"}, {"outcome", m["outcome"]}, {"reason", to_text(o.refusal)}, {"message", o.message}});
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
      return error(what == "undo" ? "undo is off in this game (--no-undo)"
                                  : "a save shows every hand (it holds the seed): under --no-undo it is not written "
                                    "while the game is on"),
             std::nullopt;
    if (what == "undo") {
      if (undo_.empty()) return error("nothing to undo"), std::nullopt;
      state_ = std::move(undo_.back().state);
      resume_passed_ = undo_.back().passed;  // the decision as it stood: its passes stand
      undo_.pop_back();
      // What the driver's seats cannot see is dealt again, so an undo does not read the future.
      std::uint32_t driver = 0;
      for (std::size_t i = 0; i < seats_.kinds.size(); ++i)
        if (seats_.kinds[i].empty()) driver |= 1u << i;
      redeal_hidden(state_, driver, redeal_rng_.next());
      for (auto& c : cursor_) c = std::min(c, state_.log.size());
      send(-1, {{"type", "undone"}});
      return Answer::Acted;  // the decision is asked again from the earlier state
    }
    if (what == "save" && m.contains("file") && m["file"].is_string()) {
      std::string file = m["file"].get<std::string>();
      try {
        write_save(file, save_text(engine_, state_, {}, passed_));  // all or nothing: see save.hpp
      } catch (const InputError& e) {
        return error(e.what()), std::nullopt;
      }
      send(-1, {{"type", "saved"}, {"file", file}, {"note", "a save holds the seed and every action: it tells the whole game"}});
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

  void finish() {
    for (int seat = 0; seat < state_.seat_count(); ++seat) {
      if (bots_[seat]) continue;
      View v = make_view(state_, seat, cursor_[seat]);
      cursor_[seat] = state_.log.size();
      send(seat, {{"type", "news"}, {"seat", name(seat)}, {"log", log_json(v.log, *state_.table)}});
    }
    Json winners = Json::array(), scores = Json::object();
    for (int w : state_.winners) winners.push_back(name(w));
    for (int seat = 0; seat < state_.seat_count(); ++seat) scores[name(seat)] = value_json(engine_.score(state_, seat));
    Json over = {{"type", "over"}, {"winners", winners}, {"scores", scores}, {"seed", state_.table->seed},
                 {"view", view_json(make_view(state_, -1, state_.log.size()))}};
    if (!state_.end_reason.empty()) over["reason"] = state_.end_reason;  // game:finish's, when the rules gave one
    if (!state_.payoffs.empty()) {  // a game that declares payoffs; absent otherwise, as before
      over["payoffs"] = Json::object();
      for (int seat = 0; seat < state_.seat_count(); ++seat) over["payoffs"][name(seat)] = state_.payoffs[seat];
    }
    send(-1, over);
  }

  Engine& engine_;
  State state_;
  JsonSeats seats_;
  JsonChannel& channel_;
  std::vector<std::unique_ptr<Bot>> bots_;
  Decision decision_;                    // for state_, refilled before each decision
  std::vector<std::size_t> cursor_;      // per seat: the log entries already sent to it
  struct UndoPoint {
    State state;
    std::uint32_t passed;                // the seats that had passed at its decision
  };
  std::vector<UndoPoint> undo_;          // before each of the driver's actions
  std::uint32_t passed_ = 0;             // who has passed at the decision being asked
  std::uint32_t resume_passed_ = seats_.passed;  // passes the next decision keeps (undo, load)
  Rng chance_rng_;
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
