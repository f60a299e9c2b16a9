// The SQLite store (server/store.hpp). Every statement is prepared with bound parameters:
// no text from a client or a ruleset is ever part of SQL.
#include "server/store.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sqlite3.h>
#include <sys/file.h>
#include <unistd.h>

#include <functional>

#include "runtime/limits.hpp"
#include "server/store_rows.hpp"

namespace arbiter::server {

namespace {

// A prepared statement, finalized however the scope ends.
class Statement {
 public:
  Statement(sqlite3* db, const char* sql, const std::string& file) : db_(db), file_(file) {
    if (sqlite3_prepare_v2(db, sql, -1, &st_, nullptr) != SQLITE_OK) fail();
  }
  ~Statement() { sqlite3_finalize(st_); }
  Statement& bind(int i, const std::string& text) {
    if (sqlite3_bind_text(st_, i, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT) != SQLITE_OK)
      fail();
    return *this;
  }
  Statement& bind(int i, std::int64_t v) {
    if (sqlite3_bind_int64(st_, i, v) != SQLITE_OK) fail();
    return *this;
  }
  // One row more (true) or done (false).
  bool step() {
    int rc = sqlite3_step(st_);
    if (rc == SQLITE_ROW) return true;
    if (rc != SQLITE_DONE) fail();
    return false;
  }
  std::string text(int col) {
    const unsigned char* t = sqlite3_column_text(st_, col);
    return t ? std::string(reinterpret_cast<const char*>(t),
                           static_cast<std::size_t>(sqlite3_column_bytes(st_, col)))
             : "";
  }
  std::int64_t integer(int col) { return sqlite3_column_int64(st_, col); }
  // The column as it is, whatever the schema says it should be.
  Column column(int col) {
    int type = sqlite3_column_type(st_, col);
    if (type == SQLITE_TEXT) return {text(col), std::nullopt};
    if (type == SQLITE_INTEGER) return {std::nullopt, integer(col)};
    return {};
  }

 private:
  [[noreturn]] void fail() { throw StoreError(file_ + ": " + sqlite3_errmsg(db_)); }
  sqlite3* db_;
  sqlite3_stmt* st_ = nullptr;
  const std::string& file_;
};

const char* const kSchema = R"(
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tables(id TEXT PRIMARY KEY, setup TEXT NOT NULL, watch_hash TEXT NOT NULL,
  created INTEGER NOT NULL, finished INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS seats(table_id TEXT NOT NULL, seat INTEGER NOT NULL, token_hash TEXT NOT NULL,
  PRIMARY KEY(table_id, seat));
CREATE TABLE IF NOT EXISTS steps(table_id TEXT NOT NULL, n INTEGER NOT NULL, seat INTEGER NOT NULL,
  action TEXT NOT NULL, hash INTEGER NOT NULL, PRIMARY KEY(table_id, n));
CREATE TABLE IF NOT EXISTS passes(table_id TEXT NOT NULL, n INTEGER NOT NULL, seat INTEGER NOT NULL,
  PRIMARY KEY(table_id, n, seat));
)";

}  // namespace

// Opens the database file (made 0600 when new: it holds every table's seed, which tells
// every hand) and takes an flock on it for the life of the store: a second server on the
// same file would resume the same tables and refuse every action the first one stores.
// SQLite's own locks are fcntl locks, apart from this one; the descriptor stays open until
// SQLite has closed the file, since closing one would drop the process's fcntl locks.
static int lock_database(const std::string& file) {
  int fd = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0) throw StoreError(file + ": " + std::strerror(errno));
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    ::close(fd);
    throw StoreError(file + ": another arbiter serve has it open");
  }
  return fd;
}

Store::Store(const std::string& file) : file_(file), lock_fd_(lock_database(file)) {
  int rc = sqlite3_open_v2(file.c_str(), &db_,
                           SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, nullptr);
  if (rc != SQLITE_OK) {
    std::string why = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    ::close(lock_fd_);
    throw StoreError(file + ": " + why);
  }
  sqlite3_busy_timeout(db_, 5000);  // another process holding the file: wait, then say so
  try {
    exec("PRAGMA journal_mode=WAL");
    exec("PRAGMA synchronous=FULL");
    exec(kSchema);
    migrate();
  } catch (...) {
    sqlite3_close(db_);
    ::close(lock_fd_);
    throw;
  }
}

Store::~Store() {
  sqlite3_close(db_);
  ::close(lock_fd_);
}

void Store::exec(const char* sql) {
  char* error = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &error) != SQLITE_OK) {
    std::string why = error ? error : sqlite3_errmsg(db_);
    sqlite3_free(error);
    throw StoreError(file_ + ": " + why);
  }
}

// A database of an earlier arbiter has no column for the ruleset's fingerprint: its tables
// get one, empty, which Host::resume fills in with the ruleset it finds (docs/server.md).
void Store::migrate() {
  Statement st(db_, "SELECT 1 FROM pragma_table_info('tables') WHERE name = 'rules_print'", file_);
  if (!st.step()) exec("ALTER TABLE tables ADD COLUMN rules_print TEXT NOT NULL DEFAULT ''");
}

void Store::set_host_hash(const std::string& hash) {
  std::lock_guard lock(mutex_);
  Statement(db_, "INSERT OR REPLACE INTO meta(key, value) VALUES('host_hash', ?)", file_)
      .bind(1, hash)
      .step();
}

