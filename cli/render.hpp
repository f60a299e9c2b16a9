// Drawing a seat's view of the table as text, for the REPL.
#pragma once
#include <string>
#include <vector>

#include "interpreter/view.hpp"

namespace arbiter::cli {

// The table as `view.seat` sees it: shared zones, then a line per seat with its
// variables and its own zones. `color` adds ANSI colour. A seat's line longer than `width`
// columns goes on below its name, a part (its variables, each zone) a line.
std::string render_table(const View& view, const std::string& title, bool color, int width = 78);

// Zone contents as a person reads them: "4 2", "3 cards", "1 2 +1 hidden", or grouped "3×2 4".
std::string render_items(const ZoneView& zone, const std::string& noun);

// The legal actions, wrapped to `width` columns.
std::string render_actions(const std::vector<std::string>& legal, int width = 78);

}  // namespace arbiter::cli
