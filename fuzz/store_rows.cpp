// libFuzzer target: the store's rows (server/store_rows.hpp) as a damaged or edited database
// could hold them. Each line of the input is one column: `t` and the text after it, `i` and a
// whole number, anything else NULL (a column of another type). The lines are the `tables` row
// (id, setup, watch hash, created, finished, fingerprint), then pairs for `seats` rows (seat,
// hash) up to a line `--`, then fours for `steps` rows (n, seat, action, hash) up to `--`,
// then pairs for `passes` rows. A sound table must be one the server can index by seat, a
// damaged one must say why; StoreError is the only exception the checks may throw.
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "server/game.hpp"
#include "server/store_rows.hpp"

using namespace arbiter;
using namespace arbiter::server;

namespace {

Column column(const std::string& line) {
  if (!line.empty() && line[0] == 't') return {line.substr(1), std::nullopt};
  if (!line.empty() && line[0] == 'i') return {std::nullopt, std::strtoll(line.c_str() + 1, nullptr, 10)};
  return {};
}

[[noreturn]] void finding(const char* what) {
  std::fprintf(stderr, "store rows: %s\n", what);
  std::abort();
}

void check_table(const StoredTable& t) {
  if (t.damage.empty()) {
    std::size_t seats = t.setup.options.seats.size();
    if (seats == 0 || t.setup.kinds.size() != seats || t.seat_hashes.size() != seats)
      finding("a sound table's seats disagree");
    for (std::size_t i = 0; i < seats; ++i)
      if (t.setup.kinds[i].empty() != (t.seat_hashes[i].size() == 64))
        finding("a person's seat without a token hash");
  }
  if (t.id.empty()) finding("a table without a name");
  rules_changes(t.rules_print, "{}");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  std::vector<Column> cols;
  std::vector<std::vector<Column>> parts(1);
  for (std::string line; std::getline(in, line);) {
    if (line == "--") parts.emplace_back();
    else parts.back().push_back(column(line));
  }
  parts.resize(3);
  std::vector<Column>& head = parts[0];
  head.resize(std::max<std::size_t>(head.size(), 6));
  TableRow row{1, head[0], head[1], head[2], head[3], head[4], head[5], {}};
  for (std::size_t i = 6; i + 1 < head.size(); i += 2) row.seats.emplace_back(head[i], head[i + 1]);
  StoredTable t = checked_table(row);
  check_table(t);
  std::vector<StepRow> steps;
  for (std::size_t i = 0; i + 3 < parts[1].size(); i += 4)
    steps.push_back({parts[1][i], parts[1][i + 1], parts[1][i + 2], parts[1][i + 3]});
  std::vector<PassRow> passes;
  for (std::size_t i = 0; i + 1 < parts[2].size(); i += 2) passes.push_back({parts[2][i], parts[2][i + 1]});
  try {
    for (const Step& s : checked_steps(steps, t.setup.kinds.size(), t.id))
      if (s.seat < -1 || s.seat >= static_cast<int>(t.setup.kinds.size())) finding("a step of no seat");
    for (const Pass& p : checked_passes(passes, t.setup.kinds.size(), t.id))
      if (p.seat < 0 || p.seat >= static_cast<int>(t.setup.kinds.size())) finding("a pass of no seat");
  } catch (const StoreError&) {
  }
  return 0;
}
