// Charts as inline SVG for `sim --html`: no script, no external file. Every label passes
// html_text; every drawn number carries its JSON pointer into the report (data-json) and
// its value (data-value), so that a test can check the picture against the report.
#pragma once
#include <cmath>
#include <string>
#include <vector>

namespace arbiter::cli {

struct BarItem {
  std::string label;               // from the report: escaped when drawn
  double value = 0;
  std::string shown;               // the number as written beside the bar
  std::string pointer;             // JSON pointer of `value` in the report ("" : none)
  double low = NAN, high = NAN;    // an interval drawn as a whisker, when given
};

// Horizontal bars from 0 to `full`, with an optional dashed line at `reference` (an equal share).
std::string bar_chart(const std::string& id, const std::vector<BarItem>& items, double full,
                      double reference = NAN, const std::string& reference_label = "");

struct Series {
  std::string name;
  std::vector<double> y, low, high;   // low/high: an interval per point, or empty
  std::vector<std::string> pointers;  // per point, or empty
};

// Lines over `x` (labels, evenly spaced) from `y_low` to `y_high`, one per series, with a legend.
std::string line_chart(const std::string& id, const std::vector<std::string>& x,
                       const std::vector<Series>& series, double y_low, double y_high,
                       const std::string& y_format = "{:.0f}");

// A number as data-value writes it: the shortest text that reads back as the same double.
std::string exact_number(double x);

// A JSON pointer's reference token: ~ and / escaped as ~0 and ~1.
std::string pointer_token(const std::string& key);

}  // namespace arbiter::cli
