// Replaying a game on edited rules, step by step, until they part ways.
#include "play/replay.hpp"

#include <tuple>

#include "runtime/diagnostics.hpp"
#include "play/sample.hpp"

namespace arbiter {

namespace {

// Applies one step; an empty string when it was accepted, else why not.
std::string apply_step(Engine& engine, State& s, const SavedStep& step) {
  if (step.redeal)
    return replay_redeal(s, {Event::Kind::Redeal, -1, step.action, 0}) ? "" : "a malformed re-deal";
  ActionResult o = step.seat < 0 ? engine.decide(s, step.action) : engine.apply(s, step.seat, step.action);
  if (o.ok()) return "";
  return to_text(o.refusal) + (o.message.empty() ? "" : ": " + o.message);
}

// The entries of `log` one reader may read: a seat (its own lines and everyone's), or -1
// for what everyone reads (the public log), as make_view picks them.
std::vector<std::tuple<Event::Kind, int, std::string>> read_by(const std::vector<Event>& log, int reader) {
  std::vector<std::tuple<Event::Kind, int, std::string>> lines;
  for (const auto& e : log)
    if (reader < 0 ? e.audience == kEveryone : (e.audience & (1u << reader)) != 0)
      lines.emplace_back(e.kind, e.seat, e.text);
  return lines;
}

// To whom two stretches of log read differently: "" to nobody, else "to everyone" (the public
// log) or "to Andy and Bill". It names the readers, never the lines: those may be secret.
std::string read_otherwise(const Table& t, const std::vector<Event>& before, const std::vector<Event>& now) {
  if (read_by(before, -1) != read_by(now, -1)) return "to everyone";
  std::vector<std::string> seats;
  for (int seat = 0; seat < t.seat_count(); ++seat)
    if (read_by(before, seat) != read_by(now, seat)) seats.push_back(t.seats[seat].name);
  if (seats.empty()) return "";
  std::string names = seats[0];
  for (std::size_t i = 1; i < seats.size(); ++i) names += (i + 1 == seats.size() ? " and " : ", ") + seats[i];
  return "to " + names;
}

}  // namespace

GameSteps game_steps(Engine& engine, const State& state) {
  GameSteps g;
  State s(state.table);
  if (Status st = engine.start(s); !st.ok)
    throw InputError("setting the game up again failed: " + st.message);
  g.start_hash = s.hash();
  g.said.emplace_back();
  for (const auto& e : state.log.entries()) {
    if (e.kind != Event::Kind::Say) g.said.emplace_back();
    g.said.back().push_back(e);
    if (e.kind == Event::Kind::Say) continue;
    SavedStep& step = g.steps.emplace_back();
    step.redeal = e.kind == Event::Kind::Redeal;
    step.seat = e.kind == Event::Kind::Action ? e.seat : -1;
    step.action = e.text;
    if (std::string why = apply_step(engine, s, step); !why.empty())
      throw InputError(describe_step(*state.table, g.steps, g.steps.size() - 1) +
                       " is refused on replay: " + why);
    step.hash = s.hash();
  }
  return g;
}

Replay replay_while_same(Engine& engine, const GameSteps& game) {
  Replay r{State(engine.table_ptr()), 0, false, false, "", {}};
  if (Status st = engine.start(r.state); !st.ok)
    throw InputError("setting the game up failed: " + st.message);
  if (r.state.hash() != game.start_hash) {
    r.setup_differs = true;
    r.problem = "the game is set up differently (another deal, table or first seat)";
    return r;
  }
  const Table& t = engine.table();
  if (std::string who = read_otherwise(t, game.said.at(0), r.state.log.entries()); !who.empty()) {
    r.setup_said_otherwise = true;
    r.problem = "the game is set up alike, but said otherwise than before " + who;
    return r;
  }
  for (std::size_t i = 0; i < game.steps.size(); ++i) {
    const SavedStep& step = game.steps[i];
    State next = r.state;
    if (std::string why = apply_step(engine, next, step); !why.empty()) {
      r.problem = "refused by the edited rules (" + why + ")";
      return r;
    }
    if (next.hash() != step.hash) {
      r.problem = "accepted, but leaves another state than before";
      return r;
    }
    if (std::string who = read_otherwise(t, game.said.at(i + 1), next.log.entries(r.state.log.size()));
        !who.empty()) {
      r.problem = "accepted, but says otherwise than before " + who;
      return r;
    }
    r.before.push_back(std::move(r.state));
    r.state = std::move(next);
    ++r.agreed;
  }
  return r;
}

std::string describe_step(const Table& table, const std::vector<SavedStep>& steps, std::size_t index) {
  std::string n = "step " + std::to_string(index + 1);
  if (index >= steps.size()) return n;
  const SavedStep& s = steps[index];
  if (s.redeal) return n + " (a re-deal, after an undo or a reload)";
  if (s.seat < 0) return n + " (chance: " + s.action + ")";
  return n + " (" + table.seats[s.seat].name + ": " + s.action + ")";
}

}  // namespace arbiter
