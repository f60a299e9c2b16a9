// The leak search (leaks.hpp): a random game, replayed moment by moment, and at each step a
// few second worlds per seat driven along it.
#include "analysis/leaks/leaks.hpp"

#include <algorithm>
#include <optional>
#include <set>
#include <tuple>

#include "analysis/leaks/facts.hpp"
#include "analysis/leaks/moments.hpp"
#include "play/match.hpp"
#include "play/sample.hpp"
#include "runtime/diagnostics.hpp"
#include "runtime/engine.hpp"
#include "runtime/seeds.hpp"
#include "runtime/view.hpp"

namespace arbiter {

namespace {

// One step of the real game: a seat's action, or (seat -1) a chance decision's outcome.
struct Step {
  int seat = -1;
  std::string text;
};

// The seat's legitimate observations over one step: at each of its moments in turn.
Facts observed_over(const State& before, const std::vector<State>& moments, int seat) {
  Facts out;
  const State* previous = &before;
  for (const State& m : moments) {
    Facts at = observed(*previous, m, seat);
    out.insert(out.end(), at.begin(), at.end());
    out.push_back({"moment", ""});
    previous = &m;
  }
  return out;
}

// A world the seat cannot tell from `real`: drawn from its view, logging, and with the shows
// it was given kept (the sampler places a shown component by its kind; its show is redone).
State second_world(const State& real, int seat, Rng& rng) {
  View v = make_view(real, seat, real.log.size());
  State w = sample_state(real.table, v, rng);
  w.logging = true;
  for (std::size_t z = 0; z < v.zones.size(); ++z) {
    std::vector<int> contents = w.contents(static_cast<int>(z));
    for (std::size_t k = 0; k < contents.size(); ++k)
      if (v.zones[z].items[k] != "?" && !w.visible(contents[k], seat)) w.shown[contents[k]] |= 1u << seat;
  }
  return w;
}

enum class Advanced { Taken, NotLegal, Failed };

// Takes `step` in `s`, whose decision is `d`; nothing when the step is not legal there.
std::optional<Status> take_step(Engine& engine, State& s, const Decision& d, const Step& step) {
  if (step.seat < 0) {
    int outcome = d.kind == Decision::Kind::Chance ? d.chance->outcome_index(step.text) : -1;
    if (outcome < 0 || d.weights[outcome] <= 0) return std::nullopt;
    return engine.take_outcome(s, d, static_cast<std::size_t>(outcome));
  }
  const SeatActions* sa = d.kind == Decision::Kind::Seats ? d.entry(step.seat) : nullptr;
  int action = sa ? sa->find(step.text) : -1;
  if (action < 0) return std::nullopt;
  return engine.take(s, d, static_cast<std::size_t>(sa - d.seats.data()), static_cast<std::size_t>(action));
}

// Takes `step` in `s` if it is legal there; `moments` gets the state after each changing
// hook, then the state after the step.
Advanced advance(Engine& engine, MomentRules& rules, State& s, const Decision& d, const Step& step,
                 std::vector<State>& moments) {
  moments.clear();
  rules.moments = &moments;
  std::optional<Status> st = take_step(engine, s, d, step);
  rules.moments = nullptr;
  if (!st) return Advanced::NotLegal;
  moments.push_back(s);
  return st->ok ? Advanced::Taken : Advanced::Failed;
}

// One game: played by random bots, replayed moment by moment, then searched.
class GameSearch {
 public:
  GameSearch(Engine& engine, MomentRules& rules, const LeakOptions& options, LeakReport& report)
      : engine_(engine), rules_(rules), options_(options), report_(report) {}

  // The game the random bots of `arbiter check` play on this table; false on a ruleset error.
  bool play(Rules& plain) {
    auto table = engine_.table_ptr();
    Engine engine(table, plain);
    State state(table);
    if (!started(engine.start(state))) return false;
    std::vector<std::unique_ptr<Bot>> bots;
    for (int i = 0; i < table->seat_count(); ++i)
      bots.push_back(std::make_unique<RandomBot>(check_bot_seed(table->seed, i)));
    Status st = play_out(engine, state, bots, options_.max_actions,
                         [&](const State&, const MatchStep& m) { steps_.push_back({m.seat, m.action}); });
    bool limit = !st.ok && !state.over && static_cast<int>(steps_.size()) >= options_.max_actions;
    return st.ok || limit || fail(st.message);
  }

