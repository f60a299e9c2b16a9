// The progress line `sim` and `mutate` draw on standard error at a terminal.
#pragma once
#include <chrono>
#include <cstddef>
#include <string>

namespace arbiter::cli {

// One line on stderr, redrawn in place: a bar, done of total `unit`s, the rate and the time
// left; cleared when it goes. The bar shrinks to keep the line within the terminal (60
// columns must do).
class ProgressBar {
 public:
  // `rate_decimals`: how the rate per second is shown (0: "12/s", 1: "12.5/s").
  ProgressBar(std::string unit, int rate_decimals, bool color);
  ~ProgressBar();
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;
  void draw(std::size_t done, std::size_t total);

 private:
  std::string unit_;
  int rate_decimals_;
  bool color_;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace arbiter::cli
