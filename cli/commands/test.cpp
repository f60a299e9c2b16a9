// `arbiter test`: runs scenario files, or every scenario of the named rulesets.
#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>

#include "cli/app.hpp"
#include "present/output.hpp"
#include "runtime/diagnostics.hpp"

namespace fs = std::filesystem;

namespace arbiter::cli {

namespace {

bool scenario_extension(const fs::path& file) {
  return file.extension() == ".yaml" || file.extension() == ".yml";
}

// A target's scenario files, or why there are none: `error` for a target that is not
// there, `none` (saying where, and what was looked for) for one that holds no scenario.
struct Found {
  std::vector<std::string> files;
  std::string error, none;
};

// Every .yaml and .yml file in `dir`; when there is none, `none` says so, naming the files
// whose extension differs only in case (x.YAML), which are not read.
void add_folder(const fs::path& dir, Found& found) {
  std::error_code ec;
  std::vector<std::string> other_case;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    if (!e.is_regular_file(ec)) continue;
    std::string ext = e.path().extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
    if (scenario_extension(e.path())) found.files.push_back(e.path().string());
    else if (ext == ".yaml" || ext == ".yml") other_case.push_back(e.path().filename().string());
  }
  if (!found.files.empty()) return;
  std::sort(other_case.begin(), other_case.end());
  found.none = "no scenario file in " + dir.string() + ": looked for files ending in .yaml or .yml" +
               (ec ? " (" + ec.message() + ")" : "") +
               (other_case.empty() ? ""
                                   : ", in lower case (" + join_choices(other_case, ", ") +
                                         (other_case.size() == 1 ? " is" : " are") + " not read)");
}

// A target is a scenario file, a folder of them, or a ruleset (id or folder).
Found scenario_files(const std::string& target) {
  Found found;
  std::error_code ec;
  if (fs::is_regular_file(target, ec)) found.files.push_back(target);
  else if (fs::exists(target, ec) && !fs::is_directory(target, ec))
    found.error = quote(target) + " is neither a scenario file nor a folder";
  else if (fs::is_directory(fs::path(target) / "scenarios", ec))
    add_folder(fs::path(target) / "scenarios", found);
  else if (fs::is_directory(target, ec) && !fs::exists(fs::path(target) / "game.yaml"))
    add_folder(target, found);
  else {
    try {
      std::string dir = find_ruleset_dir(target, search_path());
      if (fs::is_directory(fs::path(dir) / "scenarios", ec)) add_folder(fs::path(dir) / "scenarios", found);
      else found.error = target + ": ruleset has no scenarios/ folder";
    } catch (const InputError& e) {
      found.error = fs::path(target).has_extension() ? quote(target) + " does not exist" : e.what();
    }
  }
  std::sort(found.files.begin(), found.files.end());
  return found;
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
  // Running no scenario is not a pass: a target that holds none, or no target found.
  if (all.empty()) {
    print_err("test: no ruleset with a scenarios/ folder in {}\n", join_choices(search_path(), ", "));
    return 2;
  }
  for (const auto& t : all) {
    Found found = scenario_files(t);
    if (!found.none.empty()) {
      print_err("test: {}\n", found.none);
      return 2;
    }
    if (!found.error.empty()) {
      print("{} {}\n  {}\n", style("FAIL", "31", color), t, found.error);
      ++failed;
    }
    files.insert(files.end(), found.files.begin(), found.files.end());
  }
  RulesFactory factory = rules_factory();
  for (const auto& f : files)
    for (const ScenarioResult& r : run_scenarios(f, search_path(), factory, scripts_dir()))
      switch (r.verdict) {
        case ScenarioResult::Verdict::Pass:
          ++passed;
          print("{} {}{}\n", style("PASS", "32", color), r.name, verbose ? "  (" + f + ")" : "");
          break;
        case ScenarioResult::Verdict::Skip:
          ++skipped;
          print("{} {}{}\n", style("SKIP", "33", color), r.name,
                r.detail.empty() ? "" : "  (" + r.detail + ")");
          break;
        case ScenarioResult::Verdict::Fail:
          ++failed;
          print("{} {}\n", style("FAIL", "31", color), r.name);
          std::string detail = r.detail;
          std::size_t pos = 0;
          while ((pos = detail.find('\n', pos)) != std::string::npos)
            detail.replace(pos, 1, "\n  "), pos += 3;
          print("  {}\n", detail);
          break;
      }
  print("{} passed, {} failed{}\n", passed, failed, skipped ? fmt::format(", {} skipped", skipped) : "");
  return failed == 0 ? 0 : 1;
}

Command add_test_command(CLI::App& app) {
  auto* test = app.add_subcommand("test", "run scenarios; ends with \"N passed, N failed\"");
  auto targets = std::make_shared<std::vector<std::string>>();
  auto verbose = std::make_shared<bool>(false);
  test->add_option("targets", *targets, "scenario files, folders, or rulesets (default: every ruleset)");
  test->add_flag("-v,--verbose", *verbose, "name each scenario's file");
  return {test, [targets, verbose] { return cmd_test(*targets, *verbose); }};
}

}  // namespace arbiter::cli
