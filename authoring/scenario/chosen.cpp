// The `chosen` expectation (docs/scenarios.md): which seats of an open simultaneous choice
// have committed, and that no other seat can learn a commitment before the reveal.
#include <algorithm>

#include "runtime/diagnostics.hpp"
#include "authoring/scenario/runner.hpp"
#include "runtime/view.hpp"

namespace arbiter::scenario_detail {

namespace {

std::string as_list(const std::vector<std::string>& v) { return "[" + join_choices(v, ", ") + "]"; }

// A log entry as the seat reads it (as scenario_expect.cpp's `log` check reads it).
std::string read_as(const Event& e, const Table& t) {
  if (e.kind == Event::Kind::Action) return t.seats[e.seat].name + ": " + e.text;
  if (e.kind == Event::Kind::Chance) return "Outcome: " + e.text;
  return e.text;
}

// Where the open choice's commitments begin in the log: while a choice is open nothing but
// commitments is acted, so they are its last `made` Action events.
std::size_t commitments_begin(const State& s, int made) {
  std::vector<Event> entries = s.log.entries();
  std::size_t i = entries.size();
  while (i > 0 && made > 0)
    if (entries[--i].kind == Event::Kind::Action) --made;
  return i;
}

}  // namespace

void Runner::expect_chosen(const YAML::Node& list) {
  const Table& t = engine_->table();
  if (!list.IsSequence())
    fail(list, "chosen is a list of the seats that have chosen, such as [Andy] ([] for none)");
  std::uint32_t want = 0;
  for (const auto& n : list) {
    int s = seat(n, text(n, "a seat"));
    if (want >> s & 1u) fail(n, "chosen names " + t.seats[s].name + " twice");
    want |= 1u << s;
  }
  const Simultaneous& sim = state_.simultaneous;
  if (!sim.open()) fail(list, "expected a simultaneous choice to be open, but none is");
  if (sim.chosen != want) {
    std::vector<std::string> have, named;
    for (int s = 0; s < t.seat_count(); ++s) {
      if (sim.chosen >> s & 1u) have.push_back(t.seats[s].name);
      if (want >> s & 1u) named.push_back(t.seats[s].name);
    }
    fail(list, "expected " + as_list(named) + " to have chosen, found " + as_list(have));
  }
  // Nothing any other seat may read holds a commitment: not its view, not a log line since
  // the choice opened.
  std::size_t from = commitments_begin(state_, __builtin_popcount(sim.chosen));
  for (int s = 0; s < t.seat_count(); ++s) {
    if (!(sim.chosen >> s & 1u)) continue;
    const std::string& secret = sim.choices[s];
    for (int other = -1; other < t.seat_count(); ++other) {
      if (other == s) continue;
      View v = make_view(state_, other, from);
      std::string who = other < 0 ? "a spectator" : t.seats[other].name;
      if (!v.simultaneous.choices.empty() && !v.simultaneous.choices[s].empty())
        fail(list, who + "'s view holds " + t.seats[s].name + "'s choice " + quote(secret));
      for (const Event& e : v.log)
        if (read_as(e, t).find(secret) != std::string::npos)
          fail(list, who + " reads " + t.seats[s].name + "'s choice " + quote(secret) + " in '" +
                         read_as(e, t) + "'");
    }
  }
}

}  // namespace arbiter::scenario_detail
