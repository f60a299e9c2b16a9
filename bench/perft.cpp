// Perft: the tree of legal chess play from the start position counted to depth 4 (206,603
// positions over the four levels; about a second at 200,000 positions/s), through
// analysis/perft.hpp as `arbiter perft` walks it, on one worker thread. Positions per
// second of CPU time: every position reached at any depth, as `arbiter perft` counts them.
#include <fmt/format.h>

#include <algorithm>
#include <ctime>

#include "bench/bench.hpp"
#include "analysis/perft.hpp"

namespace arbiter::bench {

namespace {

constexpr int kDepth = 4;
constexpr int kRuns = 3;  // the table shows the median walk

const Target kTarget{400000, true, "≥ 400,000 positions/s"};

// The process's CPU time. perft walks the first plies on the calling thread and the rest on
// its one worker thread; the two never run at once, and nothing else in the benchmark runs
// meanwhile, so the process's time is the walk's time on one core.
double process_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

// One walk: positions per CPU second, and the positions in `total`; throws on an error.
double walk(const Subject& s, const std::string& scripts, std::uint64_t& total) {
  PerftOptions p;
  p.depth = kDepth;
  p.threads = 1;
  p.game.seed = 1;
  for (int i = 0; i < s.players; ++i) p.game.seats.push_back({fmt::format("P{}", i + 1), -1});
  RulesFactory factory = [&scripts](std::shared_ptr<const Ruleset> r) -> std::unique_ptr<Rules> {
    return std::make_unique<LuaRules>(r, scripts);
  };
  double start = process_cpu_seconds();
  PerftReport report = perft(s.ruleset, p, factory);
  double seconds = process_cpu_seconds() - start;
  if (!report.error.empty()) throw std::runtime_error(report.error);
  total = 0;
  for (const auto& level : report.levels) total += level.nodes;
  return static_cast<double>(total) / seconds;
}

}  // namespace

std::vector<Row> bench_perft(const std::vector<Subject>& subjects, const Options& o) {
  if (!wanted(o, "chess")) return {};
  std::string measure = fmt::format("perft, depth {}, one thread", kDepth);
  Row row{measure, "chess", 2, "", 0, kTarget, false};
  auto it = std::find_if(subjects.begin(), subjects.end(), [](const Subject& s) { return s.id == "chess"; });
  if (it == subjects.end() || !it->rules) {
    row.result =
        "error: " + (it == subjects.end() ? "no chess ruleset under " + o.root + "/rulesets" : it->error);
    row.failed = true;
    return {row};
  }
  std::vector<double> rates;
  std::uint64_t total = 0;
  try {
    for (int i = 0; i < kRuns; ++i) rates.push_back(walk(*it, o.root + "/scripts", total));
  } catch (const std::exception& e) {
    row.result = std::string("error: ") + e.what(), row.failed = true;
    return {row};
  }
  auto [lo, hi] = std::minmax_element(rates.begin(), rates.end());
  row.value = median(rates);
  row.result = fmt::format("{} positions/s (±{:.0f}%; {} positions a walk)", grouped(row.value),
                           50 * (*hi - *lo) / row.value, grouped(static_cast<double>(total)));
  return {row};
}

}  // namespace arbiter::bench
