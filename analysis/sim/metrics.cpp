// The metrics of metrics.hpp: watched game by game, added up in index order, merged
// by adding counts. Nothing here is a double that could round differently in parts.
#include "analysis/sim/metrics.hpp"

#include <algorithm>

#include "runtime/diagnostics.hpp"
#include "runtime/engine.hpp"
#include "play/match.hpp"
#include "analysis/sim/sim.hpp"

namespace arbiter {

namespace {

constexpr std::size_t kKindBytes = 32;  // a kind is the first word of an action, at most this long

std::string first_word(const std::string& action) {
  std::size_t end = std::min(action.find(' '), kKindBytes);
  return action.substr(0, end);
}

// The seat with the strictly highest score, or -1 when two or more share it.
int sole_leader(const std::vector<std::int64_t>& scores) {
  auto best = std::max_element(scores.begin(), scores.end());
  if (best == scores.end() || std::count(scores.begin(), scores.end(), *best) > 1) return -1;
  return static_cast<int>(best - scores.begin());
}

}  // namespace

struct MetricsObserver::Impl {
  Engine& engine;
  int seats;
  GameMetrics m;
  std::vector<int> options;                     // legal actions at each of the seats' decisions
  int last_turn;
  std::vector<std::int64_t> scores;             // at the last sample
  bool sampled = false;
  int still_run = 0;
  std::vector<std::pair<int, int>> leaders;     // (turns completed, sole leader or -1)

