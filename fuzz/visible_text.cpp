// libFuzzer target: any bytes through the output sink's transforms. visible_text must give
// valid UTF-8 with no byte a terminal acts on, and be the same when applied again;
// terminal_text must give the same as visible_text; json_text of the bytes as a string must
// parse, hold the same text with U+FFFD for ill-formed parts, and pass the sink unchanged.
// A break aborts.
//
// terminal_text passes a control() marker, which carries the process's random number. Text
// from a ruleset or a file never sees that number, but libFuzzer does: its comparison hooks
// hand it the bytes `find` compares against, and within a minute it writes the marker. An
// input holding the marker's start is therefore not held to terminal_text == visible_text;
// every other check still applies to it.
#include <cstdlib>
#include <string>

#include <nlohmann/json.hpp>

#include "present/json_text.hpp"
#include "present/output.hpp"
#include "runtime/visible_text.hpp"

using namespace arbiter;

namespace {

void require(bool ok) {
  if (!ok) std::abort();
}

// Valid UTF-8 throughout, with nothing the sink would show escaped.
bool harmless(const std::string& text) {
  for (std::size_t at = 0; at < text.size();) {
    char32_t cp = 0;
    std::size_t bad = 0, length = utf8_at(text, at, cp, bad);
    if (length == 0 || shown_escaped(cp)) return false;
    at += length;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string input(reinterpret_cast<const char*>(data), size);
  std::string shown = visible_text(input);
  require(harmless(shown));
  require(visible_text(shown) == shown);
  static const std::string marker_start = present::control("").substr(0, present::control("").size() - 1);
  if (input.find(marker_start) == std::string::npos) require(present::terminal_text(input) == shown);
  nlohmann::ordered_json j = {{"text", input}};
  std::string text = present::json_text(j);
  require(present::terminal_text(text) == text);
  auto back = nlohmann::ordered_json::parse(text);
  // The text read back is the input with each ill-formed part as U+FFFD: the visible form
  // of the read-back text is the visible form of the input.
  require(visible_text(back["text"].get<std::string>()) == shown);
  return 0;
}
