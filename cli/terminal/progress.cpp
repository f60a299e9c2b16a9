// The progress line of `sim` and `mutate` (progress.hpp).
#include "cli/terminal/progress.hpp"

#include <fmt/format.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>

#include "cli/app.hpp"
#include "present/output.hpp"

namespace arbiter::cli {

using Clock = std::chrono::steady_clock;

ProgressBar::ProgressBar(std::string unit, int rate_decimals, bool color)
    : unit_(std::move(unit)), rate_decimals_(rate_decimals), color_(color), start_(Clock::now()) {}

ProgressBar::~ProgressBar() { write_err(control("\r\033[K")); }

void ProgressBar::draw(std::size_t done, std::size_t total) {
  double elapsed = std::chrono::duration<double>(Clock::now() - start_).count();
  double rate = elapsed > 0 ? static_cast<double>(done) / elapsed : 0;
  winsize w{};
  int columns = ioctl(STDERR_FILENO, TIOCGWINSZ, &w) == 0 && w.ws_col > 0 ? w.ws_col : 80;
  const int width = std::clamp(columns - 50, 8, 30);
  int filled = total ? static_cast<int>(width * done / total) : width;
  std::string bar = std::string("[")
                        .append(style(std::string(filled, '#'), "36", color_))
                        .append(width - filled, '.')
                        .append("]");
  std::string left = rate > 0 ? fmt::format("{:.0f} s left", static_cast<double>(total - done) / rate) : "";
  print_err("{}{} {}/{} {} {:.{}f}/s {}{}", control("\r"), bar, done, total, unit_, rate, rate_decimals_,
            left, control("\033[K"));
}

}  // namespace arbiter::cli
