// Bots by kind name: the generic ones (random, mcts), the ruleset's own (bots.lua) and
// solved strategies.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "play/bot.hpp"

namespace arbiter {

class Engine;
struct Ruleset;

// A bot by kind name ("random", "mcts", "mcts:2000", "mcts:200ms", "solved:FILE"); nullptr with `error` set
// for an unknown kind. Search bots play through `engine`, which must outlive them.
std::unique_ptr<Bot> make_bot(const std::string& kind, std::uint64_t seed, Engine& engine, std::string& error);
std::vector<std::string> bot_kinds();
// Whether `kind` names a bot (with a well-formed budget), among the generic ones and
// `ruleset`'s own; `error` says why not.
bool check_bot_kind(const std::string& kind, std::string& error, const Ruleset* ruleset = nullptr);

}  // namespace arbiter
