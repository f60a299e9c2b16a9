// Tests of analysis/sim/sim.cpp: the seed alone decides the report, wins add up, and the
// statistics (Wilson intervals, z and Welch's t) match values worked out by hand.
#include <catch2/catch.hpp>

#include "lua/lua_rules.hpp"
#include "runtime/diagnostics.hpp"
#include "analysis/sim/sim.hpp"

#include <random>

#include "cli/sim/report.hpp"

using namespace arbiter;

namespace {

std::shared_ptr<const Ruleset> stacks() {
  static auto r = load_ruleset(ARBITER_SOURCE_DIR "/rulesets/stacks", ARBITER_SOURCE_DIR "/scripts");
  return r;
}

RulesFactory lua_rules() {
  return [](std::shared_ptr<const Ruleset> r) -> std::unique_ptr<Rules> {
    return std::make_unique<LuaRules>(r, ARBITER_SOURCE_DIR "/scripts");
  };
}

SimOptions options(int games, int threads) {
  SimOptions o;
  o.game.seed = 7;
  o.games = games;
  o.threads = threads;
  return o;
}

SimReport simulate(const SimOptions& o, std::vector<GameRecord>* records = nullptr) {
  std::string error;
  auto played = play_games(stacks(), o, lua_rules(), error);
  INFO(error);
  REQUIRE(error.empty());
  if (records) *records = played;
  return summarize(*make_table(stacks(), o.game), o, played);
}

GameRecord game(std::vector<int> winners, std::vector<int> scores, int first = 0) {
  GameRecord g;
  g.winners = std::move(winners);
  g.scores.assign(scores.begin(), scores.end());
  g.first_seat = first;
  g.turns = 10, g.actions = 12;
  return g;
}

Spread spread(int n, double mean, double sd) { return {n, mean, sd, 0, 0, {}, {}}; }

}  // namespace

TEST_CASE("the same seed gives the same report with one thread or two") {
  std::vector<GameRecord> one, two;
  SimReport a = simulate(options(24, 1), &one), b = simulate(options(24, 2), &two);
  REQUIRE(one.size() == two.size());
  for (std::size_t g = 0; g < one.size(); ++g) {
    CHECK(one[g].seed == 7 + g);
    CHECK(one[g].winners == two[g].winners);
    CHECK(one[g].scores == two[g].scores);
    CHECK(one[g].actions == two[g].actions);
  }
  for (std::size_t s = 0; s < a.seats.size(); ++s) {
    CHECK(a.seats[s].win.wins == b.seats[s].win.wins);
    CHECK(a.seats[s].score.mean == b.seats[s].score.mean);
    CHECK(a.seats[s].histogram == b.seats[s].histogram);
  }
  CHECK(a.turns.mean == b.turns.mean);
  CHECK(a.actions.sd == b.actions.sd);
  CHECK(a.first_seat.wins == b.first_seat.wins);
}

TEST_CASE("every finished game's win is counted once, shared wins included") {
  SimReport r = simulate(options(30, 2));
  CHECK(r.finished + r.hit_limit == 30);
  double wins = 0;
  for (const auto& s : r.seats) wins += s.win.wins;
  CHECK(wins == Approx(r.finished - r.no_winner));
  REQUIRE(r.kinds.size() == 1);
  CHECK(r.kinds[0].win.wins == Approx(wins));
  CHECK(r.kinds[0].fair == 1.0);
  int histogram = 0;
  for (int n : r.seats[0].histogram) histogram += n;
  CHECK(histogram == r.finished);
  // Stacks names no ages here, so the youngest is the first listed, in every game.
  CHECK(r.seats[0].first == r.finished);
}

