// A parameter sweep (`sim --sweep`): its values, a run per value on the same seeds, and each
// value paired game by game with the first.
#pragma once
#include <string>
#include <vector>

#include "cli/sim/lab.hpp"

namespace arbiter::cli {

struct Sweep {
  std::string key;
  std::vector<std::string> values;
};
// KEY=V1,V2,… or KEY=LO..HI[:STEP] (whole numbers); two values to 50. Throws InputError.
Sweep parse_sweep(const std::string& spec);

// Value B against the first value A over the games both finished (same seeds, same deals):
// the differences B − A in turns and decisions, and for each seat the games it won under A
// only and under B only (McNemar's discordant pairs).
struct Paired {
  Spread turns, decisions;
  std::vector<std::pair<std::int64_t, std::int64_t>> seats;  // (won under A only, under B only)
};
Paired pair_runs(const std::vector<GameRecord>& a, const std::vector<GameRecord>& b, int players);
// The paired t statistic of differences (mean / standard error); ±infinity when they are all one nonzero
// value.
double paired_t(const Spread& differences);
// McNemar's statistic as a z (B's discordant wins minus A's, over the root of both); 0 when none.
double mcnemar_z(std::int64_t a_only, std::int64_t b_only);

struct SweepResult {
  Sweep sweep;
  std::vector<SimRun> runs;       // one per value, in order (records not kept)
  std::vector<Paired> paired;     // value k+1 against value 0
};

std::string sweep_json(const SweepResult& result);
std::string render_sweep(const SweepResult& result, bool color);
void write_sweep_html(const std::string& file, const SweepResult& result);

// sim --merge of sweep reports (cli/sim/sweep_merge.cpp): whether `file` is one, and the merge
// printed as JSON or text. Throws InputError naming the files that cannot be merged.
bool is_sweep_file(const std::string& file);
int merge_sweeps(const std::vector<std::string>& files, bool json, const std::string& html = "");

}  // namespace arbiter::cli
