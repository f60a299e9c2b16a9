// Fingerprints of a ruleset as played: what `sim --compare` lists and `sim --merge` checks.
#include "runtime/fingerprint.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "runtime/limits.hpp"

namespace fs = std::filesystem;

namespace arbiter {

namespace {

bool rules_file(const fs::path& p) { return p.extension() == ".lua" || p.extension() == ".yaml"; }

// Every rules file under `root`, by its path from there (with `prefix` in front), skipping
// hidden entries and the folders in `skip`. Symbolic links are not followed out.
void add_files(const fs::path& root, const std::string& prefix, const std::vector<std::string>& skip,
               std::map<std::string, std::string>& files) {
  std::error_code ec;
  fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, ec), end;
  for (; !ec && it != end; it.increment(ec)) {
    std::string name = it->path().filename().string();
    bool folder = it->is_directory(ec);
    std::string relative = it->path().lexically_relative(root).generic_string();
    if (name.empty() || name[0] == '.' ||
        (folder && std::find(skip.begin(), skip.end(), relative) != skip.end())) {
      if (folder) it.disable_recursion_pending();
      continue;
    }
    if (folder || !it->is_regular_file(ec) || !rules_file(it->path())) continue;
    std::string text = "unreadable";
    if (it->file_size(ec) <= kMaxYamlBytes) {
      std::ifstream in(it->path(), std::ios::binary);
      std::ostringstream buffer;
      if (in && (buffer << in.rdbuf())) text = buffer.str();
    }
    files[prefix + relative] = fingerprint(text);
  }
}

std::string kind_text(const ComponentKind& k, int count) {
  std::string text = k.name + "\n" + std::to_string(count) + "\n" + k.zone + "\n";
  for (const auto& [key, value] : k.props) text += key + "=" + to_text(value) + "\n";
  return text;
}

std::string short_print(const std::string& p) { return p.substr(0, 8); }

}  // namespace

std::string fingerprint(const std::string& text) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : text) h = (h ^ c) * 0x100000001b3ULL;
  return fmt::format("{:016x}", h);
}

RulesetPrints fingerprint_table(const Table& table, const std::string& scripts_dir) {
  RulesetPrints p;
  std::string params;
  for (const auto& [k, v] : table.params) params += k + "=" + to_text(v) + "\n";
  p.params = fingerprint(params);
  const Ruleset& r = *table.ruleset;
  std::vector<int> counts(r.kinds.size(), 0);
  for (int kind : table.component_kind) ++counts[kind];
  std::string components;
  for (std::size_t k = 0; k < r.kinds.size(); ++k) {
    std::string text = kind_text(r.kinds[k], counts[k]);
    components += text;
    p.kinds[r.kinds[k].name] = {counts[k], fingerprint(text)};
  }
  p.components = fingerprint(components);
  add_files(r.dir, "", {"scenarios"}, p.files);
  if (!scripts_dir.empty()) add_files(scripts_dir, "scripts/", {"api"}, p.files);
  return p;
}

std::vector<std::string> print_differences(const RulesetPrints& a, const RulesetPrints& b) {
  std::vector<std::string> out;
  auto kind_change = [](const std::pair<int, std::string>& x, const std::pair<int, std::string>& y) {
    if (x.first != y.first) return fmt::format("count {} → {}", x.first, y.first);
    return std::string("properties or starting zone changed");
  };
  key_differences(a.kinds, b.kinds, "component", kind_change, out);
  if (a.components != b.components && std::none_of(out.begin(), out.end(), [](const std::string& l) {
        return l.rfind("component ", 0) == 0;
      }))
    out.push_back("components: the order of the kinds changed");
  auto file_change = [](const std::string& x, const std::string& y) {
    return "changed (" + short_print(x) + " → " + short_print(y) + ")";
  };
  key_differences(a.files, b.files, "file", file_change, out);
  return out;
}

}  // namespace arbiter
