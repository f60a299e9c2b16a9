// `arbiter sim --merge`: reports of disjoint, adjacent seed ranges added up into the report
// that one run over all their seeds gives. Counts add; wins, sums and sums of squares are
// kept exactly (ExactSum), so means, sds and rates round as one run rounds them; score
// histograms are re-binned from fine bins that nest in any wider bins.
#include <fmt/format.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <numeric>

#include "runtime/diagnostics.hpp"
#include "runtime/fingerprint.hpp"
#include "analysis/sim/sim.hpp"

namespace arbiter {

namespace {

std::int64_t floor_div(std::int64_t a, std::int64_t b) { return a / b - (a % b != 0 && (a < 0) != (b < 0)); }

// The seeds a report's games were played with: one a game, or one for every `seatings` games.
int seed_count(const SimReport& r) {
  return (r.games + std::max(1, r.seatings) - 1) / std::max(1, r.seatings);
}

std::string seeds(const SimReport& r) {
  if (r.games == 0) return "no games";
  int n = seed_count(r);
  return fmt::format("seeds {} to {}", r.seed, static_cast<unsigned __int128>(r.seed) + n - 1 > UINT64_MAX
                                                   ? std::string("past 2^64")
                                                   : std::to_string(r.seed + n - 1));
}

// Scores beyond this are not exact as doubles, and their bins' arithmetic could overflow.
constexpr auto kMaxScore = static_cast<double>(kMaxReportScore);

// A report that does not add up is refused before anything is merged from it.
void check_consistent(const SimReport& r, const std::string& name) {
  auto bad = [&](const std::string& why) {
    throw InputError(name + ": a report that does not add up (" + why + "); was it edited?");
  };
  if (r.games < 0 || r.finished < 0 || r.hit_limit < 0 ||
      r.finished + static_cast<long long>(r.hit_limit) != r.games)
    bad("finished and hit_limit games do not make up the games");
  if (r.players < 1 || r.players > 64 || r.seats.size() != static_cast<std::size_t>(r.players))
    bad("seats and players differ");
  if (r.limit_seeds.size() > kLimitSeedsKept) bad("more seeds of unfinished games than a report keeps");
  if (r.seatings < 1 || r.seatings > r.players) bad("seatings beyond the seat count");
  if (r.asked <= r.games && r.games % r.seatings != 0) bad("games that are not every seating of whole seeds");
  for (const Spread* s : {&r.turns, &r.actions, &r.rounds})
    if (s != &r.rounds || r.rounds_played)
      if (s->n != r.finished) bad("a length is not over the finished games");
  if (!r.scored || r.finished == 0) return;
  if (r.bins < 1 || r.bins > 1000) bad("bins");
  if (r.fine_width < 1 || r.bin_width < 1 || r.bin_width % r.fine_width != 0) bad("bin widths");
  for (std::int64_t w = r.fine_width; w > 1; w /= 10)
    if (w % 10 != 0) bad("a fine bin width that is not a power of ten");
  double low = r.seats[0].score.min, high = r.seats[0].score.max;
  for (const auto& s : r.seats) {
    if (s.score.n != r.finished || !(std::fabs(s.score.min) <= kMaxScore) ||
        !(std::fabs(s.score.max) <= kMaxScore) || s.score.min > s.score.max)
      bad("a seat's scores");
    low = std::min(low, s.score.min), high = std::max(high, s.score.max);
  }
  ScoreBins b = score_bins(static_cast<std::int64_t>(low), static_cast<std::int64_t>(high), r.bins);
  if (b.fine_width != r.fine_width || b.fine_low != r.fine_low || b.width != r.bin_width ||
      b.low != r.bin_low)
    bad("score bins that its scores do not give");
  for (const auto& s : r.seats) {
    if (s.fine_histogram.size() != b.fine_count) bad("a fine histogram of the wrong length");
    long long games = 0;
    for (int c : s.fine_histogram) {
      if (c < 0) bad("a negative count");
      games += c;
    }
    if (games != r.finished) bad("a histogram that does not count the finished games");
    std::vector<int> coarse(b.count, 0);
    for (std::size_t i = 0; i < s.fine_histogram.size(); ++i)
      coarse[floor_div(b.fine_low + static_cast<std::int64_t>(i) * b.fine_width - b.low, b.width)] +=
          s.fine_histogram[i];
    if (coarse != s.histogram) bad("a histogram that its fine bins do not give");
  }
}

// Everything that decides how the games were played must be the same in every report.
void check_same_games(const SimReport& a, const std::string& a_name, const SimReport& b,
                      const std::string& b_name) {
  auto refuse = [&](const std::string& why) {
    throw InputError(a_name + " and " + b_name + " cannot be merged: " + why);
  };
  if (a.ruleset != b.ruleset)
    refuse("they are of different rulesets (" + a.ruleset + " and " + b.ruleset + ")");
  std::vector<std::string> rules = ruleset_differences(a, b);
  if (rules.size() > 6) rules.resize(5), rules.push_back("…");
  if (!rules.empty()) refuse("their games were played with different rules: " + join(rules, "; "));
  if (a.players != b.players)
    refuse(fmt::format("they have different seat counts ({} and {})", a.players, b.players));
  for (std::size_t s = 0; s < a.seats.size(); ++s) {
    if (a.seats[s].name != b.seats[s].name)
      refuse(
          fmt::format("seat {} is {} in one and {} in the other", s + 1, a.seats[s].name, b.seats[s].name));
    if (a.seats[s].bot != b.seats[s].bot)
      refuse(fmt::format("{} is played by {} in one and {} in the other", a.seats[s].name, a.seats[s].bot,
                         b.seats[s].bot));
  }
  bool kinds_alike = a.kinds.size() == b.kinds.size() && a.rotated == b.rotated;
  for (std::size_t k = 0; kinds_alike && k < a.kinds.size(); ++k)
    kinds_alike = a.kinds[k].kind == b.kinds[k].kind && a.kinds[k].seats == b.kinds[k].seats;
  if (!kinds_alike) refuse("their bots differ (or rotate in one only)");
  if (a.max_actions != b.max_actions)
    refuse(fmt::format("their action limits differ (--max-actions {} and {})", a.max_actions, b.max_actions));
  if (a.tally != b.tally)
    refuse("they tally different variables (" + (a.tally.empty() ? "none" : a.tally) + " and " +
           (b.tally.empty() ? "none" : b.tally) + ")");
  if (a.rounds_played != b.rounds_played || a.bins != b.bins)
    refuse("their reports are laid out differently");
  if (a.paid != b.paid) refuse("one reports payoffs and the other does not");
  if (a.seatings != b.seatings)
    refuse("one played every seed in every seating (--every-seating) and the other did not");
  if (a.metrics.present && b.metrics.present && a.metrics.lead_measured != b.metrics.lead_measured)
    refuse(std::string(a.metrics.lead_measured ? "the first" : "the second") +
           " measured the lead and the other did not: run every shard with --lead, or none");
}

// The reports' seed ranges, in order, must follow on from each other with no gap.
void check_seeds(const std::vector<const SimReport*>& sorted, const std::vector<std::string>& names) {
  for (std::size_t k = 1; k < sorted.size(); ++k) {
    const SimReport &prev = *sorted[k - 1], &cur = *sorted[k];
    unsigned __int128 end = static_cast<unsigned __int128>(prev.seed) + seed_count(prev);
    if (cur.seed < end)
      throw InputError(fmt::format("{} ({}) and {} ({}) overlap: their common games would be counted twice; "
                                   "give each shard its own seeds (--seed S, S+N, S+2N, … with --games N)",
                                   names[k - 1], seeds(prev), names[k], seeds(cur)));
    if (cur.seed > end) {
      std::string missing = fmt::format("seeds {} to {}", static_cast<std::uint64_t>(end), cur.seed - 1);
      if (prev.asked > prev.games)
        throw InputError(
            fmt::format("{} is partial (stopped after {} of the {} games asked for): {} are in no report",
                        names[k - 1], prev.games, prev.asked, missing));
      throw InputError(
          fmt::format("no report holds {} (between {} and {}): the merged report would not be one "
                      "run's; run those games too, or merge the reports on either side apart",
                      missing, names[k - 1], names[k]));
    }
    if (prev.asked > prev.games)
      throw InputError(
          fmt::format("{} is partial (stopped after {} of the {} games asked for): its last seeds "
                      "are in no report, so nothing may follow it",
                      names[k - 1], prev.games, prev.asked));
  }
}

// Adds `r`'s counts into `m`; the histograms are re-binned afterwards.
void add_report(SimReport& m, const SimReport& r) {
  m.asked = std::max(m.asked, m.games) + std::max(r.asked, r.games);
  m.games += r.games, m.finished += r.finished, m.hit_limit += r.hit_limit;
  for (auto s : r.limit_seeds)
    if (m.limit_seeds.size() < kLimitSeedsKept) m.limit_seeds.push_back(s);
  m.ties += r.ties, m.no_winner += r.no_winner, m.draws += r.draws;
  for (std::size_t s = 0; s < m.seats.size(); ++s) {
    m.seats[s].win.add(r.seats[s].win);
    m.seats[s].first += r.seats[s].first;
    m.seats[s].score = merge_spreads(m.seats[s].score, r.seats[s].score);
    if (m.paid) m.payoffs[s] = merge_spreads(m.payoffs[s], r.payoffs[s]);
  }
  for (std::size_t k = 0; k < m.kinds.size(); ++k) m.kinds[k].win.add(r.kinds[k].win);
  m.first_seat.add(r.first_seat);
  m.turns = merge_spreads(m.turns, r.turns);
  m.actions = merge_spreads(m.actions, r.actions);
  m.rounds = merge_spreads(m.rounds, r.rounds);
  for (const auto& [value, n] : r.tally_counts) m.tally_counts[value] += n;
  merge_metrics(m.metrics, r.metrics);
}

// Every report's fine bins into the merged report's bins: each fine bin lies inside one.
void rebin_scores(SimReport& m, const std::vector<const SimReport*>& reports) {
  m.scored = m.finished > 0;
  for (const SimReport* r : reports) m.scored = m.scored && (r->finished == 0 || r->scored);
  if (!m.scored) {
    for (auto& s : m.seats) s.score = {}, s.histogram.clear(), s.fine_histogram.clear();
    m.bin_low = 0, m.bin_width = 1, m.fine_low = 0, m.fine_width = 1;
    return;
  }
  double low = m.seats[0].score.min, high = m.seats[0].score.max;
  for (const auto& s : m.seats) low = std::min(low, s.score.min), high = std::max(high, s.score.max);
  ScoreBins b = score_bins(static_cast<std::int64_t>(low), static_cast<std::int64_t>(high), m.bins);
  m.bin_low = b.low, m.bin_width = b.width, m.fine_low = b.fine_low, m.fine_width = b.fine_width;
  for (auto& s : m.seats) s.histogram.assign(b.count, 0), s.fine_histogram.assign(b.fine_count, 0);
  for (const SimReport* r : reports) {
    if (r->finished == 0) continue;
    for (std::size_t s = 0; s < m.seats.size(); ++s) {
      const auto& fine = r->seats[s].fine_histogram;
      for (std::size_t i = 0; i < fine.size(); ++i) {
        if (fine[i] == 0) continue;
        std::int64_t v = r->fine_low + static_cast<std::int64_t>(i) * r->fine_width;
        // Checked reports make both land inside; a bin that would not is an error, not a write out of bounds.
        auto coarse = static_cast<std::size_t>(floor_div(v - b.low, b.width));
        auto into = static_cast<std::size_t>(floor_div(v - b.fine_low, b.fine_width));
        if (v < b.fine_low || coarse >= b.count || into >= b.fine_count || b.fine_width % r->fine_width != 0)
          throw InputError("sim --merge: a report's score bins do not fit the merged ones");
        m.seats[s].histogram[coarse] += fine[i];
        m.seats[s].fine_histogram[into] += fine[i];
      }
    }
  }
}

}  // namespace

SimReport merge_reports(const std::vector<SimReport>& reports, const std::vector<std::string>& names) {
  if (reports.empty()) throw InputError("sim --merge: name the reports to merge");
  for (std::size_t i = 0; i < reports.size(); ++i) {
    if (!reports[i].mergeable)
      throw InputError(names[i] +
                       ": a report without the exact sums merging needs (made by an earlier arbiter); "
                       "run its games again with this one");
    check_consistent(reports[i], names[i]);
  }
  std::vector<std::size_t> order(reports.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](auto x, auto y) { return reports[x].seed < reports[y].seed; });
  std::vector<const SimReport*> sorted;
  std::vector<std::string> sorted_names;
  long long games = 0;
  for (auto i : order) {
    sorted.push_back(&reports[i]), sorted_names.push_back(names[i]);
    games += std::max(reports[i].asked, reports[i].games);
  }
  if (games > INT_MAX)
    throw InputError(
        fmt::format("sim --merge: {} games in all, more than a report counts ({})", games, INT_MAX));
  for (std::size_t k = 1; k < sorted.size(); ++k)
    check_same_games(*sorted[0], sorted_names[0], *sorted[k], sorted_names[k]);
  check_seeds(sorted, sorted_names);
  SimReport m = *sorted[0];
  m.asked = std::max(m.asked, m.games);
  for (std::size_t k = 1; k < sorted.size(); ++k) add_report(m, *sorted[k]);
  rebin_scores(m, sorted);
  return m;
}

std::vector<std::string> ruleset_differences(const SimReport& a, const SimReport& b) {
  std::vector<std::string> out;
  auto changed = [](const std::string& x, const std::string& y) { return x + " → " + y; };
  if (a.ruleset != b.ruleset) out.push_back("ruleset: " + changed(a.ruleset, b.ruleset));
  if (a.version != b.version)
    out.push_back("arbiter version: " + changed(a.version.empty() ? "(not recorded)" : a.version,
                                                b.version.empty() ? "(not recorded)" : b.version));
  if (a.variant != b.variant)
    out.push_back("variant: " + changed(a.variant.empty() ? "(none)" : a.variant,
                                        b.variant.empty() ? "(none)" : b.variant));
  key_differences(a.params, b.params, "parameter", changed, out);
  if (a.prints.empty() || b.prints.empty()) {
    if (!a.prints.empty() || !b.prints.empty())
      out.push_back(std::string("components and rules files: not recorded in ") +
                    (a.prints.empty() ? "A" : "B") + " (a report of an earlier arbiter)");
    return out;
  }
  std::vector<std::string> prints = print_differences(a.prints, b.prints);
  out.insert(out.end(), prints.begin(), prints.end());
  return out;
}

}  // namespace arbiter
