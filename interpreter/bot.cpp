// The bots every ruleset gets without code of its own.
#include "interpreter/bot.hpp"

#include "interpreter/diagnostics.hpp"
#include "interpreter/mcts.hpp"

namespace arbiter {

std::string RandomBot::choose(const View&, const std::vector<std::string>& legal, bool on_turn) {
  std::size_t n = legal.size() + (on_turn ? 0 : 1);
  std::size_t pick = rng_.below(n);
  return pick < legal.size() ? legal[pick] : "";
}

std::vector<std::string> bot_kinds() { return {"random", "mcts"}; }

bool check_bot_kind(const std::string& kind, std::string& error) {
  MctsBudget budget;
  if (kind == "random" || kind == "mcts") return true;
  if (kind.rfind("mcts:", 0) == 0) return parse_mcts_budget(kind.substr(5), budget, error);
  error = "unknown bot '" + kind + "'" + did_you_mean(kind, bot_kinds()) + "; bots: " + join_choices(bot_kinds(), ", ") +
          " (mcts:N for N iterations, mcts:Nms for a time budget)";
  return false;
}

std::unique_ptr<Bot> make_bot(const std::string& kind, std::uint64_t seed, Engine& engine, std::string& error) {
  if (kind == "random") return std::make_unique<RandomBot>(seed);
  if (kind == "mcts" || kind.rfind("mcts:", 0) == 0) {
    MctsBudget budget;
    if (!parse_mcts_budget(kind.size() > 4 ? kind.substr(5) : "", budget, error)) return nullptr;
    return std::make_unique<MctsBot>(engine, budget, seed);
  }
  error = "unknown bot '" + kind + "'" + did_you_mean(kind, bot_kinds()) + "; bots: " + join_choices(bot_kinds(), ", ");
  return nullptr;
}

}  // namespace arbiter
