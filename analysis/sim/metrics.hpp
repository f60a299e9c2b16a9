// The designer's questions beyond win rates, each kept as exact counts, histograms and
// sums so that the reports of shards merge into the one run's report exactly: how long
// games last (as distributions), how many choices a seat has over the game, which kinds
// of action are chosen and whether choosing one more often wins, when the final winner
// took the lead for good, and how bot kinds fare in each seat.
#pragma once
#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "analysis/sim/exact_sum.hpp"

namespace arbiter {

class Engine;
struct State;
struct MatchStep;
struct Spread;
struct Rate;
struct GameRecord;

inline constexpr int kPhases = 10;           // the branching factor is kept by tenth of the game
inline constexpr std::size_t kMaxActionKinds =
    64;                                      // more first words than this: the kinds section is left out
inline constexpr int kStallTurns = 20;       // a game "stalls" when no score moves for this many turns

// What one game adds to the metrics (kept in its GameRecord).
struct GameMetrics {
  std::vector<int> decisions;                        // per seat: the actions it chose
  int chance = 0;                                    // chance decisions drawn
  std::array<std::int64_t, kPhases>
      options{};  // legal actions offered, summed per tenth of the game's decisions
  std::array<std::int64_t, kPhases> asked{};         // decisions per tenth
  std::vector<std::map<std::string, int>> kinds;     // per seat: first word of each action chosen -> times
  bool too_many_kinds = false;
  bool lead_measured = false;                        // the score was read at every turn (lead and stall)
  bool scored = false;                               // every score seen was a whole number
  bool score_moved = false;                          // some seat's score changed during the game
  int lead_changes = 0;                              // times the sole leader became another seat
  int decided = -1;  // turns after which the sole winner led for good; -1: it never led at the end
  int still = 0;                                     // the longest run of turns in which no score changed
};

// Watches one game as it is played and fills its metrics. With `read_scores`, it reads every
// seat's score (Engine::score) at every new turn, for the lead and stall sections: through a
// ruleset's score hook that can cost more than the game itself, so sim does it on request.
class MetricsObserver {
 public:
  MetricsObserver(Engine& engine, const State& start, bool read_scores);
  ~MetricsObserver();
  void step(const State& state, const MatchStep& step);
  void finish(const State& state, GameMetrics& out);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

using Histogram = std::map<std::int64_t, std::int64_t>;  // value -> how many (exact, so shards add up)

// A kind of action: how often chosen, and per seat-game by how many times it was chosen,
// how many seat-games and their wins (exactly: shared wins are fractions).
struct ActionKind {
  std::int64_t chosen = 0;
  std::map<std::int64_t, std::pair<std::int64_t, ExactSum>> by_times;
};

// The median times chosen, and the win rates of seat-games above and below it.
struct KindSplit {
  std::int64_t median = 0;
  double above_rate = 0, below_rate = 0;
  std::int64_t above = 0, below = 0;     // seat-games
  double above_wins = 0, below_wins = 0;
};
KindSplit split_at_median(const ActionKind& kind);

// The skill ladder: for each pair of rungs, the stronger bot in one seat (moving seat by seat
// over the games) against the weaker in the others, and its share of the wins.
struct LadderPair {
  std::string weaker, stronger;
  int gap = 0;                                       // rungs apart (doublings, for doubling budgets)
  std::int64_t games = 0;                            // finished games
  ExactSum wins;                                     // the stronger bot's wins (shared wins: fractions)
  double fair = 0;                                   // its share if it were no stronger: 1 / players
};

struct SimMetrics {
  bool present = false;                              // a report of an arbiter before these sections has none
  Histogram turns, rounds, decisions, chance;        // finished games by their length
  std::vector<Histogram> seat_decisions;             // per seat: finished games by its decisions
  std::array<std::int64_t, kPhases> options{}, asked{};
  bool too_many_kinds = false;
  std::map<std::string, ActionKind> kinds;
  bool lead_measured = false;   // the lead and stall counts below were taken (sim --lead)
  std::int64_t lead_games = 0;  // finished games with a whole-number score that moved and one winner
  Histogram lead_changes;                            // of those games
  Histogram decided;  // tenth of the game after which the winner led for good (-1: never led at the end)
  Histogram still;    // finished games by their longest run of turns with no score change
  std::int64_t score_moved = 0;                      // finished games in which some score changed
  // Per bot kind, per seat: the kind's wins when it sat there (rotated runs separate seat and bot).
  std::map<std::string, std::vector<std::pair<std::int64_t, ExactSum>>> seat_kind;
  std::vector<LadderPair> ladder;                    // sim --ladder: every pair of rungs
};

// The metrics of the finished games of `records` (in index order), over `players` seats;
// `share(g)` is each seat's share of game g's win, as the report counts it.
SimMetrics summarize_metrics(const std::vector<GameRecord>& records, int players);
// `b`'s counts added to `a`'s (a shard's report merged in). Throws InputError when their
// ladders are of different bots, or one measured the lead and the other did not.
void merge_metrics(SimMetrics& a, const SimMetrics& b);

// Helpers the renderers share: the mean and a quantile of a histogram.
double histogram_mean(const Histogram& h);
std::int64_t histogram_quantile(const Histogram& h, double q);
std::int64_t histogram_total(const Histogram& h);
// The spread of the values a histogram counts (as spread_of of every value would give it).
Spread histogram_spread(const Histogram& h);
// Of the games with one winner whose score moved, the share the winner led for good by half-way.
double decided_by_half(const SimMetrics& m);
// Finished games whose scores stalled (no change for kStallTurns turns or more).
std::int64_t stalled_games(const SimMetrics& m);
// The histogram in about `bins` bins of a round width (1, 2, 5, 10, ...), low to high, for showing.
struct Bin {
  std::int64_t low = 0, high = 0, count = 0;  // values low..high inclusive
};
std::vector<Bin> bin_histogram(const Histogram& h, int bins);

}  // namespace arbiter