std::string Store::host_hash() {
  std::lock_guard lock(mutex_);
  Statement st(db_, "SELECT value FROM meta WHERE key = 'host_hash'", file_);
  return st.step() ? st.text(0) : "";
}

void Store::add_table(const StoredTable& t) {
  std::lock_guard lock(mutex_);
  exec("BEGIN IMMEDIATE");
  try {
    Statement(
        db_,
        "INSERT INTO tables(id, setup, watch_hash, created, finished, rules_print) VALUES(?, ?, ?, ?, ?, ?)",
        file_)
        .bind(1, t.id)
        .bind(2, setup_text(t.setup))
        .bind(3, t.watch_hash)
        .bind(4, t.created)
        .bind(5, t.finished)
        .bind(6, t.rules_print)
        .step();
    for (std::size_t i = 0; i < t.seat_hashes.size(); ++i)
      Statement(db_, "INSERT INTO seats(table_id, seat, token_hash) VALUES(?, ?, ?)", file_)
          .bind(1, t.id).bind(2, static_cast<std::int64_t>(i)).bind(3, t.seat_hashes[i]).step();
    exec("COMMIT");
  } catch (...) {
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
}

void Store::add_step(const std::string& table, int n, const Step& step) {
  std::lock_guard lock(mutex_);
  Statement(db_, "INSERT INTO steps(table_id, n, seat, action, hash) VALUES(?, ?, ?, ?, ?)", file_)
      .bind(1, table).bind(2, std::int64_t{n}).bind(3, std::int64_t{step.seat}).bind(4, step.action)
      .bind(5, static_cast<std::int64_t>(step.hash)).step();
}

void Store::add_pass(const std::string& table, int n, int seat) {
  std::lock_guard lock(mutex_);
  Statement(db_, "INSERT INTO passes(table_id, n, seat) VALUES(?, ?, ?)", file_)
      .bind(1, table).bind(2, std::int64_t{n}).bind(3, std::int64_t{seat}).step();
}

void Store::set_rules_print(const std::string& table, const std::string& print) {
  std::lock_guard lock(mutex_);
  Statement(db_, "UPDATE tables SET rules_print = ? WHERE id = ?", file_)
      .bind(1, print)
      .bind(2, table)
      .step();
}

void Store::finish(const std::string& table, std::int64_t when) {
  std::lock_guard lock(mutex_);
  Statement(db_, "UPDATE tables SET finished = ? WHERE id = ?", file_).bind(1, when).bind(2, table).step();
}

void Store::remove(const std::string& table) {
  std::lock_guard lock(mutex_);
  exec("BEGIN IMMEDIATE");
  try {
    for (const char* sql : {"DELETE FROM steps WHERE table_id = ?", "DELETE FROM passes WHERE table_id = ?",
                            "DELETE FROM seats WHERE table_id = ?", "DELETE FROM tables WHERE id = ?"})
      Statement(db_, sql, file_).bind(1, table).step();
    exec("COMMIT");
  } catch (...) {
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
}

std::vector<StoredTable> Store::tables() {
  std::lock_guard lock(mutex_);
  std::vector<StoredTable> out;
  Statement st(
      db_,
      "SELECT rowid, id, setup, watch_hash, created, finished, rules_print FROM tables ORDER BY created, rowid",
      file_);
  while (st.step()) {
    TableRow row{st.integer(0), st.column(1), st.column(2), st.column(3),
                 st.column(4),  st.column(5), st.column(6), {}};
    Statement seats(db_, "SELECT seat, token_hash FROM seats WHERE table_id = ? ORDER BY seat", file_);
    seats.bind(1, row.id.text.value_or(""));
    while (seats.step() && row.seats.size() <= static_cast<std::size_t>(kMaxSeats))
      row.seats.emplace_back(seats.column(0), seats.column(1));
    out.push_back(checked_table(row));
  }
  return out;
}

std::vector<Step> Store::steps(const std::string& table, std::size_t seats) {
  std::vector<StepRow> rows;
  {
    std::lock_guard lock(mutex_);
    Statement st(db_, "SELECT n, seat, action, hash FROM steps WHERE table_id = ? ORDER BY n", file_);
    st.bind(1, table);
    while (st.step()) rows.push_back({st.column(0), st.column(1), st.column(2), st.column(3)});
  }
  return checked_steps(rows, seats, table);
}

std::vector<Pass> Store::passes(const std::string& table, std::size_t seats) {
  std::vector<PassRow> rows;
  {
    std::lock_guard lock(mutex_);
    Statement st(db_, "SELECT n, seat FROM passes WHERE table_id = ? ORDER BY rowid", file_);
    st.bind(1, table);
    while (st.step()) rows.push_back({st.column(0), st.column(1)});
  }
  return checked_passes(rows, seats, table);
}

std::string setup_text(const TableSetup& s) {
  Json seats = Json::array();
  for (const Seat& seat : s.options.seats) seats.push_back({{"name", seat.name}, {"age", seat.age}});
  Json j{{"ruleset", s.ruleset}, {"seats", seats}, {"seed", s.options.seed}, {"variant", s.options.variant},
         {"set", s.options.set}, {"kinds", s.kinds}};
  return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace arbiter::server
