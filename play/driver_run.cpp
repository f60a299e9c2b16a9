// The turn driver's bots, its run to the next person, undo and the end (play/driver.hpp).
#include <optional>

#include "play/driver.hpp"
#include "play/sample.hpp"
#include "runtime/diagnostics.hpp"

namespace arbiter {

// The one wording of a bot that cannot go on, by every door: the reason, and for the
// ruleset's author (or where nothing is hidden) the action it chose.
Status TurnDriver::bot_failed(int seat, const std::string& why) const {
  return Status::error(table().seats[seat].name + "'s bot " + why);
}

BotMove TurnDriver::bot_answer(int seat, const SeatActions& sa, const std::string& choice) {
  const std::string& name = table().seats[seat].name;
  bool quoted = options_.author || !hidden_;
  std::string tag;  // read before the action changes the state; only a ruleset that tags pays for it
  if (options_.tags && engine_->rules().tags_actions())
    if (Status st = engine_->rules().tag(*state_, seat, choice, tag); !st.ok)
      return {BotMove::Kind::Failed, "", "at " + name + "'s " + quote(choice) + ": " + st.message};
  std::optional<State> before;
  if (options_.all_or_nothing || options_.keep) before = *state_;
  std::string taken = choice;
  if (int action = sa.find(choice); action >= 0) {
    std::size_t who = static_cast<std::size_t>(&sa - decision_.seats.data());
    if (Status st = engine_->take(*state_, decision_, who, static_cast<std::size_t>(action)); !st.ok) {
      if (before) *state_ = std::move(*before);
      std::string why =
          options_.author ? "at " + name + "'s " + quote(choice) + ": " + st.message
          : !hidden_
              ? name + "'s bot could not act (script error): " + st.message
              : name + "'s bot could not act (script error): " + withheld_script_error(st.message, name);
      return {BotMove::Kind::Failed, "", why};
    }
  } else {
    // A ruleset's bot may answer with a text the rules accept without listing it (a bid of any size).
    ActionResult o = engine_->apply(*state_, seat, choice, {false, &sa.actions});
    if (!o.ok() && o.refusal == Refusal::ScriptError) {
      std::string why = options_.author ? "at " + name + "'s " + quote(choice) + ": " + o.message
                        : name + "'s bot could not act (script error): " +
                              (hidden_ ? withheld_script_error(o.message, name) : o.message);
      return {BotMove::Kind::Failed, "", why};
    }
    if (!o.ok())
      return {BotMove::Kind::Failed, "",
              quoted ? bot_failed(seat, "chose " + quote(choice) + ", which is not legal").message
                     : bot_failed(seat, "chose an action that is not legal (" +
                                            std::string(to_text(o.refusal)) + ")")
                           .message};
    taken = o.action;
  }
  Taken step{seat, std::move(taken), static_cast<int>(sa.actions.size()), std::move(tag), false};
  if (Status st = step_taken(before ? &*before : nullptr, step); !st.ok)
    return {BotMove::Kind::NotKept, "", st.message};
  return {BotMove::Kind::Acted, std::move(step.action), ""};
}

BotMove TurnDriver::play_bot(int seat) {
  Bot* b = bot(seat);
  const SeatActions* sa = entry(seat);
  if (!b || !sa)
    return {BotMove::Kind::Failed, "", "it is not " + table().seats[seat].name + "'s bot's turn"};
  // A bot that never looks gets the one empty view: making and freeing a View per decision
  // would cost a random playout more than its choice.
  static const View kUnseen;
  std::optional<View> view;
  if (b->wants_view()) view = make_view(*state_, seat, state_->log.size());
  stop_thinking() = false;
  std::string choice = b->choose(view ? *view : kUnseen, sa->actions, sa->on_turn);
  if (!choice.empty()) return bot_answer(seat, *sa, choice);
  // Nothing, with a reason, is a bot that cannot play the position, on its turn or off it.
  if (std::string why = b->failure(); !why.empty())
    return {BotMove::Kind::Failed, "", bot_failed(seat, "cannot act (" + why + ")").message};
  if (sa->on_turn) return {BotMove::Kind::Failed, "", bot_failed(seat, "chose nothing on its turn").message};
  if (Status st = pass(seat); !st.ok) return {BotMove::Kind::NotKept, "", st.message};
  return {BotMove::Kind::Passed, "", ""};
}

TurnDriver::Run TurnDriver::run(int max_steps) {
  Run r;
  auto stop = [&r](Stop why, Status status = {}) {
    r.stop = why;
    r.status = std::move(status);
    return r;
  };
  for (;;) {
    if (state_->over) return stop(Stop::Over);
    if (!decision_status_.ok) return stop(Stop::Failed, Status::error(shown(decision_status_.message)));
    if (decision_.kind == Decision::Kind::Chance && chance_asked()) return stop(Stop::Chance);
    if (r.steps >= max_steps) return stop(Stop::Limit);
    if (decision_.kind == Decision::Kind::Chance) {
      if (Status st = draw(); !st.ok) return stop(Stop::Failed, st);
      ++r.steps;
      continue;
    }
    int seat = next_asked();
    if (seat < 0) return stop(Stop::Failed, Status::error(decision_.stuck(table())));
    if (decision_.simultaneous)  // the bots commit first; the persons are asked after them
      for (const SeatActions& sa : decision_.seats)
        if (bot(sa.seat)) {
          seat = sa.seat;
          break;
        }
    if (!bot(seat)) return stop(Stop::Person);
    BotMove m = play_bot(seat);
    if (m.kind == BotMove::Kind::Failed || m.kind == BotMove::Kind::NotKept)
      return stop(Stop::Failed, Status::error(m.error));
    if (m.kind == BotMove::Kind::Acted) ++r.steps;
  }
}

int TurnDriver::undo(std::uint64_t redeal_seed) {
  if (undo_.empty()) return -1;
  UndoPoint back = std::move(undo_.back());
  undo_.pop_back();
  *state_ = std::move(back.state);
  redeal_hidden(*state_, persons(), redeal_seed);
  refresh();
  passed_ = back.passed;
  return back.seat;
}

GameOver game_over(Engine& engine, const State& state, bool withhold) {
  GameOver over;
  over.winners = state.winners;
  over.payoffs = state.payoffs;
  over.results = state.shares();
  over.reason = state.end_reason;
  for (int seat = 0; seat < state.seat_count(); ++seat) {
    Value v;
    Status st = engine.score(state, seat, v);
    if (st.ok) over.scores.emplace_back(std::move(v));
    else over.scores.emplace_back(std::nullopt);
    if (!st.ok && over.error.empty())
      over.error =
          "the score could not be read: " + (withhold ? withheld_rules_error(st.message) : st.message);
  }
  return over;
}

GameOver TurnDriver::game_over() const {
  return arbiter::game_over(*engine_, *state_, hidden_ && !options_.author);
}

}  // namespace arbiter
