// runtime/visible_text.cpp: each class of byte a terminal would act on, shown as text;
// valid UTF-8 untouched; every ill-formed sequence replaced.
#include <catch2/catch.hpp>

#include "runtime/visible_text.hpp"

using arbiter::visible_text;

namespace {
const std::string kFffd = "\xEF\xBF\xBD";
}

TEST_CASE("clean text is unchanged, byte for byte", "[visible]") {
  for (std::string clean :
       {std::string(""), std::string("Andy plays the 4 and bids 7.\nBill folds."), std::string("caf\xC3\xA9"),
        std::string("\xE4\xB8\xAD\xE6\x96\x87"), std::string("\xF0\x9F\x83\x8F joker"),
        std::string("Stacks \xC2\xB7 round 1 \xE2\x96\xB6"),
        std::string("\xC2\xA0 U+00A0 is the first code point after C1"),
        std::string("\xEF\xBF\xBF and \xF4\x8F\xBF\xBF (U+10FFFF) are code points")})
    CHECK(visible_text(clean) == clean);
}

TEST_CASE("ESC is \\e: no escape sequence reaches the terminal", "[visible]") {
  CHECK(visible_text("\x1b]52;c;cm0gLXJmIH4=\x07") == "\\e]52;c;cm0gLXJmIH4=\\x07");  // OSC 52: the clipboard
  CHECK(visible_text("\x1b]0;owned\x1b\\") == "\\e]0;owned\\e\\");                    // the window's title
  CHECK(visible_text("\x1b[2J\x1b[H") == "\\e[2J\\e[H");                              // clear the screen
}

TEST_CASE("other C0 bytes and DEL are \\xNN; a newline and a tab stay", "[visible]") {
  CHECK(visible_text(std::string("a\0b", 3)) == "a\\x00b");
  CHECK(visible_text("over\rwrite") == "over\\x0dwrite");
  CHECK(visible_text("bell\x07 back\x08") == "bell\\x07 back\\x08");
  CHECK(visible_text("del\x7f") == "del\\x7f");
  CHECK(visible_text("one\ntwo") == "one\ntwo");
  CHECK(visible_text("a\tb") == "a\tb");
  CHECK(visible_text("\x0b\x0c") == "\\x0b\\x0c");
}

TEST_CASE("C1 controls in their UTF-8 form are \\x80..\\x9f", "[visible]") {
  CHECK(visible_text("\xC2\x9B" "2J") == "\\x9b2J");  // CSI
  CHECK(visible_text("\xC2\x9D" "0;t\xC2\x9C") == "\\x9d0;t\\x9c");  // OSC ... ST
  CHECK(visible_text("\xC2\x80\xC2\x9F") == "\\x80\\x9f");
}

TEST_CASE("bidirectional controls are \\uNNNN, so a shown text reads as it is", "[visible]") {
  CHECK(visible_text("fold\xE2\x80\xAE" "7 dib") == "fold\\u202e7 dib");  // RIGHT-TO-LEFT OVERRIDE
  for (char32_t cp :
       {0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x061C})
    CHECK(arbiter::shown_escaped(cp));
  CHECK(visible_text("\xE2\x81\xA6x\xE2\x81\xA9") == "\\u2066x\\u2069");
  CHECK(visible_text("\xE2\x80\x8F") == "\\u200f");
  CHECK(visible_text("\xD8\x9C") == "\\u061c");
  CHECK(visible_text("\xE2\x80\x8D") == "\xE2\x80\x8D");  // a zero-width joiner reorders nothing
}

TEST_CASE("bytes that are not UTF-8 are U+FFFD, one per maximal ill-formed part", "[visible]") {
  CHECK(visible_text("\xFF") == kFffd);
  CHECK(visible_text("a\x9B" "b") == "a" + kFffd + "b");  // a raw 8-bit CSI, not C1 in UTF-8
  CHECK(visible_text("\xC0\xAF") == kFffd + kFffd);        // an overlong '/'
  CHECK(visible_text("\xE0\x80\xAF") == kFffd + kFffd + kFffd);
  CHECK(visible_text("\xC1\x9B") == kFffd + kFffd);        // an overlong ESC-like form
  CHECK(visible_text("\xED\xA0\x80") == kFffd + kFffd + kFffd);  // a surrogate (U+D800)
  CHECK(visible_text("\xF4\x90\x80\x80") == kFffd + kFffd + kFffd + kFffd);  // U+110000
  CHECK(visible_text("\xF5\x80\x80\x80") == kFffd + kFffd + kFffd + kFffd);
  CHECK(visible_text("\xE4\xB8") == kFffd);                // a cut 中: one part
  CHECK(visible_text("\xE4\xB8x") == kFffd + "x");
  CHECK(visible_text("\xF0\x9F\x83") == kFffd);            // a cut emoji
  CHECK(visible_text("\x80\x80") == kFffd + kFffd);        // lone continuation bytes
}

TEST_CASE("utf8_at reads a code point or says how much to replace", "[visible]") {
  char32_t cp = 0;
  std::size_t bad = 0;
  CHECK(arbiter::utf8_at("\xF0\x9F\x83\x8F", 0, cp, bad) == 4);
  CHECK(cp == 0x1F0CF);
  CHECK(arbiter::utf8_at("\xF0\x9F\x83", 0, cp, bad) == 0);
  CHECK(bad == 3);
}

TEST_CASE("put_visible_text hands out pieces that make visible_text", "[visible]") {
  std::string text = "ok \x1b[31m \xFF caf\xC3\xA9 \xC2\x9B end";
  std::string pieces;
  arbiter::put_visible_text(text, [](void* to, const char* data, std::size_t n) {
    static_cast<std::string*>(to)->append(data, n);
  }, &pieces);
  CHECK(pieces == visible_text(text));
}
