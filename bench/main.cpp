// `arbiter_bench`: runs the benchmarks on one core and prints one table with the machine's
// details. `make bench` builds it in Release and runs it. Not a test: nothing here checks
// behaviour, and `make test` runs none of it.
#include <fmt/format.h>
#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <map>

#include "bench/bench.hpp"

using namespace arbiter::bench;
namespace fs = std::filesystem;

namespace {

const char* kUsage =
    "usage: arbiter_bench [--seconds S] [--only NAME,...] [--ruleset ID]... [--arbiter PATH]\n"
    "                     [--reference-nabbit FILE]\n"
    "  --seconds S    playout time per ruleset, and mcts thinking time (default 1.5)\n"
    "  --only NAMES   some of: playouts, copy, mcts, perft, startup (default: all)\n"
    "  --ruleset ID   measure only this ruleset (repeatable; default: every one under rulesets/,\n"
    "                 and the playouts of bench/floor, hooks that do next to nothing: --ruleset floor)\n"
    "  --arbiter PATH the arbiter binary for the start-up benchmark (default: beside this one)\n"
    "  --reference-nabbit FILE\n"
    "                 the pure-Lua Stack Nabbit program: run as `lua5.4 FILE N 4 SEED --style zones`\n"
    "                 in the playout slices, taking turns with Stack Nabbit 4p, for the ratio of\n"
    "                 their games per CPU second (needs lua5.4 in PATH; default: not run)\n"
    "Rulesets and scripts are read from $ARBITER_HOME (default: the source tree).\n";

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  for (std::size_t start = 0, end; start <= s.size(); start = end + 1) {
    end = s.find(sep, start);
    if (end == std::string::npos) end = s.size();
    if (end > start) out.push_back(s.substr(start, end - start));
  }
  return out;
}

const std::string kBenchmarks[] = {"playouts", "copy", "mcts", "perft", "startup"};

bool runs(const Options& o, const char* name) {
  return o.only.empty() || std::find(o.only.begin(), o.only.end(), name) != o.only.end();
}

// Before any benchmark: a reference that cannot run at all is said at once, not after a
// minute of measuring (lua5.4 missing or a program that fails shows in its row).
bool reference_readable(const Options& o) {
  if (!runs(o, "playouts")) {
    fmt::print(stderr, "arbiter_bench: --reference-nabbit runs with the playouts, which --only leaves out\n");
    return false;
  }
  std::string why = access(o.reference_nabbit.c_str(), R_OK) != 0 ? std::strerror(errno)
                    : fs::is_directory(o.reference_nabbit)       ? "a folder, not a file"
                                                                 : "";
  if (!why.empty()) {
    fmt::print(stderr, "arbiter_bench: --reference-nabbit: cannot read '{}': {}\n", o.reference_nabbit, why);
    return false;
  }
  return true;
}

// Returns false (after printing why) when the arguments are not understood.
bool parse(int argc, char** argv, Options& o) {
  o.arbiter = (fs::read_symlink("/proc/self/exe").parent_path() / "arbiter").string();
  if (const char* home = std::getenv("ARBITER_HOME")) o.root = home;  // as `arbiter` finds rulesets
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    bool has_value = i + 1 < argc;
    if (arg == "--help" || arg == "-h") { fmt::print("{}", kUsage); std::exit(0); }
    else if (arg == "--seconds" && has_value) o.seconds = std::atof(argv[++i]);
    else if (arg == "--only" && has_value) o.only = split(argv[++i], ',');
    else if (arg == "--ruleset" && has_value) o.rulesets.push_back(argv[++i]);
    else if (arg == "--arbiter" && has_value) o.arbiter = argv[++i];
    else if (arg == "--reference-nabbit" && has_value) o.reference_nabbit = argv[++i];
    else {
      fmt::print(stderr, "arbiter_bench: unknown or incomplete argument '{}'\n{}", arg, kUsage);
      return false;
    }
  }
  for (const auto& name : o.only)
    if (std::find(std::begin(kBenchmarks), std::end(kBenchmarks), name) == std::end(kBenchmarks)) {
      fmt::print(
          stderr,
          "arbiter_bench: --only: unknown benchmark '{}'; benchmarks are playouts, copy, mcts, perft, startup\n",
          name);
      return false;
    }
  if (!o.reference_nabbit.empty() && !reference_readable(o)) return false;
  if (o.seconds <= 0) {
    fmt::print(stderr, "arbiter_bench: --seconds: a positive number of seconds, not '{}'\n", o.seconds);
    return false;
  }
  return true;
}

