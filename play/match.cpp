// Bots in every seat, out-of-turn opportunities first, until the game ends: the turn
// driver's run, for the author's tools (check, sim, the bench, playthrough).
#include "play/match.hpp"

#include "play/driver.hpp"

namespace arbiter {

Status play_out(Engine& engine, State& state, std::vector<std::unique_ptr<Bot>>& bots, int max_actions,
                const std::function<void(const State&, const MatchStep&)>& after) {
  TurnDriver::Options o;
  o.all_or_nothing = false;  // a failed playout is discarded: no copy a step
  o.author = true;
  o.tags = static_cast<bool>(after);
  if (after)
    o.observe = [&](const State& s, const Taken& t) {
      if (!t.pass) after(s, {t.seat, t.action, t.options, t.tag});
    };
  TurnDriver driver(engine, &state, std::move(o));
  driver.set_bots(std::move(bots));
  TurnDriver::Run r = driver.run(max_actions);
  bots = driver.take_bots();
  switch (r.stop) {
    case TurnDriver::Stop::Over: return {};
    case TurnDriver::Stop::Failed: return r.status;
    case TurnDriver::Stop::Limit:
      return Status::error("the game did not end within " + std::to_string(max_actions) + " actions");
    default: return Status::error("a seat without a bot was asked to act");
  }
}

}  // namespace arbiter
