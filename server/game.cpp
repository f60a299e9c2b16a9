// A table's game (server/game.hpp): the same turn order as the JSON door and the REPL
// (out-of-turn holders first, the seat on turn last; every seat of a simultaneous choice at
// once), with every step committed to the store before the game moves on.
#include "server/game.hpp"

#include <algorithm>

#include "bots/make_bot.hpp"
#include "runtime/diagnostics.hpp"
#include "runtime/fingerprint.hpp"
#include "play/sample.hpp"
#include "play/save.hpp"
#include "runtime/seeds.hpp"

namespace arbiter::server {

const char* to_text(ServerRefusal r) {
  switch (r) {
    case ServerRefusal::Stale: return "stale";
    case ServerRefusal::BadSeq: return "bad seq";
    case ServerRefusal::Spectator: return "spectator";
    case ServerRefusal::Store: return "store";
  }
  return "?";
}

Outcome refused(Refusal why, std::string message) { return {false, to_text(why), std::move(message)}; }
Outcome refused(ServerRefusal why, std::string message) { return {false, to_text(why), std::move(message)}; }

TableGame::TableGame(const TableSetup& setup, LoadedGame loaded, std::uint64_t chance_seed)
    : setup_(setup), loaded_(std::move(loaded)), chance_rng_(chance_seed) {
  at_table_params(*loaded_.ruleset, setup_.options);  // the game the rulebook describes, as `play` has it
  auto table = make_table(loaded_.ruleset, setup_.options);
  engine_ = std::make_unique<Engine>(table, *loaded_.rules);
  state_ = State(table);
  if (Status st = engine_->start(state_); !st.ok) throw InputError("setting up the game failed: " + st.message);
  setup_.kinds.resize(table->seats.size());
  if (Status st = make_seat_bots(setup_.kinds, setup_.options.seed, *engine_, bots_); !st.ok)
    throw InputError(st.message);
  passed_.assign(table->seats.size(), false);
  asked_at_.assign(table->seats.size(), 0);
  refresh();
}

void TableGame::replay(const std::vector<Step>& steps, const std::vector<Pass>& passes, const std::string& where) {
  SavedGame game;
  game.options = setup_.options;
  for (const Step& s : steps) game.steps.push_back({s.seat, false, s.action, s.hash, 0});
  state_ = replay_save(*engine_, game, where);
  seq_ = static_cast<int>(steps.size());
  std::fill(asked_at_.begin(), asked_at_.end(), seq_);
  refresh();
  for (const Pass& p : passes) {
    if (p.n != seq_) continue;  // made before the last step: it asked the seat nothing since
    std::vector<int> now = asked();
    const SeatActions* sa = p.seat >= 0 && p.seat < state_.seat_count() ? decision_.entry(p.seat) : nullptr;
    if (!sa || sa->on_turn || std::find(now.begin(), now.end(), p.seat) == now.end())
      throw InputError(where + ": seat " + std::to_string(p.seat) + "'s pass at step " + std::to_string(p.n) + " was not its to make");
    passed_[p.seat] = true;
  }
}

const std::string& TableGame::ruleset_name() const { return table().ruleset->name; }

void TableGame::refresh() {
  if (state_.over) return;
  if (Status st = engine_->decision(state_, decision_); !st.ok) {
    failure_ = anything_hidden(*table().ruleset) ? withheld_rules_error(st.message) : st.message;
    return;
  }
  if (decision_.kind == Decision::Kind::Seats && asked().empty() && !decision_.simultaneous)
    failure_ = decision_.stuck(table());
}

std::vector<int> TableGame::asked() const {
  std::vector<int> seats;
  if (state_.over || !failure_.empty() || decision_.kind != Decision::Kind::Seats) return seats;
  for (const SeatActions& sa : decision_.seats) {
    if (!decision_.simultaneous && passed_[sa.seat]) continue;
    seats.push_back(sa.seat);
    if (!decision_.simultaneous) break;  // one at a time, in the order the decision gives
  }
  return seats;
}

// The entry of `seat` when the table asks it now and a person plays it, else nullptr.
const SeatActions* TableGame::asked_entry(int seat) const {
  const SeatActions* sa = decision_.entry(seat);
  std::vector<int> now = asked();
  if (!sa || bots_[seat] || std::find(now.begin(), now.end(), seat) == now.end()) return nullptr;
  return sa;
}

// A `seq` sent with an action or pass: none, or the game's own; else refused. A seq the game
// has not reached (or below 0) names no state the server sent: a client's mistake, not news.
// A seq from before the seat's question was first asked is stale: the seat decided on a
// position that is gone. Within a simultaneous round others' commitments change nothing it
// can see, so a seq from any time since its question was asked stands.
std::optional<Outcome> TableGame::seq_refusal(int seat, std::optional<std::int64_t> given) const {
  if (!given || *given == seq_) return std::nullopt;
  std::string now = " (the game is at " + std::to_string(seq_) + ")";
  if (*given < 0 || *given > seq_) return refused(ServerRefusal::BadSeq, "no state has seq " + std::to_string(*given) + now);
  if (*given >= asked_at_[seat]) return std::nullopt;
  return refused(ServerRefusal::Stale, "the game has moved on since" + now);
}

// After a step by `mover`: a seat asked the same question before and after it in one
// simultaneous round keeps the seq its question was first asked at; every other, now.
void TableGame::note_asked(const Decision& was, int mover) {
  for (std::size_t seat = 0; seat < asked_at_.size(); ++seat) {
    const SeatActions* before = was.simultaneous ? was.entry(static_cast<int>(seat)) : nullptr;
    const SeatActions* after = decision_.simultaneous ? decision_.entry(static_cast<int>(seat)) : nullptr;
    bool same = before && after && static_cast<int>(seat) != mover && before->actions == after->actions;
    if (!same) asked_at_[seat] = seq_;
  }
}

Outcome TableGame::act(int seat, const std::string& text, std::optional<std::int64_t> seq, const Commit& commit) {
  if (state_.over) return refused(Refusal::GameOver, "the game is over");
  if (!failure_.empty()) return refused(Refusal::ScriptError, failure_);
  if (!store_failure_.empty()) return refused(ServerRefusal::Store, store_failure_);
  if (auto no = seq_refusal(seat, seq)) return *no;
  const SeatActions* sa = asked_entry(seat);
  if (!sa) return refused(Refusal::NotYourTurn, "it is not " + table().seats[seat].name + "'s turn");
  State before = state_;
  ActionResult o = engine_->apply(state_, seat, text, {true, &sa->actions});
  if (!o.ok()) {
    state_ = std::move(before);
    return refused(o.refusal, o.message);
  }
  return commit_step(std::move(before), seat, commit);
}

Outcome TableGame::pass(int seat, std::optional<std::int64_t> seq, const Commit& commit) {
  if (state_.over) return refused(Refusal::GameOver, "the game is over");
  if (!failure_.empty()) return refused(Refusal::ScriptError, failure_);
  if (!store_failure_.empty()) return refused(ServerRefusal::Store, store_failure_);
  if (auto no = seq_refusal(seat, seq)) return *no;
  const SeatActions* sa = asked_entry(seat);
  if (!sa) return refused(Refusal::NotYourTurn, "it is not " + table().seats[seat].name + "'s turn");
  if (sa->on_turn) return refused(Refusal::NotLegal, table().seats[seat].name + " is on turn and cannot pass");
  if (!commit_pass(seat, commit))
    return refused(ServerRefusal::Store, "the server could not record the pass; the game is as it was");
  return {true, "", ""};
}

// A pass stored, then made: the seat is not asked again until the next step, restart or not.
bool TableGame::commit_pass(int seat, const Commit& commit) {
  std::string error;
  if (!commit(Step{seat, "pass", 0, true}, error)) return false;
  passed_[seat] = true;
  refresh();
  return true;
}

// The step just taken (its log entry's text, as a save writes it) stored, or the game put back.
Outcome TableGame::commit_step(State before, int seat, const Commit& commit) {
  Step step{seat, "", state_.hash()};
  for (const Event& e : state_.log.entries(before.log.size()))
    if (e.kind == Event::Kind::Action || e.kind == Event::Kind::Chance) step.action = e.text;
  if (step.action.empty()) {
    state_ = std::move(before);
    return refused(Refusal::ScriptError, "the step left no entry in the log");
  }
  std::string error;
  if (!commit(step, error)) {
    state_ = std::move(before);
    // The reason names the server's files: it stays with the server, not the player.
    return refused(ServerRefusal::Store, "the server could not record the action; the game is as it was");
  }
  ++seq_;
  std::fill(passed_.begin(), passed_.end(), false);
  Decision was = decision_.simultaneous ? std::move(decision_) : Decision{};
  refresh();
  note_asked(was, seat);
  return {true, "", ""};
}

bool TableGame::owes_auto_step() const {
  if (state_.over || !failure_.empty()) return false;
  if (decision_.kind == Decision::Kind::Chance) return true;
  for (int seat : asked())
    if (bots_[seat]) return true;
  return false;
}

bool TableGame::auto_step(const Commit& commit) {
  if (!owes_auto_step()) return false;
  store_failure_.clear();  // tried again now
  if (decision_.kind == Decision::Kind::Chance) return take_chance(commit);
  for (int seat : asked())
    if (bots_[seat]) return take_bot(seat, commit);
  return false;
}

bool TableGame::take_chance(const Commit& commit) {
  State before = state_;
  Status st = engine_->take_outcome(state_, decision_, pick_outcome(decision_.weights, chance_rng_));
  if (!st.ok) {
    state_ = std::move(before);
    failure_ = "chance decision: " + (anything_hidden(*table().ruleset) ? withheld_rules_error(st.message) : st.message);
    return false;
  }
  Outcome o = commit_step(std::move(before), -1, commit);
  if (o.reason == to_text(ServerRefusal::Store)) store_failure_ = "the server could not record the chance step; it tries again";
  else if (!o.ok) failure_ = o.message;
  return o.ok;
}

// A bot's refusal is told by its seat and reason only: its action may name what it holds.
bool TableGame::take_bot(int seat, const Commit& commit) {
  const SeatActions* sa = decision_.entry(seat);
  std::string choice = bots_[seat]->choose(make_view(state_, seat, state_.log.size()), sa->actions, sa->on_turn);
  if (choice.empty()) {
    if (commit_pass(seat, commit)) return true;
    store_failure_ = "the server could not record " + table().seats[seat].name + "'s bot's pass; it tries again";
    return false;
  }
  State before = state_;
  ActionResult o = engine_->apply(state_, seat, choice, {false, &sa->actions});
  if (!o.ok()) {
    state_ = std::move(before);
    failure_ = table().seats[seat].name + "'s bot could not act (" + to_text(o.refusal) + ")" +
               (o.refusal == Refusal::ScriptError ? ": " + withheld_script_error(o.message, table().seats[seat].name) : "");
    return false;
  }
  Outcome c = commit_step(std::move(before), seat, commit);
  if (c.reason == to_text(ServerRefusal::Store))
    store_failure_ = "the server could not record " + table().seats[seat].name + "'s bot's move; it tries again";
  else if (!c.ok) failure_ = c.message;
  return c.ok;
}

std::vector<std::string> TableGame::kinds_for_save() const {
  std::vector<std::string> kinds;
  for (const auto& k : setup_.kinds) kinds.push_back(k.empty() ? "human" : k);
  return kinds;
}

std::string TableGame::save() const { return save_text(*engine_, state_, kinds_for_save()); }

std::string TableGame::rules_print() const {
  RulesetPrints p = fingerprint_table(table(), scripts_dir());
  return Json{{"params", p.params}, {"components", p.components}, {"files", p.files}}.dump();
}

std::string print_differences(const std::string& kept, const std::string& now) {
  Json a = Json::parse(kept, nullptr, false), b = Json::parse(now, nullptr, false);
  auto files = [](const Json& j) {
    std::map<std::string, std::string> out;
    if (j.contains("files") && j["files"].is_object())
      for (const auto& [k, v] : j["files"].items()) out[k] = v.is_string() ? v.get<std::string>() : "";
    return out;
  };
  if (!a.is_object() || !a.contains("params") || !a.contains("components")) return "the fingerprint kept with the table is damaged";
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
