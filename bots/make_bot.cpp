// The bots every ruleset gets without code of its own.
#include "bots/make_bot.hpp"

#include "runtime/diagnostics.hpp"
#include "runtime/engine.hpp"
#include "runtime/seeds.hpp"
#include "bots/mcts.hpp"
#include "runtime/ruleset_bots.hpp"
#include "bots/solved_bot.hpp"

namespace arbiter {

std::vector<std::string> bot_kinds() { return {"random", "mcts"}; }

namespace {

// A bot written in the ruleset's bots.lua: it sees the seat's view as a plain table.
class RulesBot final : public Bot {
 public:
  RulesBot(Engine& engine, std::string name, std::uint64_t seed)
      : engine_(engine), name_(std::move(name)), rng_(seed) {}
  std::string choose(const View& view, const std::vector<std::string>& legal, bool on_turn) override {
    std::string choice;
    RulesetBots* bots = engine_.rules().bots();
    Status st = bots ? bots->choose(name_, view, legal, on_turn, rng_, choice)
                     : Status::error("no bot " + quote(name_));
    // A failing bot is said, whoever asked it (TurnDriver::play_bot), never covered by a legal move.
    failure_ = st.ok ? "" : st.message;
    if (!st.ok) return "";
    // Nothing on its turn: the first legal action (docs/writing-a-ruleset.md, "Bots").
    if (choice.empty() && on_turn) return legal.front();
    return choice;
  }
  std::string failure() const override { return failure_; }

 private:
  Engine& engine_;
  std::string name_;
  Rng rng_;  // the bot's math.random
  std::string failure_;
};

}  // namespace

bool check_bot_kind(const std::string& kind, std::string& error, const Ruleset* ruleset) {
  MctsBudget budget;
  if (kind == "random" || kind == "mcts") return true;
  if (kind.rfind("mcts:", 0) == 0) return parse_mcts_budget(kind.substr(5), budget, error);
  if (kind.rfind("solved:", 0) == 0)
    return !ruleset || load_strategy(kind, ruleset->id, nullptr, error) != nullptr;
  std::vector<std::string> all = bot_kinds();
  if (ruleset) {
    for (const auto& b : ruleset->bots)
      if (b == kind) return true;
    all.insert(all.end(), ruleset->bots.begin(), ruleset->bots.end());
  }
  error =
      "unknown bot " + quote(kind) + did_you_mean(kind, all) + "; bots: " + join_choices(all, ", ") +
      " (mcts:N for N iterations, mcts:Nms for a time budget; solved:FILE for a strategy `arbiter solve --write-bot` "
      "wrote)";
  return false;
}

std::unique_ptr<Bot> make_bot(const std::string& kind, std::uint64_t seed, Engine& engine,
                              std::string& error) {
  if (kind == "random") return std::make_unique<RandomBot>(seed);
  if (kind == "mcts" || kind.rfind("mcts:", 0) == 0) {
    MctsBudget budget;
    if (!parse_mcts_budget(kind.size() > 4 ? kind.substr(5) : "", budget, error)) return nullptr;
    return std::make_unique<MctsBot>(engine, budget, seed);
  }
  if (kind.rfind("solved:", 0) == 0) {
    auto strategy = load_strategy(kind, engine.table().ruleset->id, &engine.table(), error);
    return strategy ? std::make_unique<SolvedBot>(strategy, kind.substr(7), seed) : nullptr;
  }
  for (const auto& b : engine.table().ruleset->bots)
    if (b == kind) return std::make_unique<RulesBot>(engine, kind, seed);
  check_bot_kind(kind, error, engine.table().ruleset.get());
  return nullptr;
}

Status make_seat_bots(const std::vector<std::string>& kinds, std::uint64_t seed, Engine& engine,
                      std::vector<std::unique_ptr<Bot>>& bots) {
  Status first;
  bots.clear();
  for (std::size_t seat = 0; seat < kinds.size(); ++seat) {
    std::string error;
    const std::string& kind = kinds[seat];
    std::uint64_t bot_seeded = bot_seed(seed, static_cast<int>(seat));
    bots.push_back(kind.empty() ? nullptr : make_bot(kind, bot_seeded, engine, error));
    if (!kind.empty() && !bots.back() && first.ok) first = Status::error(error);
  }
  return first;
}

}  // namespace arbiter
