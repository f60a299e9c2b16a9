// placeholder replaced below
#include "cli/sim_lab.hpp"
#include "cli/sim_sweep.hpp"
#include "interpreter/diagnostics.hpp"
namespace arbiter::cli {
void write_html(const std::string&, const SimReport&, const RunInfo&) { throw InputError("sim: --html: not yet"); }
void write_sweep_html(const std::string&, const SweepResult&) { throw InputError("sim: --html: not yet"); }
}  // namespace arbiter::cli
