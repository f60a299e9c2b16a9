// Bots by kind name: the generic ones (random, mcts), the ruleset's own (bots.lua) and
// solved strategies.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "play/bot.hpp"
#include "runtime/rules.hpp"

namespace arbiter {

class Engine;
struct Ruleset;

// A bot by kind name ("random", "mcts", "mcts:2000", "mcts:200ms", "solved:FILE"); nullptr with `error` set
// for an unknown kind. Search bots play through `engine`, which must outlive them.
std::unique_ptr<Bot> make_bot(const std::string& kind, std::uint64_t seed, Engine& engine,
                              std::string& error);
// A bot for every seat of `kinds` (nullptr where the kind is "", a person's seat), each seeded
// bot_seed(seed, seat) as every door seats them. Returns the first unknown kind's error; that
// seat's bot is then nullptr too.
[[nodiscard]] Status make_seat_bots(const std::vector<std::string>& kinds, std::uint64_t seed, Engine& engine,
                                    std::vector<std::unique_ptr<Bot>>& bots);
std::vector<std::string> bot_kinds();
// Whether `kind` names a bot (with a well-formed budget), among the generic ones and
// `ruleset`'s own; `error` says why not.
bool check_bot_kind(const std::string& kind, std::string& error, const Ruleset* ruleset = nullptr);

}  // namespace arbiter
