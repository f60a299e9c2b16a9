// Tests of cli/terminal/input_line.cpp: one line of input in bounded memory, whatever the input.
#include <catch2/catch.hpp>

#include <sstream>

#include "cli/terminal/input_line.hpp"

using namespace arbiter::cli;

namespace {

// An input that never ends: the same byte for ever, as /dev/zero gives.
class Endless : public std::streambuf {
 public:
  explicit Endless(char c) : block_(4096, c) { refill(); }

 protected:
  int_type underflow() override { return refill(), traits_type::to_int_type(block_[0]); }

 private:
  void refill() { setg(block_.data(), block_.data(), block_.data() + block_.size()); }
  std::string block_;
};

}  // namespace

TEST_CASE("read_input_line reads lines as getline does") {
  std::istringstream in("fold\n\nlast");
  InputLine line;
  REQUIRE(read_input_line(in, line));
  CHECK(line.text == "fold");
  CHECK(line.refusal.empty());
  REQUIRE(read_input_line(in, line));
  CHECK(line.text.empty());
  REQUIRE(read_input_line(in, line));  // a last line without its newline
  CHECK(line.text == "last");
  CHECK_FALSE(read_input_line(in, line));
}

TEST_CASE("a line longer than the limit is refused with its length, and the next line is read") {
  std::string input(kMaxInputLine + 10, 'x');
  std::istringstream in(input + "\nfold\n");
  InputLine line;
  REQUIRE(read_input_line(in, line));
  CHECK(line.text.empty());
  CHECK(line.refusal == "a line of 65546 bytes is longer than any input line (65536); it is dropped");
  CHECK_FALSE(line.last);
  REQUIRE(read_input_line(in, line));
  CHECK(line.text == "fold");
  CHECK(line.refusal.empty());
}

TEST_CASE("a line of exactly the limit is taken") {
  std::istringstream in(std::string(kMaxInputLine, 'x') + "\n");
  InputLine line;
  REQUIRE(read_input_line(in, line));
  CHECK(line.text.size() == kMaxInputLine);
  CHECK(line.refusal.empty());
}

TEST_CASE("a line with a zero byte is refused as not text") {
  std::istringstream in(std::string("fo\0ld\nfold\n", 11));
  InputLine line;
  REQUIRE(read_input_line(in, line));
  CHECK(line.refusal == "a line with a zero byte in it is not text; it is dropped");
  REQUIRE(read_input_line(in, line));
  CHECK(line.text == "fold");
}

TEST_CASE("a line that never ends stops the reading after kMaxLineRun bytes") {
  Endless zeros('\0');
  std::istream in(&zeros);
  InputLine line;
  REQUIRE(read_input_line(in, line));
  CHECK(line.last);
  CHECK(line.text.empty());
  CHECK_THAT(line.refusal, Catch::Contains("runs on past 67108864 bytes without a newline"));
  CHECK_FALSE(read_input_line(in, line));  // the input is at its end, though the stream is not
}
