// Inline SVG charts (svg.hpp): sized in user units, scaled by the browser.
#include "cli/sim/svg.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "present/html_text.hpp"

namespace arbiter::cli {

using namespace arbiter::present;

namespace {

const char* const kColours[] = {"#3366cc", "#dc3912", "#ff9900", "#109618",
                                "#990099", "#0099c6", "#dd4477", "#66aa00"};

std::string data(const std::string& pointer, double value) {
  if (pointer.empty()) return {};
  return fmt::format(" data-json=\"{}\" data-value=\"{}\"", html_text(pointer), exact_number(value));
}

}  // namespace

std::string exact_number(double x) { return std::isfinite(x) ? fmt::format("{}", x) : "null"; }

std::string pointer_token(const std::string& key) {
  std::string out;
  for (char c : key) out += c == '~' ? std::string("~0") : c == '/' ? std::string("~1") : std::string(1, c);
  return out;
}

std::string bar_chart(const std::string& id, const std::vector<BarItem>& items, double full, double reference,
                      const std::string& reference_label) {
  constexpr double kLabel = 170, kWidth = 420, kRow = 22, kTop = 10;
  double height = kTop * 2 + kRow * static_cast<double>(items.size()) + (std::isnan(reference) ? 0 : 14);
  auto x = [&](double v) { return kLabel + kWidth * std::clamp(full > 0 ? v / full : 0.0, 0.0, 1.0); };
  std::string out = fmt::format(
      "<svg class=\"chart\" data-chart=\"{}\" viewBox=\"0 0 {} {}\" width=\"{}\" height=\"{}\" "
      "role=\"img\" xmlns=\"http://www.w3.org/2000/svg\">\n",
      html_text(id), kLabel + kWidth + 90, height, kLabel + kWidth + 90, height);
  for (std::size_t i = 0; i < items.size(); ++i) {
    const BarItem& b = items[i];
    double y = kTop + kRow * static_cast<double>(i);
    out += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>\n", kLabel - 6, y + 15,
                       html_text(b.label));
    out +=
        fmt::format("<rect class=\"bar\" x=\"{}\" y=\"{}\" width=\"{:.2f}\" height=\"16\" fill=\"{}\"{}/>\n",
                    kLabel, y + 2, x(b.value) - kLabel, kColours[i % 8], data(b.pointer, b.value));
    if (!std::isnan(b.low))
      out += fmt::format(
          "<path class=\"ci\" d=\"M{0:.2f} {1} H{2:.2f} M{0:.2f} {3} V{4} M{2:.2f} {3} V{4}\" stroke=\"#222\"/>\n",
          x(b.low), y + 10, x(b.high), y + 5, y + 15);
    out += fmt::format("<text x=\"{:.2f}\" y=\"{}\">{}</text>\n",
                       std::max(x(b.value), std::isnan(b.high) ? 0.0 : x(b.high)) + 4, y + 15,
                       html_text(b.shown));
  }
  if (!std::isnan(reference)) {
    double bottom = kTop + kRow * static_cast<double>(items.size());
    out += fmt::format(
        "<path class=\"reference\" d=\"M{0:.2f} {1} V{2}\" stroke=\"#888\" stroke-dasharray=\"4 3\"/>\n"
        "<text x=\"{0:.2f}\" y=\"{3}\" text-anchor=\"middle\" font-size=\"11\">{4}</text>\n",
        x(reference), kTop, bottom, bottom + 12, html_text(reference_label));
  }
  return out + "</svg>\n";
}

std::string line_chart(const std::string& id, const std::vector<std::string>& xs,
                       const std::vector<Series>& series, double y_low, double y_high,
                       const std::string& y_format) {
  constexpr double kLeft = 60, kWidth = 460, kTop = 12, kHeight = 200;
  double legend = 18 * static_cast<double>(series.size());
  auto px = [&](std::size_t i) {
    return kLeft + (xs.size() > 1 ? kWidth * double(i) / double(xs.size() - 1) : kWidth / 2);
  };
  auto py = [&](double v) {
    double span = y_high > y_low ? y_high - y_low : 1;
    return kTop + kHeight * (1 - std::clamp((v - y_low) / span, 0.0, 1.0));
  };
  std::string out = fmt::format(
      "<svg class=\"chart\" data-chart=\"{}\" viewBox=\"0 0 {} {}\" width=\"{}\" height=\"{}\" "
      "role=\"img\" xmlns=\"http://www.w3.org/2000/svg\">\n",
      html_text(id), kLeft + kWidth + 40, kTop + kHeight + 40 + legend, kLeft + kWidth + 40,
      kTop + kHeight + 40 + legend);
  out += fmt::format("<path d=\"M{0} {1} V{2} H{3}\" stroke=\"#444\" fill=\"none\"/>\n", kLeft, kTop,
                     kTop + kHeight, kLeft + kWidth);
  for (double v : {y_low, (y_low + y_high) / 2, y_high})
    out += fmt::format("<text x=\"{}\" y=\"{:.2f}\" text-anchor=\"end\" font-size=\"11\">{}</text>\n",
                       kLeft - 4, py(v) + 4, html_text(fmt::format(fmt::runtime(y_format), v)));
  for (std::size_t i = 0; i < xs.size(); ++i)
    out += fmt::format("<text x=\"{:.2f}\" y=\"{}\" text-anchor=\"middle\" font-size=\"11\">{}</text>\n",
                       px(i), kTop + kHeight + 16, html_text(xs[i]));
  for (std::size_t s = 0; s < series.size(); ++s) {
    const Series& line = series[s];
    std::string d;
    for (std::size_t i = 0; i < line.y.size(); ++i)
      d += fmt::format("{}{:.2f} {:.2f} ", i ? "L" : "M", px(i), py(line.y[i]));
    out += fmt::format("<path class=\"line\" d=\"{}\" stroke=\"{}\" fill=\"none\" stroke-width=\"2\"/>\n", d,
                       kColours[s % 8]);
    for (std::size_t i = 0; i < line.y.size(); ++i) {
      if (i < line.low.size())
        out += fmt::format("<path class=\"ci\" d=\"M{0:.2f} {1:.2f} V{2:.2f}\" stroke=\"{3}\"/>\n", px(i),
                           py(line.low[i]), py(line.high[i]), kColours[s % 8]);
      out += fmt::format("<circle class=\"point\" cx=\"{:.2f}\" cy=\"{:.2f}\" r=\"3\" fill=\"{}\"{}/>\n",
                         px(i), py(line.y[i]), kColours[s % 8],
                         data(i < line.pointers.size() ? line.pointers[i] : "", line.y[i]));
    }
    double ly = kTop + kHeight + 34 + 18 * double(s);
    out += fmt::format(
        "<rect x=\"{}\" y=\"{}\" width=\"12\" height=\"12\" fill=\"{}\"/><text x=\"{}\" y=\"{}\">{}</text>\n",
        kLeft, ly - 10, kColours[s % 8], kLeft + 18, ly, html_text(line.name));
  }
  return out + "</svg>\n";
}

}  // namespace arbiter::cli
