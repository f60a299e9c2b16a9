// The rulesets the benchmarks measure, games made from them, and the table's number format.
#include <fmt/format.h>

#include <algorithm>

#include "bench/bench.hpp"
#include "runtime/diagnostics.hpp"

namespace arbiter::bench {

bool wanted(const Options& o, const std::string& id) {
  return o.rulesets.empty() || std::find(o.rulesets.begin(), o.rulesets.end(), id) != o.rulesets.end();
}

namespace {

// The configurations the issue sets targets for; measured even where a default differs.
const std::pair<const char*, int> kTargetConfigs[] = {{"stack-nabbit", 4}, {"stacks", 3}};

Subject load_subject(const std::string& id, const std::string& dir, int players, const Options& o) {
  Subject s{id, players, nullptr, nullptr, ""};
  try {
    s.ruleset = load_ruleset(dir, o.root + "/scripts");
    if (s.players == 0) s.players = s.ruleset->default_players;
    s.rules = std::make_shared<LuaRules>(s.ruleset, o.root + "/scripts");
  } catch (const std::exception& e) {
    s.error = e.what();
  }
  return s;
}

}  // namespace

std::vector<Subject> find_subjects(const Options& o) {
  std::vector<Subject> out;
  auto found = list_rulesets({o.root + "/rulesets"});
  for (const auto& [id, dir] : found)
    if (wanted(o, id)) out.push_back(load_subject(id, dir, 0, o));
  for (const auto& [id, players] : kTargetConfigs) {
    auto it = std::find_if(found.begin(), found.end(), [&](const auto& f) { return f.first == id; });
    bool present = std::any_of(out.begin(), out.end(),
                               [&](const Subject& s) { return s.id == id && s.players == players; });
    if (it != found.end() && !present && wanted(o, id))
      out.push_back(load_subject(id, it->second, players, o));
  }
  return out;
}

// Always from the source tree: $ARBITER_HOME holds rulesets, not benchmarks.
Subject floor_subject(const Options& o) {
  return load_subject("floor", ARBITER_SOURCE_DIR "/bench/floor", 0, o);
}

Game new_game(const Subject& subject, std::uint64_t seed, bool logging) {
  GameOptions options;
  options.seed = seed;
  for (int i = 0; i < subject.players; ++i) options.seats.push_back({fmt::format("P{}", i + 1), -1});
  Game g;
  g.table = make_table(subject.ruleset, options);
  g.engine = std::make_unique<Engine>(g.table, *subject.rules);
  g.state = State(g.table);
  g.state.logging = logging;
  if (Status st = g.engine->start(g.state); !st.ok) throw std::runtime_error("start: " + st.message);
  return g;
}

std::vector<std::unique_ptr<Bot>> random_bots(int players, std::uint64_t seed) {
  std::vector<std::unique_ptr<Bot>> bots;
  for (int i = 0; i < players; ++i) bots.push_back(std::make_unique<RandomBot>(seed * 7 + i));
  return bots;
}

double median(std::vector<double> xs) {
  if (xs.empty()) return 0;
  std::sort(xs.begin(), xs.end());
  std::size_t n = xs.size();
  return n % 2 ? xs[n / 2] : (xs[n / 2 - 1] + xs[n / 2]) / 2;
}

std::string grouped(double x) {
  std::string digits = fmt::format("{:.0f}", x);
  std::string out;
  std::size_t start = digits[0] == '-' ? 1 : 0;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > start && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

}  // namespace arbiter::bench
