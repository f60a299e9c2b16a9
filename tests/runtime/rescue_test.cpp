// Tests of runtime/rescue.cpp with lua/watchdog: when a call is stuck inside a C
// function past its time limit and the process must end, the game kept for rescue is
// written first, private to its owner.
#include <catch2/catch.hpp>
#include <lua.hpp>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fcntl.h>

#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "lua/watchdog.hpp"
#include "runtime/rescue.hpp"

using namespace arbiter;

namespace {

std::string read_all(const std::string& file) {
  std::ifstream in(file);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// In a child process: a watched call that spins in C (no Lua instruction for the count hook
// to stop) for up to 20 s of CPU. The watchdog must end the process with status 1 well before
// (the 100 ms limit and its grace, on the same CPU clock), its message on `err`.
[[noreturn]] void spin_stuck(const std::string& file, const std::string& text, const std::string& err) {
  int fd = open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (fd < 0 || dup2(fd, 2) < 0) _exit(3);
  keep_for_rescue(file, text);
  lua_State* L = luaL_newstate();
  static Watch w;
  w.L = L;
  w.cpu_limit = std::chrono::milliseconds(100);
  w.where = "stuck/rules.lua";
  watch(&w);
  call_begins(&w, "apply");
  volatile unsigned long spins = 0;
  while (std::clock() < 20 * CLOCKS_PER_SEC) spins = spins + 1;
  _exit(0);
}

}  // namespace

TEST_CASE("a stuck call ends the process, which writes the game kept for rescue first") {
  std::string dir =
      std::filesystem::temp_directory_path() / ("arbiter-rescue-test-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::string file = dir + "/rescue.yaml";
  pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) spin_stuck(file, "arbiter_save: 1\nsteps: []\n", dir + "/stderr");
  int status = 0;
  REQUIRE(waitpid(child, &status, 0) == child);
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 1);
  CHECK(read_all(file) == "arbiter_save: 1\nsteps: []\n");
  CHECK_THAT(read_all(dir + "/stderr"),
             Catch::Contains("stuck/rules.lua: apply() ran past its time limit") &&
                 Catch::Contains("The game before this action is saved to " + file));
  struct stat st {};
  REQUIRE(stat(file.c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == 0600);  // a save shows every hand
  std::filesystem::remove_all(dir);
}

TEST_CASE("the rescue says where the game went, or that nothing was kept") {
  keep_for_rescue("", "");
  CHECK(write_rescue() == "");
  std::string dir =
      std::filesystem::temp_directory_path() / ("arbiter-rescue-say-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  keep_for_rescue(dir + "/g.yaml", "x: 1\n");
  CHECK_THAT(write_rescue(), Catch::Contains("saved to " + dir + "/g.yaml; arbiter play --load"));
  keep_for_rescue(dir + "/no/such/folder/g.yaml", "x: 1\n");
  CHECK_THAT(write_rescue(), Catch::Contains("could not be saved"));
  // Never into a file already there, nor through a link planted at the name.
  std::ofstream(dir + "/old.yaml") << "mine\n";
  keep_for_rescue(dir + "/old.yaml", "x: 1\n");
  CHECK_THAT(write_rescue(), Catch::Contains("could not be saved"));
  CHECK(read_all(dir + "/old.yaml") == "mine\n");
  std::filesystem::create_symlink(dir + "/target.yaml", dir + "/link.yaml");
  keep_for_rescue(dir + "/link.yaml", "x: 1\n");
  CHECK_THAT(write_rescue(), Catch::Contains("could not be saved"));
  CHECK(!std::filesystem::exists(dir + "/target.yaml"));
  keep_for_rescue("", "");
  std::filesystem::remove_all(dir);
}
