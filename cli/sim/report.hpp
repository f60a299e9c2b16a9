// A simulation report as files for other tools: JSON (which `sim --compare` reads back)
// and CSV (one row per seat).
#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "analysis/sim/sim.hpp"

namespace arbiter::cli {

// How the run went; not part of the statistics, which depend on the seed alone.
struct RunInfo {
  int threads = 1;
  double seconds = 0;
  int merged = 0;                   // reports merged into this one (sim --merge); 0: one run
};

std::string report_json(const SimReport& report, const RunInfo& run);
// Reads a report written by report_json (and, given `run`, how its run went). Throws
// InputError naming `file` when it cannot be read or is not such a report.
SimReport read_report_json(const std::string& file, RunInfo* run = nullptr);
// A JSON file of at most a report's size and nesting, parsed; InputError naming `file` if not.
nlohmann::ordered_json read_json_file(const std::string& file);
// The report `j` holds (as read_report_json reads it), with messages naming `file`.
SimReport report_from_json(const nlohmann::ordered_json& j, const std::string& file, RunInfo* run = nullptr);
std::string report_csv(const SimReport& report);

}  // namespace arbiter::cli
