// The tables kept on disk: an SQLite database in WAL mode with synchronous=FULL, so that a
// step is on disk (through a power loss too, not only a crash of the process) before
// store() returns, and the server acknowledges nothing it has not stored. Only hashes of
// tokens are kept. One connection, used under a mutex: the store is a few small writes
// per action, far below what one SQLite connection does.
#pragma once
#include <cstdint>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include "server/game.hpp"

struct sqlite3;

namespace arbiter::server {

// What the database could not do, with SQLite's reason and the file.
struct StoreError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct StoredTable {
  std::string id;
  TableSetup setup;
  std::string watch_hash;                 // SHA-256 of the table's `w.` token
  std::vector<std::string> seat_hashes;   // per seat: its `s.` token's, "" for a bot's seat
  std::int64_t created = 0;               // Unix seconds
  std::int64_t finished = 0;              // 0: the game goes on
  std::string
      rules_print;  // the ruleset's fingerprint (game.hpp's rules_print); "": kept by an earlier arbiter
  std::string damage;                     // read back: why the row cannot be used ("": it can)
};

class Store {
 public:
  // Opens (creating if need be) `file`. Throws StoreError: not a database, cannot be written.
  explicit Store(const std::string& file);
  ~Store();
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  void set_host_hash(const std::string& hash);
  std::string host_hash();
  // A new table with its seats, in one transaction.
  void add_table(const StoredTable& t);
  // Step number `n` (from 0) of `table`, committed when this returns.
  void add_step(const std::string& table, int n, const Step& step);
  // `seat` let its out-of-turn chance go at seq `n`, committed when this returns.
  void add_pass(const std::string& table, int n, int seat);
  void finish(const std::string& table, std::int64_t when);
  // The table, its seats (their tokens' hashes), its steps and passes deleted, in one transaction.
  void remove(const std::string& table);
  // The ruleset's fingerprint of a table kept without one (an earlier arbiter's).
  void set_rules_print(const std::string& table, const std::string& print);
  // Every table, each checked (server/store_rows.hpp): a damaged one has its `damage` said.
  std::vector<StoredTable> tables();
  // A table's steps and passes (in the order they were made), checked against its `seats`
  // seats: throws StoreError naming the row that is wrong.
  std::vector<Step> steps(const std::string& table, std::size_t seats);
  std::vector<Pass> passes(const std::string& table, std::size_t seats);

 private:
  void exec(const char* sql);
  void migrate();
  std::string file_;
  int lock_fd_ = -1;  // FILE.lock, held while the store is open: one server a database
  sqlite3* db_ = nullptr;
  std::mutex mutex_;
};

// A table's setup as the store keeps it (JSON text); server/store_rows.hpp reads it back.
std::string setup_text(const TableSetup& s);

}  // namespace arbiter::server
