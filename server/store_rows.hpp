// The store's rows checked before anything uses them (server/store.cpp reads them through
// here): SQLite keeps whatever a column is given, whatever the schema says, and a file can be
// damaged or edited. A table whose row is wrong is not resumed but set aside, named with
// what is wrong; nothing read from the database reaches the game unchecked.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "server/store.hpp"

namespace arbiter::server {

// A column as SQLite gave it: text, an integer, or neither (NULL, a real, a blob).
struct Column {
  std::optional<std::string> text;
  std::optional<std::int64_t> integer;
};

// A row of `tables` (its rowid names it when its id is no name) and its `seats` rows in
// the order of their seat numbers.
struct TableRow {
  std::int64_t rowid = 0;
  Column id, setup, watch_hash, created, finished, rules_print;
  std::vector<std::pair<Column, Column>> seats;  // seat number, token hash
};

// The table the row holds. A damaged one has `damage` saying what is wrong, and holds what
// could be read (its id, ruleset and token hashes) so that it is listed and its players told.
StoredTable checked_table(const TableRow& row);

// The setup's JSON (server/store.hpp's setup_text), or why it is not one.
std::optional<TableSetup> checked_setup(const std::string& text, std::string& why);

struct StepRow {
  Column n, seat, action, hash;
};
struct PassRow {
  Column n, seat;
};
// A table of `seats` seats: its steps numbered 0, 1, … with a seat of its own (or -1) each,
// and its passes. Throw StoreError naming the table and the row that is wrong.
std::vector<Step> checked_steps(const std::vector<StepRow>& rows, std::size_t seats,
                                const std::string& table);
std::vector<Pass> checked_passes(const std::vector<PassRow>& rows, std::size_t seats,
                                 const std::string& table);

}  // namespace arbiter::server
