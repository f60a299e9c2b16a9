// Tests of server/table_host.cpp against a store on a full disk: a tmpfs of a few MiB in a
// mount namespace of the test's own, filled up by a file. A chance step the store cannot keep
// leaves the table waiting (listed as `store`, actions refused as `store`), not stopped; once
// the file is gone, the step is tried again and the table goes on.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <sched.h>
#include <sys/mount.h>
#include <unistd.h>

#include <condition_variable>
#include <fstream>
#include <thread>

#include "cli/app.hpp"
#include "present/json_text.hpp"
#include "server/host.hpp"
#include "server/table_host.hpp"
#include "server/tokens.hpp"

using namespace arbiter;
using namespace arbiter::server;

namespace {

struct RecordingPeer : Peer {
  std::mutex mutex;
  std::vector<nlohmann::json> frames;
  void send(std::shared_ptr<const std::string> frame) override {
    std::lock_guard lock(mutex);
    frames.push_back(nlohmann::json::parse(*frame));
  }
  void close_with(std::string frame) override {
    std::lock_guard lock(mutex);
    frames.push_back(nlohmann::json::parse(frame));
  }
  // Waits up to 20 s for a frame that `ok` takes.
  nlohmann::json wait_for(const std::function<bool(const nlohmann::json&)>& ok) {
    for (int i = 0; i < 2000; ++i) {
      {
        std::lock_guard lock(mutex);
        for (const auto& f : frames)
          if (ok(f)) return f;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return nullptr;
  }
};

bool write_file(const std::string& path, const std::string& text) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  bool ok = fd >= 0 && ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  if (fd >= 0) ::close(fd);
  return ok;
}

// A folder on a tmpfs of 4 MiB, mounted in a mount namespace of this process alone (root, or
// a user namespace of its own): "" and `why` when neither can be had.
std::string small_disk(std::string& why) {
  if (::unshare(CLONE_NEWNS) != 0) {
    uid_t uid = ::getuid();
    gid_t gid = ::getgid();
    if (::unshare(CLONE_NEWUSER | CLONE_NEWNS) != 0) {
      why = "no mount namespace to be had";
      return "";
    }
    write_file("/proc/self/setgroups", "deny");
    write_file("/proc/self/uid_map", "0 " + std::to_string(uid) + " 1");
    write_file("/proc/self/gid_map", "0 " + std::to_string(gid) + " 1");
  }
  if (::mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0) {
    why = "cannot make the mounts private";
    return "";
  }
  char pattern[] = "/tmp/arbiter-full-disk-XXXXXX";
  if (!mkdtemp(pattern)) {
    why = "mkdtemp failed";
    return "";
  }
  if (::mount("tmpfs", pattern, "tmpfs", 0, "size=4m") != 0) {
    why = "cannot mount a tmpfs";
    return "";
  }
  return pattern;
}

// Fills the disk of `path` to its last byte.
void fill(const std::string& path) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  REQUIRE(fd >= 0);
  std::string block(65536, 'x');
  while (::write(fd, block.data(), block.size()) > 0) {}
  while (::write(fd, block.data(), 1) > 0) {}
  ::close(fd);
}

// A Kuhn poker table stored with no step: its deal, two chance steps, is owed when it resumes.
StoredTable kuhn_table(std::string& ann_token) {
  TableSetup setup;
  setup.ruleset = "kuhn-poker";
  setup.options.seats = {{"Ann", -1}, {"Bob", -1}};
  setup.options.seed = 7;
  setup.kinds = {"", ""};
  TableGame game(setup, load_game("kuhn-poker"), 1);
  ann_token = new_token(TokenKind::Seat);
  return {"fu11d1sk",
          game.setup(),
          token_hash(new_token(TokenKind::Watch)),
          {token_hash(ann_token), token_hash(new_token(TokenKind::Seat))},
          1700000000,
          0,
          game.rules_print(),
          ""};
}

bool is(const nlohmann::json& m, const std::string& type) {
  return m.is_object() && m.value("type", "") == type;
}

}  // namespace

TEST_CASE("table host: a chance step on a full disk waits, refused as store, and goes on once there is room",
          "[server][store]") {
  std::string why, dir = small_disk(why);
  INFO(why);
  REQUIRE(!dir.empty());
  Store store(dir + "/t.db");
  std::string ann;
  store.add_table(kuhn_table(ann));
  fill(dir + "/filler");
  Host host(store, [](const std::string& name) { return load_game(name); }, Limits{}, 2);
  CHECK(host.resume().empty());
  auto peer = std::make_shared<RecordingPeer>();
  Request hello;
  hello.type = Request::Type::Hello, hello.table = "fu11d1sk", hello.token = ann;
  std::shared_ptr<TableHost> joined;
  host.hello(peer, hello, joined);
  REQUIRE(joined);

  nlohmann::json wait = peer->wait_for([](const nlohmann::json& m) { return is(m, "error"); });
  CHECK(wait.value("message", "") ==
        "the table waits: the server could not record the chance step; it tries again");
  nlohmann::json listed = host.list()[0];
  CHECK(listed["status"] == "store");
  CHECK_THAT(listed.value("reason", ""), Catch::Contains("database or disk is full"));
  host.frame(joined, peer, R"({"type":"action","action":"check"})");
  nlohmann::json refusal = peer->wait_for([](const nlohmann::json& m) { return is(m, "refused"); });
  CHECK(refusal.value("reason", "") == "store");

  REQUIRE(::unlink((dir + "/filler").c_str()) == 0);
  nlohmann::json dealt =
      peer->wait_for([](const nlohmann::json& m) { return is(m, "state") && m["seq"] == 2; });
  CHECK(dealt["legal"].size() > 0);  // Ann is asked: the deal is done
  CHECK(host.list()[0]["status"] == "playing");
  CHECK(store.steps("fu11d1sk", 2).size() == 2);
  host.frame(joined, peer,
             present::json_text(nlohmann::json{{"type", "action"}, {"action", dealt["legal"][0]}}));
  CHECK(peer->wait_for([](const nlohmann::json& m) { return is(m, "state") && m["seq"] == 3; }).is_object());
  host.stop();
}
