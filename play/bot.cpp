// The bot interface's one bot below the bots layer: uniform choice, which needs no search.
#include "play/bot.hpp"

namespace arbiter {

std::string RandomBot::choose(const View&, const std::vector<std::string>& legal, bool on_turn) {
  std::size_t n = legal.size() + (on_turn ? 0 : 1);
  std::size_t pick = rng_.below(n);
  return pick < legal.size() ? legal[pick] : "";
}

std::atomic<bool>& stop_thinking() {
  static std::atomic<bool> flag{false};
  return flag;
}

}  // namespace arbiter
