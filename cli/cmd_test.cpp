// `arbiter test`: runs scenario files, or every scenario of the named rulesets.
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>

#include "cli/app.hpp"
#include "cli/output.hpp"
#include "interpreter/diagnostics.hpp"

namespace fs = std::filesystem;

namespace arbiter::cli {

namespace {

// A target is a scenario file, a folder of them, or a ruleset (id or folder).
std::vector<std::string> scenario_files(const std::string& target, std::string& error) {
  std::vector<std::string> files;
  std::error_code ec;
  auto add_folder = [&](const fs::path& dir) {
    for (const auto& e : fs::directory_iterator(dir, ec))
      if (e.is_regular_file() && (e.path().extension() == ".yaml" || e.path().extension() == ".yml"))
        files.push_back(e.path().string());
  };
  if (fs::is_regular_file(target, ec)) files.push_back(target);
  else if (fs::is_directory(fs::path(target) / "scenarios", ec)) add_folder(fs::path(target) / "scenarios");
  else if (fs::is_directory(target, ec) && !fs::exists(fs::path(target) / "game.yaml")) add_folder(target);
  else {
    try {
      std::string dir = find_ruleset_dir(target, search_path());
      if (fs::is_directory(fs::path(dir) / "scenarios", ec)) add_folder(fs::path(dir) / "scenarios");
      else error = target + ": ruleset has no scenarios/ folder";
    } catch (const InputError& e) {
      error = fs::path(target).has_extension() ? target + ": no such file" : e.what();
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

int cmd_test(const std::vector<std::string>& targets, bool verbose) {
  std::vector<std::string> files;
  int failed = 0, passed = 0, skipped = 0;
  bool color = color_enabled(STDOUT_FILENO);
  std::vector<std::string> all = targets;
  // With no target, every ruleset that has scenarios; a named one without them is an error.
  if (all.empty())
    for (const auto& [id, dir] : list_rulesets(search_path()))
      if (fs::is_directory(fs::path(dir) / "scenarios")) all.push_back(dir);
  for (const auto& t : all) {
    std::string error;
    auto found = scenario_files(t, error);
    if (!error.empty()) {
      print("{} {}\n  {}\n", style("FAIL", "31", color), t, error);
      ++failed;
    }
    files.insert(files.end(), found.begin(), found.end());
  }
  RulesFactory factory = rules_factory();
  for (const auto& f : files)
    for (const ScenarioResult& r : run_scenarios(f, search_path(), factory, scripts_dir())) switch (r.verdict) {
      case ScenarioResult::Verdict::Pass:
        ++passed;
        print("{} {}{}\n", style("PASS", "32", color), r.name, verbose ? "  (" + f + ")" : "");
        break;
      case ScenarioResult::Verdict::Skip:
        ++skipped;
        print("{} {}{}\n", style("SKIP", "33", color), r.name, r.detail.empty() ? "" : "  (" + r.detail + ")");
        break;
      case ScenarioResult::Verdict::Fail:
        ++failed;
        print("{} {}\n", style("FAIL", "31", color), r.name);
        std::string detail = r.detail;
        std::size_t pos = 0;
        while ((pos = detail.find('\n', pos)) != std::string::npos) detail.replace(pos, 1, "\n  "), pos += 3;
        print("  {}\n", detail);
        break;
    }
  print("{} passed, {} failed{}\n", passed, failed, skipped ? fmt::format(", {} skipped", skipped) : "");
  return failed == 0 ? 0 : 1;
}

}  // namespace arbiter::cli
