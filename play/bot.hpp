// Bots choose an action for a seat from what that seat may see and its legal actions.
#pragma once
#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "runtime/rng.hpp"
#include "runtime/view.hpp"

namespace arbiter {

class Bot {
 public:
  virtual ~Bot() = default;
  // `legal` is non-empty. On an out-of-turn opportunity (`on_turn` false) the bot may
  // return "" to let it pass.
  virtual std::string choose(const View& view, const std::vector<std::string>& legal, bool on_turn) = 0;
  // Why the last `choose` gave no action (it cannot play the position, its script failed),
  // or "" (off its turn: a pass). The turn driver stops the game with it, on turn or off.
  virtual std::string failure() const { return {}; }
  // False for bots that never look at the table, so that no view is made for them.
  virtual bool wants_view() const { return true; }
  // The bot's random stream, or nullptr if it has none: the REPL's :reload makes the bot
  // again for the reloaded rules and hands it the stream where the old one left it, so that
  // its choices go on as they would have.
  virtual Rng* random_stream() { return nullptr; }
};

// Picks uniformly among the legal actions; off its turn, passing is one more choice.
class RandomBot final : public Bot {
 public:
  explicit RandomBot(std::uint64_t seed) : rng_(seed) {}
  std::string choose(const View& view, const std::vector<std::string>& legal, bool on_turn) override;
  bool wants_view() const override { return false; }
  Rng* random_stream() override { return &rng_; }

 private:
  Rng rng_;
};

// Set (a signal handler may) to make a thinking search bot stop and play its best move so
// far; whoever asks a bot to choose clears it first. One flag for the process.
std::atomic<bool>& stop_thinking();

}  // namespace arbiter