// One core: the process stays on the CPU it started on, and so do the processes it starts.
void pin_to_one_core() {
  int cpu = sched_getcpu();
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu < 0 ? 0 : cpu, &set);
  sched_setaffinity(0, sizeof set, &set);
}

// Columns on screen: UTF-8 code points (the table's few non-ASCII signs, µ ≥ ±, are one column wide).
std::size_t display_width(const std::string& s) {
  return static_cast<std::size_t>(
      std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

std::string verdict(const Row& r) {
  if (r.failed) return "error";
  if (!r.target) return "";
  return r.target->met(r.value) ? "met" : "not met";
}

void print_table(std::vector<Row> rows) {
  // Rows of one measure together, in the order the measures first appear.
  std::map<std::string, std::size_t> rank;
  for (const auto& r : rows) rank.emplace(r.measure, rank.size());
  std::stable_sort(rows.begin(), rows.end(),
                   [&](const Row& a, const Row& b) { return rank[a.measure] < rank[b.measure]; });
  std::vector<std::vector<std::string>> cells = {
      {"measure", "ruleset", "players", "result", "target", "met"}};
  for (const auto& r : rows)
    cells.push_back({r.measure, r.ruleset, r.players ? std::to_string(r.players) : "",
                     r.failed ? "error (below)" : r.result, r.target ? r.target->text : "", verdict(r)});
  std::vector<std::size_t> width(cells[0].size(), 0);
  for (const auto& line : cells)
    for (std::size_t c = 0; c < line.size(); ++c) width[c] = std::max(width[c], display_width(line[c]));
  for (std::size_t l = 0; l < cells.size(); ++l) {
    std::string out;
    for (std::size_t c = 0; c < cells[l].size(); ++c) {
      std::string pad(width[c] - display_width(cells[l][c]), ' ');
      out += c == 2 ? pad + cells[l][c] : cells[l][c] + pad;  // the player count is right-aligned
      if (c + 1 < cells[l].size()) out += "  ";
    }
    fmt::print("{}\n", out.substr(0, out.find_last_not_of(' ') + 1));
    if (l == 0) {
      std::size_t total = 0;
      for (auto w : width) total += w + 2;
      fmt::print("{}\n", std::string(total - 2, '-'));
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  if (!parse(argc, argv, o)) return 2;
  pin_to_one_core();
  std::string load_at_start = load_average();
  std::vector<Row> rows;
  if (runs(o, "playouts") || runs(o, "copy") || runs(o, "mcts") || runs(o, "perft")) {
    std::vector<Subject> subjects = find_subjects(o);
    if (runs(o, "playouts")) {
      std::vector<Subject> played = subjects;
      if (wanted(o, "floor")) played.push_back(floor_subject(o));
      for (auto& r : bench_playouts(played, o)) rows.push_back(std::move(r));
    }
    if (runs(o, "copy"))
      for (auto& r : bench_state_copy(subjects, o)) rows.push_back(std::move(r));
    if (runs(o, "mcts"))
      for (auto& r : bench_mcts(subjects, o)) rows.push_back(std::move(r));
    if (runs(o, "perft"))
      for (auto& r : bench_perft(subjects, o)) rows.push_back(std::move(r));
  }
  if (runs(o, "startup"))
    for (auto& r : bench_startup(o)) rows.push_back(std::move(r));

  fmt::print("Machine\n");
  for (const auto& [key, value] : machine_details(load_at_start)) fmt::print("  {:<9} {}\n", key, value);
  fmt::print("\n");
  print_table(rows);
  std::fflush(stdout);  // the errors come after the table, also when both go to one pipe
  bool failed = false;
  for (const auto& r : rows)
    if (r.failed) {
      fmt::print(stderr, "\n{}, {}: {}\n", r.measure, r.ruleset, r.result);
      failed = true;
    }
  return failed ? 1 : 0;
}
