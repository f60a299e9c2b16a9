// Simulation: games shared among worker threads (each with its own Rules), collected by
// index and aggregated in index order, so that the seed alone decides the report.
#include "analysis/sim/sim.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "bots/make_bot.hpp"
#include "runtime/diagnostics.hpp"
#include "play/match.hpp"
#include "runtime/seeds.hpp"
#include "analysis/sim/tally.hpp"

namespace arbiter {

namespace {

constexpr double kZ95 = 1.959963984540054;  // two-sided 95% quantile of the normal

std::string bot_kind(const SimOptions& o, int seat) { return o.bots.empty() ? "random" : o.bots[seat]; }

// The bot in `seat` in game `g`, of `seed`: with every seating, the seed's k-th game moves
// every bot k seats on; with rotate, every bot moves one seat on per seed, by the seed itself
// rather than the game's index, so that a run from seed S+k seats its games as the run from S
// did (a report's parts merge into the whole run's).
std::string bot_kind(const SimOptions& o, int seat, int g, std::uint64_t seed, int seats) {
  if (o.seatings > 1) return bot_kind(o, (seat + g % o.seatings) % seats);
  auto n = static_cast<std::uint64_t>(seats);
  auto offset = static_cast<int>((seed % n + n - 1) % n);  // seed 1 seats the bots as given
  return bot_kind(o, o.rotate ? (seat + offset) % seats : seat);
}

// The --tally variable's final value(s) in `state`, into `rec`.
void tally_game(const Table& table, const State& state, int var, GameRecord& rec) {
  const VarDef& def = table.ruleset->vars[var];
  for (int seat = 0; seat < (def.per_seat ? table.seat_count() : 1); ++seat) {
    Value v = state.var(var, seat);
    // A text is tallied by its first 248 bytes and its length: a run keeps a tally for every game.
    std::string text = def.holds_seat && v.is_int() && v.as_int() >= 1 && v.as_int() <= table.seat_count()
                           ? table.seats[v.as_int() - 1].name
                           : shortened(to_text(v), 256);
    rec.tallied.push_back(def.per_seat ? table.seats[seat].name + "=" + text : text);
  }
}

// Plays game `g` to its end, or to the action limit, on this worker's `rules`.
Status play_game(const std::shared_ptr<const Ruleset>& ruleset, const SimOptions& o, Rules& rules, int g,
                 GameRecord& rec) {
  GameOptions go = o.game;
  go.seed = game_seed(o.game.seed, g / std::max(1, o.seatings));
  rec.seed = go.seed;
  auto table = make_table(ruleset, go);
  Engine engine(table, rules);
  State state(table);
  state.logging = false;  // bots see only what happens from their decision on, never the log
  if (Status st = engine.start(state); !st.ok) return st;
  std::vector<std::unique_ptr<Bot>> bots;
  for (int seat = 0; seat < table->seat_count(); ++seat) {
    std::string error;
    rec.bots.push_back(bot_kind(o, seat, g, go.seed, table->seat_count()));
    bots.push_back(make_bot(rec.bots.back(), bot_seed(go.seed, seat), engine, error));
    if (!bots.back()) return Status::error(error);
  }
  // A chance decision may come before anyone acts; the first seat is the one on turn once a seat decides.
  auto note_first = [&rec](const State& s) {
    if (rec.first_seat < 0 && !s.over && s.chance.def < 0) rec.first_seat = s.active();
  };
  note_first(state);
  MetricsObserver observe(engine, state, o.lead || !rules.scores_by_hook());
  ActionTally tally(*table, o.tally_actions);
  int steps = 0;
  Status st = play_out(engine, state, bots, o.max_actions, [&](const State& s, const MatchStep& step) {
    ++steps;
    if (step.seat >= 0) ++rec.actions;
    note_first(s);
    observe.step(s, step);
    tally.step(step);
  });
  if (!st.ok) {
    if (state.over || steps < o.max_actions) return st;
    rec.hit_limit = true;
  }
  rec.winners = state.winners;
  rec.results = state.results;
  observe.finish(state, rec.metrics);
  rec.payoffs = state.payoffs;
  if (o.tally >= 0) tally_game(*table, state, o.tally, rec);
  tally.finish(rec);
  rec.turns = state.turn;
  rec.rounds = state.round;
  for (int seat = 0; seat < table->seat_count(); ++seat) {
    if (Status score = engine.score(state, seat, rec.scores.emplace_back()); !score.ok) return score;
    const Value& v = rec.scores.back();
    if (v.is_int() && (v.as_int() > kMaxReportScore || v.as_int() < -kMaxReportScore))
      return Status::error(table->seats[seat].name + "'s score, " + std::to_string(v.as_int()) +
                           ", is beyond what a report holds exactly (" + std::to_string(kMaxReportScore) +
                           " either way, 2^53)");
  }
  return {};
}

// The smallest of 1, 2, 5, 10, 20, 50 ... that is at least `raw`.
std::int64_t nice_width(std::int64_t raw) {
  for (std::int64_t decade = 1;; decade *= 10)
    for (std::int64_t step : {1, 2, 5})
      if (step * decade >= raw) return step * decade;
}

std::int64_t floor_div(std::int64_t a, std::int64_t b) { return a / b - (a % b != 0 && (a < 0) != (b < 0)); }

}  // namespace

int worker_count(const SimOptions& o) {
  int threads =
      o.threads > 0 ? o.threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  return std::max(1, std::min(threads, o.games));
}

std::atomic<bool>& stop_simulating() {
  static std::atomic<bool> flag{false};
  return flag;
}

std::vector<GameRecord> play_games(std::shared_ptr<const Ruleset> ruleset, const SimOptions& o,
                                   const RulesFactory& make_rules, std::string& error,
                                   const std::function<void(int)>& progress) {
  std::vector<GameRecord> records(std::max(0, o.games));
  int threads = worker_count(o);
  std::atomic<int> next{0}, done{0};
  std::atomic<bool> stop{false};
  std::mutex mutex;
  std::condition_variable finished;
  int running = threads;
  std::vector<std::pair<int, std::string>> errors;  // game index (-1: loading), message
  auto fail = [&](int g, std::string message) {
    std::lock_guard lock(mutex);
    errors.emplace_back(g, std::move(message));
    stop = true;
  };
  auto worker = [&] {
    std::unique_ptr<Rules> rules;
    try {
      rules = make_rules(ruleset);
    } catch (const std::exception& e) {
      fail(-1, user_message(e, "loading the rules"));
    }
    for (int g; rules && !stop && !stop_simulating() && (g = next++) < o.games; ++done) {
      try {
        if (Status st = play_game(ruleset, o, *rules, g, records[g]); !st.ok) fail(g, st.message);
      } catch (const std::exception& e) {
        fail(g, user_message(e, "the game"));
      }
    }
    std::lock_guard lock(mutex);
    --running;
    finished.notify_all();
  };
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) pool.emplace_back(worker);
  {
    std::unique_lock lock(mutex);
    while (!finished.wait_for(lock, std::chrono::milliseconds(100), [&] { return running == 0; }))
      if (progress) {
        lock.unlock();
        progress(done);
        lock.lock();
      }
  }
  for (auto& t : pool) t.join();
  if (progress) progress(done);
  if (stop_simulating() && errors.empty())
    records.resize(std::min(o.games, next.load()));  // every game taken was finished
  if (!errors.empty()) {
    // Of the games that failed before the run stopped, the first by index.
    auto [g, message] = *std::min_element(errors.begin(), errors.end());
    error = g < 0 ? message
                  : "game " + std::to_string(g + 1) + " (seed " + std::to_string(records[g].seed) +
                        "): " + message;
  }
  return records;
}

