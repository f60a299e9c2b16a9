// The REPL's :reload, for a designer editing the rules mid-game: the ruleset read from its
// folder again and the game's steps replayed on it (play/replay.hpp), without showing
// anything the game so far has hidden.
#include <fmt/format.h>

#include <optional>
#include <unordered_map>
#include <unordered_set>

#include "bots/make_bot.hpp"
#include "cli/app.hpp"
#include "present/output.hpp"
#include "cli/repl/repl.hpp"
#include "runtime/diagnostics.hpp"
#include "runtime/fingerprint.hpp"
#include "play/replay.hpp"
#include "play/sample.hpp"

namespace arbiter::cli {

namespace {

// Who sees into a zone of that visibility: bit 1 its own seat, bit 2 the others.
int seen_by(Visibility v) {
  switch (v) {
    case Visibility::Hidden: return 0;
    case Visibility::Owner: return 1;
    case Visibility::Others: return 2;
    case Visibility::Public: return 3;
  }
  return 3;
}

// What the edited game.yaml shows that the game's hid: a zone seen by more seats than before,
// or a per-seat variable no longer hidden. "" when nothing. By name, in a map: a board may
// have 65,535 cells, each a zone.
std::string shows_more(const Ruleset& before, const Ruleset& now) {
  std::unordered_map<std::string, Visibility> was;
  for (const auto& z : before.zones) was.emplace(z.name, z.visibility);
  for (const auto& n : now.zones)
    if (auto z = was.find(n.name); z != was.end() && (seen_by(n.visibility) & ~seen_by(z->second)))
      return fmt::format("zone '{}' is {}, not {}", n.name, to_text(n.visibility), to_text(z->second));
  std::unordered_set<std::string> hidden;
  for (const auto& v : before.vars)
    if (v.hidden) hidden.insert(v.name);
  for (const auto& n : now.vars)
    if (!n.hidden && hidden.count(n.name)) return fmt::format("variable '{}' is no longer hidden", n.name);
  return "";
}

// What a reload that took effect says: all alike, the game started again, or where it parted ways.
std::string reloaded(const Ruleset& r, const Table& t, const GameSteps& old, const Replay& replay,
                     bool redealt) {
  std::string total = std::to_string(old.steps.size());
  std::string text;
  if (replay.problem.empty())
    text = fmt::format("Reloaded {} from {}: {}.", r.id, r.dir,
                       old.steps.empty() ? "nothing was played yet, and the game is set up alike"
                                         : "all " + total + " steps replay alike");
  else if (replay.setup_differs)
    text = fmt::format("Reloaded {} from {}: {}, so none of the {} steps is kept: the game starts again.",
                       r.id, r.dir, replay.problem, total);
  else
    text = fmt::format(
        "Reloaded {} from {}: {} of {} is {}. The game goes on after step {} under the edited rules; "
        "the steps from {} on are dropped.",
        r.id, r.dir, describe_step(t, old.steps, replay.agreed), total, replay.problem, replay.agreed,
        replay.agreed + 1);
  if (redealt) text += " What no human seat can see is dealt again, as after :undo.";
  return text;
}

}  // namespace

// What :reload compares to tell an edit: the parameters, the components and every rules
// file, by fingerprint (runtime/fingerprint.hpp).
std::string Repl::rules_print(const Table& table) {
  RulesetPrints p = fingerprint_table(table, scripts_dir());
  std::string text = p.params + " " + p.components;
  for (const auto& [file, print] : p.files) text += " " + file + "=" + print;
  return text;
}

// The bots made again for the new engine, each given its random stream where the old one
// left it (`streams`, taken before they went): the choices they make from here on are the
// ones they would have made.
std::vector<std::optional<Rng>> Repl::bot_streams() {
  std::vector<std::optional<Rng>> streams;
  for (int seat = 0; seat < engine_->table().seat_count(); ++seat) {
    Bot* bot = driver_->bot(seat);
    streams.push_back(bot && bot->random_stream() ? std::optional<Rng>(*bot->random_stream()) : std::nullopt);
  }
  return streams;
}

void Repl::remake_bots(const std::vector<std::optional<Rng>>& streams) {
  make_bots();
  for (std::size_t i = 0; i < streams.size(); ++i)
    if (Bot* bot = driver_->bot(static_cast<int>(i)); streams[i] && bot && bot->random_stream())
      *bot->random_stream() = *streams[i];
}

// The game goes on, under the edited rules, after the last step they replay alike: the same
// state hash and the same narration to every seat. The steps from the first that differs are
// dropped, and which one it is said. Then, as after :undo, what no human seat can see is dealt
// again and the generator reseeded, so that what the edited rules show from here on is not
// what the game hid. If the edited ruleset does not load, cannot make the table, shows more
// than the game's (a zone's visibility), or says the same setup otherwise, the game and the
// rules stay as they were. Under --no-undo it is refused: edited rules could show anything.
// A reload of rules files that are as they were (by fingerprint, taken after reading them)
// changes nothing: no re-deal, the bots' random streams and the out-of-turn chances already
// taken or passed at this point stay as they were, so the game goes on as without it.
void Repl::reload() {
  if (no_undo_)
    return refused(
        ":reload is off in this game (--no-undo): the game replayed on edited rules could show what it "
        "has hidden (the others' hands, the deck)");
  try {
    GameSteps old = game_steps(*engine_, state());
    // The same folder, named the same way: never a lookup, which could find another ruleset.
    LoadedGame fresh = load_game_folder(loaded_.ruleset->dir, loaded_.ruleset->folder.empty());
    if (std::string more = shows_more(*loaded_.ruleset, *fresh.ruleset); !more.empty())
      throw InputError("the edited game.yaml shows what the game hid (" + more +
                       "); start a new game to play it");
    GameOptions o = options_;
    o.seats = engine_->table().seats, o.seed = engine_->table().seed, o.variant = engine_->table().variant;
    auto engine = std::make_unique<Engine>(make_table(fresh.ruleset, o), *fresh.rules);
    Replay r = replay_while_same(*engine, old);
    if (r.setup_said_otherwise)
      throw InputError(r.problem +
                       ", and a reload shows nothing the game has not; start a new game to play it");
    std::string print_now = rules_print(engine->table());
    bool unchanged = r.problem.empty() && print_now == rules_print_;
    std::vector<std::optional<Rng>> streams = bot_streams();
    bool redeal = human_mask() != 0 && !unchanged;
    if (redeal) redeal_hidden(r.state, human_mask(), next_redeal_seed());
    // Unchanged, the out-of-turn chances at this point stay as they were: the bots' passes are
    // part of the game, and a person asked when they typed :reload is asked again (asked, they
    // have not passed). Otherwise they are offered again.
    std::uint32_t passed = unchanged ? driver_->passed() : 0u;
    driver_->set_bots({});  // they hold the old engine, which holds the old rules
    driver_->reset(std::move(r.state), passed, engine.get());
    engine_ = std::move(engine);
    loaded_.ruleset = fresh.ruleset;
    loaded_.rules = std::move(fresh.rules);
    hidden_ = anything_hidden(*loaded_.ruleset);
    rules_print_ = print_now;
    std::vector<TurnDriver::UndoPoint>& points = driver_->undo_points();
    for (std::size_t i = 0; i < r.agreed; ++i)
      if (!old.steps[i].redeal && old.steps[i].seat >= 0 && seating_.human[old.steps[i].seat])
        points.push_back({std::move(r.before[i]), 0u, old.steps[i].seat});
    remake_bots(streams);
    after_reload();
    print("{}\n", fit(reloaded(*loaded_.ruleset, engine_->table(), old, r, redeal && hidden_)));
    // No table here: in hot-seat play it is shown, after a hand-over, to the seat that acts next.
  } catch (const InputError& e) {
    refused(":reload: the game and the rules stay as they were: " + std::string(e.what()));
  }
}

// The game has moved: every seat's news starts where the replayed game is.
void Repl::after_reload() {
  ++applied_;
  for (auto& c : cursor_) c = state().log.size();
}

}  // namespace arbiter::cli
