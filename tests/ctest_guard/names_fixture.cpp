// Test cases whose names hold every character Catch2's test spec or CMake's lists read as syntax.
// Each is registered like any other (cmake/catch_tests.cmake) and must run under its own CTest
// entry; guard_test.sh also registers them as Catch2's catch_discover_tests would, which the
// guard must refuse. Each case records that it ran, so the guard's test can see which ones did.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <string>

namespace {

// Appends the running test case's name to $RAN_LOG when it is set.
void record_run() {
    const char* log = std::getenv("RAN_LOG");
    if (log == nullptr) return;
    std::ofstream(log, std::ios::app) << Catch::getResultCapture().getCurrentTestName() << '\n';
}

}  // namespace

TEST_CASE("a name with a semicolon; the rest of the name") { record_run(); }
TEST_CASE("a backslash: \\e and \\x1b") { record_run(); }
TEST_CASE("a comma, a [bracket] and \"quotes\"") { record_run(); }
TEST_CASE("~ a leading tilde") { record_run(); }
TEST_CASE("a star * inside") { record_run(); }
TEST_CASE("  two leading spaces") { record_run(); }
TEST_CASE("a name that another name begins with") { record_run(); }
TEST_CASE("a name that another name begins with, and more") { record_run(); }
