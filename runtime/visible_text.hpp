// Text from outside Arbiter (a ruleset, a report file, the command line) made harmless to
// show on a terminal: every byte a terminal would act on instead of showing becomes visible
// text. The `arbiter` command writes everything through it (present/output.hpp); the binding's
// debugging `print` uses it directly, since it cannot reach the command's code.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

namespace arbiter {

// What a terminal shows in place of the text, and why each is changed:
//   ESC (0x1b)                      `\e`      starts every escape sequence (title, clipboard, screen)
//   other C0 bytes, DEL             `\x0d`    move the cursor back, ring, erase (`\n` and `\t`
//                                             are kept: they only move on, writing nothing
//                                             over what is shown; Lua's tracebacks indent
//                                             with a tab)
//   C1 code points U+0080..U+009F   `\x9b`    8-bit CSI, OSC, … in their UTF-8 form
//   bidirectional formatting        `\u202e`  reorder what follows, so that a shown action
//     U+061C, U+200E, U+200F,                 can read other than its text (Trojan Source)
//     U+202A..U+202E, U+2066..U+2069
//   bytes that are not UTF-8        U+FFFD    (one per maximal invalid part, as Unicode
//                                             advises); overlong forms, surrogates
//                                             (ED A0 80) and code points past U+10FFFF included
// A backslash in the text itself is not doubled: the forms are for reading, not for undoing.
std::string visible_text(std::string_view text);

// The same, handed out in pieces to `put` without allocating (for a caller inside a Lua C
// function, which must not throw). The pieces, in order, are the visible text.
using VisiblePut = void (*)(void* context, const char* data, std::size_t size);
void put_visible_text(std::string_view text, VisiblePut put, void* context);

// Whether visible_text shows code point `cp` other than as itself (bidi controls, C0 but
// `\n` and `\t`, DEL and C1). JSON output escapes the same ones (present/json_text.hpp).
bool shown_escaped(char32_t cp);

// The length of the valid UTF-8 sequence at `text[at]`, its code point in `cp`; or 0 when
// it is not one, with `bad` set to the bytes to replace by one U+FFFD (1 to 3).
std::size_t utf8_at(std::string_view text, std::size_t at, char32_t& cp, std::size_t& bad);

}  // namespace arbiter
