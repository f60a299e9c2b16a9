// Tests of analysis/sim/metrics.cpp: the metrics count every finished game once, agree
// with the report's own figures, and merge from parts into exactly the whole run's.
#include <atomic>

#include <catch2/catch.hpp>

#include "lua/lua_rules.hpp"
#include "cli/sim/metrics_json.hpp"
#include "present/json_text.hpp"
#include "analysis/sim/sim.hpp"

using namespace arbiter;

namespace {

std::vector<GameRecord> play(int games, std::uint64_t seed, std::vector<std::string> bots = {}) {
  static auto ruleset = load_ruleset(ARBITER_SOURCE_DIR "/rulesets/stacks", ARBITER_SOURCE_DIR "/scripts");
  SimOptions o;
  o.game.seed = seed;
  o.games = games;
  o.threads = 1;
  o.bots = std::move(bots);
  o.rotate = !o.bots.empty();
  std::string error;
  auto records = play_games(ruleset, o, [](std::shared_ptr<const Ruleset> r) -> std::unique_ptr<Rules> {
    return std::make_unique<LuaRules>(r, ARBITER_SOURCE_DIR "/scripts");
  }, error);
  REQUIRE(error.empty());
  return records;
}

std::string text(const SimMetrics& m) { return present::json_text(cli::metrics_json(m)); }

}  // namespace

TEST_CASE("every finished game is counted once in each metric", "[sim_metrics]") {
  auto records = play(40, 3);
  SimMetrics m = summarize_metrics(records, 3);
  CHECK(histogram_total(m.turns) == 40);
  CHECK(histogram_total(m.decisions) == 40);
  std::int64_t decisions = 0, chosen = 0, seat_games = 0;
  for (const auto& g : records) decisions += g.actions;
  for (const auto& [name, k] : m.kinds) {
    chosen += k.chosen;
    std::int64_t n = 0;
    for (const auto& [times, entry] : k.by_times) n += entry.first;
    CHECK(n == 40 * 3);  // every seat-game, the ones that never chose the kind among them
  }
  CHECK(chosen == decisions);
  for (int p = 0; p < kPhases; ++p) seat_games += m.asked[p];
  CHECK(seat_games == decisions);
  CHECK(m.lead_games == histogram_total(m.decided));
  CHECK(m.kinds.count("play") == 1);
}

TEST_CASE("metrics of parts merge into the whole run's, byte for byte", "[sim_metrics]") {
  std::vector<std::string> bots = {"random", "mcts:4", "random"};
  auto all = play(30, 11, bots);
  auto first = std::vector<GameRecord>(all.begin(), all.begin() + 7);
  auto rest = std::vector<GameRecord>(all.begin() + 7, all.end());
  SimMetrics merged = summarize_metrics(first, 3);
  merge_metrics(merged, summarize_metrics(rest, 3));
  CHECK(text(merged) == text(summarize_metrics(all, 3)));
  CHECK(merged.seat_kind.size() == 2);
  // and through JSON, as --merge reads them
  SimMetrics read = cli::read_metrics(cli::metrics_json(summarize_metrics(first, 3)), 3);
  merge_metrics(read, cli::read_metrics(cli::metrics_json(summarize_metrics(rest, 3)), 3));
  CHECK(text(read) == text(summarize_metrics(all, 3)));
}

TEST_CASE("the median splits seat-games into more and fewer", "[sim_metrics]") {
  ActionKind k;
  k.by_times[0] = {4, ExactSum({1.0})};
  k.by_times[2] = {2, ExactSum({1.5})};
  k.by_times[5] = {4, ExactSum({3.0})};
  KindSplit s = split_at_median(k);
  CHECK(s.median == 2);
  CHECK(s.below == 4);
  CHECK(s.below_rate == Approx(0.25));
  CHECK(s.above == 4);
  CHECK(s.above_rate == Approx(0.75));
}

TEST_CASE("histograms bin in round widths and keep every count", "[sim_metrics]") {
  Histogram h{{3, 1}, {17, 2}, {41, 5}};
  auto bins = bin_histogram(h, 10);
  REQUIRE(!bins.empty());
  CHECK(bins.front().low == 0);
  CHECK(bins[0].high - bins[0].low + 1 == 5);
  std::int64_t n = 0;
  for (const auto& b : bins) n += b.count;
  CHECK(n == 8);
  CHECK(histogram_quantile(h, 0.5) == 41);
  CHECK(histogram_mean(h) == Approx((3 + 34 + 205) / 8.0));
}

TEST_CASE("a kind one part never saw counts that part's seat-games as zeros", "[sim_metrics]") {
  auto game = [](std::vector<std::map<std::string, int>> kinds, int winner) {
    GameRecord g;
    g.bots = {"random", "random"};
    g.winners = {winner};
    g.turns = 4, g.actions = 4;
    g.metrics.decisions = {2, 2};
    g.metrics.kinds = std::move(kinds);
    return g;
  };
  std::vector<GameRecord> a = {game({{{"x", 2}}, {}}, 0)}, b = {game({{}, {{"y", 1}, {"x", 1}}}, 1)};
  std::vector<GameRecord> both = {a[0], b[0]};
  SimMetrics merged = summarize_metrics(a, 2);
  merge_metrics(merged, summarize_metrics(b, 2));
  SimMetrics whole = summarize_metrics(both, 2);
  CHECK(text(merged) == text(whole));
  SimMetrics reversed = summarize_metrics(b, 2);  // now the first part has a kind the second lacks
  merge_metrics(reversed, summarize_metrics(a, 2));
  CHECK(text(reversed) == text(whole));
  REQUIRE(whole.kinds.count("y") == 1);
  CHECK(whole.kinds["y"].by_times[0].first == 3);
  CHECK(whole.kinds["y"].by_times[0].second.value() == 1.0);  // seat 0 won game a without choosing y
}

