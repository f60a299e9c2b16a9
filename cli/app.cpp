// Paths, loading and flags shared by the subcommands.
#include "cli/app.hpp"

#include <CLI/CLI.hpp>
#include <unistd.h>

#include <charconv>
#include <cstdlib>
#include <filesystem>
#include <sstream>

#include "present/output.hpp"
#include "bots/make_bot.hpp"
#include "runtime/diagnostics.hpp"
#include "runtime/limits.hpp"

namespace fs = std::filesystem;

namespace arbiter::cli {

static bool whole_number(const std::string& text, std::uint64_t& out) {
  auto [end, err] = std::from_chars(text.data(), text.data() + text.size(), out);
  return !text.empty() && err == std::errc{} && end == text.data() + text.size();
}

int error_status(const InputError& e) { return dynamic_cast<const UsageError*>(&e) ? 2 : 1; }

std::shared_ptr<const Table> flags_table(std::shared_ptr<const Ruleset> ruleset, const GameOptions& options) {
  try {
    return make_table(std::move(ruleset), options);
  } catch (const UsageError&) {
    throw;
  } catch (const InputError& e) {
    throw UsageError(e.what());  // an unknown variant or parameter, a bad value, a seat count
  }
}

int player_count(const Ruleset& r, const std::string& text) {
  std::uint64_t n = 0;
  if (!whole_number(text, n) || n < static_cast<std::uint64_t>(r.min_players) ||
      n > static_cast<std::uint64_t>(r.max_players))
    throw UsageError(r.id + " is for " + player_range(r.min_players, r.max_players) + ", not " + text);
  return static_cast<int>(n);
}

GameOptions game_options(const Ruleset& r, const GameFlags& f) {
  GameOptions o;
  o.seed = f.seed_given ? f.seed : 1;
  o.variant = f.variant;
  if (!f.players.empty()) {
    bool numeric = f.players.find_first_not_of("0123456789") == std::string::npos;
    if (numeric) {
      int n = player_count(r, f.players);
      for (int i = 1; i <= n; ++i) o.seats.push_back({"Player" + std::to_string(i), -1});
    } else {
      std::stringstream ss(f.players);
      std::string name;
      while (std::getline(ss, name, ',')) {
        Seat s{name, -1};
        auto colon = name.find(':');
        if (colon != std::string::npos) {  // Name:age
          s.name = name.substr(0, colon);
          std::string age = name.substr(colon + 1);
          auto [end, err] = std::from_chars(age.data(), age.data() + age.size(), s.age);
          if (age.empty() || err != std::errc{} || end != age.data() + age.size() || s.age < 0)
            throw UsageError("--players: age of " + quote(s.name) +
                             " should be a whole number of years, not " + quote(age));
        }
        o.seats.push_back(s);
      }
    }
  }
  for (const auto& kv : f.set) {
    auto eq = kv.find('=');
    if (eq == std::string::npos) throw UsageError("--set takes key=value, not " + quote(kv));
    o.set[kv.substr(0, eq)] = kv.substr(eq + 1);
  }
  return o;
}

std::vector<std::string> seat_bots(const Table& t, const std::vector<std::string>& bots,
                                   std::vector<std::string> kinds) {
  int n = t.seat_count();
  kinds.resize(n);
  for (const auto& b : bots) {
    auto eq = b.find('=');
    std::string who = b.substr(0, eq), kind = eq == std::string::npos ? "random" : b.substr(eq + 1);
    std::string error;
    if (kind == "human") kind = "";  // a person plays the seat
    else if (!check_bot_kind(kind, error, t.ruleset.get())) {
      // A strategy file that cannot be read or used is bad data, as a bad save is (status 1).
      if (kind.rfind("solved:", 0) == 0) throw InputError("--bot: " + error + "; or human");
      throw UsageError("--bot: " + error + "; or human");
    }
    if (who == "all") {
      for (auto& k : kinds) k = kind;
      continue;
    }
    int seat = t.seat_by_name(who);
    if (seat < 0)
      throw UsageError("--bot: unknown seat " + quote(who) + did_you_mean(who, t.seat_names()) +
                       "; seats: " + join_choices(t.seat_names(), ", ") + " (or numbers 1.." +
                       std::to_string(n) + ", or all)");
    kinds[seat] = kind;
  }
  return kinds;
}

CLI::Validator unsigned_64() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        std::uint64_t n = 0;
        if (whole_number(text, n)) return "";
        return "a whole number from 0 to 18446744073709551615 (2^64-1), not " + quote(text);
      },
      "0..2^64-1");
}

CLI::Validator players_check() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        bool numeric = !text.empty() && text.find_first_not_of("-+0123456789") == std::string::npos;
        std::uint64_t n = 0;
        if (!numeric || (whole_number(text, n) && n >= 1 && n <= static_cast<std::uint64_t>(kMaxSeats)))
          return "";
        return "names, or a count of seats from 1 to " + std::to_string(kMaxSeats) + ", not " + quote(text);
      },
      "NAMES|COUNT");
}

CLI::Validator player_count_check() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        std::uint64_t n = 0;
        if (whole_number(text, n) && n >= 1 && n <= static_cast<std::uint64_t>(kMaxSeats)) return "";
        return "a count of seats from 1 to " + std::to_string(kMaxSeats) + ", not " + quote(text);
      },
      "COUNT");
}

CLI::Validator key_value(const std::string& form) {
  return CLI::Validator(
      [form](std::string& text) -> std::string {
        auto eq = text.find('=');
        if (eq != std::string::npos && eq > 0 && eq + 1 < text.size()) return "";
        return "takes " + form + ", not " + quote(text);
      },
      form);
}

// Which seats and kinds exist is the ruleset's to say (seat_bots), once it is loaded.
CLI::Validator bot_check() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        auto eq = text.find('=');
        if (!text.empty() && eq != 0 && (eq == std::string::npos || eq + 1 < text.size())) return "";
        return "takes SEAT=KIND (or a bare SEAT for a random bot), not " + quote(text);
      },
      "SEAT=KIND");
}

void add_seed(CLI::App* cmd, GameFlags& f, const std::string& help) {
  cmd->add_option("--seed", f.seed, help)
      ->check(unsigned_64())
      ->each([&f](const std::string&) { f.seed_given = true; });
}

void add_game_flags(CLI::App* cmd, GameFlags& f) {
  cmd->add_option("--players", f.players,
                  "player names in clockwise order (Andy,Bill or Andy:9,Bill:12 with ages), "
                  "or a count (1.." +
                      std::to_string(kMaxSeats) + ")")
      ->check(players_check());
  add_seed(cmd, f, "the game's seed, 0..2^64-1 (default 1)");
  cmd->add_option("--set", f.set, "a parameter: --set target=25 (repeatable)")->check(key_value("KEY=VALUE"));
  cmd->add_option("--variant", f.variant, "a named variant from game.yaml");
}

}  // namespace arbiter::cli