  // Every seat's score after `completed` turns; a score that is not a whole number (or a
  // hook that fails) ends the sampling: lead and stall need whole numbers.
  void sample(const State& state, int completed) {
    if (!m.scored) return;
    std::vector<std::int64_t> now(seats);
    for (int s = 0; s < seats; ++s) {
      Value v;
      if (Status st = engine.score(state, s, v); !st.ok || !v.is_int()) return void(m.scored = false);
      now[s] = v.as_int();
    }
    if (sampled && now != scores) m.score_moved = true, still_run = 0;
    else if (sampled) m.still = std::max(m.still, ++still_run);
    scores = std::move(now), sampled = true;
    leaders.emplace_back(completed, sole_leader(scores));
  }
};

MetricsObserver::MetricsObserver(Engine& engine, const State& start, bool read_scores)
    : impl_(new Impl{engine, start.table->seat_count(), {}, {}, start.turn, {}, false, 0, {}}) {
  impl_->m.decisions.assign(impl_->seats, 0);
  impl_->m.kinds.resize(impl_->seats);
  impl_->m.lead_measured = impl_->m.scored = read_scores;  // not read: sample() returns at once
  impl_->sample(start, 0);
}

MetricsObserver::~MetricsObserver() = default;

void MetricsObserver::step(const State& state, const MatchStep& step) {
  Impl& d = *impl_;
  if (step.seat < 0) ++d.m.chance;
  else {
    ++d.m.decisions[step.seat];
    d.options.push_back(step.options);
    auto& kinds = d.m.kinds[step.seat];
    if (!d.m.too_many_kinds) ++kinds[step.tag.empty() ? first_word(step.action) : step.tag];
    if (kinds.size() > kMaxActionKinds) d.m.too_many_kinds = true, kinds.clear();
  }
  if (state.turn != d.last_turn && !state.over) d.sample(state, state.turn - 1), d.last_turn = state.turn;
}

void MetricsObserver::finish(const State& state, GameMetrics& out) {
  Impl& d = *impl_;
  d.sample(state, state.turn);
  auto n = static_cast<std::int64_t>(d.options.size());
  for (std::int64_t i = 0; i < n; ++i) {
    auto phase = static_cast<std::size_t>(i * kPhases / n);
    d.m.options[phase] += d.options[i], ++d.m.asked[phase];
  }
  int previous = -1;
  for (auto [turn, leader] : d.leaders) {
    if (leader >= 0 && previous >= 0 && leader != previous) ++d.m.lead_changes;
    if (leader >= 0) previous = leader;
  }
  if (state.winners.size() == 1 && !d.leaders.empty() && d.leaders.back().second == state.winners[0]) {
    std::size_t i = d.leaders.size();
    while (i > 0 && d.leaders[i - 1].second == state.winners[0]) --i;
    d.m.decided = d.leaders[i].first;  // the first turn after which it led, and never let go
  }
  out = std::move(d.m);
}

KindSplit split_at_median(const ActionKind& kind) {
  KindSplit s;
  std::int64_t total = 0;
  for (const auto& [times, entry] : kind.by_times) total += entry.first;
  std::int64_t seen = 0;
  for (const auto& [times, entry] : kind.by_times)
    if ((seen += entry.first) * 2 >= total) {
      s.median = times;
      break;
    }
  ExactSum above, below;
  for (const auto& [times, entry] : kind.by_times) {
    if (times > s.median) s.above += entry.first, above.add(entry.second);
    if (times < s.median) s.below += entry.first, below.add(entry.second);
  }
  s.above_wins = above.value(), s.below_wins = below.value();
  s.above_rate = s.above ? s.above_wins / static_cast<double>(s.above) : 0;
  s.below_rate = s.below ? s.below_wins / static_cast<double>(s.below) : 0;
  return s;
}

namespace {

std::vector<double> win_shares(const GameRecord& g, int players) {
  if (!g.results.empty()) return g.results;
  std::vector<double> share(players, 0.0);
  for (int w : g.winners) share[w] = 1.0 / static_cast<double>(g.winners.size());
  return share;
}

// The kinds of one game, each seat's times and share; the seat-games without a kind are
// added once all the run's kinds are known (a kind first chosen late still counts them).
void count_kinds(SimMetrics& m, const GameRecord& g, const std::vector<double>& share) {
  for (std::size_t s = 0; s < g.metrics.kinds.size(); ++s)
    for (const auto& [kind, times] : g.metrics.kinds[s]) {
      ActionKind& k = m.kinds[kind];
      k.chosen += times;
      auto& entry = k.by_times[times];
      ++entry.first, entry.second.add(share[s]);
    }
  if (m.kinds.size() > kMaxActionKinds || g.metrics.too_many_kinds) m.too_many_kinds = true;
  if (m.too_many_kinds) m.kinds.clear();
}

void count_lead(SimMetrics& m, const GameRecord& g) {
  const GameMetrics& x = g.metrics;
  if (!x.scored) return;
  ++m.still[x.still];
  m.score_moved += x.score_moved;
  if (!x.score_moved || g.winners.size() != 1) return;
  ++m.lead_games;
  ++m.lead_changes[x.lead_changes];
  ++m.decided[x.decided < 0 ? -1
                            : std::min<std::int64_t>(
                                  kPhases - 1, std::int64_t{x.decided} * kPhases / std::max(1, g.turns))];
}

}  // namespace

SimMetrics summarize_metrics(const std::vector<GameRecord>& records, int players) {
  SimMetrics m;
  m.present = true;
  m.seat_decisions.resize(players);
  for (const auto& g : records) {
    m.lead_measured = m.lead_measured || g.metrics.lead_measured;  // one run: all alike
    if (g.hit_limit) continue;
    std::vector<double> share = win_shares(g, players);
    ++m.turns[g.turns], ++m.rounds[g.rounds], ++m.decisions[g.actions], ++m.chance[g.metrics.chance];
    for (int s = 0; s < players && s < static_cast<int>(g.metrics.decisions.size()); ++s)
      ++m.seat_decisions[s][g.metrics.decisions[s]];
    for (int p = 0; p < kPhases; ++p) m.options[p] += g.metrics.options[p], m.asked[p] += g.metrics.asked[p];
    if (!m.too_many_kinds) count_kinds(m, g, share);
    count_lead(m, g);
    for (int s = 0; s < players && s < static_cast<int>(g.bots.size()); ++s) {
      auto& row = m.seat_kind[g.bots[s]];
      row.resize(players);
      ++row[s].first, row[s].second.add(share[s]);
    }
  }
  // A seat-game that never chose a kind chose it 0 times: the zeros of each kind.
  std::int64_t seat_games = 0;
  ExactSum wins;
  for (const auto& [kind, row] : m.seat_kind)
    for (const auto& [n, w] : row) seat_games += n, wins.add(w);
  for (auto& [name, kind] : m.kinds) {
    std::int64_t n = seat_games;
    ExactSum w = wins;
    for (const auto& [times, entry] : kind.by_times) {
      n -= entry.first;
      for (double part : entry.second.parts()) w.add(-part);
    }
    if (n > 0) kind.by_times[0] = {n, w};
  }
  return m;
}

namespace {

void add_histogram(Histogram& a, const Histogram& b) {
  for (const auto& [value, n] : b) a[value] += n;
}

}  // namespace

void merge_metrics(SimMetrics& a, const SimMetrics& b) {
  // Counts of some games only would pass for the whole run's: refuse, as merge_reports does by name.
  if (a.present && b.present && a.lead_measured != b.lead_measured)
    throw InputError(
        "sim --merge: a report that measured the lead (--lead) and one that did not cannot be merged");
  a.present = a.present && b.present;
  for (auto [x, y] : {std::pair{&a.turns, &b.turns}, {&a.rounds, &b.rounds}, {&a.decisions, &b.decisions},
                      {&a.chance, &b.chance}, {&a.lead_changes, &b.lead_changes}, {&a.decided, &b.decided},
                      {&a.still, &b.still}})
    add_histogram(*x, *y);
  for (std::size_t s = 0; s < a.seat_decisions.size() && s < b.seat_decisions.size(); ++s)
    add_histogram(a.seat_decisions[s], b.seat_decisions[s]);
  for (int p = 0; p < kPhases; ++p) a.options[p] += b.options[p], a.asked[p] += b.asked[p];
  a.lead_games += b.lead_games, a.score_moved += b.score_moved;
  // Zeros of a kind one part never saw are that part's seat-games, all of them.
  std::int64_t b_seat_games = 0, a_seat_games = 0;
  ExactSum b_wins, a_wins;
  for (const auto& [kind, row] : b.seat_kind)
    for (const auto& [n, w] : row) b_seat_games += n, b_wins.add(w);
  for (const auto& [kind, row] : a.seat_kind)
    for (const auto& [n, w] : row) a_seat_games += n, a_wins.add(w);
  a.too_many_kinds = a.too_many_kinds || b.too_many_kinds;
  for (const auto& [name, kind] : b.kinds)
    if (!a.kinds.count(name) && a_seat_games > 0) a.kinds[name].by_times[0] = {a_seat_games, a_wins};
  for (auto& [name, kind] : a.kinds) {
    auto other = b.kinds.find(name);
    if (other == b.kinds.end()) {
      if (b_seat_games == 0) continue;
      auto& zero = kind.by_times[0];
      zero.first += b_seat_games, zero.second.add(b_wins);
      continue;
    }
    kind.chosen += other->second.chosen;
    for (const auto& [times, entry] : other->second.by_times) {
      auto& mine = kind.by_times[times];
      mine.first += entry.first, mine.second.add(entry.second);
    }
  }
  if (a.kinds.size() > kMaxActionKinds || a.too_many_kinds) a.too_many_kinds = true, a.kinds.clear();
  for (const auto& [kind, row] : b.seat_kind) {
    auto& mine = a.seat_kind[kind];
    mine.resize(row.size());
    for (std::size_t s = 0; s < row.size(); ++s)
      mine[s].first += row[s].first, mine[s].second.add(row[s].second);
  }
  if (a.ladder.size() != b.ladder.size())
    throw InputError("sim --merge: reports of different skill ladders (--ladder) cannot be merged");
  for (std::size_t i = 0; i < a.ladder.size(); ++i) {
    LadderPair &x = a.ladder[i];
    const LadderPair& y = b.ladder[i];
    if (x.weaker != y.weaker || x.stronger != y.stronger || x.gap != y.gap)
      throw InputError("sim --merge: reports of different skill ladders (--ladder) cannot be merged");
    x.games += y.games, x.wins.add(y.wins);
  }
}

double histogram_mean(const Histogram& h) {
  ExactSum sum;
  std::int64_t n = 0;
  for (const auto& [value, count] : h)
    sum.add(static_cast<double>(value) * static_cast<double>(count)), n += count;
  return n ? sum.value() / static_cast<double>(n) : 0;
}

std::int64_t histogram_total(const Histogram& h) {
  std::int64_t n = 0;
  for (const auto& [value, count] : h) n += count;
  return n;
}

Spread histogram_spread(const Histogram& h) {
  Spread s;
  for (const auto& [value, count] : h) {
    if (count <= 0) continue;
    auto x = static_cast<double>(value), n = static_cast<double>(count);
    s.min = s.n ? std::min(s.min, x) : x, s.max = s.n ? std::max(s.max, x) : x;
    s.n += static_cast<int>(count);
    ExactProduct sum = exact_product(x, n), square = exact_product(x, x);
    s.sum.add(sum.hi), s.sum.add(sum.lo);
    for (double part : {square.hi, square.lo}) {
      ExactProduct times = exact_product(part, n);
      s.squares.add(times.hi), s.squares.add(times.lo);
    }
  }
  finish_spread(s);
  return s;
}

double decided_by_half(const SimMetrics& m) {
  std::int64_t early = 0;
  for (const auto& [tenth, n] : m.decided) early += tenth >= 0 && tenth < kPhases / 2 ? n : 0;
  return m.lead_games ? double(early) / double(m.lead_games) : 0;
}

std::int64_t stalled_games(const SimMetrics& m) {
  std::int64_t stalled = 0;
  for (const auto& [run, n] : m.still) stalled += run >= kStallTurns ? n : 0;
  return stalled;
}

std::vector<Bin> bin_histogram(const Histogram& h, int bins) {
  if (h.empty()) return {};
  std::int64_t lo = h.begin()->first, hi = h.rbegin()->first, width = 1;
  for (std::int64_t decade = 1; width * bins < hi - lo + 1; decade *= 10)
    for (std::int64_t step : {1, 2, 5})
      if ((width = step * decade) * bins >= hi - lo + 1) break;
  std::int64_t start = lo >= 0 ? lo / width * width : -((-lo + width - 1) / width) * width;
  std::vector<Bin> out;
  for (std::int64_t b = start; b <= hi; b += width) out.push_back({b, b + width - 1, 0});
  for (const auto& [value, n] : h) out[static_cast<std::size_t>((value - start) / width)].count += n;
  return out;
}

std::int64_t histogram_quantile(const Histogram& h, double q) {
  std::int64_t total = histogram_total(h), seen = 0;
  for (const auto& [value, count] : h)
    if ((seen += count) >= q * static_cast<double>(total)) return value;
  return h.empty() ? 0 : h.rbegin()->first;
}

}  // namespace arbiter
