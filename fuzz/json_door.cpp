// libFuzzer target: the JSON front door (`arbiter play --json`) in-process, its input the
// fuzzer's bytes. The first line, `RULESET SEED PLAYERS [ask|rng]` (`tictactoe 1 2`), picks a
// shipped ruleset as the actions target does, the seed, the player count and who makes
// chance decisions; the rest is the driver's stdin, read by the same bounded line reader
// as the command. Every seat is the driver's. Each message the door writes must be one JSON
// object on one line, and no exception may leave play_json; otherwise the target aborts.
// A save's file is rewritten into a scratch folder, so that an input writes nowhere else.
#include <nlohmann/json.hpp>

#include <cstdio>
#include <sstream>
#include <vector>

#include "lua/lua_rules.hpp"
#include "cli/terminal/input_line.hpp"
#include "cli/json_play.hpp"
#include "fuzz/shipped.hpp"
#include "runtime/engine.hpp"
#include "runtime/table.hpp"

using namespace arbiter;
using Json = nlohmann::ordered_json;

namespace {

// A line the door would read as {"meta": "save", "file": F}, with F in the scratch folder.
void confine_save(cli::InputLine& line) {
  if (!line.refusal.empty()) return;
  Json m = Json::parse(line.text, nullptr, false);
  if (!m.is_object() || !m.contains("meta") || !m.contains("file")) return;
  m["file"] = fuzz::scratch_dir() + "/save.yaml";
  line.text = m.dump();
}

void check_message(const std::string& line) {
  Json m = Json::parse(line, nullptr, false);
  if (m.is_object() && line.find('\n') == std::string::npos) return;
  std::fprintf(stderr, "the door wrote what is not one JSON object on one line: %.200s\n", line.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static std::vector<fuzz::Loaded> rulesets = fuzz::load_shipped();
  std::string text(reinterpret_cast<const char*>(data), size);
  std::size_t at = text.find('\n');
  if (at == std::string::npos) return 0;
  std::string id, seed, count, chance;
  std::istringstream header(text.substr(0, at++));
  header >> id >> seed >> count >> chance;
  fuzz::Loaded& loaded = fuzz::pick_ruleset(rulesets, id);
  GameOptions options = fuzz::header_options(*loaded.ruleset, seed, count);
  Engine engine(make_table(loaded.ruleset, options), *loaded.rules);
  State state(engine.table_ptr());
  if (!engine.start(state).ok) return 0;

  std::istringstream in(text.substr(at));
  cli::JsonSeats seats{std::vector<std::string>(state.seat_count()), options.seed, chance == "ask",
                       chance != "rng"};
  cli::JsonChannel channel;
  channel.read = [&](cli::InputLine& line) {
    if (!cli::read_input_line(in, line)) return false;
    confine_save(line);
    return true;
  };
  channel.write = check_message;
  try {
    cli::play_json(engine, std::move(state), seats, channel);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "an exception left the JSON door: %s\n", e.what());
    std::abort();
  }
  return 0;
}