TEST_CASE("lead changes and the turn the winner led for good, counted by hand", "[sim_metrics]") {
  // tests/fixtures/lead: the lead goes seat 1, 2, 1, 2, 1 over five turns; seat 1 wins.
  auto ruleset = load_ruleset(ARBITER_SOURCE_DIR "/tests/fixtures/lead", ARBITER_SOURCE_DIR "/scripts");
  SimOptions o;
  o.game.seed = 1;
  o.games = 1;
  o.threads = 1;
  std::string error;
  auto records = play_games(ruleset, o, [](std::shared_ptr<const Ruleset> r) -> std::unique_ptr<Rules> {
    return std::make_unique<LuaRules>(r, ARBITER_SOURCE_DIR "/scripts");
  }, error);
  REQUIRE(error.empty());
  REQUIRE(records.size() == 1);
  const GameMetrics& g = records[0].metrics;
  CHECK(g.scored);
  CHECK(g.lead_changes == 4);
  CHECK(g.decided == 5);  // it led for good from the end of turn 5, the last
  CHECK(g.still == 0);
  SimMetrics m = summarize_metrics(records, 2);
  CHECK(m.lead_changes == Histogram{{4, 1}});
  CHECK(m.decided == Histogram{{kPhases - 1, 1}});
}

namespace {

// Forwards to LuaRules, counting the calls of the score hook.
class CountingScores final : public Rules {
 public:
  CountingScores(std::shared_ptr<const Ruleset> r, std::atomic<int>& calls)
      : lua_(std::move(r), ARBITER_SOURCE_DIR "/scripts"), rules_(lua_), calls_(calls) {}
  Status setup(State& s) override { return rules_.setup(s); }
  Status round_start(State& s) override { return rules_.round_start(s); }
  Status turn_start(State& s) override { return rules_.turn_start(s); }
  Status round_end(State& s) override { return rules_.round_end(s); }
  Status apply(State& s, int seat, const std::string& a) override { return rules_.apply(s, seat, a); }
  Status outcome(State& s, const std::string& d, const std::string& r) override {
    return rules_.outcome(s, d, r);
  }
  Status round_order(const State& s, std::vector<int>& o) override { return rules_.round_order(s, o); }
  Status actions(const State& s, int seat, std::vector<std::string>& out) override {
    return rules_.actions(s, seat, out);
  }
  Status accepts(const State& s, int seat, const std::string& a, bool& ok, std::string& c,
                 std::string& why) override {
    return rules_.accepts(s, seat, a, ok, c, why);
  }
  bool scores_by_hook() const override { return rules_.scores_by_hook(); }
  Status score(const State& s, int seat, Value& out) override {
    ++calls_;
    return rules_.score(s, seat, out);
  }

 private:
  LuaRules lua_;
  SharedRules rules_;
  std::atomic<int>& calls_;
};

}  // namespace

TEST_CASE("a score hook is read at every turn only when the lead is asked for", "[sim_metrics]") {
  // Stack Nabbit scores by a hook: a plain run reads it once per seat at the end of each game.
  auto ruleset = load_ruleset(ARBITER_SOURCE_DIR "/rulesets/stack-nabbit", ARBITER_SOURCE_DIR "/scripts");
  for (bool lead : {false, true}) {
    SimOptions o;
    o.games = 3, o.threads = 1, o.lead = lead;
    std::atomic<int> calls{0};
    std::string error;
    auto records = play_games(
        ruleset, o,
        [&calls](std::shared_ptr<const Ruleset> r) -> std::unique_ptr<Rules> {
          return std::make_unique<CountingScores>(r, calls);
        },
        error);
    REQUIRE(error.empty());
    int seats = make_table(ruleset, o.game)->seat_count(), turns = 0;
    for (const auto& g : records) turns += g.turns;
    SimMetrics m = summarize_metrics(records, seats);
    CHECK(m.lead_measured == lead);
    if (!lead) CHECK(calls == 3 * seats);
    else CHECK(calls >= seats * turns);
    CHECK((m.lead_games > 0) == lead);
  }
}

TEST_CASE("a ruleset's tags are the action kinds, each read before its action is taken", "[sim_metrics]") {
  // tests/fixtures/tagged: the first play of a game is "opening" (taken is 0 only before it
  // is applied), the others "big" or "small"; no kind is the first word "play".
  auto ruleset = load_ruleset(ARBITER_SOURCE_DIR "/tests/fixtures/tagged", ARBITER_SOURCE_DIR "/scripts");
  SimOptions o;
  o.games = 6, o.threads = 1;
  std::string error;
  auto records = play_games(ruleset, o, [](std::shared_ptr<const Ruleset> r) -> std::unique_ptr<Rules> {
    return std::make_unique<LuaRules>(r, ARBITER_SOURCE_DIR "/scripts");
  }, error);
  REQUIRE(error.empty());
  SimMetrics m = summarize_metrics(records, 2);
  CHECK(m.kinds.count("play") == 0);
  REQUIRE(m.kinds.count("opening") == 1);
  CHECK(m.kinds.at("opening").chosen == 6);  // one a game
  std::int64_t chosen = 0;
  for (const auto& [name, k] : m.kinds) chosen += k.chosen;
  CHECK(chosen == 6 * 4);
  CHECK(m.kinds.size() == 3);
}