TEST_CASE(
    "a shared win counts 1/k to each seat, and ties, no-winner and unfinished games are counted apart") {
  SimOptions o = options(0, 1);
  o.bots = {"random", "random", "greedy"};
  std::vector<GameRecord> records = {game({0}, {40, 10, 5}), game({0, 2}, {40, 3, 40}),
                                     game({}, {0, 0, 0}, 1), game({1}, {-10, 45, 12}, 1)};
  records.push_back(game({2}, {1, 2, 3}));
  records.back().hit_limit = true;
  records.back().seed = 99;
  SimReport r = summarize(*make_table(stacks(), o.game), o, records);
  CHECK(r.finished == 4);
  CHECK(r.hit_limit == 1);
  CHECK(r.limit_seeds == std::vector<std::uint64_t>{99});
  CHECK(r.ties == 1);
  CHECK(r.no_winner == 1);
  CHECK(r.seats[0].win.wins == 1.5);
  CHECK(r.seats[1].win.wins == 1);
  CHECK(r.seats[2].win.wins == 0.5);
  CHECK(r.seats[0].win.games == 4);
  REQUIRE(r.kinds.size() == 2);
  CHECK(r.kinds[0].kind == "random");
  CHECK(r.kinds[0].win.wins == 2.5);
  CHECK(r.kinds[0].fair == Approx(2.0 / 3));
  CHECK(r.kinds[1].win.wins == 0.5);
  // Seat 1 moved first in three games and won one and a half of them.
  CHECK(r.first_seat.games == 4);
  CHECK(r.first_seat.wins == 1.5 + 1);
  CHECK(r.seats[0].first == 2);
  CHECK(r.first_seat_edge() == Approx(2.5 / 4 - 1.0 / 3));
  // Scores from -10 to 45 in ten bins: bins of 10 from -10.
  CHECK(r.bin_width == 10);
  CHECK(r.bin_low == -10);
  CHECK(r.seats[0].histogram == std::vector<int>{1, 1, 0, 0, 0, 2});
  CHECK(r.seats[0].score.mean == Approx(70.0 / 4));
  CHECK(r.seats[0].score.min == -10);
}

TEST_CASE("rotating bots move every bot one seat on per game, and each kind's wins follow it") {
  SimOptions o = options(6, 2);
  o.bots = {"random", "random", "greedy"};
  o.rotate = true;
  std::vector<GameRecord> records;
  // greedy is not a bot kind: play_games would refuse it, so the records are written here.
  for (int g = 0; g < 3; ++g) {
    records.push_back(game({g}, {0, 0, 0}));
    records.back().bots = {o.bots[g % 3], o.bots[(1 + g) % 3], o.bots[(2 + g) % 3]};
  }
  // Game 0: seat 1 (random) wins; game 1: seat 2 (greedy, moved on from seat 3) wins;
  // game 2: seat 3 (random) wins.
  SimReport r = summarize(*make_table(stacks(), o.game), o, records);
  CHECK(r.rotated);
  CHECK(r.seats[0].bot == "(rotating)");
  REQUIRE(r.kinds.size() == 2);
  CHECK(r.kinds[0].kind == "random");
  CHECK(r.kinds[0].win.wins == 2);
  CHECK(r.kinds[1].kind == "greedy");
  CHECK(r.kinds[1].win.wins == 1);
  CHECK(r.kinds[1].fair == Approx(1.0 / 3));
}

TEST_CASE("rotating bots are seated by game index whatever the thread count") {
  SimOptions o = options(4, 2);
  o.bots = {"mcts:5", "random", "random"};
  o.rotate = true;
  std::vector<GameRecord> records;
  simulate(o, &records);
  for (int g = 0; g < 4; ++g) {
    INFO("game " << g);
    CHECK(records[g].bots[(3 - g % 3) % 3] == "mcts:5");
  }
}

TEST_CASE("every seating: each seed is played once with every bot in every seat") {
  SimOptions o = options(9, 2);
  o.bots = {"mcts:3", "random", "random"};
  o.seatings = 3;
  std::vector<GameRecord> records;
  SimReport r = simulate(o, &records);
  REQUIRE(records.size() == 9);
  for (int g = 0; g < 9; ++g) {
    INFO("game " << g);
    CHECK(records[g].seed == 7 + static_cast<std::uint64_t>(g / 3));
    CHECK(records[g].bots[(3 - g % 3) % 3] == "mcts:3");
  }
  // The same deal in each seating: the seed's games differ only by who sits where.
  CHECK(records[0].first_seat == records[1].first_seat);
  CHECK(r.rotated);
  CHECK(r.seatings == 3);
  REQUIRE(r.metrics.seat_kind.count("mcts:3") == 1);
  for (const auto& [n, wins] : r.metrics.seat_kind.at("mcts:3"))
    CHECK(n == 3);  // every seat, every seed, once
  for (const auto& [n, wins] : r.metrics.seat_kind.at("random")) CHECK(n == 6);
}

