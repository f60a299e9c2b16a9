// The strategy file `arbiter solve --write-bot` writes and `--bot SEAT=solved:FILE` reads: a
// line-based text, so that a person can read which action a seat takes where and a
// corrupt file is refused at the line that is wrong.
//
//   # comments
//   arbiter strategy 1
//   ruleset kuhn-poker
//   game 0123456789abcdef              (game_print: the tree it was solved on)
//   position SEAT KEY COUNT            (SEAT from 1; KEY view_key; COUNT actions follow)
//   PROBABILITY ACTION                 (COUNT lines)
#include <fmt/format.h>

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "runtime/diagnostics.hpp"
#include "runtime/limits.hpp"
#include "bots/solved_bot.hpp"

namespace fs = std::filesystem;

namespace arbiter {

namespace {

constexpr const char* kHeader = "arbiter strategy 1";
constexpr std::size_t kMaxStrategyActions = 10000;  // as actions() may return

bool hex_digits(const std::string& s, std::size_t n) {
  if (s.size() != n) return false;
  for (char c : s)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

bool plain_text(const std::string& s) {
  for (unsigned char c : s)
    if (c < 0x20 || c == 0x7f) return false;
  return true;
}

// A whole number from 1 to `max` in `s`, or 0.
std::size_t count_in(const std::string& s, std::size_t max) {
  if (s.empty() || s.size() > 9 || s.find_first_not_of("0123456789") != std::string::npos) return 0;
  std::size_t n = std::stoul(s);
  return n <= max ? n : 0;
}

class Reader {
 public:
  Reader(std::string file, const std::string& text) : file_(std::move(file)), in_(text) {}

  SolvedStrategy read() {
    SolvedStrategy s;
    std::string line = next(true);
    if (line != kHeader) {
      if (line.rfind("arbiter strategy ", 0) == 0)
        fail("written in format " + quote(line.substr(17)) + "; this arbiter reads " + quote(kHeader));
      fail("not a strategy file: expected " + quote(kHeader) +
           " (what `arbiter solve --write-bot` writes), not " + quote(line));
    }
    s.ruleset = field(next(false), "ruleset");
    if (s.ruleset.size() > kMaxFileNameLength || !plain_text(s.ruleset))
      fail("a ruleset id is a name of at most " + std::to_string(kMaxFileNameLength) + " bytes, not " +
           quote(s.ruleset));
    s.game = field(next(false), "game");
    if (!hex_digits(s.game, 16))
      fail("the game's fingerprint is 16 hex digits (0-9, a-f), not " + quote(s.game));
    while (!(line = next(false)).empty()) position(line, s);
    if (s.positions.empty()) fail("the file holds no position");
    return s;
  }

 private:
  // The next line that is not a comment or blank; "" at the end (then done_).
  std::string next(bool header) {
    std::string line;
    while (std::getline(in_, line)) {
      ++line_;
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.empty() || line[0] == '#') continue;
      return line;
    }
    done_ = true;
    if (header) fail("the file is empty: expected " + quote(kHeader));
    return "";
  }

  [[noreturn]] void fail(const std::string& why, int line = 0) const {
    throw InputError(located(file_, line ? line : line_, 0, why));
  }

  std::string field(const std::string& line, const std::string& name) {
    if (line.rfind(name + " ", 0) != 0 || line.size() == name.size() + 1)
      fail("expected '" + name + " …', not " + (done_ ? std::string("the end of the file") : quote(line)));
    return line.substr(name.size() + 1);
  }

  void position(const std::string& line, SolvedStrategy& s) {
    std::istringstream words(line);
    std::string word, seat, key, count, extra;
    words >> word >> seat >> key >> count;
    if (word != "position" || (words >> extra))
      fail("expected 'position SEAT KEY COUNT', not " + quote(line));
    int start = line_;
    std::size_t n = count_in(count, kMaxStrategyActions),
                who = count_in(seat, static_cast<std::size_t>(kMaxSeats));
    if (!who) fail("a seat is a number from 1 to " + std::to_string(kMaxSeats) + ", not " + quote(seat));
    if (!hex_digits(key, 32)) fail("a position's key is 32 hex digits (0-9, a-f), not " + quote(key));
    if (!n)
      fail("a position has 1 to " + std::to_string(kMaxStrategyActions) + " actions, not " + quote(count));
    StrategyEntry e;
    e.line = start;
    double sum = 0;
    for (std::size_t i = 0; i < n; ++i) sum += action(n, i, e);
    if (std::fabs(sum - 1) > 1e-6)
      fail(fmt::format("the probabilities of this position add up to {:.9g}, not 1", sum), start);
    auto [it, fresh] = s.positions.try_emplace({static_cast<int>(who) - 1, key}, std::move(e));
    if (!fresh)
      fail("position " + seat + " " + key + " is given twice (first at line " +
               std::to_string(it->second.line) + ")",
           start);
  }

  // Reads the `i`th of a position's `n` actions into `e`; its probability.
  double action(std::size_t n, std::size_t i, StrategyEntry& e) {
    std::string line = next(false);
    if (done_) fail(fmt::format("the file ends inside a position: {} of its {} actions given", i, n));
    std::size_t space = line.find(' ');
    std::string number = line.substr(0, space),
                text = space == std::string::npos ? "" : line.substr(space + 1);
    char* end = nullptr;
    double p = number.empty() ? NAN : std::strtod(number.c_str(), &end);
    if (number.empty() || end != number.c_str() + number.size() || !std::isfinite(p) || p < 0 || p > 1)
      fail("expected 'PROBABILITY ACTION' with a probability from 0 to 1, not " + quote(line));
    if (text.empty() || text.size() > kMaxActionText || !plain_text(text))
      fail("an action is a text of 1 to " + std::to_string(kMaxActionText) +
           " bytes without control characters, not " + quote(text));
    for (const std::string& a : e.actions)
      if (a == text) fail("the action " + quote(text) + " is given twice in one position");
    e.actions.push_back(text);
    e.probabilities.push_back(p);
    return p;
  }

  std::string file_;
  std::istringstream in_;
  int line_ = 0;
  bool done_ = false;
};

}  // namespace

std::string write_strategy(const std::string& path, const SolvedStrategy& s) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) return "cannot write " + quote(path) + ": " + std::strerror(errno);
  out << s.comment << kHeader << "\nruleset " << s.ruleset << "\ngame " << s.game << "\n";
  for (const auto& [at, e] : s.positions) {
    for (const std::string& a : e.actions)
      if (!plain_text(a))
        return "the action " + quote(a) + " holds a control character, which a strategy file cannot";
    if (!e.where.empty() && plain_text(e.where)) out << "# " << e.where << "\n";
    out << "position " << at.first + 1 << " " << at.second << " " << e.actions.size() << "\n";
    for (std::size_t i = 0; i < e.actions.size(); ++i)
      out << fmt::format("{:.17g} {}\n", e.probabilities[i], e.actions[i]);
  }
  out.flush();
  if (!out) return "cannot write " + quote(path) + ": " + std::strerror(errno);
  return "";
}

SolvedStrategy read_strategy(const std::string& path) {
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) throw InputError(path + ": not a file that can be read");
  std::uintmax_t size = fs::file_size(path, ec);
  if (ec) throw InputError(path + ": " + ec.message());
  if (size > kMaxStrategyBytes)
    throw InputError(
        fmt::format("{}: is {} bytes; a strategy file may hold at most {}", path, size, kMaxStrategyBytes));
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  if (!in || !(text << in.rdbuf())) {
    if (size == 0) return Reader(path, "").read();
    throw InputError(path + ": cannot be read");
  }
  return Reader(path, text.str()).read();
}

}  // namespace arbiter
