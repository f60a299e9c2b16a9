// A scenario's `expect` checks (docs/scenarios.md, "Expectations"). Each key's value is
// read strictly before it is compared: a value of the wrong shape or type (`over: maybe`,
// `count: lots`, a list where a variable's value goes) fails the step, where it stands,
// rather than being compared as a fallback that might happen to hold.
#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <regex>

#include "runtime/diagnostics.hpp"
#include "runtime/limits.hpp"
#include "authoring/scenario/runner.hpp"
#include "runtime/view.hpp"

namespace arbiter::scenario_detail {

namespace {

const std::vector<std::string> kExpectKeys = {"score", "active", "over", "winners", "round",
                                              "zones", "vars", "legal", "view", "log", "results", "chance",
                                              "payoffs", "chosen", "end_reason"};

std::string as_list(const std::vector<std::string>& v) {
  return std::string("[").append(join_choices(v, ", ")).append("]");
}

// What a value is, for when two values read alike but differ in type ("3" and 3).
std::string kind_of(const Value& v) {
  if (v.is_nil()) return "nothing";
  if (v.is_bool()) return "a boolean";
  if (v.is_int()) return "a number";
  return "text";
}

std::string compared(const Value& want, const Value& have) {
  std::string s = "to be " + to_text(want) + ", found " + to_text(have);
  if (to_text(want) == to_text(have)) s += " (expected " + kind_of(want) + ", found " + kind_of(have) + ")";
  return s;
}

std::string fmt_result(double r) {
  std::string t = std::to_string(r);
  t.erase(t.find_last_not_of('0') + 1);
  if (t.back() == '.') t.pop_back();
  return t;
}

}  // namespace

std::string compared_values(const Value& want, const Value& have) { return compared(want, have); }

void Runner::not_empty(const YAML::Node& map, const std::string& what) {
  if (map.IsMap() && map.size() == 0) fail(map, what + " is empty: it would check nothing");
}

void Runner::expect(const YAML::Node& checks) {
  if (!checks.IsMap()) fail(checks, "expect is a map of checks, such as {over: true}");
  not_empty(checks, "expect");
  keys(checks, kExpectKeys, "expect");
  const Table& t = engine_->table();
  for (const auto& kv : checks) {
    std::string key = kv.first.Scalar();
    const YAML::Node& want = kv.second;
    if (key == "score") {
      expect_score(want);
    } else if (key == "active") {
      int s = seat(want, text(want, "active"));
      if (state_.over) fail(want, "expected " + t.seats[s].name + " on turn, but the game is over");
      // No seat is on turn before the first round, while the setup's chance decisions are pending.
      int on = state_.active();
      if (on != s)
        fail(want, "expected " + t.seats[s].name + " on turn, found " +
                       (on < 0 ? "no seat on turn" : t.seats[on].name));
    } else if (key == "over") {
      bool w = checked(y_.boolean(want, "over"));
      if (w != state_.over)
        fail(want, std::string("expected the game ") + (w ? "to be over" : "not to be over") +
                       (state_.over ? ", but it is over" : ", but it goes on"));
    } else if (key == "winners") {
      expect_winners(want);
    } else if (key == "round") {
      std::int64_t r = checked(y_.integer(want, "round"));
      if (r != state_.round)
        fail(want, "expected round " + std::to_string(r) + ", found round " + std::to_string(state_.round));
    } else if (key == "zones") {
      if (!want.IsMap()) fail(want, "zones is a map {ZONE: ...}");
      not_empty(want, "zones");
      for (const auto& zv : want) {
        int z = zone(zv.first, text(zv.first, "a zone"));
        std::vector<std::string> have;
        for (int c : state_.contents(z)) have.push_back(state_.name(c));
        expect_zone(t.zones[z].name, have, zv.second, false);
      }
    } else if (key == "vars") {
      expect_vars(want);
    } else if (key == "legal") {
      expect_legal(want);
    } else if (key == "view") {
      expect_view(want);
    } else if (key == "log") {
      expect_log(want);
    } else if (key == "results") {
      expect_results(want);
    } else if (key == "chance") {
      expect_chance(want);
    } else if (key == "payoffs") {
      expect_payoffs(want);
    } else if (key == "chosen") {
      expect_chosen(want);
    } else if (key == "end_reason") {
      expect_end_reason(want);
    }
  }
}

void Runner::expect_score(const YAML::Node& map) {
  if (!map.IsMap()) fail(map, "score is a map {SEAT: N}");
  not_empty(map, "score");
  for (const auto& sv : map) {
    int s = seat(sv.first, text(sv.first, "a seat"));
    Value expected = checked(y_.integer(sv.second, "a score"));
    Value have = engine_->score(state_, s);
    if (have != expected)
      fail(sv.second, "expected " + engine_->table().seats[s].name + "'s score " + compared(expected, have));
  }
}

void Runner::expect_winners(const YAML::Node& list) {
  const Table& t = engine_->table();
  if (!list.IsSequence()) fail(list, "winners is a list of seats, such as [Andy] ([] for none)");
  std::vector<int> w;
  for (const auto& n : list) w.push_back(seat(n, text(n, "a winner")));
  std::sort(w.begin(), w.end());
  if (std::adjacent_find(w.begin(), w.end()) != w.end()) fail(list, "winners names a seat twice");
  std::vector<std::string> have;
  for (int s : state_.winners) have.push_back(t.seats[s].name);
  if (!state_.over) fail(list, "expected winners, but the game is not over");
  if (w != state_.winners) {
    std::vector<std::string> names;
    for (int s : w) names.push_back(t.seats[s].name);
    fail(list, "expected winners " + as_list(names) + ", found " + as_list(have));
  }
}

std::int64_t Runner::count(const YAML::Node& n) {
  std::int64_t c = checked(y_.integer(n, "count"));
  if (c < 0) fail(n, "count should be 0 or more, not " + std::to_string(c));
  return c;
}

std::vector<std::string> Runner::texts(const YAML::Node& list, const std::string& what) {
  if (!list.IsSequence() || list.size() == 0) fail(list, what + " is a list of one or more texts");
  std::vector<std::string> out;
  for (const auto& item : list) {
    out.push_back(text(item, "a text"));
    // Every line holds the empty text: included, it could not fail.
    if (out.back().empty()) fail(item, "an empty text is in every line: it would check nothing");
    // A text of spaces alone is in every line that names an action ("Andy: take 2"): it could not fail.
    if (out.back().find_first_not_of(" \t") == std::string::npos)
      fail(item, "a text of spaces alone is in almost every line: it would check nothing");
  }
  return out;
}

// `have` is the zone's contents, top first, as the checker sees them ("?" for a hidden
// component, when `hidden` says the check is of a seat's view).
void Runner::expect_zone(const std::string& zname, const std::vector<std::string>& have,
                         const YAML::Node& want, bool hidden) {
  if (want.IsSequence()) {
    std::vector<std::string> w = component_list(want, hidden);
    std::vector<std::string> a = have;
    std::sort(w.begin(), w.end());
    std::sort(a.begin(), a.end());
    if (w != a)
      fail(want,
           "expected " + zname + " to hold " + as_list(w) + ", found " + as_list(have) + " (top first)");
  } else if (want.IsMap()) {
    not_empty(want, "a zone check");
    keys(want, {"count", "top"}, "a zone check");
    if (want["count"]) {
      std::int64_t n = count(want["count"]);
      if (n != static_cast<std::int64_t>(have.size()))
        fail(want["count"], "expected " + zname + " to hold " + std::to_string(n) + ", found " +
                                std::to_string(have.size()) + " " + as_list(have));
    }
    if (want["top"]) {
      std::vector<std::string> w = component_list(want["top"], hidden);
      if (w.empty())
        fail(want["top"], "top is empty: it would check nothing (count: 0 checks an empty zone)");
      if (w.size() > have.size() || !std::equal(w.begin(), w.end(), have.begin()))
        fail(want["top"],
             "expected the top of " + zname + " to be " + as_list(w) + ", found " + as_list(have));
    }
  } else {
    fail(want, "a zone check is a list of names, {count: N} or {top: [NAMES]}");
  }
}

void Runner::expect_vars(const YAML::Node& map) {
  if (!map.IsMap()) fail(map, "vars is a map {NAME: V} or {SEAT.NAME: V}");
  not_empty(map, "vars");
  for (const auto& kv : map) {
    std::string key = text(kv.first, "a variable's name");
    int seat_index = -1;
    int v = var_key(kv.first, key, seat_index);
    Value want = wanted_value(kv.second, v);
    Value have = state_.var(v, ruleset_->vars[v].per_seat ? seat_index : 0);
    if (have != want) fail(kv.second, "expected " + key + " " + compared(want, have));
  }
}

void Runner::expect_legal(const YAML::Node& map) {
  if (!map.IsMap()) fail(map, "legal is a map {SEAT: {includes: [...], excludes: [...], count: N}}");
  not_empty(map, "legal");
  for (const auto& kv : map) {
    std::string seat_name = text(kv.first, "a seat");
    int s = seat(kv.first, seat_name);
    std::vector<std::string> legal;
    if (Status st = engine_->legal(state_, s, legal); !st.ok)
      fail(kv.first, "the ruleset failed: " + st.message);
    const YAML::Node& spec = kv.second;
    if (!spec.IsMap()) fail(spec, "a legal check is a map {includes: [...], excludes: [...], count: N}");
    keys(spec, {"includes", "excludes", "count"}, "a legal check");
    not_empty(spec, "a legal check");
    if (spec["count"]) {
      std::int64_t n = count(spec["count"]);
      if (n != static_cast<std::int64_t>(legal.size()))
        fail(spec["count"], "expected " + seat_name + " to have " + std::to_string(n) + " legal action" +
                                (n == 1 ? "" : "s") + ", found " + std::to_string(legal.size()) + " " +
                                as_list(legal));
    }
    // Beyond the list, an action is legal when the engine would take it: an open-ended one
    // the ruleset accepts (a bid of any integer), or a whole move its expand hook splits
    // into legal steps. Tried on a copy, as a player's line would be.
    auto has = [&](const std::string& a) {
      std::string n = normalize_action(a);
      if (std::any_of(legal.begin(), legal.end(), [&](const std::string& l) { return same_action(l, n); }))
        return true;
      State copy = state_;
      ActionResult o = engine_->apply(copy, s, n);
      if (o.refusal == Refusal::ScriptError) fail(kv.first, "the ruleset failed: " + o.message);
      return o.ok();
    };
    for (const char* which : {"includes", "excludes"}) {
      if (!spec[which]) continue;
      if (!spec[which].IsSequence() || spec[which].size() == 0)
        fail(spec[which], std::string(which) + " is a list of one or more actions");
      for (const auto& a : spec[which]) {
        bool want_in = std::string(which) == "includes";
        std::string action = text(a, "an action");
        // No player can type an empty action: excluded, it could not fail.
        if (normalize_action(action).empty())
          fail(a, "an empty action names no action: it would check nothing");
        // Arbiter refuses a text this long before any rule sees it: excluded, it could not fail.
        if (normalize_action(action).size() > kMaxActionText)
          fail(a, "an action of " + std::to_string(action.size()) +
                      " bytes is longer than any action is read (" + std::to_string(kMaxActionText) +
                      "): it would check nothing");
        if (has(action) != want_in)
          fail(a, "expected " + seat_name + "'s legal actions " + (want_in ? "to include" : "to exclude") +
                      " " + quote(action) + "; legal: " + as_list(legal));
      }
    }
  }
}

namespace {

// A log entry as the seat reads it: what was said, "Andy: call" for an action of its own,
// "Outcome: heads" for a chance decision.
std::string read_as(const Event& e, const Table& t) {
  if (e.kind == Event::Kind::Action) return t.seats[e.seat].name + ": " + e.text;
  if (e.kind == Event::Kind::Chance) return "Outcome: " + e.text;
  return e.text;
}

// "3 lines: 'a' | 'b' | 'c'", the last few only, for a failure.
std::string last_lines(const std::vector<std::string>& lines) {
  constexpr std::size_t kShown = 6;
  std::string s = std::to_string(lines.size()) + " line" + (lines.size() == 1 ? "" : "s");
  if (lines.empty()) return s;
  s += lines.size() > kShown ? ", the last " + std::to_string(kShown) + ": " : ": ";
  for (std::size_t i = lines.size() > kShown ? lines.size() - kShown : 0; i < lines.size(); ++i)
    s += "'" + lines[i] + "'" + (i + 1 < lines.size() ? " | " : "");
  return s;
}

}  // namespace

// The narration a seat has read since the game began: each text must be in some line of it
// (includes) or in none (excludes).
void Runner::expect_log(const YAML::Node& map) {
  if (!map.IsMap()) fail(map, "log is a map {SEAT: {includes: [TEXT...], excludes: [TEXT...]}}");
  not_empty(map, "log");
  for (const auto& kv : map) {
    std::string seat_name = text(kv.first, "a seat");
    int s = seat(kv.first, seat_name);
    const YAML::Node& spec = kv.second;
    if (!spec.IsMap()) fail(spec, "a log check is a map {includes: [TEXT...], excludes: [TEXT...]}");
    keys(spec, {"includes", "excludes"}, "a log check");
    not_empty(spec, "a log check");
    std::vector<std::string> lines;
    for (const auto& e : make_view(state_, s).log) lines.push_back(read_as(e, engine_->table()));
    for (const char* which : {"includes", "excludes"}) {
      if (!spec[which]) continue;
      bool want_in = std::string(which) == "includes";
      std::vector<std::string> wanted = texts(spec[which], which);
      for (std::size_t i = 0; i < wanted.size(); ++i) {
        auto line = std::find_if(lines.begin(), lines.end(), [&](const std::string& l) {
          return l.find(wanted[i]) != std::string::npos;
        });
        if ((line != lines.end()) == want_in) continue;
        std::string found =
            want_in ? "; " + seat_name + " has read " + last_lines(lines) : ", but it reads '" + *line + "'";
        fail(spec[which][i], "expected " + seat_name + "'s log " +
                                 (want_in ? "to include" : "not to include") + " " + quote(wanted[i]) +
                                 found);
      }
    }
  }
}

// A number written in a scenario (a result, a weight): an unquoted decimal, finite, read
// whole (`1`, `0.25`, `1e-3`); quoted text, hexadecimal, `.nan` and `.inf` are failures.
double Runner::number(const YAML::Node& n, const std::string& what) {
  std::string t = text(n, what);
  static const std::regex kDecimal(R"([-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?)");
  if (!n.IsScalar() || n.Tag() == "!" || !std::regex_match(t, kDecimal))
    fail(n, what + " should be a number, not " + quote(t));
  errno = 0;
  double v = std::strtod(t.c_str(), nullptr);
  if (!std::isfinite(v) || (errno == ERANGE && std::abs(v) >= 1.0))
    fail(n, what + " should be a finite number, not " + quote(t));
  return v;
}

// A number as the shortest text that reads back as it.
static std::string number_text(double v) { return fmt::format("{}", v); }

// The weights the rules gave the pending chance decision (game:chance), outcome by outcome:
// what a generator draws from, so a scenario can pin a model of chance without drawing.
void Runner::expect_chance(const YAML::Node& map) {
  if (!map.IsMap()) fail(map, "chance is a map {OUTCOME: WEIGHT} of the pending chance decision's weights");
  not_empty(map, "chance");
  if (state_.chance.def < 0) fail(map, "expected a pending chance decision, but none is pending");
  const ChanceDef& def = engine_->table().ruleset->chances[state_.chance.def];
  std::vector<std::string> names;
  for (const auto& o : def.outcomes) names.push_back(o.first);
  for (const auto& kv : map) {
    std::string outcome = text(kv.first, "an outcome");
    int i = def.outcome_index(outcome);
    if (i < 0)
      fail(kv.first, "the pending chance decision " + quote(def.name) + " has no outcome " + quote(outcome) +
                         did_you_mean(outcome, names) + "; outcomes: " + join_choices(names, ", "));
    double want = number(kv.second, "a weight");
    double have = state_.chance.weights[i];
    // Equal but for the last bits of a decimal read back (0.1): zero only equals zero.
    bool same = have == want || (have != 0 && want != 0 &&
                                 std::abs(have - want) <= 4e-16 * std::max(std::abs(have), std::abs(want)));
    if (!same)
      fail(kv.second, "expected the weight of " + quote(outcome) + " in " + quote(def.name) + " to be " +
                          kv.second.Scalar() + ", found " + number_text(have));
  }
}

// Each seat's result once the game is over (State::shares: a winner of k has 1/k).
void Runner::expect_results(const YAML::Node& map) {
  if (!map.IsMap()) fail(map, "results is a map {SEAT: R}, R from 0 to 1");
  not_empty(map, "results");
  if (!state_.over) fail(map, "expected results, but the game is not over");
  std::vector<double> have = state_.shares();
  for (const auto& kv : map) {
    int s = seat(kv.first, text(kv.first, "a seat"));
    std::string t = text(kv.second, "a result");
    double want = number(kv.second, "a result");
    if (!(want >= 0 && want <= 1))
      fail(kv.second, "a result should be a number from 0 to 1, not " + quote(t));
    if (std::abs(have[s] - want) > 1e-9)
      fail(kv.second, "expected " + engine_->table().seats[s].name + "'s result to be " + t + ", found " +
                          fmt_result(have[s]));
  }
}

// Why the game ended, in the rules' words (game:finish's reason), once it is over.
void Runner::expect_end_reason(const YAML::Node& node) {
  std::string want = text(node, "a reason");
  if (want.find_first_not_of(" \t") == std::string::npos)
    fail(node, "end_reason is the text the rules finish with, not empty");
  if (!state_.over) fail(node, "expected the game to have ended by " + quote(want) + ", but it is not over");
  if (state_.end_reason != want)
    fail(node, "expected the game to have ended by " + quote(want) + ", found " +
                   (state_.end_reason.empty() ? std::string("no reason") : quote(state_.end_reason)));
}

// Each seat's payoff once the game is over (game:finish{payoffs = ...}).
void Runner::expect_payoffs(const YAML::Node& map) {
  if (!map.IsMap()) fail(map, "payoffs is a map {SEAT: P}");
  not_empty(map, "payoffs");
  if (!engine_->table().ruleset->payoffs.declared)
    fail(map, "payoffs: this game declares no payoffs in game.yaml");
  if (!state_.over) fail(map, "expected payoffs, but the game is not over");
  for (const auto& kv : map) {
    int s = seat(kv.first, text(kv.first, "a seat"));
    double want = number(kv.second, "a payoff");
    if (state_.payoffs.size() != static_cast<std::size_t>(state_.seat_count()))
      fail(map, "the game ended without payoffs");
    double have = state_.payoffs[s];
    if (std::abs(have - want) > 1e-9 * std::max(1.0, std::abs(want)))
      fail(kv.second, "expected " + engine_->table().seats[s].name + "'s payoff to be " + kv.second.Scalar() +
                          ", found " + number_text(have));
  }
}

}  // namespace arbiter::scenario_detail
