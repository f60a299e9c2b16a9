// The log: a persistent list whose copies share entries, and whose destruction does not
// recurse once per entry (a long game's log overflowed the stack when it was destroyed).
#include <catch2/catch.hpp>

#include "runtime/log.hpp"

using namespace arbiter;

TEST_CASE("a log of a million entries is destroyed, copied and replaced without recursion") {
  auto log = std::make_unique<Log>();
  for (int i = 0; i < 1'000'000; ++i) log->push({Event::Kind::Say, -1, "x", kEveryone});
  Log copy = *log;
  CHECK(copy.size() == 1'000'000);
  CHECK(copy.bytes() == 1'000'000 * (1 + Log::kEntryCost));
  log.reset();               // the copy still holds every entry
  CHECK(copy.entries(999'999).size() == 1);
  copy = Log{};              // the last holder lets go: one entry at a time
  CHECK(copy.size() == 0);
}

TEST_CASE("copies of a log share what they had and grow apart") {
  Log a;
  a.push({Event::Kind::Say, -1, "one", kEveryone});
  Log b = a;
  b.push({Event::Kind::Say, -1, "two", kEveryone});
  CHECK(a.size() == 1);
  CHECK(b.size() == 2);
  CHECK(b.bytes() == 6 + 2 * Log::kEntryCost);
  CHECK(b.entries(1).front().text == "two");
}
