// What one seat may tell apart of a state, as lists of facts that two worlds compare: what it
// legitimately observes (what the zones' visibility, faces, reveals and new shows let it see,
// and the variables it may read), and everything it receives (its view, its log lines, who is
// asked and its legal actions). The leak detector (leaks.hpp) compares them world by world.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "runtime/decision.hpp"
#include "runtime/state.hpp"

namespace arbiter {

// One fact, by the field it is about: "zone Cid.hand" "? Guard", "log line 2" "say: ...".
struct Fact {
  std::string field;
  std::string value;
  bool operator==(const Fact& o) const = default;
};
using Facts = std::vector<Fact>;

// The seat's legitimate observations of `now`, a moment of play that followed `before` (the
// same game's previous moment): per zone its count, and the kinds of its components where the
// seat may see into it (public, its own under `owner`, revealed to it) or of its face-up ones
// elsewhere; the components shown to it since `before` (a State::shown bit `before` lacks),
// with their zone and kind; and the variables it may read (global ones, per-seat ones not
// hidden from it). Kinds, never components: which of two alike components lies where is not
// observable, nor the order of a zone game.yaml lists by a property (`order:`) or as counts
// (`group:`); the order of any other zone is.
Facts observed(const State& before, const State& now, int seat);

// Everything the seat receives at `now`, a state between steps: its view (make_view: each
// zone as it sees it, the turn facts, the variables), the log lines it reads from `log_from`
// on, and from `decision` (Engine::decision of `now`) who is asked and the seat's own legal
// actions. Not the winners or results of an ended game: the game's end is compared, not its
// scores.
Facts received(const State& now, const Decision& decision, int seat, std::size_t log_from);

// The first fact in which two lists differ: the field, and each list's value ("(none)" where
// one list ends first); nothing when they are the same.
struct Difference {
  std::string field;
  std::string first;
  std::string second;
};
std::optional<Difference> first_difference(const Facts& first, const Facts& second);

}  // namespace arbiter
