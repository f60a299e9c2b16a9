// What `arbiter sim` runs beyond one batch of games: the skill ladder (--ladder), a shard of
// a run (--shard K/N) and a parameter sweep (--sweep, cli/sim/sweep.cpp).
#pragma once
#include <string>
#include <vector>

#include "cli/app.hpp"
#include "cli/sim/report.hpp"
#include "analysis/sim/sim.hpp"

namespace arbiter::cli {

// The rungs of --ladder "random,mcts:25,mcts:50": at least two distinct bot kinds the
// ruleset knows, weakest first. Throws InputError naming the bad one.
std::vector<std::string> ladder_rungs(const std::string& text, const Ruleset& ruleset);

// Every pair of rungs played over the seeds of `base` (its games, seed and limits): the
// stronger in one seat, rotating, the weaker in every other. Throws InputError on a script
// error, naming the pair, the game and its seed.
std::vector<LadderPair> run_ladder(std::shared_ptr<const Ruleset> ruleset, const Table& table,
                                   const SimOptions& base, const std::vector<std::string>& rungs);

// --shard K/N: `o` plays the K-th of N adjacent, disjoint parts of its games (the first
// parts one game longer when N does not divide them). Throws InputError for a malformed
// K/N, K outside 1..N, or more shards than games.
void apply_shard(const std::string& text, SimOptions& o);

// One run of `arbiter sim NAME` with these flags (cli/commands/sim.cpp): the report, how the run went,
// and with `keep_records` each game's record. Throws InputError.
struct SimRun {
  SimReport report;
  RunInfo run;
  std::vector<GameRecord> records;
};
SimRun run_sim(const std::string& name, const GameFlags& flags, const SimFlags& sim,
               bool keep_records = false);

// --sweep (cli/sim/sweep.cpp): a run per value, printed as a table, JSON or HTML. Returns the exit status.
int run_sweep(const std::string& name, const GameFlags& flags, const SimFlags& sim);

// --html FILE (cli/sim/html.cpp): the report as one self-contained page. Throws InputError when
// the file cannot be written.
void write_html(const std::string& file, const SimReport& report, const RunInfo& run);

}  // namespace arbiter::cli
