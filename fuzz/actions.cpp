// libFuzzer target: action text fed to every shipped ruleset's engine, as the REPL feeds
// it. The first line, `RULESET SEED PLAYERS` (`stacks 3 4`), picks the ruleset by its id
// (a name that is no id still picks one, by its bytes, so that no input is wasted), the
// seed and the player count; each line after it is an action for the seat on turn, `SEAT: action` for another
// seat, `#N` for the seat's Nth legal action (so the fuzzer gets deep into games), or, while a chance
// decision waits, its outcome (`#N` for the Nth). An action that is refused must leave the state exactly as
// it was; when it does not, the target aborts.
#include <cstring>
#include <sstream>
#include <vector>

#include "lua/lua_rules.hpp"
#include "fuzz/shipped.hpp"
#include "runtime/engine.hpp"
#include "runtime/table.hpp"

using namespace arbiter;

namespace {

// `#N` picks choices[N % size]; anything else is itself.
std::string pick(const std::string& line, const std::vector<std::string>& choices) {
  if (line.size() < 2 || line[0] != '#' || choices.empty()) return line;
  return choices[std::strtoul(line.c_str() + 1, nullptr, 10) % choices.size()];
}

// A line `SEAT: rest` names its seat; otherwise the seat on turn acts.
int seat_of(const Table& t, const State& s, std::string& line) {
  auto colon = line.find(':');
  if (colon == std::string::npos || colon == 0) return s.active();
  int seat = t.seat_by_name(normalize_action(line.substr(0, colon)));
  if (seat >= 0) line = normalize_action(line.substr(colon + 1));
  return seat >= 0 ? seat : s.active();
}

void check_unchanged(const State& before, const State& after, const ActionResult& o,
                     const std::string& line) {
  if (o.ok() || (after.hash() == before.hash() && after.same_play_state(before))) return;
  std::fprintf(stderr, "refused (%s: %s) but the state changed: %s\n", to_text(o.refusal), o.message.c_str(),
               line.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static std::vector<fuzz::Loaded> rulesets = fuzz::load_shipped();
  std::string text(reinterpret_cast<const char*>(data), size);
  std::size_t at = text.find('\n');
  if (at == std::string::npos) return 0;
  std::string id, seed, count;
  std::istringstream header(text.substr(0, at++));
  header >> id >> seed >> count;
  fuzz::Loaded& loaded = fuzz::pick_ruleset(rulesets, id);
  GameOptions options = fuzz::header_options(*loaded.ruleset, seed, count);
  Engine engine(make_table(loaded.ruleset, options), *loaded.rules);
  State state(engine.table_ptr());
  if (!engine.start(state).ok) return 0;

  for (int n = 0; at < text.size() && n < 500; ++n) {
    std::size_t end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(at, end - at);
    at = end + 1;
    State before = state;
    if (const ChanceDef* chance = engine.pending_chance(state)) {
      std::vector<std::string> outcomes;
      for (const auto& [name, meaning] : chance->outcomes) outcomes.push_back(name);
      check_unchanged(before, state, engine.decide(state, pick(line, outcomes)), line);
      continue;
    }
    int seat = seat_of(engine.table(), state, line);
    if (seat < 0) continue;
    std::vector<std::string> legal;
    if (!engine.legal(state, seat, legal).ok) legal.clear();  // a script error: the text is then refused
    check_unchanged(before, state, engine.apply(state, seat, pick(line, legal)), line);
  }
  return 0;
}
