// One conformance test for every ruleset: no per-game code.
#include "authoring/conformance.hpp"

#include "runtime/diagnostics.hpp"
#include "play/sample.hpp"

#include <algorithm>

#include "play/match.hpp"
#include "runtime/view.hpp"
#include "runtime/seeds.hpp"

namespace arbiter {

std::string check_components(const State& s) {
  std::vector<bool> seen(s.table->component_count(), false);
  if (static_cast<int>(s.items.size()) != s.table->component_count())
    return "the number of components changed";
  for (auto c : s.items) {
    if (c >= seen.size() || seen[c]) return "component " + std::to_string(c) + " is duplicated or unknown";
    seen[c] = true;
  }
  for (std::size_t z = 1; z < s.zone_end.size(); ++z)
    if (s.zone_end[z] < s.zone_end[z - 1]) return "zone boundaries are out of order";
  if (!s.zone_end.empty() && s.zone_end.back() != s.items.size()) return "zones do not cover every component";
  return "";
}

static bool same_zones(const View& a, const View& b) {
  if (a.zones.size() != b.zones.size()) return false;
  for (std::size_t z = 0; z < a.zones.size(); ++z)
    if (a.zones[z].items != b.zones[z].items || a.zones[z].count != b.zones[z].count) return false;
  return a.seats.size() == b.seats.size() && std::equal(a.seats.begin(), a.seats.end(), b.seats.begin(),
      [](const SeatView& x, const SeatView& y) { return x.vars == y.vars && x.status == y.status; }) &&
      a.globals == b.globals;
}

// Swapping two components the seat cannot see, of different kinds, must leave its view as it
// was. A few pairs per state, picked from the state's hash: over a thousand games that visits
// every kind of hidden place, at a fraction of the cost of trying every pair.
std::string check_view_hides(const State& s, int seat) {
  constexpr int kPairs = 3;
  std::vector<int> hidden;
  for (std::size_t i = 0; i < s.items.size(); ++i)
    if (!s.visible(s.items[i], seat)) hidden.push_back(static_cast<int>(i));
  View before = make_view(s, seat, s.log.size());
  Rng pick(s.hash() ^ (0x9e3779b97f4a7c15ULL * static_cast<std::uint64_t>(seat + 1)));
  for (int n = 0; n < kPairs && hidden.size() >= 2; ++n) {
    int i = hidden[pick.below(hidden.size())], j = hidden[pick.below(hidden.size())];
    int ci = s.items[i], cj = s.items[j];
    if (s.kind(ci) == s.kind(cj)) continue;
    State t = s;
    std::swap(t.items[i], t.items[j]);
    std::swap(t.face[ci], t.face[cj]);
    if (!t.visible(t.items[i], seat) && !t.visible(t.items[j], seat) &&
        !same_zones(before, make_view(t, seat, t.log.size())))
      return "the view of " + s.table->seats[seat].name + " changes when two components hidden from it (" +
             s.name(ci) + ", " + s.name(cj) + ") trade places";
  }
  for (const auto& zv : before.zones)
    for (std::size_t k = 0; k < zv.items.size(); ++k)
      if (zv.items[k] == "?" && s.visible(s.contents(s.table->zone_by_name(zv.name))[k], seat))
        return "the view hides a component the seat may see";
  return "";
}

std::string check_replay(Engine& engine, const State& s) {
  State r(s.table);
  if (Status st = engine.start(r); !st.ok) return "replay: set-up failed: " + st.message;
  for (const auto& e : s.log.entries()) {
    if (e.kind == Event::Kind::Say) continue;
    if (e.kind == Event::Kind::Redeal) {
      if (!replay_redeal(r, e)) return "replay: a malformed re-deal " + quote(e.text);
      continue;
    }
    ActionResult o =
        e.kind == Event::Kind::Chance ? engine.decide(r, e.text) : engine.apply(r, e.seat, e.text);
    if (!o.ok()) return "replay: " + quote(e.text) + " was refused: " + o.message;
  }
  if (!r.same_play_state(s) || r.hash() != s.hash()) return "replaying the log does not reach the same state";
  return "";
}

// An open simultaneous choice: the seats still to commit, and they alone, may act; no view
// but a seat's own holds its commitment.
static std::string check_simultaneous(Engine& engine, const State& s) {
  const Simultaneous& sim = s.simultaneous;
  std::vector<std::string> legal;
  for (int seat = 0; seat < s.seat_count(); ++seat) {
    if (Status st = engine.legal(s, seat, legal); !st.ok) return st.message;
    bool waiting = (sim.seats & ~sim.chosen) >> seat & 1u;
    if (waiting && legal.empty())
      return s.table->seats[seat].name + " is to choose at once with the others but has no legal action";
    if (!waiting && !legal.empty())
      return s.table->seats[seat].name + " may act while others choose at once, though not among them";
  }
  for (int viewer = -1; viewer < s.seat_count(); ++viewer) {
    View v = make_view(s, viewer, s.log.size());
    for (int seat = 0; seat < static_cast<int>(v.simultaneous.choices.size()); ++seat)
      if (viewer != seat && !v.simultaneous.choices[seat].empty())
        return "the view of " + (viewer < 0 ? std::string("a spectator") : s.table->seats[viewer].name) +
               " holds " + s.table->seats[seat].name + "'s commitment";
  }
  return "";
}

static std::string check_step(Engine& engine, const State& s) {
  if (std::string e = check_components(s); !e.empty()) return e;
  for (int seat = 0; seat < s.seat_count(); ++seat) {
    Value score;
    if (Status st = engine.score(s, seat, score); !st.ok) return st.message;
  }
  State copy = s;
  if (!copy.same_play_state(s) || copy.hash() != s.hash())
    return "a copy of the state differs from its original";
  for (int seat = 0; seat < s.seat_count(); ++seat)
    if (std::string e = check_view_hides(s, seat); !e.empty()) return e;
  if (!s.over && s.simultaneous.open() && s.chance.def < 0) return check_simultaneous(engine, s);
  if (!s.over && s.active() >= 0 && s.chance.def < 0) {
    std::vector<std::string> legal;
    if (Status st = engine.legal(s, s.active(), legal); !st.ok) return st.message;
    if (legal.empty()) return "the seat on turn has no legal action and the game is not over";
    // What a seat may do off its turn is a fact game.yaml states (turns.out_of_turn).
    const auto& declared = s.table->ruleset->turns.out_of_turn;
    for (int seat = 0; seat < s.seat_count(); ++seat) {
      if (seat == s.active()) continue;
      if (Status st = engine.legal(s, seat, legal); !st.ok) return st.message;
      for (const auto& a : legal)
        if (std::find(declared.begin(), declared.end(), a.substr(0, a.find(' '))) == declared.end())
          return s.table->seats[seat].name + " may " + quote(a) +
                 " off its turn, but game.yaml does not list " + quote(a.substr(0, a.find(' '))) +
                 " under turns.out_of_turn";
    }
  }
  return "";
}

// Adds an ended game to the summary.
static void tally(ConformanceReport& report, const State& state, long long actions) {
  bool first = report.ended++ == 0;
  report.actions_per_game.add(actions, first);
  report.turns_per_game.add(state.turn, first);
  if (report.wins.size() < static_cast<std::size_t>(state.seat_count()))
    report.wins.resize(state.seat_count(), 0);
  for (int w : state.winners) ++report.wins[w];
  if (state.winners.empty()) ++report.draws;
}

ConformanceReport run_conformance(std::shared_ptr<const Ruleset> ruleset, Rules& rules,
                                  const ConformanceOptions& o) {
  ConformanceReport report;
  if (o.players && (o.players < ruleset->min_players || o.players > ruleset->max_players))
    return report.error = ruleset->id + " is for " +
                          player_range(ruleset->min_players, ruleset->max_players) + ", not " +
                          std::to_string(o.players),
           report;
  for (int g = 0; g < o.games && report.ok(); ++g) {
    int span = ruleset->max_players - ruleset->min_players + 1;
    int players = o.players ? o.players : ruleset->min_players + g % span;
    GameOptions options;
    for (int i = 1; i <= players; ++i)
      options.seats.push_back({std::string("P").append(std::to_string(i)), -1});
    options.seed = game_seed(o.first_seed, g);
    options.variant = o.variant;
    options.set = o.set;
    auto table = make_table(ruleset, options);
    Engine engine(table, rules);
    State state(table);
    std::string where = std::string("game ").append(std::to_string(g + 1)).append(" (seed ") +
                        std::to_string(options.seed) + ", " + std::to_string(players) + " players)";
    if (Status st = engine.start(state); !st.ok) { report.error = where + ": " + st.message; break; }
    std::vector<std::unique_ptr<Bot>> bots;
    for (int i = 0; i < players; ++i)
      bots.push_back(std::make_unique<RandomBot>(check_bot_seed(options.seed, i)));
    std::string failure = check_step(engine, state);
    long long steps = 0, actions = 0;  // every step, chance decisions too; the seats' actions
    Status st = play_out(engine, state, bots, o.max_actions, [&](const State& s, const MatchStep& step) {
      ++report.actions;
      ++steps;
      if (step.seat >= 0) ++actions;
      if (failure.empty()) {
        failure = check_step(engine, s);
        std::string who = step.seat < 0 ? "chance" : s.table->seats[step.seat].name;
        if (!failure.empty()) failure = "after " + who + ": " + step.action + ": " + failure;
      }
    });
    bool hit_limit = !st.ok && !state.over && steps >= o.max_actions;
    if (!failure.empty()) report.error = where + ": " + failure;
    else if (!st.ok && !hit_limit) report.error = where + ": " + st.message;
    else if (std::string e = check_replay(engine, state); !e.empty()) report.error = where + ": " + e;
    ++report.games;
    if (hit_limit) ++report.unfinished;
    else tally(report, state, actions);
  }
  return report;
}

}  // namespace arbiter
