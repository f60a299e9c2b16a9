// A table's game (server/game.hpp): the turn driver's game (play/driver.hpp), with the
// server's own rules around it: seq and stale checks, the store's commit of every step
// before the game moves on, and a table that waits for the store or stops on a failure.
#include "server/game.hpp"

#include <algorithm>

#include "bots/make_bot.hpp"
#include "runtime/diagnostics.hpp"
#include "runtime/fingerprint.hpp"
#include "play/sample.hpp"
#include "play/save.hpp"

namespace arbiter::server {

Json seats_json(const TableSetup& setup) {
  Json seats = Json::array();
  for (std::size_t i = 0; i < setup.options.seats.size() && i < setup.kinds.size(); ++i)
    seats.push_back({{"name", setup.options.seats[i].name},
                     {"plays", setup.kinds[i].empty() ? "human" : setup.kinds[i]}});
  return seats;
}

ActionResult refused(Refusal why, std::string message) {
  ActionResult r;
  r.refusal = why;
  r.message = std::move(message);
  return r;
}

TableGame::TableGame(const TableSetup& setup, LoadedGame loaded, std::uint64_t chance_seed)
    : setup_(setup), loaded_(std::move(loaded)) {
  at_table_params(*loaded_.ruleset, setup_.options);  // the game the rulebook describes, as `play` has it
  auto table = make_table(loaded_.ruleset, setup_.options);
  engine_ = std::make_unique<Engine>(table, *loaded_.rules);
  State state(table);
  if (Status st = engine_->start(state); !st.ok)
    throw InputError("setting up the game failed: " + st.message);
  setup_.kinds.resize(table->seats.size());
  std::vector<std::unique_ptr<Bot>> bots;
  if (Status st = make_seat_bots(setup_.kinds, setup_.options.seed, *engine_, bots); !st.ok)
    throw InputError(st.message);
  TurnDriver::Options o;
  o.chance = ChancePolicy::Draw;
  o.chance_seed = chance_seed;
  o.undo = false;  // there is no undo over the network
  o.keep = [this](const Taken& taken, std::string& error) { return keep(taken, error); };
  driver_ = std::make_unique<TurnDriver>(*engine_, std::move(state), std::move(o));
  driver_->set_bots(std::move(bots));
  asked_at_.assign(table->seats.size(), 0);
  note_failure();
}

// The passes are made again through the driver, each checked to be its seat's to make then,
// and stored already: none is committed again.
void TableGame::replay(const std::vector<Step>& steps, const std::vector<Pass>& passes,
                       const std::string& where) {
  SavedGame game;
  game.options = setup_.options;
  for (const Step& s : steps) game.steps.push_back({s.seat, false, s.action, s.hash, 0});
  driver_->reset(replay_save(*engine_, game, where));
  seq_ = static_cast<int>(steps.size());
  std::fill(asked_at_.begin(), asked_at_.end(), seq_);
  note_failure();
  commit_ = nullptr;
  for (const Pass& p : passes) {
    if (p.n != seq_) continue;  // made before the last step: it asked the seat nothing since
    std::vector<int> now = asked();
    const SeatActions* sa = p.seat >= 0 && p.seat < state().seat_count() ? driver_->entry(p.seat) : nullptr;
    bool asked_now = std::find(now.begin(), now.end(), p.seat) != now.end();
    if (!sa || sa->on_turn || !asked_now || !driver_->pass(p.seat).ok)
      throw InputError(where + ": seat " + std::to_string(p.seat) + "'s pass at step " + std::to_string(p.n) +
                       " was not its to make");
  }
  note_failure();
}

const std::string& TableGame::ruleset_name() const { return table().ruleset->name; }

// What the driver cannot go on from stops the table: a hook of the rules that fails (worded
// for the players where the ruleset hides anything), or a decision nobody may act in.
void TableGame::note_failure() {
  if (driver_->over()) return;
  if (const Status& st = driver_->decision_status(); !st.ok)
    failure_ = anything_hidden(*table().ruleset) ? withheld_rules_error(st.message) : st.message;
  else if (std::string stuck = driver_->stuck(); !stuck.empty())
    failure_ = stuck;
}

std::vector<int> TableGame::asked() const { return failure_.empty() ? driver_->asked() : std::vector<int>{}; }

// The entry of `seat` when the table asks it now and a person plays it, else nullptr.
const SeatActions* TableGame::asked_entry(int seat) const {
  const SeatActions* sa = driver_->entry(seat);
  std::vector<int> now = asked();
  if (!sa || driver_->bot(seat) || std::find(now.begin(), now.end(), seat) == now.end()) return nullptr;
  return sa;
}

// A `seq` sent with an action or pass: none, or the game's own; else refused. A seq the game
// has not reached (or below 0) names no state the server sent: a client's mistake, not news.
// A seq from before the seat's question was first asked is stale: the seat decided on a
// position that is gone. Within a simultaneous round others' commitments change nothing it
// can see, so a seq from any time since its question was asked stands.
std::optional<ActionResult> TableGame::seq_refusal(int seat, std::optional<std::int64_t> given) const {
  if (!given || *given == seq_) return std::nullopt;
  std::string now = " (the game is at " + std::to_string(seq_) + ")";
  if (*given < 0 || *given > seq_)
    return refused(Refusal::BadSeq, "no state has seq " + std::to_string(*given) + now);
  if (*given >= asked_at_[seat]) return std::nullopt;
  return refused(Refusal::Stale, "the game has moved on since" + now);
}

// After a step by `mover`: a seat asked the same question before and after it in one
// simultaneous round keeps the seq its question was first asked at; every other, now.
void TableGame::note_asked(const Decision& was, int mover) {
  const Decision& now = driver_->decision();
  for (std::size_t seat = 0; seat < asked_at_.size(); ++seat) {
    const SeatActions* before = was.simultaneous ? was.entry(static_cast<int>(seat)) : nullptr;
    const SeatActions* after = now.simultaneous ? now.entry(static_cast<int>(seat)) : nullptr;
    bool same = before && after && static_cast<int>(seat) != mover && before->actions == after->actions;
    if (!same) asked_at_[seat] = seq_;
  }
}

void TableGame::stepped(const Decision& was, int mover) {
  ++seq_;
  note_failure();
  note_asked(was, mover);
}

void TableGame::arm(const Commit& commit) {
  commit_ = &commit;
  log_mark_ = state().log.size();
  keep_refusal_ = KeepRefusal::None;
  kept_ = 0;
}

// The step the driver just took (its log entry's text, as a save writes it; a pass as such)
// stored; false puts the game back as it was.
bool TableGame::keep(const Taken& taken, std::string& error) {
  tried_ = taken;
  if (!commit_) return true;  // a replay's pass: stored already
  Step step{taken.seat, "pass", 0, true};
  if (!taken.pass) {
    step = Step{taken.seat, "", state().hash()};
    for (const Event& e : state().log.entries(log_mark_))
      if (e.kind == Event::Kind::Action || e.kind == Event::Kind::Chance) step.action = e.text;
    if (step.action.empty()) {
      keep_refusal_ = KeepRefusal::NoEntry;
      error = "the step left no entry in the log";
      return false;
    }
  }
  if (!(*commit_)(step, error)) {
    keep_refusal_ = KeepRefusal::Store;
    return false;
  }
  log_mark_ = state().log.size();
  ++kept_;
  return true;
}

ActionResult TableGame::act(int seat, const std::string& text, std::optional<std::int64_t> seq,
                            const Commit& commit) {
  if (over()) return refused(Refusal::GameOver, "the game is over");
  if (!failure_.empty()) return refused(Refusal::ScriptError, failure_);
  if (!store_failure_.empty()) return refused(Refusal::Store, store_failure_);
  if (auto no = seq_refusal(seat, seq)) return *no;
  if (!asked_entry(seat))
    return refused(Refusal::NotYourTurn, "it is not " + table().seats[seat].name + "'s turn");
  Decision was = driver_->decision().simultaneous ? driver_->decision() : Decision{};
  arm(commit);
  ActionResult o = driver_->act(seat, text, /*prefixes*/ true);
  commit_ = nullptr;
  // The store's reason names the server's files: it stays with the server, not the player.
  if (keep_refusal_ == KeepRefusal::Store)
    return refused(Refusal::Store, "the server could not record the action; the game is as it was");
  if (keep_refusal_ == KeepRefusal::NoEntry)
    return refused(Refusal::ScriptError, "the step left no entry in the log");
  if (!o.ok()) return refused(o.refusal, o.message);
  stepped(was, seat);
  return {};
}

// A pass stored, then made: the seat is not asked again until the next step, restart or not.
ActionResult TableGame::pass(int seat, std::optional<std::int64_t> seq, const Commit& commit) {
  if (over()) return refused(Refusal::GameOver, "the game is over");
  if (!failure_.empty()) return refused(Refusal::ScriptError, failure_);
  if (!store_failure_.empty()) return refused(Refusal::Store, store_failure_);
  if (auto no = seq_refusal(seat, seq)) return *no;
  const SeatActions* sa = asked_entry(seat);
  if (!sa) return refused(Refusal::NotYourTurn, "it is not " + table().seats[seat].name + "'s turn");
  if (sa->on_turn)
    return refused(Refusal::NotLegal, table().seats[seat].name + " is on turn and cannot pass");
  arm(commit);
  Status st = driver_->pass(seat);
  commit_ = nullptr;
  if (keep_refusal_ == KeepRefusal::Store)
    return refused(Refusal::Store, "the server could not record the pass; the game is as it was");
  if (!st.ok) return refused(Refusal::NotLegal, st.message);
  note_failure();
  return {};
}

bool TableGame::owes_auto_step() const {
  if (over() || !failure_.empty()) return false;
  if (driver_->decision().kind == Decision::Kind::Chance) return true;  // drawn: the server asks nobody
  for (int seat : driver_->asked())
    if (driver_->bot(seat)) return true;
  return false;
}

// One step of the driver's run: a chance outcome drawn or a bot's move, with the bots' passes
// before it. A step the store refuses leaves the table waiting (store_failure_); a bot that
// cannot act, or a script error, stops it (failure_), worded by the driver.
bool TableGame::auto_step(const Commit& commit) {
  if (!owes_auto_step()) return false;
  store_failure_.clear();  // tried again now
  Decision was = driver_->decision().simultaneous ? driver_->decision() : Decision{};
  arm(commit);
  TurnDriver::Run r = driver_->run(1);
  commit_ = nullptr;
  if (keep_refusal_ == KeepRefusal::Store) {
    std::string what = tried_.seat < 0 ? "the chance step"
                       : table().seats[tried_.seat].name + (tried_.pass ? "'s bot's pass" : "'s bot's move");
    store_failure_ = "the server could not record " + what + "; it tries again";
    return false;
  }
  if (r.steps > 0) stepped(was, tried_.seat);
  if (r.stop == TurnDriver::Stop::Failed && failure_.empty()) failure_ = r.status.message;
  return kept_ > 0;
}

std::vector<std::string> TableGame::kinds_for_save() const {
  std::vector<std::string> kinds;
  for (const auto& k : setup_.kinds) kinds.push_back(k.empty() ? "human" : k);
  return kinds;
}

std::string TableGame::save() const { return save_text(*engine_, state(), kinds_for_save()); }

std::string TableGame::rules_print() const {
  RulesetPrints p = fingerprint_table(table(), scripts_dir());
  return Json{{"params", p.params}, {"components", p.components}, {"files", p.files}}.dump();
}

std::string rules_changes(const std::string& kept, const std::string& now) {
  Json a = Json::parse(kept, nullptr, false), b = Json::parse(now, nullptr, false);
  auto files = [](const Json& j) {
    std::map<std::string, std::string> out;
    if (j.contains("files") && j["files"].is_object())
      for (const auto& [k, v] : j["files"].items()) out[k] = v.is_string() ? v.get<std::string>() : "";
    return out;
  };
  if (!a.is_object() || !a.contains("params") || !a.contains("components"))
    return "the fingerprint kept with the table is damaged";
  std::vector<std::string> changes;
  if (a["params"] != b["params"]) changes.push_back("the parameters changed");
  if (a["components"] != b["components"]) changes.push_back("the components changed");
  auto fa = files(a), fb = files(b);
  for (const auto& [file, print] : fa)
    changes.push_back(!fb.count(file) ? file + " is gone" : fb[file] != print ? file + " changed" : "");
  for (const auto& [file, print] : fb)
    if (!fa.count(file)) changes.push_back(file + " is new");
  std::erase(changes, "");
  return join_choices(changes, ", ");
}

}  // namespace arbiter::server
