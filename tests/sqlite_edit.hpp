// Editing a test's SQLite database by hand, while no server has it open: the damage a test
// then expects the store to find.
#pragma once
#include <catch2/catch.hpp>
#include <sqlite3.h>

#include <string>

namespace arbiter::testing {

// Runs `sql` on the database `db`; the test fails, naming the statement, when SQLite refuses it.
inline void edit_db(const std::string& db, const std::string& sql) {
  sqlite3* h = nullptr;
  REQUIRE(sqlite3_open(db.c_str(), &h) == SQLITE_OK);
  char* error = nullptr;
  int rc = sqlite3_exec(h, sql.c_str(), nullptr, nullptr, &error);
  INFO(sql << ": " << (error ? error : ""));
  sqlite3_free(error);
  sqlite3_close(h);
  REQUIRE(rc == SQLITE_OK);
}

}  // namespace arbiter::testing