TEST_CASE("a game that does not end within the action limit is reported, not an error") {
  SimOptions o = options(3, 2);
  o.max_actions = 5;
  SimReport r = simulate(o);
  CHECK(r.hit_limit == 3);
  CHECK(r.finished == 0);
  CHECK(r.limit_seeds == std::vector<std::uint64_t>{7, 8, 9});
}

TEST_CASE("an unknown bot stops the run with an error naming the game") {
  SimOptions o = options(3, 1);
  o.bots = {"random", "clever", "random"};
  std::string error;
  play_games(stacks(), o, lua_rules(), error);
  CHECK_THAT(error, Catch::Contains("game 1 (seed 7)") && Catch::Contains("unknown bot 'clever'"));
}

TEST_CASE("Wilson intervals match worked values") {
  Interval half = wilson(50, 100);
  CHECK(half.low == Approx(0.403832).epsilon(1e-5));
  CHECK(half.high == Approx(0.596168).epsilon(1e-5));
  CHECK(wilson(0, 10).low == 0);
  CHECK(wilson(0, 10).high == Approx(0.277533).epsilon(1e-5));
  CHECK(wilson(10, 10).low == Approx(0.722467).epsilon(1e-5));
  CHECK(wilson(81, 263).low == Approx(0.255289).epsilon(1e-5));
  CHECK(wilson(81, 263).high == Approx(0.366210).epsilon(1e-5));
  CHECK(wilson(2.5, 10).low == Approx(0.080948).epsilon(1e-5));  // a shared win
  CHECK(wilson(3, 0).high == 0);
}

TEST_CASE("the tests behind --compare match hand-computed cases") {
  // 60/100 against 45/100: pooled p = 0.525, se = sqrt(0.525 * 0.475 * 0.02) = 0.070622.
  CHECK(two_proportion_z(60, 100, 45, 100) == Approx(2.12398).epsilon(1e-4));
  CHECK(two_proportion_z(0, 100, 0, 100) == 0);
  // Means 10 (sd 2, n 30) and 11 (sd 3, n 40): se^2 = 4/30 + 9/40 = 0.358333, df = 67.19.
  Welch w = welch(spread(30, 10, 2), spread(40, 11, 3));
  CHECK(w.t == Approx(-1.67053).epsilon(1e-4));
  CHECK(w.df == Approx(67.19).epsilon(1e-3));
  CHECK(std::isinf(welch(spread(10, 5, 0), spread(10, 6, 0)).t));
  CHECK(welch(spread(10, 5, 0), spread(10, 5, 0)).t == 0);
  CHECK(t_critical(10) == Approx(2.2281).epsilon(1e-4));
  CHECK(t_critical(40) == Approx(2.0211).epsilon(1e-4));
  CHECK(t_critical(60) == Approx(2.0003).epsilon(1e-4));
  CHECK(t_critical(120) == Approx(1.9799).epsilon(1e-4));
  CHECK(t_critical(1e9) == Approx(1.95996).epsilon(1e-5));
}