  // The same game again, through the moment-keeping rules, with what each seat observes and receives.
  bool replay() {
    State s(engine_.table_ptr());
    if (!started(engine_.start(s))) return false;
    states_.push_back(s);
    decisions_.emplace_back();
    if (Status st = engine_.decision(s, decisions_.back()); !st.ok) return fail(st.message);
    moments_.emplace_back();
    for (const Step& step : steps_) {
      moments_.emplace_back();
      if (advance(engine_, rules_, s, decisions_.back(), step, moments_.back()) != Advanced::Taken)
        return fail("the game does not replay at " + quote(step.text));
      states_.push_back(s);
      decisions_.emplace_back();
      if (Status st = engine_.decision(s, decisions_.back()); !st.ok) return fail(st.message);
    }
    return true;
  }

  // Every step, every seat, options.worlds second worlds each.
  bool search() {
    int seats = engine_.table().seat_count();
    real_.assign(states_.size(), std::vector<Seen>(seats));
    for (std::size_t j = 1; j < states_.size(); ++j)
      for (int p = 0; p < seats; ++p) {
        real_[j][p].legit = observed_over(states_[j - 1], moments_[j], p);
        real_[j][p].received = received(states_[j], decisions_[j], p, states_[j - 1].log.size());
      }
    for (std::size_t at = 0; at < steps_.size(); ++at)
      for (int p = 0; p < seats; ++p)
        if (!compare_at(static_cast<int>(at), p)) return false;
    return true;
  }

 private:
  struct Seen {
    Facts legit, received;
  };

  bool started(const Status& st) { return st.ok || fail("set-up failed: " + st.message); }
  bool fail(const std::string& message) {
    report_.error = game_name() + ": " + message;
    return false;
  }
  std::string game_name() const {
    return "game of seed " + std::to_string(engine_.table().seed) + " (" +
           std::to_string(engine_.table().seat_count()) + " players)";
  }

  bool compare_at(int at, int seat) {
    Facts real_now = received(states_[at], decisions_[at], seat, states_[at].log.size());
    for (int k = 0; k < options_.worlds; ++k) {
      std::uint64_t seed = engine_.table().seed ^ (static_cast<std::uint64_t>(at) << 24) ^
                           (static_cast<std::uint64_t>(seat) << 12) ^ static_cast<std::uint64_t>(k);
      Rng rng(seed * 0x9e3779b97f4a7c15ULL + 41);
      State world;
      try {
        world = second_world(states_[at], seat, rng);
      } catch (const RuleError& e) {
        return fail("no second world could be drawn from the view of " + seat_name(seat) + " at step " +
                    std::to_string(at) + ": " + e.what());
      }
      if (commit_unseen(world, states_[at].simultaneous.chosen, rng))
        compare_pair(at, seat, std::move(world), real_now, rng);
    }
    return true;
  }

  // The sampler leaves another seat's commitment to an open simultaneous choice unmade
  // (play/sample.hpp), but that it was made is public (`chosen`): the other world makes one
  // of its own, at random among those legal there. False when it cannot.
  bool commit_unseen(State& w, std::uint32_t chosen, Rng& rng) {
    for (int i = 0; i < w.seat_count(); ++i) {
      if (!(chosen & (1u << i)) || (w.simultaneous.chosen & (1u << i))) continue;
      Decision d;
      if (!engine_.decision(w, d).ok) return false;
      const SeatActions* sa = d.entry(i);
      if (!sa) return false;
      std::size_t who = static_cast<std::size_t>(sa - d.seats.data());
      if (!engine_.take(w, d, who, rng.below(sa->actions.size())).ok) return false;
    }
    return true;
  }