Interval wilson(double x, int n) {
  if (n <= 0) return {};
  double p = x / n, z2 = kZ95 * kZ95;
  double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  double half = kZ95 / (1 + z2 / n) * std::sqrt(p * (1 - p) / n + z2 / (4.0 * n * n));
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

Spread spread_of(const std::vector<double>& v) {
  Spread s;
  s.n = static_cast<int>(v.size());
  if (v.empty()) return s;
  s.min = s.max = v[0];
  for (double x : v) {
    s.min = std::min(s.min, x), s.max = std::max(s.max, x);
    s.sum.add(x);
    ExactProduct square = exact_product(x, x);
    s.squares.add(square.hi), s.squares.add(square.lo);
  }
  finish_spread(s);
  return s;
}

// sd from n * squares - sum^2, worked out exactly and rounded once: the same double
// whatever order or pieces the values came in (a two-pass sum of deviations is not).
void finish_spread(Spread& s) {
  s.mean = s.sd = 0;
  if (s.n == 0) return;
  auto n = static_cast<double>(s.n);
  s.mean = s.sum.value() / n;
  if (s.n < 2) return;
  ExactSum deviations;
  for (double q : s.squares.parts()) {
    ExactProduct p = exact_product(n, q);
    deviations.add(p.hi), deviations.add(p.lo);
  }
  std::vector<double> sum = s.sum.parts();
  for (double a : sum)
    for (double b : sum) {
      ExactProduct p = exact_product(a, b);
      deviations.add(-p.hi), deviations.add(-p.lo);
    }
  s.sd = std::sqrt(std::max(0.0, deviations.value() / (n * (n - 1))));
}

Interval mean_interval(const Spread& s) {
  if (s.n < 2) return {s.mean, s.mean};
  double half = t_critical(s.n - 1) * s.sd / std::sqrt(static_cast<double>(s.n));
  return {s.mean - half, s.mean + half};
}

Spread merge_spreads(const Spread& a, const Spread& b) {
  if (a.n == 0) return b;
  if (b.n == 0) return a;
  Spread s = a;
  s.n += b.n;
  s.min = std::min(a.min, b.min), s.max = std::max(a.max, b.max);
  s.sum.add(b.sum), s.squares.add(b.squares);
  finish_spread(s);
  return s;
}

ScoreBins score_bins(std::int64_t lo, std::int64_t hi, int bins) {
  ScoreBins b;
  // Beyond these, hi - lo and the bin counts would overflow.
  if (!(lo <= hi && -kMaxReportScore <= lo && hi <= kMaxReportScore && bins <= 1'000'000))
    throw InputError("scores from " + std::to_string(lo) + " to " + std::to_string(hi) + " in " +
                     std::to_string(bins) + " bins are beyond what a report holds (" +
                     std::to_string(kMaxReportScore) + " either way)");
  bins = std::max(1, bins);
  b.width = nice_width((hi - lo + bins) / bins);
  b.low = floor_div(lo, b.width) * b.width;
  b.count = static_cast<std::size_t>(floor_div(hi - b.low, b.width) + 1);
  b.fine_width = 1;
  while (b.width % (b.fine_width * 10) == 0) b.fine_width *= 10;
  b.fine_low = floor_div(lo, b.fine_width) * b.fine_width;
  b.fine_count = static_cast<std::size_t>(floor_div(hi - b.fine_low, b.fine_width) + 1);
  return b;
}

namespace {

// Counts one finished game: its winners (a shared win 1/k to each), the first seat, its length.
// Each seat's share of a game: its result when the rules gave results, else 1/k for each of
// k winners (as State::shares).
std::vector<double> shares(const GameRecord& g, int players) {
  if (!g.results.empty()) return g.results;
  std::vector<double> share(players, 0.0);
  for (int w : g.winners) share[w] = 1.0 / static_cast<double>(g.winners.size());
  return share;
}

void count_game(SimReport& r, const GameRecord& g) {
  ++r.finished;
  std::vector<double> share = shares(g, r.players);
  for (int s = 0; s < r.players; ++s) r.seats[s].win.add(share[s]);
  r.ties += g.winners.size() > 1;
  r.no_winner += g.winners.empty();
  r.draws += !g.results.empty() && g.winners.empty() && !r.cooperative;  // a shared loss is no draw
  if (g.first_seat < 0) return;
  ++r.seats[g.first_seat].first;
  ++r.first_seat.games;
  r.first_seat.add(share[g.first_seat]);  // a draw counts its 1/2
}

// Bot kinds in the order their first seat sits in the first game; a kind's wins in a game
// are the shares of its seats that won, so a game won by two seats of one kind is one win.
void count_kinds(SimReport& r, const SimOptions& o, const std::vector<GameRecord>& records) {
  auto stats = [&r](const std::string& kind) {
    auto k = std::find_if(r.kinds.begin(), r.kinds.end(), [&](const KindStats& x) { return x.kind == kind; });
    return k != r.kinds.end() ? k : r.kinds.insert(r.kinds.end(), KindStats{kind, 0, {0, r.finished}, 0});
  };
  for (int s = 0; s < r.players; ++s) ++stats(bot_kind(o, s))->seats;
  for (const auto& g : records) {
    if (g.hit_limit) continue;
    std::vector<double> share = shares(g, r.players);
    for (int s = 0; s < r.players; ++s)
      if (share[s] > 0) stats(g.bots.empty() ? bot_kind(o, s) : g.bots[s])->win.add(share[s]);
  }
  for (auto& k : r.kinds) k.fair = static_cast<double>(k.seats) / r.players;
}

// Every seat's scores in the same bins, about `bins` of a round width, so that seats compare.
void count_scores(SimReport& r, const std::vector<std::vector<double>>& scores, int bins) {
  for (int s = 0; s < r.players; ++s) r.seats[s].score = spread_of(scores[s]);
  double low = r.seats[0].score.min, high = r.seats[0].score.max;
  for (const auto& seat : r.seats) low = std::min(low, seat.score.min), high = std::max(high, seat.score.max);
  ScoreBins b = score_bins(static_cast<std::int64_t>(low), static_cast<std::int64_t>(high), bins);
  r.bins = bins, r.bin_low = b.low, r.bin_width = b.width, r.fine_low = b.fine_low,
  r.fine_width = b.fine_width;
  for (int s = 0; s < r.players; ++s) {
    r.seats[s].histogram.assign(b.count, 0);
    r.seats[s].fine_histogram.assign(b.fine_count, 0);
    for (double x : scores[s]) {
      auto v = static_cast<std::int64_t>(x);
      ++r.seats[s].histogram[floor_div(v - b.low, b.width)];
      ++r.seats[s].fine_histogram[floor_div(v - b.fine_low, b.fine_width)];
    }
  }
}

}  // namespace

SimReport summarize(const Table& table, const SimOptions& o, const std::vector<GameRecord>& records) {
  SimReport r;
  r.ruleset = table.ruleset->id;
  r.variant = table.variant;
  for (const auto& [k, v] : table.params) r.params[k] = to_text(v);
  r.seed = o.game.seed;
  r.players = table.seat_count();
  r.games = static_cast<int>(records.size());
  r.max_actions = o.max_actions;
  r.bins = o.histogram_bins;
  r.rounds_played = table.ruleset->turns.rounds;
  r.cooperative = table.ruleset->cooperative;
  r.seatings = std::max(1, o.seatings);
  r.rotated = (o.rotate || r.seatings > 1) && !o.bots.empty();
  if (o.tally >= 0) r.tally = table.ruleset->vars[o.tally].name;
  if (!o.tally_actions.empty()) r.tally = o.tally_actions;
  for (int s = 0; s < r.players; ++s)
    r.seats.push_back({table.seats[s].name, r.rotated ? "(rotating)" : bot_kind(o, s), {}, 0, {}, {}, {}});
  std::vector<double> turns, rounds, actions;
  std::vector<std::vector<double>> scores(r.players), payoffs(r.players);
  r.paid = table.ruleset->payoffs.declared;
  r.payoff_unit = table.ruleset->payoffs.unit;
  r.scored = true;
  for (const auto& g : records) {
    if (g.hit_limit) {
      ++r.hit_limit;
      if (r.limit_seeds.size() < kLimitSeedsKept) r.limit_seeds.push_back(g.seed);
      continue;
    }
    count_game(r, g);
    for (const auto& t : g.tallied) ++r.tally_counts[t];
    turns.push_back(g.turns), rounds.push_back(g.rounds), actions.push_back(g.actions);
    for (std::size_t s = 0; s < g.payoffs.size() && r.paid; ++s) payoffs[s].push_back(g.payoffs[s]);
    for (int s = 0; s < r.players; ++s)
      if (g.scores[s].is_int()) scores[s].push_back(static_cast<double>(g.scores[s].as_int()));
      else r.scored = false;
  }
  r.turns = spread_of(turns), r.rounds = spread_of(rounds), r.actions = spread_of(actions);
  for (auto& seat : r.seats) seat.win.games = r.finished;
  for (int s = 0; s < r.players && r.paid; ++s) r.payoffs.push_back(spread_of(payoffs[s]));
  count_kinds(r, o, records);
  r.scored = r.scored && r.finished > 0;
  if (r.scored) count_scores(r, scores, o.histogram_bins);
  r.metrics = summarize_metrics(records, r.players);
  return r;
}

double two_proportion_z(double x1, int n1, double x2, int n2) {
  if (n1 <= 0 || n2 <= 0) return 0;
  double p = (x1 + x2) / (n1 + n2);
  double se = std::sqrt(p * (1 - p) * (1.0 / n1 + 1.0 / n2));
  return se > 0 ? (x1 / n1 - x2 / n2) / se : 0;
}

Welch welch(const Spread& a, const Spread& b) {
  if (a.n < 2 || b.n < 2) return {};
  double va = a.sd * a.sd / a.n, vb = b.sd * b.sd / b.n;
  if (va + vb == 0) return {a.mean == b.mean ? 0 : std::copysign(INFINITY, a.mean - b.mean), INFINITY};
  double df = (va + vb) * (va + vb) / (va * va / (a.n - 1) + vb * vb / (b.n - 1));
  return {(a.mean - b.mean) / std::sqrt(va + vb), df};
}

double t_critical(double df) {
  static const double kTable[] = {12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060,
                                  2.2622,  2.2281, 2.2010, 2.1788, 2.1604, 2.1448, 2.1314, 2.1199,
                                  2.1098,  2.1009, 2.0930, 2.0860, 2.0796, 2.0739, 2.0687, 2.0639,
                                  2.0595,  2.0555, 2.0518, 2.0484, 2.0452, 2.0423};
  if (!(df > 1)) return kTable[0];
  if (df <= 30) {
    int i = static_cast<int>(df);
    double frac = df - i;
    return i == 30 ? kTable[29] : kTable[i - 1] + frac * (kTable[i] - kTable[i - 1]);
  }
  // Beyond the table, the Cornish-Fisher expansion (Abramowitz & Stegun 26.7.5) is exact to 4 places.
  double z = kZ95, z3 = z * z * z, z5 = z3 * z * z, z7 = z5 * z * z, z9 = z7 * z * z;
  double g1 = (z3 + z) / 4, g2 = (5 * z5 + 16 * z3 + 3 * z) / 96;
  double g3 = (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / 384;
  double g4 = (79 * z9 + 776 * z7 + 1482 * z5 - 1920 * z3 - 945 * z) / 92160;
  return z + g1 / df + g2 / (df * df) + g3 / (df * df * df) + g4 / (df * df * df * df);
}

namespace {

Comparison rates(std::string metric, const Rate& a, const Rate& b) {
  return {
      std::move(metric), true, a.rate(), b.rate(), two_proportion_z(b.wins, b.games, a.wins, a.games), kZ95};
}

Comparison means(std::string metric, const Spread& a, const Spread& b) {
  Welch w = welch(b, a);
  return {std::move(metric), false, a.mean, b.mean, w.t, t_critical(w.df)};
}

// The designer's sections both reports hold: each seat's decisions, chance draws, the lead
// (when both measured it), how often each action kind is chosen a seat-game, the ladder's pairs.
void compare_metrics(const SimReport& a, const SimReport& b, std::vector<Comparison>& out) {
  const SimMetrics &x = a.metrics, &y = b.metrics;
  if (!x.present || !y.present) return;
  for (std::size_t s = 0; s < a.seats.size() && s < x.seat_decisions.size() && s < y.seat_decisions.size();
       ++s)
    out.push_back(means("decisions " + a.seats[s].name, histogram_spread(x.seat_decisions[s]),
                        histogram_spread(y.seat_decisions[s])));
  if (histogram_mean(x.chance) > 0 || histogram_mean(y.chance) > 0)
    out.push_back(means("chance draws", histogram_spread(x.chance), histogram_spread(y.chance)));
  if (x.lead_measured && y.lead_measured && x.lead_games && y.lead_games) {
    out.push_back(means("lead changes", histogram_spread(x.lead_changes), histogram_spread(y.lead_changes)));
    auto games = [](const SimMetrics& m) { return static_cast<int>(m.lead_games); };
    out.push_back(rates("decided by half-way", {decided_by_half(x) * games(x), games(x)},
                        {decided_by_half(y) * games(y), games(y)}));
    auto scored = [](const SimMetrics& m) { return static_cast<int>(histogram_total(m.still)); };
    out.push_back(
        rates("stalled", {double(stalled_games(x)), scored(x)}, {double(stalled_games(y)), scored(y)}));
  }
  for (const auto& [name, kind] : x.kinds) {
    auto other = y.kinds.find(name);
    if (other == y.kinds.end()) continue;
    Histogram hx, hy;
    for (const auto& [times, entry] : kind.by_times) hx[times] = entry.first;
    for (const auto& [times, entry] : other->second.by_times) hy[times] = entry.first;
    out.push_back(means(name + " a seat-game", histogram_spread(hx), histogram_spread(hy)));
  }
  for (const auto& p : x.ladder)
    for (const auto& q : y.ladder)
      if (p.weaker == q.weaker && p.stronger == q.stronger)
        out.push_back(rates("ladder " + p.stronger + " v " + p.weaker,
                            {p.wins.value(), static_cast<int>(p.games)},
                            {q.wins.value(), static_cast<int>(q.games)}));
}

}  // namespace

std::vector<Comparison> compare(const SimReport& a, const SimReport& b) {
  if (a.players != b.players || a.seats.size() != b.seats.size())
    throw InputError("they have different seat counts (" + std::to_string(a.players) + " and " +
                     std::to_string(b.players) + ")");
  std::vector<Comparison> out;
  for (std::size_t s = 0; s < a.seats.size(); ++s) {
    std::string name =
        a.seats[s].name == b.seats[s].name ? a.seats[s].name : a.seats[s].name + "/" + b.seats[s].name;
    out.push_back(rates("win rate " + name, a.seats[s].win, b.seats[s].win));
  }
  for (const auto& ka : a.kinds)
    for (const auto& kb : b.kinds)
      if (ka.kind == kb.kind && (a.kinds.size() > 1 || b.kinds.size() > 1))
        out.push_back(rates("games won by " + ka.kind, ka.win, kb.win));
  out.push_back(rates("first seat win rate", a.first_seat, b.first_seat));
  out.push_back(rates("ties", {double(a.ties), a.finished}, {double(b.ties), b.finished}));
  out.push_back(rates("no winner", {double(a.no_winner), a.finished}, {double(b.no_winner), b.finished}));
  if (a.draws || b.draws)
    out.push_back(rates("draws", {double(a.draws), a.finished}, {double(b.draws), b.finished}));
  out.push_back(
      rates("hit the action limit", {double(a.hit_limit), a.games}, {double(b.hit_limit), b.games}));
  if (a.rounds_played && b.rounds_played) out.push_back(means("rounds", a.rounds, b.rounds));
  out.push_back(means("turns", a.turns, b.turns));
  out.push_back(means("actions", a.actions, b.actions));
  if (a.scored && b.scored)
    for (std::size_t s = 0; s < a.seats.size(); ++s)
      out.push_back(means("mean score " + a.seats[s].name, a.seats[s].score, b.seats[s].score));
  if (a.paid && b.paid)
    for (std::size_t s = 0; s < a.seats.size(); ++s)
      out.push_back(means("mean payoff " + a.seats[s].name, a.payoffs[s], b.payoffs[s]));
  compare_metrics(a, b, out);
  return out;
}

}  // namespace arbiter
