// The one way the `arbiter` command puts text into HTML (`sim --html`): every string that
// comes from a ruleset or a report (seat names, bot kinds, parameter values, action kinds)
// passes html_text, so that none can open a tag, leave an attribute or run a script.
#pragma once
#include <string>

namespace arbiter::present {

// `text` safe in an HTML text node and in a double- or single-quoted attribute value: & < > " '
// as character references; bytes that are not UTF-8 as U+FFFD; control characters (C0 but
// tab and newline, DEL, C1) and bidi controls as U+FFFD too, so that what shows is what is there.
std::string html_text(const std::string& text);

}  // namespace arbiter::present
