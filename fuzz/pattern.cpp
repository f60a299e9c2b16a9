// libFuzzer target: a differential test of our pattern matcher (lua/lua_pattern.cpp)
// against Lua's string library. The input is a subject, a pattern, a replacement and two
// control bytes, separated by the byte 0x01; the first control byte, when given, is the
// init position (a signed byte), the second gsub's n. Every function is run both ways
// (fuzz/pattern_compare.hpp); any difference in results, or in whether and how a call
// fails, aborts with both answers.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "fuzz/pattern_compare.hpp"

using namespace arbiter;

namespace {

fuzz::PatternCase parse(std::string_view input) {
  std::string_view fields[4];
  for (int i = 0; i < 3; ++i) {
    std::size_t cut = input.find('\x01');
    fields[i] = input.substr(0, cut);
    input = cut == std::string_view::npos ? std::string_view() : input.substr(cut + 1);
  }
  fields[3] = input;
  fuzz::PatternCase c{std::string(fields[0]), std::string(fields[1]), std::string(fields[2]), {}, {}};
  if (fields[3].size() > 0) c.init = static_cast<std::int8_t>(fields[3][0]);
  if (fields[3].size() > 1) c.n = static_cast<std::int8_t>(fields[3][1]);
  return c;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static fuzz::PatternDuel duel;
  std::string differences = duel.differences(parse({reinterpret_cast<const char*>(data), size}));
  if (!differences.empty()) {
    std::fprintf(stderr, "our pattern matcher differs from Lua's:\n%s\n", differences.c_str());
    std::abort();
  }
  return 0;
}
