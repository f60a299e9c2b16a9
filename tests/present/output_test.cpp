// present/output.cpp and present/json_text.cpp: the sink passes Arbiter's own control markers and
// shows every other escape; JSON text is valid UTF-8 that the sink leaves alone.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "present/json_text.hpp"
#include "present/output.hpp"

using namespace arbiter::present;

namespace {
// Every class of byte the sink changes, in one string.
const std::string kHostile =
    "card \x1b]52;c;ZWNobyBvd25lZA==\x07 \xC2\x9B"
    "2J \xE2\x80\xAE"
    "dlof \xFF\xED\xA0\x80 \x7f end";
}

TEST_CASE("Arbiter's own control bytes pass; the same bytes in text are shown", "[output]") {
  CHECK(terminal_text(control("\x1b[1;36m") + "Andy" + control("\x1b[0m")) == "\x1b[1;36mAndy\x1b[0m");
  CHECK(terminal_text(control("\r\x1b[K") + "done") == "\r\x1b[Kdone");
  CHECK(terminal_text("\x1b[1;36mAndy\x1b[0m") == "\\e[1;36mAndy\\e[0m");
  CHECK(terminal_text("a\rb") == "a\\x0db");
  CHECK(terminal_text(control("")) == "");
}

TEST_CASE("a marker is not forged by text that only looks like one", "[output]") {
  std::string real = control("\x1b[2J");
  std::string forged = real;
  forged[5] = forged[5] == '9' ? '0' : static_cast<char>(forged[5] + 1);  // one digit of the number
  CHECK(terminal_text(forged).find('\x1b') == std::string::npos);
  // The number with a value past a byte, or cut short, is no marker either.
  std::string prefix = real.substr(0, real.find(';'));
  CHECK(terminal_text(prefix + ";300m").find('\x1b') == std::string::npos);
  CHECK(terminal_text(prefix + ";27").find('\x1b') == std::string::npos);
  CHECK(terminal_text(prefix + ";27;m").find('\x1b') == std::string::npos);
}

TEST_CASE("a marker counts no columns where styled text is measured (ESC ... m)", "[output]") {
  std::string marker = control("\x1b[1m");
  REQUIRE(marker.front() == '\x1b');
  REQUIRE(marker.back() == 'm');
  for (std::size_t i = 1; i + 1 < marker.size(); ++i)
    CHECK((marker[i] == '[' || marker[i] == ';' || std::isdigit(static_cast<unsigned char>(marker[i]))));
}

TEST_CASE("the sink shows outside text as visible_text does, whole", "[output]") {
  std::string shown = terminal_text(kHostile);
  CHECK(shown.find('\x1b') == std::string::npos);
  CHECK(shown.find("\xC2\x9B") == std::string::npos);
  CHECK(shown.find("\xE2\x80\xAE") == std::string::npos);
  CHECK(shown.find('\x7f') == std::string::npos);
  CHECK(
      shown ==
      "card \\e]52;c;ZWNobyBvd25lZA==\\x07 \\x9b2J \\u202edlof \xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD \\x7f end");
}

TEST_CASE("JSON text: no exception on bytes that are not UTF-8, controls escaped", "[output]") {
  nlohmann::ordered_json j = {{"name", kHostile}, {kHostile, 1}};
  std::string text;
  REQUIRE_NOTHROW(text = json_text(j));
  CHECK(text.find("\\u001b]52") != std::string::npos);
  CHECK(text.find("\\u009b2J") != std::string::npos);
  CHECK(text.find("\\u202edlof") != std::string::npos);
  CHECK(text.find("\\u007f") != std::string::npos);
  CHECK(text.find("\xEF\xBF\xBD") != std::string::npos);
  // It reads back as the same text, with U+FFFD where the bytes were not UTF-8 ...
  auto back = nlohmann::ordered_json::parse(text);
  CHECK(back["name"] ==
        "card \x1b]52;c;ZWNobyBvd25lZA==\x07 \xC2\x9B"
        "2J \xE2\x80\xAE"
        "dlof \xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD \x7f end");
  // ... and the sink has nothing left to change in it, so it stays valid JSON on the way out.
  CHECK(terminal_text(text) == text);
  CHECK(terminal_text(json_text(j, 2)) == json_text(j, 2));
}

TEST_CASE("JSON text of clean values is nlohmann's dump, byte for byte", "[output]") {
  nlohmann::ordered_json j = {
      {"ruleset", "stacks"}, {"seats", {"Andy", "Bill \xC3\xA9 \xE4\xB8\xAD"}}, {"n", 3}};
  CHECK(json_text(j) == j.dump());
  CHECK(json_text(j, 2) == j.dump(2));
}

TEST_CASE("without a UTF-8 locale Arbiter's symbols are written in ASCII", "[output]") {
  CHECK(ascii_symbols("Stacks \u2014 3 players") == "Stacks - 3 players");
  CHECK(ascii_symbols("\u25b6 Andy  | play 2 \u00b7 fold") == "> Andy  | play 2, fold");
  CHECK(ascii_symbols("Stacks \u00b7round 1\u2026 a \u2192 b, 2\u00d73, +\u221e, 1\u20132, B \u2212 A") ==
        "Stacks -round 1... a -> b, 2x3, +inf, 1-2, B - A");
  CHECK(ascii_symbols("[\u2588\u2588\u258c   ]") == "[##+   ]");
  CHECK(ascii_symbols("caf\u00e9 \u2605 -10") == "caf\u00e9 \u2605 -10");  // other text as it is
}
