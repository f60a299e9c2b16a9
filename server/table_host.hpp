// One table on the server: its game, its tokens' hashes and its connections. Every call
// that touches the game runs on the table's strand, one at a time, on the host's pool.
#pragma once
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/thread_pool.hpp>

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "server/host.hpp"

namespace arbiter::server {

// The seat of `t` that `token` opens (0..), -1 for the watchers' token, -2 for none. Hashes
// compared in constant time, every one of them, whichever matches.
int token_seat(const StoredTable& t, const std::string& token);

class TableHost : public std::enable_shared_from_this<TableHost> {
 public:
  using Strand = boost::asio::strand<boost::asio::thread_pool::executor_type>;
  // At most `max_watchers` watchers' connections and `per_seat` of each seat's (a seat's newest
  // connection closes its oldest: watchers cannot keep a player out, nor a half-open old
  // connection its own player).
  // `reload` sets the game up again from the store: a finished table with nobody connected
  // lets its game (and its Lua state) go, and is loaded again for a connection or an export.
  using Reload = std::function<std::unique_ptr<TableGame>()>;
  TableHost(StoredTable stored, std::unique_ptr<TableGame> game, Reload reload, Store& store, Strand strand,
            std::size_t max_watchers, std::size_t per_seat);

  const std::string& id() const { return stored_.id; }
  int seat_of(const std::string& token) const { return token_seat(stored_, token); }
  // Runs `work` on the table's strand. What it throws (a bot's or the rules' failure that
  // escaped as an exception, memory) stops this table, told to its connections, and no other.
  template <class F>
  void post(F&& work) {
    boost::asio::post(strand_, [self = shared_from_this(), work = std::forward<F>(work)]() mutable {
      try {
        work();
      } catch (const std::exception& e) {
        self->stopped(e.what());
      }
    });
  }

  // On the strand: a peer joins as `seat` (-1: watching), leaves, or sends a frame.
  void join(const std::shared_ptr<Peer>& peer, int seat, int columns);
  void leave(const Peer* peer);
  // The table was removed: every connection told so and closed.
  void close_all();
  // Lets every connection go without a word, and stops trying the store again: for a server
  // that stopped running (Host::stop).
  void forget_peers() {
    peers_.clear();
    retry_.cancel();
  }
  void frame(const std::shared_ptr<Peer>& peer, const std::string& frame);
  // Takes the steps the table owes (chance, bots), one a post so that people's frames interleave.
  // One the store could not keep is tried again after a while, and again, until it is kept.
  void pump();
  // Before the table is reachable: the stored steps replayed (throws InputError).
  void replay(const std::vector<Step>& steps, const std::vector<Pass>& passes);
  // On the strand: the save text.
  std::string save();
  // Whether the game is in memory (from any thread).
  bool loaded() const { return loaded_; }

  // For listing, from any thread: the facts as they stood after the last step.
  struct Status {
    int seq = 0;
    bool over = false;
    std::int64_t finished = 0;
    bool stopped = false;     // a script error stopped it
    std::string store_error;  // the store failed an auto step, which waits: why ("": it did not)
  };
  Status status() const;
  Json listing() const;
  Host::Summary summary() const;

 private:
  struct Entry {
    std::shared_ptr<Peer> peer;
    Connection conn;
    std::uint64_t order = 0;  // when it joined, for closing a seat's oldest
  };
  TableGame& game();     // the game, loaded again if it was let go (throws InputError)
  void maybe_unload();   // a finished game nobody is connected to, let go
  bool make_room(int seat);
  void broadcast_states(bool was_over);
  void presence();
  bool commit(const Step& step, std::string& error);
  void note_status();
  void stopped(const std::string& why);
  void retry_later();

  StoredTable stored_;
  std::unique_ptr<TableGame> game_;
  Reload reload_;
  std::atomic<bool> loaded_{true};
  Store& store_;
  Strand strand_;
  std::size_t max_watchers_, per_seat_;
  std::uint64_t joined_ = 0;
  std::vector<bool> told_connected_;  // the seats' presence as last sent
  std::map<const Peer*, Entry> peers_;
  bool removed_ = false;
  std::string failure_told_;  // the script error already sent to everyone
  std::string store_error_;   // the store's last failure, for the host
  bool store_told_ = false;   // the players know the table waits for the store
  boost::asio::steady_timer retry_;
  int retry_ms_ = 0;
  mutable std::mutex status_mutex_;
  Status status_;
};

}  // namespace arbiter::server
