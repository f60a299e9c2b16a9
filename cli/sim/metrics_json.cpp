// Metrics sections as JSON. Histograms are objects from value (as text) to count, in value
// order; an exact sum is the list of its parts (ExactSum::parts), so it reads back exactly.
#include "cli/sim/metrics_json.hpp"

#include <cmath>
#include <limits>

#include "runtime/diagnostics.hpp"
#include "analysis/sim/sim.hpp"

using nlohmann::ordered_json;

namespace arbiter::cli {

namespace {

// A count: far more than any run or merge counts, and small enough that a million of them add
// up without overflow (a report is at most 16 MiB). A value (a length): exact as a double.
constexpr std::int64_t kMaxCount = std::int64_t{1} << 40;
constexpr std::int64_t kMaxValue = std::int64_t{1} << 53;

std::int64_t count_of(const ordered_json& v, const std::string& what, std::int64_t low = 0) {
  if (!v.is_number_integer() || v.get<std::int64_t>() < low || v.get<std::int64_t>() > kMaxCount)
    throw InputError(what + ": a whole number from " + std::to_string(low) + ", not " + quote(v.dump()));
  return v.get<std::int64_t>();
}

ordered_json histogram_json(const Histogram& h) {
  ordered_json j = ordered_json::object();
  for (const auto& [value, n] : h) j[std::to_string(value)] = n;
  return j;
}

std::int64_t key_of(const std::string& key, const std::string& what) {
  std::size_t used = 0;
  long long value = 0;
  try {
    value = std::stoll(key, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != key.size() || key.empty() || std::llabs(value) > kMaxValue)
    throw InputError(what + ": " + quote(key) + " is not a whole number");
  return value;
}

Histogram read_histogram(const ordered_json& j, const std::string& what) {
  if (!j.is_object()) throw InputError(what + ": not an object of counts");
  Histogram h;
  for (const auto& [key, n] : j.items()) h[key_of(key, what)] = count_of(n, what + "." + key);
  return h;
}

ordered_json sum_json(const ExactSum& s) { return s.parts(); }


ordered_json length_json(const SimMetrics& m) {
  ordered_json j = {{"turns", histogram_json(m.turns)}, {"rounds", histogram_json(m.rounds)},
                    {"decisions", histogram_json(m.decisions)}, {"chance", histogram_json(m.chance)}};
  j["decisions_per_seat"] = ordered_json::array();
  for (const auto& h : m.seat_decisions) j["decisions_per_seat"].push_back(histogram_json(h));
  return j;
}

ordered_json branching_json(const SimMetrics& m) {
  ordered_json mean = ordered_json::array();
  for (int p = 0; p < kPhases; ++p)
    mean.push_back(m.asked[p] ? double(m.options[p]) / double(m.asked[p]) : 0.0);
  return {{"definition", "legal actions per decision, by tenth of each game's decisions"},
          {"options", m.options}, {"decisions", m.asked}, {"mean", mean}};
}

ordered_json kinds_json(const SimMetrics& m) {
  if (m.too_many_kinds) return {{"too_many", true}};
  ordered_json kinds = ordered_json::object();
  for (const auto& [name, k] : m.kinds) {
    ordered_json by = ordered_json::object();
    for (const auto& [times, entry] : k.by_times)
      by[std::to_string(times)] = {entry.first, sum_json(entry.second)};
    KindSplit s = split_at_median(k);
    kinds[name] = {{"chosen", k.chosen}, {"by_times", by}, {"median", s.median},
                   {"above_median", {{"seat_games", s.above}, {"win_rate", s.above_rate}}},
                   {"below_median", {{"seat_games", s.below}, {"win_rate", s.below_rate}}}};
  }
  return {{"definition", "the ruleset's tag of each action chosen (its tag hook), else its first word"},
          {"kinds", kinds}};
}

ordered_json lead_json(const SimMetrics& m) {
  if (!m.lead_measured)
    return {{"measured", false}, {"why", "the score hook is read at every turn only with sim --lead"}};
  std::int64_t stalled = 0;
  for (const auto& [run, n] : m.still) stalled += run >= kStallTurns ? n : 0;
  return {{"measured", true}, {"games", m.lead_games}, {"changes", histogram_json(m.lead_changes)},
          {"decided_tenth", histogram_json(m.decided)}, {"score_moved", m.score_moved},
          {"longest_still", histogram_json(m.still)}, {"stall_turns", kStallTurns}, {"stalled", stalled}};
}

ordered_json seat_bot_json(const SimMetrics& m) {
  ordered_json j = ordered_json::object();
  for (const auto& [kind, row] : m.seat_kind) {
    ordered_json seats = ordered_json::array();
    for (const auto& [n, w] : row)
      seats.push_back({{"games", n}, {"wins", sum_json(w)}, {"rate", n ? w.value() / double(n) : 0.0}});
    j[kind] = seats;
  }
  return j;
}

ordered_json ladder_json(const std::vector<LadderPair>& ladder) {
  ordered_json j = ordered_json::array();
  for (const auto& p : ladder) {
    double wins = p.wins.value();
    Interval ci = wilson(wins, static_cast<int>(p.games));
    j.push_back({{"weaker", p.weaker}, {"stronger", p.stronger}, {"gap", p.gap}, {"games", p.games},
                 {"wins", sum_json(p.wins)}, {"rate", p.games ? wins / double(p.games) : 0.0},
                 {"ci95", {ci.low, ci.high}}, {"fair", p.fair}});
  }
  return j;
}

std::vector<LadderPair> read_ladder(const ordered_json& j) {
  if (!j.is_array() || j.size() > 1000) throw InputError("metrics.ladder: not a list of pairs");
  std::vector<LadderPair> out;
  for (const auto& p : j)
    out.push_back({p.at("weaker").get<std::string>(), p.at("stronger").get<std::string>(),
                   static_cast<int>(count_of(p.at("gap"), "ladder.gap", 1)),
                   count_of(p.at("games"), "ladder.games"), read_exact_sum(p.at("wins"), "ladder.wins"),
                   p.at("fair").get<double>()});
  return out;
}

std::array<std::int64_t, kPhases> read_phases(const ordered_json& j, const std::string& what) {
  if (!j.is_array() || j.size() != kPhases)
    throw InputError(what + ": not " + std::to_string(kPhases) + " counts");
  std::array<std::int64_t, kPhases> out{};
  for (int p = 0; p < kPhases; ++p) out[p] = count_of(j[p], what);
  return out;
}

void read_kinds(SimMetrics& m, const ordered_json& j) {
  m.too_many_kinds = j.value("too_many", false);
  if (m.too_many_kinds) return;
  if (j.at("kinds").size() > kMaxActionKinds)
    throw InputError("metrics.action_kinds: more kinds than a report keeps");
  for (const auto& [name, k] : j.at("kinds").items()) {
    ActionKind& kind = m.kinds[name];
    kind.chosen = count_of(k.at("chosen"), "chosen");
    for (const auto& [times, entry] : k.at("by_times").items())
      kind.by_times[key_of(times, "by_times")] = {count_of(entry.at(0), "by_times"),
                                                  read_exact_sum(entry.at(1), "by_times")};
  }
}

// A report made before --lead has no "measured": it always measured.
void read_lead(SimMetrics& m, const ordered_json& lead) {
  const auto& measured = lead.contains("measured") ? lead.at("measured") : ordered_json(true);
  if (!measured.is_boolean())
    throw InputError("metrics.lead.measured: true or false, not " + quote(measured.dump()));
  m.lead_measured = measured.get<bool>();
  if (!m.lead_measured) return;
  m.lead_games = count_of(lead.at("games"), "lead.games");
  m.lead_changes = read_histogram(lead.at("changes"), "lead.changes");
  m.decided = read_histogram(lead.at("decided_tenth"), "lead.decided_tenth");
  m.score_moved = count_of(lead.at("score_moved"), "lead.score_moved");
  m.still = read_histogram(lead.at("longest_still"), "lead.longest_still");
}

}  // namespace

ordered_json metrics_json(const SimMetrics& m) {
  return {{"length", length_json(m)}, {"branching", branching_json(m)}, {"action_kinds", kinds_json(m)},
          {"lead", lead_json(m)}, {"seat_bot", seat_bot_json(m)}, {"ladder", ladder_json(m.ladder)}};
}

SimMetrics read_metrics(const ordered_json& j, int players) {
  SimMetrics m;
  m.present = true;
  const auto& length = j.at("length");
  m.turns = read_histogram(length.at("turns"), "turns");
  m.rounds = read_histogram(length.at("rounds"), "rounds");
  m.decisions = read_histogram(length.at("decisions"), "decisions");
  m.chance = read_histogram(length.at("chance"), "chance");
  if (length.at("decisions_per_seat").size() != static_cast<std::size_t>(players))
    throw InputError("metrics.length.decisions_per_seat: not one per seat");
  for (const auto& h : length.at("decisions_per_seat"))
    m.seat_decisions.push_back(read_histogram(h, "decisions_per_seat"));
  m.options = read_phases(j.at("branching").at("options"), "branching.options");
  m.asked = read_phases(j.at("branching").at("decisions"), "branching.decisions");
  read_kinds(m, j.at("action_kinds"));
  read_lead(m, j.at("lead"));
  for (const auto& [kind, seats] : j.at("seat_bot").items()) {
    if (seats.size() != static_cast<std::size_t>(players))
      throw InputError("metrics.seat_bot: not one entry per seat");
    auto& row = m.seat_kind[kind];
    for (const auto& s : seats)
      row.emplace_back(count_of(s.at("games"), "seat_bot.games"),
                       read_exact_sum(s.at("wins"), "seat_bot.wins"));
  }
  if (j.contains("ladder")) m.ladder = read_ladder(j.at("ladder"));
  return m;
}

ExactSum read_exact_sum(const ordered_json& j, const std::string& what) {
  if (!j.is_array() || j.size() > 64) throw InputError(what + ": not the parts of an exact sum");
  ExactSum s;
  for (const auto& x : j) {
    if (!x.is_number() || !(std::fabs(x.get<double>()) <= 1e60))
      throw InputError(what + ": a part beyond any report's");
    s.add(x.get<double>());
  }
  return s;
}

}  // namespace arbiter::cli
