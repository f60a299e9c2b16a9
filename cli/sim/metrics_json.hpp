// The metrics sections of a simulation report (analysis/sim/metrics.hpp) as JSON: exact
// counts and sums that merge, with the rates and means derived from them beside, for tools
// that only read.
#pragma once
#include <nlohmann/json.hpp>

#include "analysis/sim/metrics.hpp"

namespace arbiter::cli {

nlohmann::ordered_json metrics_json(const SimMetrics& m);
// Reads what metrics_json wrote for a report of `players` seats; throws InputError (or a
// json exception) naming what is wrong.
SimMetrics read_metrics(const nlohmann::ordered_json& j, int players);
// An exact sum written as its parts (ExactSum::parts), checked: at most 64 parts, each a
// number within a report's range; throws InputError naming `what`.
ExactSum read_exact_sum(const nlohmann::ordered_json& j, const std::string& what);

}  // namespace arbiter::cli