TEST_CASE("compare puts each metric side by side and flags what is beyond noise") {
  SimReport a, b;
  a.ruleset = b.ruleset = "stacks";
  a.players = b.players = 2;
  a.finished = b.finished = a.games = b.games = 100;
  a.seats = {{"A", "random", {60, 100}, 100, {}, {}, {}}, {"B", "random", {40, 100}, 0, {}, {}, {}}};
  b.seats = {{"A", "random", {45, 100}, 100, {}, {}, {}}, {"B", "random", {55, 100}, 0, {}, {}, {}}};
  a.turns = spread(100, 30, 5), b.turns = spread(100, 30.5, 5);
  a.actions = spread(100, 40, 5), b.actions = spread(100, 50, 5);
  std::vector<Comparison> c = compare(a, b);
  auto find = [&](const std::string& metric) {
    for (const auto& m : c)
      if (m.metric == metric) return m;
    FAIL("no metric " << metric);
    return Comparison{};
  };
  Comparison first = find("win rate A");
  CHECK(first.proportion);
  CHECK(first.statistic == Approx(-2.12398).epsilon(1e-4));  // B is lower
  CHECK(first.significant());
  CHECK_FALSE(find("turns").significant());  // t = 0.71
  CHECK(find("actions").significant());      // t = 14.1
  CHECK(find("actions").statistic > 0);

  SimReport other = b;
  other.ruleset = "stacks-copy";  // a copy in another folder compares
  CHECK(compare(a, other).size() == compare(a, b).size());
  other = b;
  other.players = 3;
  CHECK_THROWS_WITH(compare(a, other), Catch::Contains("different seat counts"));
}

// Tic-tac-toe scores a full grid 1/2 each (game:finish{results = ...}). mcts maximises its
// result, so against itself it blocks and draws; sim counts the draws, and a draw's 1/2 in
// each seat's win rate and in the first seat's edge.
TEST_CASE("results: mcts plays tic-tac-toe to a draw against itself, and sim counts the draws") {
  auto ttt = load_ruleset(ARBITER_SOURCE_DIR "/rulesets/tictactoe", ARBITER_SOURCE_DIR "/scripts");
  SimOptions o = options(6, 2);
  o.bots = {"mcts:300", "mcts:300"};
  std::string error;
  auto played = play_games(ttt, o, lua_rules(), error);
  REQUIRE(error.empty());
  SimReport r = summarize(*make_table(ttt, o.game), o, played);
  CHECK(r.draws >= 5);
  CHECK(r.no_winner == r.draws);
  CHECK(r.seats[0].win.wins + r.seats[1].win.wins == Approx(r.finished));
  CHECK(r.first_seat.wins >= 0.5 * r.draws);
}

TEST_CASE("sim tally counts the finished games by a variable's final value") {

  SimOptions o = options(40, 2);
  o.tally = stacks()->var_index("last_player");
  std::string error;
  auto played = play_games(stacks(), o, lua_rules(), error);
  REQUIRE(error.empty());
  SimReport r = summarize(*make_table(stacks(), o.game), o, played);
  CHECK(r.tally == "last_player");
  int total = 0;
  for (const auto& [value, n] : r.tally_counts) total += n;
  CHECK(total == r.finished);
  SECTION("a per-seat variable is counted by seat and value") {
    o.tally = stacks()->var_index("score");
    SimReport per_seat =
        summarize(*make_table(stacks(), o.game), o, play_games(stacks(), o, lua_rules(), error));
    int n = 0;
    for (const auto& [value, count] : per_seat.tally_counts) {
      CHECK(value.find('=') != std::string::npos);
      n += count;
    }
    CHECK(n == per_seat.finished * per_seat.players);
  }
}

namespace {

// Games of every sort a report counts: shared wins (1/3 each), results (a draw, a 0.3),
// no winner, unfinished games, scores that move the histogram's bins from part to part.
std::vector<GameRecord> varied_games(int n, std::uint64_t first_seed) {
  std::mt19937_64 rng(11);
  std::vector<GameRecord> records;
  for (int g = 0; g < n; ++g) {
    int kind = static_cast<int>(rng() % 6);
    std::vector<int> winners = kind == 0   ? std::vector<int>{0, 1, 2}
                               : kind == 1 ? std::vector<int>{}
                                           : std::vector<int>{static_cast<int>(rng() % 3)};
    // Early games score little, later ones a lot, so each part's bins are narrower than the whole's.
    int spread = 3 + g * 7;
    GameRecord rec = game(winners, {static_cast<int>(rng() % spread) - 2, static_cast<int>(rng() % spread),
                                    -static_cast<int>(rng() % spread)},
                          static_cast<int>(rng() % 3));
    if (kind == 2) rec.winners.clear(), rec.results = {0.5, 0.5, 0.0};
    if (kind == 3 && rng() % 2) rec.results = {0.3, 0.7, 0.0}, rec.winners = {1};
    rec.hit_limit = rng() % 17 == 0;
    rec.turns = static_cast<int>(rng() % 50), rec.rounds = rec.turns / 3, rec.actions = rec.turns + 2;
    rec.tallied = {std::to_string(rng() % 4)};
    rec.seed = first_seed + static_cast<std::uint64_t>(g);
    records.push_back(std::move(rec));
  }
  return records;
}

}  // namespace

