// The metrics sections of a simulation report as text for the terminal, after the tables
// render_report has always printed.
#pragma once
#include <string>

#include "analysis/sim/sim.hpp"

namespace arbiter::cli {

// Empty when the report holds no metrics (one of an arbiter before them).
std::string render_metrics(const SimReport& report);

// A bar of `value` out of `full` in `width` columns, in eighths of a column.
std::string eighths_bar(double value, double full, int width);

}  // namespace arbiter::cli
