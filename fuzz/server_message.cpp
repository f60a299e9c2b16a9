// libFuzzer target: the server's protocol handler (server/protocol.hpp) on a table of a
// shipped ruleset, its input the fuzzer's bytes. The first line, `RULESET SEED`, picks the
// ruleset (as the actions target does) and the seed; the table has two people's seats and a
// random bot. Each further line is one frame: its first byte says whose connection sends it
// (`0`, `1`: a seat, anything else: a watcher), the rest is the frame's text. After every
// frame the table takes the steps it owes, as the server does, and every message, to the
// sender or to each connection, must be one JSON object; no exception may leave the handler.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <map>
#include <sstream>

#include "cli/app.hpp"
#include "fuzz/shipped.hpp"
#include "runtime/diagnostics.hpp"
#include "server/protocol.hpp"

using namespace arbiter;
using namespace arbiter::server;

namespace {

void check(const std::string& text) {
  auto m = nlohmann::json::parse(text, nullptr, false);
  if (m.is_object() && text.find('\n') == std::string::npos) return;
  std::fprintf(stderr, "the server would send what is not one JSON object: %.200s\n", text.c_str());
  std::abort();
}

std::vector<std::string> ids() {
  std::vector<std::string> out;
  for (const auto& [id, dir] : list_rulesets({fuzz::kRulesets})) out.push_back(id);
  return out;
}

// Each shipped ruleset's facts are read once (a game.yaml is no input here); its Lua state is
// made anew for every input, as a table's is.
LoadedGame load(const std::string& id) {
  static std::map<std::string, std::shared_ptr<const Ruleset>> read;
  if (read.empty())
    for (const auto& [found, dir] : list_rulesets({fuzz::kRulesets}))
      read[found] = load_ruleset(dir, fuzz::kScripts);
  auto it = read.find(id);
  if (it == read.end()) throw InputError("no ruleset " + id);
  LoadedGame l;
  l.ruleset = it->second;
  l.rules = std::make_unique<LuaRules>(l.ruleset, fuzz::kScripts);
  return l;
}

std::unique_ptr<TableGame> make_game(const std::string& header) {
  static const std::vector<std::string> all = ids();
  std::istringstream in(header);
  std::string id;
  std::uint64_t seed = 1;
  in >> id >> seed;
  std::size_t sum = 0;
  for (unsigned char c : id) sum = sum * 31 + c;
  if (std::find(all.begin(), all.end(), id) == all.end()) id = all[sum % all.size()];
  LoadedGame loaded = load(id);
  TableSetup setup;
  setup.ruleset = id;
  int n = std::max(loaded.ruleset->min_players, std::min(3, loaded.ruleset->max_players));
  for (int i = 0; i < n; ++i) setup.options.seats.push_back({"P" + std::to_string(i + 1), -1});
  setup.options.seed = seed;
  setup.kinds.assign(static_cast<std::size_t>(n), "");
  if (n >= 3) setup.kinds[2] = "random";
  return std::make_unique<TableGame>(setup, std::move(loaded), seed);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string input(reinterpret_cast<const char*>(data), size);
  std::istringstream lines(input);
  std::string header;
  std::getline(lines, header);
  std::unique_ptr<TableGame> game;
  try {
    game = make_game(header);
  } catch (const InputError&) {
    return 0;  // a seed or seat count the ruleset refuses
  }
  Connection conns[3] = {{0, {}, 78}, {1, {}, 78}, {-1, {}, 60}};
  if (game->table().seats.size() < 2) conns[1].seat = -1;
  Commit commit = [](const Step&, std::string&) { return true; };
  int steps = 0;
  for (std::string line; std::getline(lines, line) && steps < 2000;) {
    if (line.empty()) continue;
    Connection& c = conns[line[0] == '0' ? 0 : line[0] == '1' ? 1 : 2];
    Handled h = handle_frame(*game, c, std::string_view(line).substr(1), commit);
    for (const auto& reply : h.replies) check(reply);
    if (!h.moved) continue;
    while (game->owes_auto_step() && ++steps < 2000) game->auto_step(commit);
    for (Connection& each : conns) check(text_of(game->state_message(each.seat, each.cursor, each.columns)));
    if (game->over()) check(text_of(game->over_message()));
  }
  return 0;
}