TEST_CASE("merged reports of parts of a run equal the run's report, byte for byte as JSON") {
  const int n = 240;
  SimOptions o = options(n, 1);
  o.tally = stacks()->var_index("phase") >= 0 ? stacks()->var_index("phase") : 0;
  auto table = make_table(stacks(), o.game);
  std::vector<GameRecord> all = varied_games(n, o.game.seed);
  std::string whole = cli::report_json(summarize(*table, o, all), {});
  // What makes merging hard is there: wins in thirds, and bins finer than the whole's in the parts.
  REQUIRE(whole.find("\"wins_parts\"") != std::string::npos);
  REQUIRE(whole.find("\"fine_histogram\"") != std::string::npos);
  std::mt19937_64 rng(5);
  for (int trial = 0; trial < 12; ++trial) {
    // Cut the run into 2 to 5 parts at random places, and merge them in a shuffled order.
    std::vector<int> cuts = {0, n};
    for (int c = 0, parts = 1 + static_cast<int>(rng() % 4); c < parts; ++c)
      cuts.push_back(1 + static_cast<int>(rng() % (n - 1)));
    std::sort(cuts.begin(), cuts.end());
    cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
    std::vector<SimReport> reports;
    std::vector<std::string> names;
    for (std::size_t p = 0; p + 1 < cuts.size(); ++p) {
      SimOptions part = o;
      part.game.seed = o.game.seed + static_cast<std::uint64_t>(cuts[p]);
      part.games = cuts[p + 1] - cuts[p];
      std::vector<GameRecord> records(all.begin() + cuts[p], all.begin() + cuts[p + 1]);
      reports.push_back(summarize(*table, part, records));
      names.push_back("part" + std::to_string(p));
    }
    std::shuffle(reports.begin(), reports.end(), rng);
    INFO("cuts: " << cuts.size() - 1 << " parts");
    CHECK(cli::report_json(merge_reports(reports, names), {}) == whole);
  }
}

TEST_CASE("reports whose seeds overlap, leave a gap, or differ in their games are not merged") {
  SimOptions o = options(20, 1);
  auto table = make_table(stacks(), o.game);
  std::vector<GameRecord> all = varied_games(20, o.game.seed);
  auto part = [&](int from, int to, std::uint64_t seed) {
    SimOptions p = o;
    p.game.seed = seed;
    p.games = to - from;
    return summarize(*table, p, std::vector<GameRecord>(all.begin() + from, all.begin() + to));
  };
  SimReport a = part(0, 10, 7), overlapping = part(10, 20, 12), apart = part(10, 20, 30),
            follows = part(10, 20, 17);
  CHECK_THROWS_WITH(merge_reports({a, overlapping}, {"a.json", "b.json"}), Catch::Contains("overlap"));
  CHECK_THROWS_WITH(merge_reports({a, apart}, {"a.json", "b.json"}),
                    Catch::Contains("no report holds seeds 17 to 29"));
  follows.max_actions = 5;
  CHECK_THROWS_WITH(merge_reports({a, follows}, {"a.json", "b.json"}),
                    Catch::Contains("action limits differ"));
  follows = part(10, 20, 17);
  follows.params["target"] = "25";
  CHECK_THROWS_WITH(merge_reports({a, follows}, {"a.json", "b.json"}),
                    Catch::Contains("parameter target: 40 → 25"));
  follows = part(10, 20, 17);
  follows.seats[0].fine_histogram[0] += 1;
  CHECK_THROWS_WITH(merge_reports({a, follows}, {"a.json", "b.json"}),
                    Catch::Contains("b.json: a report that does not add up"));
}
