// Simulation reports and comparisons as aligned text for the terminal.
#pragma once
#include <string>
#include <vector>

#include "cli/sim/report.hpp"

namespace arbiter::cli {

// Win rates, the first seat's edge, ties, game length, scores with a small histogram.
std::string render_report(const SimReport& report, const RunInfo& run, bool color);

// Each metric of `a` and `b` side by side with the difference and whether it is beyond
// noise. Throws InputError when the reports are not comparable (see arbiter::compare).
std::string render_comparison(const SimReport& a, const std::string& a_name, const SimReport& b,
                              const std::string& b_name, bool color);

// Columns separated by two spaces, each padded to its widest cell; `align` has one letter per
// column, 'l' or 'r'. Cells may hold UTF-8 and ANSI colour: widths count what is shown.
std::string columns(const std::vector<std::vector<std::string>>& rows, const std::string& align,
                    int indent = 0);
// `rows` as columns() lays them out (the first column left, the others right), split when too
// wide into blocks of as many columns as fit `width`, each block repeating the first column.
std::string column_blocks(const std::vector<std::vector<std::string>>& rows, std::size_t width);

}  // namespace arbiter::cli
