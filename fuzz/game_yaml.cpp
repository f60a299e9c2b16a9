// libFuzzer target: the input is a ruleset's game.yaml, read and checked by load_ruleset,
// then made into a table with the default options. A located InputError is the expected
// answer to bad input; any other exception, a crash or a sanitizer report is a finding.
#include "fuzz/scratch.hpp"
#include "runtime/diagnostics.hpp"
#include "runtime/table.hpp"

using namespace arbiter;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::string dir = [] {
    std::string d = fuzz::scratch_dir() + "/game";
    std::filesystem::create_directory(d);
    return d;
  }();
  fuzz::write_file(dir + "/game.yaml", data, size);
  try {
    std::shared_ptr<const Ruleset> ruleset = load_ruleset(dir, fuzz::kScripts);
    make_table(ruleset, GameOptions{});
  } catch (const InputError&) {
  }
  return 0;
}
