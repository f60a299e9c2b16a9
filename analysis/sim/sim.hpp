// Many games with bots in every seat, and what a designer asks of them: who wins (with
// confidence intervals), how long games last, how the scores spread, whether the seat
// that moves first has an edge; and whether two such reports differ beyond noise.
#pragma once
#include <atomic>
#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "analysis/sim/exact_sum.hpp"
#include "runtime/rules_factory.hpp"
#include "runtime/fingerprint.hpp"
#include "analysis/sim/metrics.hpp"
#include "runtime/table.hpp"

namespace arbiter {

struct SimOptions {
  GameOptions game;                 // seats, variant and --set; game.seed is the first game's seed
  std::vector<std::string> bots;    // a bot kind per seat; empty: random in every seat
  bool rotate = false;              // game g moves every bot g seats on (seat s plays bots[(s + g) % n])
  // Games per seed: with the seat count (sim --every-seating), seed S+i is played in games
  // i*n to i*n+n-1, the k-th with every bot k seats on, so that each bot meets each deal in
  // each seat and seat and bot effects separate exactly. `games` is then a multiple of n.
  int seatings = 1;
  int games = 1000;
  int threads = 0;                  // 0: one per core
  int max_actions = 20000;          // per game, chance decisions included
  int histogram_bins = 10;
  int tally = -1;                   // a variable (VarDef index) whose final value is counted; -1: none
  std::string tally_actions;        // or the action history: "actions" (the line of play), "action:NAME"
                                    // (analysis/sim/tally.hpp)
  // Read the score at every turn through the ruleset's score hook, for the lead and stall
  // sections (sim --lead). A ruleset without the hook has its `score` variable read anyway:
  // that costs nothing.
  bool lead = false;
};

// One game as it ended. Game g (0-based) is played with seed `options.game.seed + g` (with
// seatings k: + g / k), so a game's record does not depend on which worker played it.
struct GameRecord {
  std::uint64_t seed = 0;
  std::vector<std::string> bots;    // the bot kind in each seat in this game
  std::vector<int> winners;
  std::vector<double> results;      // per seat, when the rules gave results (State::results)
  std::vector<double> payoffs;      // per seat, when the game declares payoffs (State::payoffs)
  std::vector<Value> scores;        // per seat, Engine::score at the end
  int first_seat = -1;              // the seat on turn at the game's first decision
  int turns = 0, rounds = 0;
  int actions = 0;                  // the seats' actions, chance decisions not counted
  bool hit_limit = false;           // stopped after max_actions without ending
  std::vector<std::string> tallied; // the tallied variable's final value as text (per seat "Andy=3")
  GameMetrics metrics;              // lengths, choices, action kinds, lead (analysis/sim/metrics.hpp)
};

// How many worker threads play_games starts: `threads`, or one per core, never more than the games.
int worker_count(const SimOptions& options);

// Set (a signal handler may) to stop play_games: each worker finishes the game it is playing
// and takes no other. One flag for the process.
std::atomic<bool>& stop_simulating();

// Plays the games. `make_rules` is called once per worker thread (a Lua state is not
// thread-safe) and may throw; `progress` (optional) is called on the calling thread, about
// ten times a second and once at the end, with the games finished so far. Returns the
// records by game index; on the first error (a script error, a game where nobody can act)
// the run stops and `error` names the game and its seed. When stop_simulating() stops the
// run, the records are those of the games finished, which are the first ones by index.
std::vector<GameRecord> play_games(std::shared_ptr<const Ruleset> ruleset, const SimOptions& options,
                                   const RulesFactory& make_rules, std::string& error,
                                   const std::function<void(int done)>& progress = {});

// A 95% Wilson score interval for `successes` out of `trials` (successes may be fractional,
// for shared wins). Both bounds are 0 when there are no trials.
struct Interval {
  double low = 0, high = 0;
};
Interval wilson(double successes, int trials);

struct Rate {
  double wins = 0;  // a win shared by k seats counts 1/k; a result (a draw's 1/2) counts as given
  int games = 0;
  ExactSum exact;                   // the wins exactly (wins is it rounded), so that reports merge exactly
  Rate() = default;
  Rate(double wins, int games) : wins(wins), games(games), exact(std::vector<double>{wins}) {}
  double rate() const { return games ? wins / games : 0; }
  Interval ci() const { return wilson(wins, games); }
  void add(double share) { exact.add(share), wins = exact.value(); }
  void add(const Rate& other) { exact.add(other.exact), wins = exact.value(), games += other.games; }
};

// Mean, spread and range of some values; the exact sum of the values and of their squares
// decide mean and sd, so that a spread merged from parts equals the one of all the values.
struct Spread {
  int n = 0;
  double mean = 0, sd = 0, min = 0, max = 0;  // sd: the sample standard deviation
  ExactSum sum, squares;
};
Spread spread_of(const std::vector<double>& values);
// The spread of the values of both (as spread_of of both lists would give it).
Spread merge_spreads(const Spread& a, const Spread& b);
// Sets mean and sd from n, sum and squares.
void finish_spread(Spread& s);
// A 95% confidence interval for the mean of a spread (Student's t); both bounds are the mean
// when there are fewer than two values.
Interval mean_interval(const Spread& s);

struct SeatStats {
  std::string name, bot;
  Rate win;
  int first = 0;                    // games in which this seat moved first
  Spread score;
  std::vector<int> histogram;       // games per score bin (see SimReport::bin_low)
  std::vector<int> fine_histogram;  // games per fine bin (SimReport::fine_low), what merging re-bins
};

struct KindStats {
  std::string kind;
  int seats = 0;
  Rate win;                         // the share of games won by seats of this kind
  double fair = 0;                  // the share if every seat were equal: seats / players
};

inline constexpr std::size_t kLimitSeedsKept = 5;  // a report names the first few unfinished games' seeds

struct SimReport {
  std::string ruleset, variant;
  std::map<std::string, std::string> params;  // every parameter in force
  std::uint64_t seed = 1;
  int players = 0, games = 0, max_actions = 0;
  int asked = 0;  // games asked for: more than `games` when Ctrl-C cut the run short (partial)
  int finished = 0;                 // games that ended; every statistic is over these
  int hit_limit = 0;                // games stopped at max_actions, left out of every statistic
  std::vector<std::uint64_t> limit_seeds;  // the first few of them, to replay
  int ties = 0;                     // finished games with more than one winner
  int no_winner = 0;                // finished games with none
  int draws = 0;                    // finished games whose results were all alike (1/2 each); among no_winner
  bool cooperative = false;         // the seats play together (game.yaml): a game is won by all or by none
  std::vector<SeatStats> seats;
  std::vector<KindStats> kinds;
  bool rotated = false;             // the bots moved seat by seat from game to game
  int seatings =
      1;  // games per seed (SimOptions::seatings): the seeds run from seed to seed + games / seatings - 1
  Rate first_seat;                  // wins of whichever seat moved first
  Spread turns, rounds, actions;
  bool rounds_played = false;       // the ruleset plays in rounds
  bool scored = false;              // every score was an integer
  int bins = 10;                    // about how many score bins (SimOptions::histogram_bins)
  std::int64_t bin_low = 0, bin_width = 1;
  // Bins of the largest power of ten dividing bin_width: each lies inside one bin of any
  // report that takes in this one (its width a multiple), so histograms merge exactly.
  std::int64_t fine_low = 0, fine_width = 1;
  std::string version;              // of the arbiter that made the report
  RulesetPrints prints;             // what the games were played with, by fingerprint
  bool mergeable = true;            // read from a report holding the exact sums merging needs
  std::string tally;                // --tally VAR: the variable, and finished games by its final value
  std::map<std::string, int> tally_counts;
  SimMetrics metrics;               // the sections of analysis/sim/metrics.hpp
  bool paid = false;                // the game declares payoffs: each seat's spread in `payoffs`
  std::vector<Spread> payoffs;      // per seat, when paid
  std::string payoff_unit;          // game.yaml's payoffs.unit ("chips"), may be empty
  // The last seed played (seatings games a seed); seed - 1 when there were no games.
  std::uint64_t last_seed() const {
    return seed + static_cast<std::uint64_t>((games + seatings - 1) / seatings) - 1;
  }
  // The first seat's edge: its win rate minus 1/players, with the interval shifted alike.
  double first_seat_edge() const { return first_seat.rate() - (players ? 1.0 / players : 0); }
};

// Aggregates records in index order, so that the report is the same whatever the thread count.
SimReport summarize(const Table& table, const SimOptions& options, const std::vector<GameRecord>& records);

// The report one run over the seeds of all `reports` would have given (in any order; `names`
// are their files, for messages). Throws InputError naming the files when they cannot be
// merged: different rulesets, parameters, fingerprints, seats, bots, limits or versions;
// seed ranges that overlap or leave a gap; a report without the exact sums merging needs.
SimReport merge_reports(const std::vector<SimReport>& reports, const std::vector<std::string>& names);

// The largest score (and the smallest, negated) a report holds: its scores are doubles, as in
// its JSON, which hold every whole number up to 2^53 exactly and no range beyond. A game
// scored outside it ends the run with an error naming the game, the seat and the score.
inline constexpr std::int64_t kMaxReportScore = std::int64_t{1} << 53;

// The bins a report's scores from `low` to `high` take: about `bins` of a round width.
// `low` <= `high`, both within kMaxReportScore, and `bins` at least 1, or InputError.
struct ScoreBins {
  std::int64_t low = 0, width = 1, fine_low = 0, fine_width = 1;
  std::size_t count = 1, fine_count = 1;
};
ScoreBins score_bins(std::int64_t low, std::int64_t high, int bins);

// Comparing two reports, metric by metric.
struct Comparison {
  std::string metric;               // "win rate Player1", "turns", ...
  bool proportion = false;          // a rate (shown as %) or a mean
  double a = 0, b = 0;
  double statistic = 0;             // z for rates, Welch's t for means; positive when b is higher
  double critical = 0;              // |statistic| beyond this is beyond noise at 95%
  bool significant() const { return std::abs(statistic) > critical; }
};

// The two-proportion z statistic (pooled) of x1/n1 against x2/n2; 0 when undefined.
double two_proportion_z(double x1, int n1, double x2, int n2);
// Welch's t statistic and its degrees of freedom; t is ±infinity when both spreads are 0
// and the means differ, 0 when they are equal.
struct Welch {
  double t = 0, df = 0;
};
Welch welch(const Spread& a, const Spread& b);
// The two-sided 95% critical value of Student's t with `df` degrees of freedom.
double t_critical(double df);

// Every metric the two reports share. Throws InputError when they are not comparable:
// different seat counts. Reports of different rulesets compare (a copy of a ruleset in
// another folder is another id); what differs is ruleset_differences' to list.
std::vector<Comparison> compare(const SimReport& a, const SimReport& b);

// What differs between the games of two reports, one line each: the ruleset's id, the
// arbiter version, the variant, each parameter, each component kind, each rules file
// ("rules.lua: changed (1a2b… → 3c4d…)", "bots.lua: only in A"). Empty when nothing does.
std::vector<std::string> ruleset_differences(const SimReport& a, const SimReport& b);

}  // namespace arbiter
