// The bots every ruleset gets without code of its own.
#include "interpreter/bot.hpp"

#include "interpreter/diagnostics.hpp"

namespace arbiter {

std::string RandomBot::choose(const View&, const std::vector<std::string>& legal, bool on_turn) {
  std::size_t n = legal.size() + (on_turn ? 0 : 1);
  std::size_t pick = rng_.below(n);
  return pick < legal.size() ? legal[pick] : "";
}

std::vector<std::string> bot_kinds() { return {"random"}; }

std::unique_ptr<Bot> make_bot(const std::string& kind, std::uint64_t seed, std::string& error) {
  if (kind == "random") return std::make_unique<RandomBot>(seed);
  error = "unknown bot '" + kind + "'" + did_you_mean(kind, bot_kinds()) + "; bots: " + join_choices(bot_kinds(), ", ");
  return nullptr;
}

}  // namespace arbiter
