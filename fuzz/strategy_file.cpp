// libFuzzer target: the input is a strategy file (`arbiter solve --write-bot`), read by
// read_strategy as `--bot SEAT=solved:FILE` does; what it reads is written out and read
// back, which must give the same positions. A located InputError is the expected answer to
// a corrupt file; any other exception, a crash or a sanitizer report is a finding.
#include <cstdlib>

#include "fuzz/scratch.hpp"
#include "runtime/diagnostics.hpp"
#include "bots/solved_bot.hpp"

using namespace arbiter;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::string file = fuzz::scratch_dir() + "/in.strategy",
                           again = fuzz::scratch_dir() + "/out.strategy";
  fuzz::write_file(file, data, size);
  SolvedStrategy s;
  try {
    s = read_strategy(file);
  } catch (const InputError&) {
    return 0;
  }
  if (!write_strategy(again, s).empty()) std::abort();
  SolvedStrategy back = read_strategy(again);
  if (back.ruleset != s.ruleset || back.game != s.game || back.positions.size() != s.positions.size())
    std::abort();
  for (const auto& [at, e] : s.positions)
    if (back.positions.at(at).actions != e.actions) std::abort();
  return 0;
}
