// The bounded line reader: keeps the first kMaxInputLine bytes of a line, drops the rest up to
// its newline, and gives up on a line that never ends.
#include "cli/terminal/input_line.hpp"

namespace arbiter::cli {

std::string too_long_line(std::uint64_t length) {
  return "a line of " + std::to_string(length) + " bytes is longer than any input line (" +
         std::to_string(kMaxInputLine) + "); it is dropped";
}

bool read_input_line(std::istream& in, InputLine& line) {
  line = InputLine{};
  std::istream::sentry ok(in, true);
  if (!ok) return false;
  std::streambuf* buffer = in.rdbuf();
  bool zero = false;
  std::uint64_t length = 0;
  for (;; ++length) {
    int c = buffer->sbumpc();
    if (c == std::char_traits<char>::eof()) {
      // As getline: a last line without its newline is still a line; nothing at all is the end.
      in.setstate(length ? std::ios::eofbit : std::ios::eofbit | std::ios::failbit);
      if (length == 0) return false;
      break;
    }
    if (c == '\n') break;
    if (length == kMaxLineRun) {
      line.refusal = "a line runs on past " + std::to_string(kMaxLineRun) +
                     " bytes without a newline: this input is not lines of text, so reading stops here";
      line.text.clear();
      line.last = true;
      in.setstate(std::ios::eofbit);
      return true;
    }
    zero = zero || c == '\0';
    if (line.text.size() < kMaxInputLine) line.text += static_cast<char>(c);
  }
  if (length > kMaxInputLine) line.refusal = too_long_line(length);
  else if (zero) line.refusal = "a line with a zero byte in it is not text; it is dropped";
  if (!line.refusal.empty()) line.text.clear();
  return true;
}

}  // namespace arbiter::cli
