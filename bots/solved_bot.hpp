// The strategy `arbiter solve --write-bot` writes, and the bot that plays it (`--bot
// 2=solved:FILE`). A bot is given the seat's view without its log (play/match.cpp),
// so the strategy is keyed by what that view holds: `solve` checks, as it writes, that the
// view alone tells every information set of the seat apart, and refuses otherwise.
#pragma once
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "play/bot.hpp"
#include "runtime/table.hpp"

namespace arbiter {

inline constexpr std::uintmax_t kMaxStrategyBytes = 256u << 20;  // a strategy file, read whole

// What a bot can tell apart of a position: everything in its view but the log, with seat
// names written as seat numbers (a strategy solved with Andy and Bill plays for Player 1
// and Player 2), as 32 hex digits.
std::string view_key(const View& view);

// A fingerprint of what makes the game's tree: the ruleset's id, its rules files, the
// parameters in force, the components in play and the number of seats.
std::string game_print(const Table& table);

struct StrategyEntry {
  std::vector<std::string> actions;
  std::vector<double> probabilities;  // per action, adding up to 1
  int line = 0;                       // where it was read, for messages
  std::string where;                  // written as a comment: where `solve` first met it, as the seat saw it
};

struct SolvedStrategy {
  std::string ruleset;  // id
  std::string game;     // game_print of the table it was solved on
  std::string comment;  // the lines of '#' the header opens with, for a reader
  // By seat (0-based) and view key.
  std::map<std::pair<int, std::string>, StrategyEntry> positions;
};


// Writes `s` to `path`; "" or why it could not.
std::string write_strategy(const std::string& path, const SolvedStrategy& s);
// Reads a strategy file. Throws InputError naming FILE:LINE and what is wrong.
SolvedStrategy read_strategy(const std::string& path);

// "solved:FILE" read (once per file and version of it), checked against `table` when given
// (else only that it is a strategy for `ruleset_id`). nullptr with `error` set when not.
std::shared_ptr<const SolvedStrategy> load_strategy(const std::string& kind, const std::string& ruleset_id,
                                                    const Table* table, std::string& error);

// Plays a solved strategy: in each position, an action drawn by its probabilities.
class SolvedBot final : public Bot {
 public:
  SolvedBot(std::shared_ptr<const SolvedStrategy> strategy, std::string file, std::uint64_t seed)
      : strategy_(std::move(strategy)), file_(std::move(file)), rng_(seed) {}
  std::string choose(const View& view, const std::vector<std::string>& legal, bool on_turn) override;
  std::string failure() const override { return failure_; }
  Rng* random_stream() override { return &rng_; }

 private:
  std::shared_ptr<const SolvedStrategy> strategy_;
  std::string file_;
  Rng rng_;
  std::string failure_;
};

}  // namespace arbiter
