// What the benchmarks share: a row of the results table, the rulesets to measure, and
// small timing helpers. Benchmarks are not tests: `make test` runs none of this.
#pragma once
#include <chrono>
#include <ctime>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "lua/lua_rules.hpp"
#include "play/match.hpp"

namespace arbiter::bench {

// A goal from the issue: `value` must be at least (or under) `bound`.
struct Target {
  double bound = 0;
  bool at_least = true;
  std::string text;  // as the table shows it: "≥ 10,000 games/s"
  bool met(double value) const { return at_least ? value >= bound : value < bound; }
};

struct Row {
  std::string measure;     // "random playouts"
  std::string ruleset;     // "" when the row is not about one ruleset
  int players = 0;         // 0: not applicable
  std::string result;      // "12,345 games/s", or "error: ..."
  double value = 0;        // what a target is checked against, in the target's unit
  std::optional<Target> target;
  bool failed = false;     // the benchmark could not run; `result` says why
};

// One ruleset at one player count, loaded once and shared by the benchmarks.
struct Subject {
  std::string id;
  int players = 0;
  std::shared_ptr<const Ruleset> ruleset;
  std::shared_ptr<LuaRules> rules;  // null when loading failed
  std::string error;                // why it failed to load
};

struct Options {
  std::string root = ARBITER_SOURCE_DIR;  // rulesets/ and scripts/ live here (or in $ARBITER_HOME)
  std::string arbiter;                     // the `arbiter` binary for the start-up benchmark
  double seconds = 1.5;                    // playout time per subject
  std::vector<std::string> only;           // benchmark names to run; empty: all
  std::vector<std::string> rulesets;       // ruleset ids to measure; empty: all found
  std::string reference_nabbit;            // the pure-Lua Stack Nabbit program; "": not run
};

// Whether --ruleset asks for `id` (no --ruleset: every one).
bool wanted(const Options& o, const std::string& id);
// Every ruleset found under rulesets/ at its default player count, plus the configurations
// the issue sets targets for when they differ from a default.
std::vector<Subject> find_subjects(const Options& o);
// bench/floor: hooks that do next to nothing, for the cost of the runtime and the calls alone.
Subject floor_subject(const Options& o);

// A table and a state for `subject` with seed `seed`, started and ready for the first decision.
struct Game {
  std::shared_ptr<const Table> table;
  std::unique_ptr<Engine> engine;
  State state;
};
Game new_game(const Subject& subject, std::uint64_t seed, bool logging);
std::vector<std::unique_ptr<Bot>> random_bots(int players, std::uint64_t seed);

std::vector<Row> bench_playouts(const std::vector<Subject>& subjects, const Options& o);
std::vector<Row> bench_state_copy(const std::vector<Subject>& subjects, const Options& o);
std::vector<Row> bench_mcts(const std::vector<Subject>& subjects, const Options& o);
std::vector<Row> bench_startup(const Options& o);
std::vector<Row> bench_perft(const std::vector<Subject>& subjects, const Options& o);
// The 1, 5 and 15 minute load averages, "unknown" where /proc/loadavg cannot be read.
std::string load_average();
// `load_at_start` is load_average() taken before the first benchmark; the details take the
// load at the end themselves.
std::vector<std::pair<std::string, std::string>> machine_details(const std::string& load_at_start);

// The pure-Lua Stack Nabbit program (--reference-nabbit), run as a child process
// `lua5.4 FILE N 4 SEED --style zones` in the playout slices, taking turns with Arbiter's.
struct ReferenceRun {
  std::string file;
  long long games = 0;         // N, each run's games; set by the warm-up
  std::uint64_t seed = 1;
  std::vector<double> rates;   // games per CPU second of the child, one per recorded run
  std::vector<double> own;     // the rate the program printed itself, for a cross-check
  std::string error;           // set once a run fails; the reference is then left out
};
// One child run; a warm-up (`record` false) picks N so that a run takes about `budget` CPU
// seconds, and is not counted.
void reference_slice(ReferenceRun& r, double budget, bool record);
// The reference's row, and the ratio of its rate to `nabbit` (Arbiter's Stack Nabbit 4p
// games/s; `nabbit_error` non-empty when that could not be measured).
std::vector<Row> reference_rows(const ReferenceRun& r, double nabbit, const std::string& nabbit_error);

// Wall-clock time, for what a person waits for (start-up).
using Clock = std::chrono::steady_clock;
inline double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}
// This thread's CPU time, for work done on one core: other processes competing for the
// core do not inflate it (though they may still disturb its caches).
inline double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}
double median(std::vector<double> xs);
// "12,345" — whole numbers with thousands separators, as the table shows them.
std::string grouped(double x);
// Keeps the compiler from dropping work whose result is otherwise unused.
inline void escape(const void* p) { asm volatile("" : : "g"(p) : "memory"); }

}  // namespace arbiter::bench
