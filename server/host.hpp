// The server's tables: each a TableGame run on a strand of its own on a small pool of
// threads, so that a bot thinking at one table (a slow mcts) holds one thread and never the
// network's, nor another table's strand. Connections (server/ws_session.hpp) reach a table
// only through a Host, after their token named a seat of it or the right to watch.
#pragma once
#include <boost/asio/strand.hpp>
#include <boost/asio/thread_pool.hpp>

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "server/limits.hpp"
#include "server/protocol.hpp"
#include "server/store.hpp"

namespace arbiter::server {

// A connection as a table sees it: somewhere to send frames, and a way to close it.
class Peer {
 public:
  virtual ~Peer() = default;
  // Queues `frame` to be written; a peer that cannot keep up closes itself.
  virtual void send(std::shared_ptr<const std::string> frame) = 0;
  // Sends `frame` (when not empty), then closes.
  virtual void close_with(std::string frame) = 0;
};

// A new table's links: the seats' tokens (empty for a bot's seat) and the watchers'.
struct OpenedTable {
  std::string id;
  std::vector<std::string> seat_tokens;
  std::string watch_token;
};

// Loads a ruleset with a Lua state of its own (load_game, or a test's loader).
using Loader = std::function<LoadedGame(const std::string& ruleset)>;

class TableHost;

class Host {
 public:
  Host(Store& store, Loader loader, Limits limits, int threads);
  ~Host();

  // Every table in the store set up again, the unfinished ones replayed to where they stood.
  // Returns a line for the log per table that could not be: its row damaged, its ruleset no
  // longer the one it was opened with (by fingerprint), or its replay refused. Such a table is
  // set aside: listed with the reason, its players told when they connect, its rows kept.
  std::vector<std::string> resume();
  // Opens a table (throws InputError: bad ruleset, seats or bots; StoreError; or over the limit).
  // `seed` 0 draws one from the OS.
  OpenedTable open(TableSetup setup);
  // A fresh host token, whose hash replaces the last.
  std::string new_host_token();
  // Removes a table: its rows (and so its tokens' hashes) deleted, its connections closed.
  // False when there is no such table.
  bool remove(const std::string& table);
  bool is_host(const std::string& token);

  // The tables as GET /api/tables lists them.
  Json list();
  // A table's save text, given to `done` on the table's strand: (false, "") when there is
  // no such table, (false, why) when it cannot be written.
  void save_async(const std::string& table, std::function<void(bool, std::string)> done);
  // Table ids with their ruleset and seats, for the start-up lines.
  struct Summary {
    std::string id, ruleset;
    std::vector<std::pair<std::string, std::string>> seats;  // name, plays
    bool over = false;
    bool set_aside = false;
  };
  std::vector<Summary> summaries();

  // A connection's hello: the table and token checked; on success the peer is joined to
  // the table (welcome and state sent), and `joined` is the table to send its frames to.
  // On failure an error message is sent and the peer closed.
  void hello(const std::shared_ptr<Peer>& peer, const Request& hello, std::shared_ptr<TableHost>& joined);
  // A frame of a joined peer; and its leaving.
  void frame(const std::shared_ptr<TableHost>& table, const std::shared_ptr<Peer>& peer, std::string frame);
  void leave(const std::shared_ptr<TableHost>& table, const Peer* peer);

  const Limits& limits() const { return limits_; }
  std::atomic<std::size_t>& connections() { return connections_; }
  // Waits for the table threads to finish what they were doing.
  void stop();

 private:
  std::shared_ptr<TableHost> find(const std::string& id);
  std::shared_ptr<TableHost> make(const StoredTable& stored, std::unique_ptr<TableGame> game);
  // A table that is not resumed: `reason` for the host and the log, `told` for its players.
  struct SetAside {
    StoredTable stored;
    std::string reason, told;
  };
  void resume_one(StoredTable stored, std::vector<std::string>& lines);
  void set_aside(const StoredTable& stored, const std::string& reason, const char* told,
                 std::vector<std::string>& lines);
  bool hello_set_aside(const std::shared_ptr<Peer>& peer, const Request& hello);
  void save_set_aside(const SetAside& aside, std::function<void(bool, std::string)> done);

  Store& store_;
  Loader loader_;
  Limits limits_;
  boost::asio::thread_pool pool_;
  std::mutex mutex_;  // tables_, set_aside_
  std::map<std::string, std::shared_ptr<TableHost>> tables_;
  std::map<std::string, SetAside> set_aside_;
  std::atomic<std::size_t> connections_{0};
};

}  // namespace arbiter::server
