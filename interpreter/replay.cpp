// Replaying a game on edited rules, step by step, until they part ways.
#include "interpreter/replay.hpp"

#include "interpreter/diagnostics.hpp"
#include "interpreter/sample.hpp"

namespace arbiter {

namespace {

// Applies one step; an empty string when it was accepted, else why not.
std::string apply_step(Engine& engine, State& s, const SavedStep& step) {
  if (step.redeal) return replay_redeal(s, {Event::Kind::Redeal, -1, step.action, 0}) ? "" : "a malformed re-deal";
  Outcome o = step.seat < 0 ? engine.decide(s, step.action) : engine.apply(s, step.seat, step.action);
  if (o.ok()) return "";
  return to_text(o.refusal) + (o.message.empty() ? "" : ": " + o.message);
}

}  // namespace

GameSteps game_steps(Engine& engine, const State& state) {
  GameSteps g;
  State s(state.table);
  if (Status st = engine.start(s); !st.ok) throw InputError("setting the game up again failed: " + st.message);
  g.start_hash = s.hash();
  for (const auto& e : state.log.entries()) {
    if (e.kind == Event::Kind::Say) continue;
    SavedStep& step = g.steps.emplace_back();
    step.redeal = e.kind == Event::Kind::Redeal;
    step.seat = e.kind == Event::Kind::Action ? e.seat : -1;
    step.action = e.text;
    if (std::string why = apply_step(engine, s, step); !why.empty())
      throw InputError(describe_step(*state.table, g.steps, g.steps.size() - 1) + " is refused on replay: " + why);
    step.hash = s.hash();
  }
  return g;
}

Replay replay_while_same(Engine& engine, const GameSteps& game) {
  Replay r{State(engine.table_ptr()), 0, false, "", {}};
  if (Status st = engine.start(r.state); !st.ok) throw InputError("setting the game up failed: " + st.message);
  if (r.state.hash() != game.start_hash) {
    r.setup_differs = true;
    r.problem = "the game is set up differently (another deal, table or first seat)";
    return r;
  }
  for (const auto& step : game.steps) {
    State next = r.state;
    if (std::string why = apply_step(engine, next, step); !why.empty()) {
      r.problem = "refused by the edited rules (" + why + ")";
      return r;
    }
    if (next.hash() != step.hash) {
      r.problem = "accepted, but leaves another state than before";
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
  if (s.redeal) return n + " (a re-deal after an undo)";
  if (s.seat < 0) return n + " (chance: " + s.action + ")";
  return n + " (" + table.seats[s.seat].name + ": " + s.action + ")";
}

}  // namespace arbiter
