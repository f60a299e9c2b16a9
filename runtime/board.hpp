// A board: cells addressed by coordinates ("c3": file then rank), each cell a public zone,
// with orthogonal and diagonal neighbours, tags for named groups of cells (home spaces),
// and extra links. Geometry is data from game.yaml.
#pragma once
#include <map>
#include <string>
#include <vector>

namespace YAML { class Node; }

namespace arbiter {

class YamlChecker;
struct Ruleset;

struct Board {
  std::vector<std::string> files;          // columns, left to right ("a".."e")
  std::vector<std::string> ranks;          // rows, bottom to top ("0".."6")
  std::vector<bool> exists;                // per grid position (rank * files + file)
  std::vector<std::vector<int>> orthogonal, diagonal;  // per position: neighbour positions
  std::map<std::string, std::vector<int>> tags;        // tag -> positions
  int first_zone_def = 0;                  // the ZoneDef of position p is first_zone_def + zone_offset[p]
  std::vector<int> zone_offset;            // per position; -1 where there is no cell

  bool present() const { return !files.empty(); }
  int size() const { return static_cast<int>(files.size() * ranks.size()); }
  std::string name(int pos) const { return files[pos % files.size()] + ranks[pos / files.size()]; }
  int file_of(int pos) const { return pos % static_cast<int>(files.size()); }
  int rank_of(int pos) const { return pos / static_cast<int>(files.size()); }
  int at(int file, int rank) const;        // -1 off the board or where there is no cell
  int position(const std::string& name) const;  // -1 when there is no such cell
  // Steps between two cells over all neighbours; -1 when unreachable.
  int distance(int from, int to) const;
};

// Reads `board:` into r.board and adds one public zone per cell to r.zones.
void read_board(YamlChecker& y, const YAML::Node& n, Ruleset& r);

}  // namespace arbiter
