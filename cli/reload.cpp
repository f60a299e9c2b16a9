// The REPL's :reload, for a designer editing the rules mid-game: the ruleset read from its
// folder again and the game's steps replayed on it (interpreter/replay.hpp), without showing
// anything the game so far has hidden.
#include <fmt/format.h>

#include <unordered_map>
#include <unordered_set>

#include "cli/output.hpp"
#include "cli/repl.hpp"
#include "interpreter/diagnostics.hpp"
#include "interpreter/replay.hpp"
#include "interpreter/sample.hpp"

namespace arbiter::cli {

namespace {

int openness(Visibility v) { return v == Visibility::Hidden ? 0 : v == Visibility::Owner ? 1 : 2; }

// What the edited game.yaml shows that the game's hid: a zone seen by more seats than before,
// or a per-seat variable no longer hidden. "" when nothing. By name, in a map: a board may
// have 65,535 cells, each a zone.
std::string shows_more(const Ruleset& before, const Ruleset& now) {
  std::unordered_map<std::string, Visibility> was;
  for (const auto& z : before.zones) was.emplace(z.name, z.visibility);
  for (const auto& n : now.zones)
    if (auto z = was.find(n.name); z != was.end() && openness(n.visibility) > openness(z->second))
      return fmt::format("zone '{}' is {}, not {}", n.name, to_text(n.visibility), to_text(z->second));
  std::unordered_set<std::string> hidden;
  for (const auto& v : before.vars)
    if (v.hidden) hidden.insert(v.name);
  for (const auto& n : now.vars)
    if (!n.hidden && hidden.count(n.name)) return fmt::format("variable '{}' is no longer hidden", n.name);
  return "";
}

// What a reload that took effect says: all alike, the game started again, or where it parted ways.
std::string reloaded(const Ruleset& r, const Table& t, const GameSteps& old, const Replay& replay, bool redealt) {
  std::string total = std::to_string(old.steps.size());
  std::string text;
  if (replay.problem.empty())
    text = fmt::format("Reloaded {} from {}: {}.", r.id, r.dir,
                       old.steps.empty() ? "nothing was played yet, and the game is set up alike"
                                         : "all " + total + " steps replay alike");
  else if (replay.setup_differs)
    text = fmt::format("Reloaded {} from {}: {}, so none of the {} steps is kept: the game starts again.", r.id, r.dir,
                       replay.problem, total);
  else
    text = fmt::format("Reloaded {} from {}: {} of {} is {}. The game goes on after step {} under the edited rules; "
                       "the steps from {} on are dropped.",
                       r.id, r.dir, describe_step(t, old.steps, replay.agreed), total, replay.problem, replay.agreed,
                       replay.agreed + 1);
  if (redealt) text += " What no human seat can see is dealt again, as after :undo.";
  return text;
}

}  // namespace

// The game goes on, under the edited rules, after the last step they replay alike: the same
// state hash and the same narration to every seat. The steps from the first that differs are
// dropped, and which one it is said. Then, as after :undo, what no human seat can see is dealt
// again and the generator reseeded, so that what the edited rules show from here on is not
// what the game hid. If the edited ruleset does not load, cannot make the table, shows more
// than the game's (a zone's visibility), or says the same setup otherwise, the game and the
// rules stay as they were. Under --no-undo it is refused: edited rules could show anything.
void Repl::reload() {
  if (no_undo_)
    return refused(":reload is off in this game (--no-undo): the game replayed on edited rules could show what it "
                   "has hidden (the others' hands, the deck)");
  try {
    GameSteps old = game_steps(*engine_, state_);
    // The same folder, named the same way: never a lookup, which could find another ruleset.
    Loaded fresh = load_folder(loaded_.ruleset->dir, loaded_.ruleset->folder.empty());
    if (std::string more = shows_more(*loaded_.ruleset, *fresh.ruleset); !more.empty())
      throw InputError("the edited game.yaml shows what the game hid (" + more + "); start a new game to play it");
    GameOptions o = options_;
    o.seats = engine_->table().seats, o.seed = engine_->table().seed, o.variant = engine_->table().variant;
    auto engine = std::make_unique<Engine>(make_table(fresh.ruleset, o), *fresh.rules);
    Replay r = replay_while_same(*engine, old);
    if (r.setup_said_otherwise)
      throw InputError(r.problem + ", and a reload shows nothing the game has not; start a new game to play it");
    seating_.bots.clear();  // they hold the old engine, which holds the old rules
    engine_ = std::move(engine);
    loaded_.ruleset = fresh.ruleset;
    loaded_.rules = std::move(fresh.rules);
    hidden_ = anything_hidden(*loaded_.ruleset);
    state_ = std::move(r.state);
    undo_.clear();
    for (std::size_t i = 0; i < r.agreed; ++i)
      if (!old.steps[i].redeal && old.steps[i].seat >= 0 && seating_.human[old.steps[i].seat])
        undo_.push_back(std::move(r.before[i]));
    if (human_mask() != 0) redeal_hidden(state_, human_mask(), next_redeal_seed());
    make_bots();
    ++applied_;
    offered_at_ = -1;
    for (auto& c : cursor_) c = state_.log.size();
    print("{}\n", fit(reloaded(*loaded_.ruleset, engine_->table(), old, r, human_mask() != 0 && hidden_)));
    // No table here: in hot-seat play it is shown, after a hand-over, to the seat that acts next.
  } catch (const InputError& e) {
    refused(":reload: the game and the rules stay as they were: " + std::string(e.what()));
  }
}

}  // namespace arbiter::cli