  // Drives `w` along the real game from step `at`, comparing as it goes, until a difference,
  // the seat can tell the worlds apart, a step is not legal in `w`, or the horizon.
  void compare_pair(int at, int seat, State w, const Facts& real_now, Rng& rng) {
    ++report_.pairs;
    ++report_.steps;
    Decision d;
    if (!decided(w, d)) return;
    if (auto diff = first_difference(real_now, received(w, d, seat, w.log.size())))
      return add_leak(at, at, seat, *diff);
    std::vector<State> moments;
    int end = std::min<int>(at + options_.horizon, static_cast<int>(steps_.size()));
    for (int t = at; t < end; ++t) {
      State before = w;
      // A chance decision pending when the world was drawn keeps the view's weights (all 1 for
      // a secret one), not the other world's: its outcome may be one the rules cannot make
      // there (a card another seat holds), and then the pair just ends.
      bool blind = t == at && d.kind == Decision::Kind::Chance;
      Advanced a = advance(engine_, rules_, w, d, step_in(d, steps_[t], seat, rng), moments);
      if (a == Advanced::NotLegal) return;
      if (a == Advanced::Failed) {
        if (!blind) ++report_.failed;
        return;
      }
      ++report_.steps;
      if (observed_over(before, moments, seat) != real_[t + 1][seat].legit) return;
      if (!decided(w, d)) return;
      if (auto diff = first_difference(real_[t + 1][seat].received, received(w, d, seat, before.log.size())))
        return add_leak(at, t + 1, seat, *diff);
      if (w.over || states_[t + 1].over) return;
    }
  }

  // The real step `real` as the other world `w` takes it: the same, but for a chance outcome
  // the seat does not read (a secret deal), which the other world draws for itself.
  static Step step_in(const Decision& d, const Step& real, int seat, Rng& rng) {
    if (real.seat >= 0 || d.kind != Decision::Kind::Chance || (d.audience & (1u << seat))) return real;
    double total = 0;
    for (double weight : d.weights) total += weight;
    if (total <= 0) return real;
    return {-1, d.chance->outcomes[pick_outcome(d.weights, rng)].first};
  }

  // The decision of a second world; false (and counted) when a script fails on it.
  bool decided(const State& w, Decision& d) {
    Status st = engine_.decision(w, d);
    if (!st.ok) ++report_.failed;
    return st.ok;
  }

  std::string seat_name(int seat) const { return engine_.table().seats[seat].name; }
  std::string step_text(const Step& s) const { return (s.seat < 0 ? "chance" : seat_name(s.seat)) + ": " + s.text; }

  void add_leak(int at, int step, int seat, const Difference& diff) {
    if (!found_.insert({seat, step, diff.field}).second) return;
    ++report_.found;
    if (report_.leaks.size() >= LeakReport::kKeptLeaks) return;
    Leak l;
    l.seed = engine_.table().seed;
    l.seats = engine_.table().seat_names();
    l.seat = seat;
    l.step = step;
    l.drawn_at = at;
    for (int i = 0; i < step; ++i) l.history.push_back(step_text(steps_[i]));
    l.field = diff.field;
    l.real = diff.first;
    l.other = diff.second;
    report_.leaks.push_back(std::move(l));
  }

  Engine& engine_;
  MomentRules& rules_;
  const LeakOptions& options_;
  LeakReport& report_;
  std::vector<Step> steps_;
  std::vector<State> states_;                   // before step 1, after step 1, ...
  std::vector<Decision> decisions_;             // of each of states_
  std::vector<std::vector<State>> moments_;     // of each step (none for index 0)
  std::vector<std::vector<Seen>> real_;         // per state and seat (none for index 0)
  std::set<std::tuple<int, int, std::string>> found_;
};

}  // namespace

LeakReport find_leaks(std::shared_ptr<const Ruleset> ruleset, Rules& rules, const LeakOptions& o) {
  LeakReport report;
  report.nothing_hidden = !anything_hidden(*ruleset);
  if (report.nothing_hidden) return report;
  if (o.players && (o.players < ruleset->min_players || o.players > ruleset->max_players)) {
    report.error = ruleset->id + " is for " + player_range(ruleset->min_players, ruleset->max_players) +
                   ", not " + std::to_string(o.players);
    return report;
  }
  MomentRules moment_rules(rules);
  for (int g = 0; g < o.games && report.error.empty(); ++g) {
    int span = ruleset->max_players - ruleset->min_players + 1;
    int players = o.players ? o.players : ruleset->min_players + g % span;
    GameOptions options;
    for (int i = 1; i <= players; ++i) options.seats.push_back({"P" + std::to_string(i), -1});
    options.seed = game_seed(o.first_seed, g);
    options.variant = o.variant;
    options.set = o.set;
    std::shared_ptr<const Table> table;
    try {
      table = make_table(ruleset, options);
    } catch (const InputError& e) {
      report.error = e.what();
      break;
    }
    Engine engine(table, moment_rules);
    GameSearch game(engine, moment_rules, o, report);
    if (game.play(rules) && game.replay() && game.search()) ++report.games;
  }
  return report;
}

}  // namespace arbiter
