// The skill ladder and shards: more runs of the same machinery, kept as exact counts so
// that shards of them merge as the games of one run do.
#include "cli/sim/lab.hpp"

#include <fmt/format.h>

#include <unistd.h>

#include <algorithm>
#include <functional>
#include <memory>

#include "cli/app.hpp"
#include "present/output.hpp"
#include "cli/terminal/progress.hpp"
#include "bots/make_bot.hpp"
#include "runtime/diagnostics.hpp"

namespace arbiter::cli {

std::vector<std::string> ladder_rungs(const std::string& text, const Ruleset& ruleset) {
  std::vector<std::string> rungs;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t comma = std::min(text.find(',', start), text.size());
    rungs.push_back(text.substr(start, comma - start));
    start = comma + 1;
  }
  for (const auto& kind : rungs) {
    std::string error;
    if (!check_bot_kind(kind, error, &ruleset))
      throw InputError("sim: --ladder: " + quote(kind) + ": " + error);
    if (std::count(rungs.begin(), rungs.end(), kind) > 1)
      throw InputError("sim: --ladder: " + quote(kind) + " is named twice; each rung is another bot");
  }
  if (rungs.size() < 2)
    throw InputError("sim: --ladder: name two bots or more, weakest first (random,mcts:25,mcts:50)");
  if (rungs.size() > 8) throw InputError("sim: --ladder: at most 8 rungs (28 pairs)");
  return rungs;
}

std::vector<LadderPair> run_ladder(std::shared_ptr<const Ruleset> ruleset, const Table& table,
                                   const SimOptions& base, const std::vector<std::string>& rungs) {
  std::vector<LadderPair> out;
  int players = table.seat_count();
  // One bar over every pair's games: a ladder of 8 rungs plays 28 runs after the report's own.
  std::unique_ptr<ProgressBar> bar;
  if (isatty(STDERR_FILENO))
    bar = std::make_unique<ProgressBar>("ladder games", 0, color_enabled(STDERR_FILENO));
  std::size_t total = rungs.size() * (rungs.size() - 1) / 2 * static_cast<std::size_t>(base.games),
              before = 0;
  for (std::size_t gap = 1; gap < rungs.size(); ++gap)
    for (std::size_t weak = 0; weak + gap < rungs.size(); ++weak) {
      SimOptions o = base;
      o.bots.assign(players, rungs[weak]);
      o.bots[0] = rungs[weak + gap];
      o.rotate = true;
      o.tally = -1;
      o.tally_actions.clear();
      o.lead = false;  // a pair's report gives only the stronger bot's wins
      std::string error;
      std::function<void(int)> draw;
      if (bar)
        draw = [&bar, &before, total](int done) {
          bar->draw(before + static_cast<std::size_t>(done), total);
        };
      auto records = play_games(ruleset, o, rules_factory(), error, draw);
      before += static_cast<std::size_t>(o.games);
      if (!error.empty())
        throw InputError(
            fmt::format("{}: ladder, {} against {}: {}", ruleset->id, rungs[weak + gap], rungs[weak], error));
      SimReport r = summarize(table, o, records);
      LadderPair pair{rungs[weak], rungs[weak + gap], static_cast<int>(gap), r.finished, {}, 1.0 / players};
      for (const auto& k : r.kinds)
        if (k.kind == pair.stronger) pair.wins = k.win.exact;
      out.push_back(std::move(pair));
    }
  return out;
}

void apply_shard(const std::string& text, SimOptions& o) {
  unsigned long long k = 0, n = 0;
  std::size_t slash = text.find('/');
  auto number = [](const std::string& s, unsigned long long& out) {
    if (s.empty() || s.size() > 9 || s.find_first_not_of("0123456789") != std::string::npos) return false;
    out = std::stoull(s);
    return true;
  };
  if (slash == std::string::npos || !number(text.substr(0, slash), k) || !number(text.substr(slash + 1), n))
    throw InputError("sim: --shard " + quote(text) + ": write K/N, the K-th of N shards (1/4, 2/4, …)");
  if (k < 1 || k > n) throw InputError(fmt::format("sim: --shard {}: K must be from 1 to {}", text, n));
  if (n > static_cast<unsigned long long>(o.games))
    throw InputError(fmt::format("sim: --shard {}: more shards than games ({})", text, o.games));
  // With every seating, shards are of whole seeds: each seed's games stay in one shard.
  auto unit = static_cast<unsigned long long>(std::max(1, o.seatings)), seeds = o.games / unit;
  if (n > seeds) throw InputError(fmt::format("sim: --shard {}: more shards than seeds ({})", text, seeds));
  auto start = [&](unsigned long long part) { return part * seeds / n; };
  unsigned long long first = start(k - 1), end = start(k);
  o.game.seed += first;
  o.games = static_cast<int>((end - first) * unit);
}

}  // namespace arbiter::cli
