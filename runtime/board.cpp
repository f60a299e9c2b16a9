// Reading a board's geometry and answering questions about it.
#include "runtime/board.hpp"

#include <deque>

#include "runtime/diagnostics.hpp"
#include "runtime/limits.hpp"
#include "runtime/ruleset.hpp"
#include "runtime/yaml_check.hpp"

namespace arbiter {

int Board::at(int file, int rank) const {
  if (file < 0 || rank < 0 || file >= static_cast<int>(files.size()) ||
      rank >= static_cast<int>(ranks.size()))
    return -1;
  int pos = rank * static_cast<int>(files.size()) + file;
  return exists[pos] ? pos : -1;
}

int Board::position(const std::string& cell) const {
  for (int p = 0; p < size(); ++p)
    if (exists[p] && name(p) == cell) return p;
  return -1;
}

int Board::distance(int from, int to) const {
  std::vector<int> dist(size(), -1);
  std::deque<int> queue{from};
  dist[from] = 0;
  while (!queue.empty()) {
    int p = queue.front();
    queue.pop_front();
    if (p == to) return dist[p];
    for (const auto* list : {&orthogonal[p], &diagonal[p]})
      for (int q : *list)
        if (dist[q] < 0) dist[q] = dist[p] + 1, queue.push_back(q);
  }
  return -1;
}

namespace {

std::vector<std::string> names(YamlChecker& y, const YAML::Node& n, const std::string& what) {
  std::vector<std::string> out;
  if (!y.is_list(n, what)) return out;
  for (const auto& item : n) out.push_back(y.text(item, what));
  return out;
}

std::vector<int> cells(YamlChecker& y, const YAML::Node& n, const Board& b, const std::string& what) {
  std::vector<int> out;
  if (!y.is_list(n, what)) return out;
  for (const auto& item : n) {
    int p = b.position(y.text(item, what));
    if (p < 0) y.error(item, what + ": no cell " + quote(item.Scalar()) + " on the board");
    else out.push_back(p);
  }
  return out;
}

void link(Board& b) {
  int nf = static_cast<int>(b.files.size());
  b.orthogonal.assign(b.size(), {});
  b.diagonal.assign(b.size(), {});
  for (int p = 0; p < b.size(); ++p) {
    if (!b.exists[p]) continue;
    for (int df = -1; df <= 1; ++df)
      for (int dr = -1; dr <= 1; ++dr) {
        int q = b.at(p % nf + df, p / nf + dr);
        if ((df || dr) && q >= 0) (df && dr ? b.diagonal[p] : b.orthogonal[p]).push_back(q);
      }
  }
}

}  // namespace

void read_board(YamlChecker& y, const YAML::Node& n, Ruleset& r) {
  if (!y.keys(n, {"files", "ranks", "missing", "tags", "links"}, "board")) return;
  Board& b = r.board;
  if (!n["files"] || !n["ranks"]) {
    y.error(n, "a board needs files: [a, b, ...] and ranks: [1, 2, ...]");
    return;
  }
  b.files = names(y, n["files"], "board.files");
  b.ranks = names(y, n["ranks"], "board.ranks");
  if (b.files.empty() || b.ranks.empty()) return;
  // Every cell is a zone; the product is checked before it is formed in an int.
  if (b.files.size() > static_cast<std::size_t>(kMaxBoardCells) / b.ranks.size()) {
    y.error(n, "a board of " + std::to_string(b.files.size()) + " files by " +
                   std::to_string(b.ranks.size()) + " ranks has more than " + std::to_string(kMaxBoardCells) +
                   " cells, the most a board can have");
    b.files.clear(), b.ranks.clear();
    return;
  }
  b.exists.assign(b.size(), true);
  if (n["missing"])
    for (int p : cells(y, n["missing"], b, "board.missing")) b.exists[p] = false;
  link(b);
  if (n["links"] && y.is_list(n["links"], "board.links"))
    for (const auto& pair : n["links"]) {
      std::vector<int> ends = cells(y, pair, b, "board.links");
      if (ends.size() != 2) { y.error(pair, "a link joins two cells: [a0, b0]"); continue; }
      b.orthogonal[ends[0]].push_back(ends[1]);
      b.orthogonal[ends[1]].push_back(ends[0]);
    }
  if (n["tags"] && y.is_map(n["tags"], "board.tags"))
    for (const auto& kv : n["tags"])
      b.tags[kv.first.Scalar()] = cells(y, kv.second, b, "board.tags." + kv.first.Scalar());
  b.first_zone_def = static_cast<int>(r.zones.size());
  b.zone_offset.assign(b.size(), -1);
  for (int p = 0, k = 0; p < b.size(); ++p) {
    if (!b.exists[p]) continue;
    if (r.zone(b.name(p))) y.error(n, "cell " + quote(b.name(p)) + " has the same name as a zone");
    ZoneDef z;
    z.name = z.label = b.name(p);
    r.zones.push_back(z);
    b.zone_offset[p] = k++;
  }
}

}  // namespace arbiter
