// Simulation reports as JSON and CSV. JSON carries every count a comparison needs (wins,
// games, mean, sd, n), plus the derived rates and intervals for tools that only read.
#include "cli/sim/report.hpp"

#include <fmt/format.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>

#include "present/json_text.hpp"
#include "cli/sim/metrics_json.hpp"
#include "runtime/diagnostics.hpp"
#include "runtime/limits.hpp"

using nlohmann::ordered_json;

namespace arbiter::cli {

using namespace arbiter::present;

namespace {

constexpr const char* kFormat = "arbiter-sim";
constexpr int kVersion = 1;

ordered_json interval(const Interval& i) { return {i.low, i.high}; }

// A count or other whole number of a report, within [low, high]: nlohmann's get<int> casts a
// float such as 1e300 to int, which is undefined, and wraps a larger integer.
template <class T = int>
T whole(const ordered_json& j, const std::string& key, std::int64_t low = 0,
        std::int64_t high = std::numeric_limits<int>::max()) {
  const ordered_json& v = j.at(key);
  bool fits = v.is_number_unsigned()
                  ? v.get<std::uint64_t>() <= static_cast<std::uint64_t>(high)
                  : v.is_number_integer() && v.get<std::int64_t>() >= low && v.get<std::int64_t>() <= high;
  if (!fits)
    throw InputError(key + ": a whole number from " + std::to_string(low) + " to " + std::to_string(high) +
                     ", not " + quote(v.dump()));
  return v.is_number_unsigned() ? static_cast<T>(v.get<std::uint64_t>())
                                : static_cast<T>(v.get<std::int64_t>());
}

// A seed: any whole number from 0 to 2^64-1.
std::uint64_t seed_of(const ordered_json& v, const std::string& key) {
  if (v.is_number_unsigned()) return v.get<std::uint64_t>();
  if (v.is_number_integer() && v.get<std::int64_t>() >= 0)
    return static_cast<std::uint64_t>(v.get<std::int64_t>());
  throw InputError(key + ": a seed from 0 to 18446744073709551615, not " + quote(v.dump()));
}

// Every element of a list of counts, as whole() reads one.
std::vector<int> counts(const ordered_json& j, const std::string& key) {
  std::vector<int> out;
  for (const auto& c : j.at(key)) out.push_back(whole(ordered_json{{key, c}}, key));
  return out;
}

// A sum, and when the double is not the exact sum, the parts it is made of (ExactSum::parts).
void put_sum(ordered_json& j, const std::string& key, const ExactSum& sum) {
  j[key] = sum.value();
  std::vector<double> parts = sum.parts();
  if (parts.size() > 1) j[key + "_parts"] = parts;
}

// Parts are few (an exact sum of doubles needs a few dozen at most) and within a report's range.
ExactSum read_sum(const ordered_json& j, const std::string& key) {
  constexpr double kLargest = 1e60;
  std::vector<double> parts = j.contains(key + "_parts") ? j.at(key + "_parts").get<std::vector<double>>()
                                                         : std::vector<double>{j.at(key).get<double>()};
  if (parts.size() > 64) throw InputError(key + "_parts: more parts than an exact sum has");
  for (double x : parts)
    if (!(std::fabs(x) <= kLargest)) throw InputError(key + ": a sum beyond any report's");
  ExactSum sum(parts);
  if (sum.value() != j.at(key).get<double>()) throw InputError(key + "_parts: they do not add up to " + key);
  return sum;
}

ordered_json rate(const Rate& r) {
  ordered_json j = {{"wins", r.wins}, {"games", r.games}, {"rate", r.rate()}, {"ci95", interval(r.ci())}};
  std::vector<double> parts = r.exact.parts();
  if (parts.size() > 1) j["wins_parts"] = parts;  // shared wins (1/3) are not exact as one double
  return j;
}

ordered_json spread(const Spread& s) {
  ordered_json j = {{"n", s.n}, {"mean", s.mean}, {"sd", s.sd}, {"min", s.min}, {"max", s.max}};
  put_sum(j, "sum", s.sum);
  put_sum(j, "sum_squares", s.squares);
  return j;
}

Rate read_rate(const ordered_json& j) {
  Rate r(j.at("wins").get<double>(), whole(j, "games"));
  r.exact = read_sum(j, "wins");
  return r;
}

// A report of an arbiter before --merge has no sums: it reads (for --compare), but does not merge.
Spread read_spread(const ordered_json& j, bool& exact) {
  Spread s{whole(j, "n"), j.at("mean").get<double>(), j.at("sd").get<double>(), j.at("min").get<double>(),
           j.at("max").get<double>(), {}, {}};
  if (!j.contains("sum") || !j.contains("sum_squares")) {
    exact = false;
    return s;
  }
  s.sum = read_sum(j, "sum");
  s.squares = read_sum(j, "sum_squares");
  return s;
}

ordered_json seat_json(const SeatStats& s, bool scored, const Spread* payoff) {
  ordered_json j = {{"name", s.name}, {"bot", s.bot}, {"win", rate(s.win)}, {"moved_first", s.first}};
  if (payoff) j["payoff"] = spread(*payoff), j["payoff"]["ci95"] = interval(mean_interval(*payoff));
  if (scored) j["score"] = spread(s.score), j["histogram"] = s.histogram;
  if (scored && s.fine_histogram != s.histogram) j["fine_histogram"] = s.fine_histogram;
  return j;
}

RulesetPrints read_prints(const ordered_json& j) {
  RulesetPrints p;
  p.params = j.at("params").get<std::string>();
  p.components = j.at("components").get<std::string>();
  for (const auto& [name, k] : j.at("kinds").items())
    p.kinds[name] = {whole(k, "count"), k.at("fingerprint").get<std::string>()};
  p.files = j.at("files").get<std::map<std::string, std::string>>();
  return p;
}

ordered_json prints_json(const RulesetPrints& p) {
  ordered_json kinds = ordered_json::object();
  for (const auto& [name, k] : p.kinds) kinds[name] = {{"count", k.first}, {"fingerprint", k.second}};
  return {{"params", p.params}, {"components", p.components}, {"kinds", kinds}, {"files", p.files}};
}

// The score histograms' bins of a report that keeps scores; without fine bins (an older
// report) the coarse ones stand in, and the report no longer merges exactly.
void read_score_bins(const ordered_json& scores, SimReport& r) {
  constexpr std::int64_t kEdge = kMaxReportScore * 2;  // bins reach past the scores
  r.bin_low = whole<std::int64_t>(scores, "bin_low", -kEdge, kEdge);
  r.bin_width = whole<std::int64_t>(scores, "bin_width", 1, kEdge);
  if (scores.contains("bins")) r.bins = whole(scores, "bins", 1, 1000);
  r.fine_low = scores.contains("fine_low") ? whole<std::int64_t>(scores, "fine_low", -kEdge, kEdge) : r.bin_low;
  r.fine_width =
      scores.contains("fine_width") ? whole<std::int64_t>(scores, "fine_width", 1, kEdge) : r.bin_width;
  r.mergeable = r.mergeable && scores.contains("fine_width");
}

SimReport from_json(const ordered_json& j) {
  SimReport r;
  r.ruleset = j.at("ruleset").get<std::string>();
  r.version = j.value("arbiter", "");
  if (j.contains("fingerprints")) r.prints = read_prints(j["fingerprints"]);
  r.variant = j.at("variant").get<std::string>();
  r.params = j.at("params").get<std::map<std::string, std::string>>();
  r.seed = seed_of(j.at("seed"), "seed");
  r.players = whole(j, "players");
  r.games = whole(j, "games");
  if (j.contains("partial") && j["partial"].is_object() && j["partial"].contains("asked"))
    r.asked = whole(j["partial"], "asked");
  r.max_actions = whole(j, "max_actions");
  r.finished = whole(j, "finished");
  r.hit_limit = whole(j.at("hit_limit"), "games");
  for (const auto& seed : j.at("hit_limit").at("seeds"))
    r.limit_seeds.push_back(seed_of(seed, "hit_limit.seeds"));
  r.ties = whole(j, "ties");
  r.no_winner = whole(j, "no_winner");
  if (j.contains("draws")) r.draws = whole(j, "draws");  // reports before results had none
  r.cooperative = j.contains("cooperative") && j["cooperative"].is_boolean() && j["cooperative"].get<bool>();
  r.scored = j.at("scores").is_object();
  r.paid = j.contains("payoffs");  // absent for games without payoffs, so such reports read as before
  if (r.paid) r.payoff_unit = j["payoffs"].at("unit").get<std::string>();
  bool& exact = r.mergeable;
  if (r.scored) read_score_bins(j["scores"], r);
  for (const auto& s : j.at("seats")) {
    SeatStats seat{s.at("name").get<std::string>(), s.at("bot").get<std::string>(), read_rate(s.at("win")),
                   whole(s, "moved_first"), {}, {}, {}};
    if (r.paid) r.payoffs.push_back(read_spread(s.at("payoff"), exact));
    if (r.scored) {
      seat.score = read_spread(s.at("score"), exact);
      seat.histogram = counts(s, "histogram");
      seat.fine_histogram = s.contains("fine_histogram") ? counts(s, "fine_histogram") : seat.histogram;
    }
    r.seats.push_back(std::move(seat));
  }
  for (const auto& k : j.at("bots"))
    r.kinds.push_back({k.at("kind").get<std::string>(), whole(k, "seats"), read_rate(k.at("win")),
                       k.at("fair").get<double>()});
  r.rotated = j.value("bots_rotate", false);
  r.seatings = j.contains("seatings") ? whole(j, "seatings", 1, 64) : 1;
  r.first_seat = read_rate(j.at("first_seat").at("win"));
  const auto& length = j.at("length");
  r.turns = read_spread(length.at("turns"), exact);
  r.actions = read_spread(length.at("actions"), exact);
  r.rounds_played = length.contains("rounds");
  if (r.rounds_played) r.rounds = read_spread(length.at("rounds"), exact);
  if (j.contains("tally")) {
    r.tally = j["tally"].at("var").get<std::string>();
    for (const auto& [value, n] : j["tally"].at("counts").items())
      r.tally_counts[value] = whole(ordered_json{{"counts", n}}, "counts");
  }
  if (j.contains("metrics")) r.metrics = read_metrics(j["metrics"], r.players);
  return r;
}

// nlohmann's message without its tag ("[json.exception.type_error.302] "): a user reads what
// is wrong with the file, not which C++ exception said so.
std::string json_error(const nlohmann::json::exception& e) {
  std::string message = e.what();
  std::size_t tag_end = message.find("] ");
  if (message.rfind("[json.exception.", 0) == 0 && tag_end != std::string::npos)
    message.erase(0, tag_end + 2);
  return message;
}

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

}  // namespace

std::string report_json(const SimReport& r, const RunInfo& run) {
  ordered_json j;
  j["format"] = kFormat;
  j["version"] = kVersion;
  j["ruleset"] = r.ruleset;
  j["arbiter"] = r.version;
  j["variant"] = r.variant;
  j["params"] = r.params;
  j["seed"] = r.seed;
  j["players"] = r.players;
  j["games"] = r.games;
  if (r.asked > r.games) j["partial"] = {{"asked", r.asked}};  // Ctrl-C stopped the run
  j["max_actions"] = r.max_actions;
  j["finished"] = r.finished;
  j["hit_limit"] = {{"games", r.hit_limit}, {"seeds", r.limit_seeds}};
  j["ties"] = r.ties;
  j["no_winner"] = r.no_winner;
  if (r.draws) j["draws"] = r.draws;  // absent where no game gave results, so such reports read as before
  if (r.cooperative) j["cooperative"] = true;  // won or lost together: ties are the shared wins
  j["seats"] = ordered_json::array();
  for (std::size_t s = 0; s < r.seats.size(); ++s)
    j["seats"].push_back(seat_json(r.seats[s], r.scored, r.paid ? &r.payoffs.at(s) : nullptr));
  if (r.paid) j["payoffs"] = {{"unit", r.payoff_unit}};
  j["bots_rotate"] = r.rotated;
  if (r.seatings > 1)
    j["seatings"] = r.seatings;  // absent for one game a seed, so such reports read as before
  j["bots"] = ordered_json::array();
  for (const auto& k : r.kinds)
    j["bots"].push_back({{"kind", k.kind}, {"seats", k.seats}, {"win", rate(k.win)}, {"fair", k.fair}});
  Interval ci = r.first_seat.ci();
  double fair = r.players ? 1.0 / r.players : 0;
  j["first_seat"] = {{"definition", "the seat on turn at the first decision of each game"},
                     {"win", rate(r.first_seat)},
                     {"edge", r.first_seat_edge()},
                     {"edge_ci95", {ci.low - fair, ci.high - fair}}};
  j["length"] = {{"turns", spread(r.turns)}, {"actions", spread(r.actions)}};
  if (r.rounds_played) j["length"]["rounds"] = spread(r.rounds);
  if (!r.tally.empty()) j["tally"] = {{"var", r.tally}, {"counts", r.tally_counts}};
  j["scores"] = r.scored ? ordered_json{{"bin_low", r.bin_low}, {"bin_width", r.bin_width}, {"bins", r.bins},
                                         {"fine_low", r.fine_low}, {"fine_width", r.fine_width}}
                         : ordered_json(nullptr);
  if (r.metrics.present) j["metrics"] = metrics_json(r.metrics);
  j["fingerprints"] = prints_json(r.prints);
  // How the run went, which the statistics do not depend on; a merge adds up its parts' threads and seconds.
  j["run"] = {{"threads", run.threads}, {"seconds", run.seconds},
              {"games_per_second", run.seconds > 0 ? r.games / run.seconds : 0}};
  if (run.merged) j["run"]["merged"] = run.merged;
  return json_text(j, 2) + "\n";
}

ordered_json read_json_file(const std::string& file) {
  // A FIFO would block, a huge file exhaust memory; nesting deeper than any report has is
  // refused as it is read (a million nested objects overflowed the stack).
  std::error_code ec;
  if (!std::filesystem::is_regular_file(file, ec)) throw InputError(file + ": not a file that can be read");
  if (std::filesystem::file_size(file, ec) > kMaxYamlBytes)
    throw InputError(file + ": larger than any report (" + std::to_string(kMaxYamlBytes >> 20) + " MiB)");
  std::ifstream in(file);
  if (!in) throw InputError(file + ": cannot read it");
  // Read up to the limit whatever the size said: a file may grow after it was asked.
  std::string text(kMaxYamlBytes + 1, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<std::size_t>(in.gcount()));
  if (text.size() > kMaxYamlBytes)
    throw InputError(file + ": larger than any report (" + std::to_string(kMaxYamlBytes >> 20) + " MiB)");
  constexpr int kMaxDepth = 64;
  ordered_json j;
  try {
    j = ordered_json::parse(text, [&](int depth, ordered_json::parse_event_t, ordered_json&) {
      if (depth > kMaxDepth)
        throw InputError(file + ": nested deeper than any report (" + std::to_string(kMaxDepth) + " levels)");
      return true;
    });
  } catch (const ordered_json::parse_error& e) {
    // Without what it last read: that quotes the file, up to megabytes of it.
    std::string message = json_error(e);
    throw InputError(file + ": not JSON: " + message.substr(0, message.find("; last read")));
  }
  return j;
}

SimReport read_report_json(const std::string& file, RunInfo* run) {
  return report_from_json(read_json_file(file), file, run);
}

SimReport report_from_json(const ordered_json& j, const std::string& file, RunInfo* run) {
  auto field = [&j](const char* key) {
    return j.is_object() && j.contains(key) ? j.at(key) : ordered_json();
  };
  if (!field("format").is_string() || field("format") != kFormat)
    throw InputError(file + ": not a report of `arbiter sim --json`");
  if (!field("version").is_number_integer() || field("version") != kVersion)
    throw InputError(file + ": a report of version " + json_text(field("version")) +
                     "; this arbiter reads version " + std::to_string(kVersion));
  try {
    if (run && j.contains("run")) {
      const ordered_json& r = j["run"];
      if (r.contains("threads")) run->threads = whole(r, "threads", 1, kMaxThreads);
      run->seconds = r.value("seconds", 0.0);
      if (r.contains("merged")) run->merged = whole(r, "merged");
    }
    return from_json(j);
  } catch (const ordered_json::exception& e) {
    throw InputError(file + ": an incomplete report: " + json_error(e));
  } catch (const InputError& e) {
    throw InputError(file + ": " + e.what());
  }
}

namespace {

// The designer's sections a row carries: the seat's decisions, then the run's length and
// lead, repeated on every row as the ruleset is (empty where not measured).
std::string metrics_csv(const SimReport& r, std::size_t seat) {
  const SimMetrics& m = r.metrics;
  if (!m.present) return ",,,,,,,";
  const Histogram& mine = seat < m.seat_decisions.size() ? m.seat_decisions[seat] : Histogram{};
  std::string out = fmt::format(",{:.4f},{},{},{:.4f}", histogram_mean(mine), histogram_quantile(mine, 0.5),
                                histogram_quantile(m.turns, 0.5), histogram_mean(m.chance));
  if (!m.lead_measured) return out + ",,,";
  out +=
      m.lead_games ? fmt::format(",{:.4f},{:.6f}", histogram_mean(m.lead_changes), decided_by_half(m)) : ",,";
  return out + fmt::format(",{}", stalled_games(m));
}

}  // namespace

std::string report_csv(const SimReport& r) {
  std::string out =
      "ruleset,variant,seat,name,bot,games,wins,win_rate,ci95_low,ci95_high,moved_first,"
      "score_mean,score_sd,score_min,score_max" +
      std::string(r.paid ? ",payoff_mean,payoff_ci95_low,payoff_ci95_high" : "") +
      ",decisions_mean,decisions_median,turns_median,chance_mean,lead_changes_mean,decided_by_half,stalled\n";
  for (std::size_t s = 0; s < r.seats.size(); ++s) {
    const SeatStats& seat = r.seats[s];
    Interval ci = seat.win.ci();
    out += fmt::format("{},{},{},{},{},{},{},{:.6f},{:.6f},{:.6f},{}", csv_field(r.ruleset),
                       csv_field(r.variant), s + 1, csv_field(seat.name), csv_field(seat.bot), seat.win.games,
                       seat.win.wins, seat.win.rate(), ci.low, ci.high, seat.first);
    if (r.scored)
      out +=
          fmt::format(",{:.4f},{:.4f},{},{}", seat.score.mean, seat.score.sd, seat.score.min, seat.score.max);
    else
      out += ",,,,";
    if (r.paid) {
      Interval ci95 = mean_interval(r.payoffs.at(s));
      out += fmt::format(",{:.6f},{:.6f},{:.6f}", r.payoffs[s].mean, ci95.low, ci95.high);
    }
    out += metrics_csv(r, s) + "\n";
  }
  return out;
}

}  // namespace arbiter::cli
