// Simulation reports as JSON and CSV. JSON carries every count a comparison needs (wins,
// games, mean, sd, n), plus the derived rates and intervals for tools that only read.
#include "cli/sim_report.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "interpreter/diagnostics.hpp"
#include "interpreter/limits.hpp"

using nlohmann::ordered_json;

namespace arbiter::cli {

namespace {

constexpr const char* kFormat = "arbiter-sim";
constexpr int kVersion = 1;

ordered_json interval(const Interval& i) { return {i.low, i.high}; }

ordered_json rate(const Rate& r) {
  return {{"wins", r.wins}, {"games", r.games}, {"rate", r.rate()}, {"ci95", interval(r.ci())}};
}

ordered_json spread(const Spread& s) {
  return {{"n", s.n}, {"mean", s.mean}, {"sd", s.sd}, {"min", s.min}, {"max", s.max}};
}

Rate read_rate(const ordered_json& j) { return {j.at("wins").get<double>(), j.at("games").get<int>()}; }

Spread read_spread(const ordered_json& j) {
  return {j.at("n").get<int>(), j.at("mean").get<double>(), j.at("sd").get<double>(), j.at("min").get<double>(),
          j.at("max").get<double>()};
}

ordered_json seat_json(const SeatStats& s, bool scored) {
  ordered_json j = {{"name", s.name}, {"bot", s.bot}, {"win", rate(s.win)}, {"moved_first", s.first}};
  if (scored) j["score"] = spread(s.score), j["histogram"] = s.histogram;
  return j;
}

SimReport from_json(const ordered_json& j) {
  SimReport r;
  r.ruleset = j.at("ruleset").get<std::string>();
  r.variant = j.at("variant").get<std::string>();
  r.params = j.at("params").get<std::map<std::string, std::string>>();
  r.seed = j.at("seed").get<std::uint64_t>();
  r.players = j.at("players").get<int>();
  r.games = j.at("games").get<int>();
  if (j.contains("partial") && j["partial"].is_object()) r.asked = j["partial"].value("asked", 0);
  r.max_actions = j.at("max_actions").get<int>();
  r.finished = j.at("finished").get<int>();
  r.hit_limit = j.at("hit_limit").at("games").get<int>();
  r.limit_seeds = j.at("hit_limit").at("seeds").get<std::vector<std::uint64_t>>();
  r.ties = j.at("ties").get<int>();
  r.no_winner = j.at("no_winner").get<int>();
  r.draws = j.value("draws", 0);  // reports before results had none
  r.scored = j.at("scores").is_object();
  if (r.scored) r.bin_low = j["scores"].at("bin_low").get<std::int64_t>(), r.bin_width = j["scores"].at("bin_width").get<std::int64_t>();
  for (const auto& s : j.at("seats")) {
    SeatStats seat{s.at("name").get<std::string>(), s.at("bot").get<std::string>(), read_rate(s.at("win")),
                   s.at("moved_first").get<int>(), {}, {}};
    if (r.scored) seat.score = read_spread(s.at("score")), seat.histogram = s.at("histogram").get<std::vector<int>>();
    r.seats.push_back(std::move(seat));
  }
  for (const auto& k : j.at("bots"))
    r.kinds.push_back({k.at("kind").get<std::string>(), k.at("seats").get<int>(), read_rate(k.at("win")),
                       k.at("fair").get<double>()});
  r.rotated = j.value("bots_rotate", false);
  r.first_seat = read_rate(j.at("first_seat").at("win"));
  const auto& length = j.at("length");
  r.turns = read_spread(length.at("turns"));
  r.actions = read_spread(length.at("actions"));
  r.rounds_played = length.contains("rounds");
  if (r.rounds_played) r.rounds = read_spread(length.at("rounds"));
  if (j.contains("tally")) {
    r.tally = j["tally"].at("var").get<std::string>();
    r.tally_counts = j["tally"].at("counts").get<std::map<std::string, int>>();
  }
  return r;
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
  j["seats"] = ordered_json::array();
  for (const auto& s : r.seats) j["seats"].push_back(seat_json(s, r.scored));
  j["bots_rotate"] = r.rotated;
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
  j["scores"] = r.scored ? ordered_json{{"bin_low", r.bin_low}, {"bin_width", r.bin_width}} : ordered_json(nullptr);
  j["run"] = {{"threads", run.threads}, {"seconds", run.seconds},
              {"games_per_second", run.seconds > 0 ? r.games / run.seconds : 0}};
  return j.dump(2) + "\n";
}

SimReport read_report_json(const std::string& file) {
  // A FIFO would block, a huge file exhaust memory; nesting deeper than any report has is
  // refused as it is read (a million nested objects overflowed the stack).
  std::error_code ec;
  if (!std::filesystem::is_regular_file(file, ec)) throw InputError(file + ": not a file that can be read");
  if (std::filesystem::file_size(file, ec) > kMaxYamlBytes)
    throw InputError(file + ": larger than any report (" + std::to_string(kMaxYamlBytes >> 20) + " MiB)");
  std::ifstream in(file);
  if (!in) throw InputError(file + ": cannot read it");
  constexpr int kMaxDepth = 64;
  ordered_json j;
  try {
    j = ordered_json::parse(in, [&](int depth, ordered_json::parse_event_t, ordered_json&) {
      if (depth > kMaxDepth) throw InputError(file + ": nested deeper than any report (" + std::to_string(kMaxDepth) + " levels)");
      return true;
    });
  } catch (const ordered_json::parse_error& e) {
    throw InputError(file + ": not JSON: " + e.what());
  }
  if (!j.is_object() || !j["format"].is_string() || j["format"] != kFormat)
    throw InputError(file + ": not a report of `arbiter sim --json`");
  if (!j["version"].is_number_integer() || j["version"] != kVersion)
    throw InputError(file + ": a report of version " + j["version"].dump() + "; this arbiter reads version " +
                     std::to_string(kVersion));
  try {
    return from_json(j);
  } catch (const ordered_json::exception& e) {
    throw InputError(file + ": an incomplete report: " + e.what());
  }
}

std::string report_csv(const SimReport& r) {
  std::string out = "ruleset,variant,seat,name,bot,games,wins,win_rate,ci95_low,ci95_high,moved_first,"
                    "score_mean,score_sd,score_min,score_max\n";
  for (std::size_t s = 0; s < r.seats.size(); ++s) {
    const SeatStats& seat = r.seats[s];
    Interval ci = seat.win.ci();
    out += fmt::format("{},{},{},{},{},{},{},{:.6f},{:.6f},{:.6f},{}", csv_field(r.ruleset), csv_field(r.variant), s + 1,
                       csv_field(seat.name), csv_field(seat.bot), seat.win.games, seat.win.wins, seat.win.rate(),
                       ci.low, ci.high, seat.first);
    if (r.scored)
      out += fmt::format(",{:.4f},{:.4f},{},{}\n", seat.score.mean, seat.score.sd, seat.score.min, seat.score.max);
    else
      out += ",,,,\n";
  }
  return out;
}

}  // namespace arbiter::cli
