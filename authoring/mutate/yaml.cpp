// The mutants of a game.yaml (each plain whole number one less and one more), and making
// a mutant's edits.
#include <algorithm>
#include <limits>
#include <set>

#include "runtime/diagnostics.hpp"
#include "authoring/mutate/mutants.hpp"
#include "runtime/yaml_check.hpp"

namespace arbiter {

namespace {

// Keys whose numbers name something (a component, a board's ranks and cells) or change only
// how a game is shown or searched, never what the rules allow.
const std::set<std::string, std::less<>> kLeftAlone = {
    "name",   "label",    "doc",    "summary", "symbol", "files",       "ranks",        "tags",
    "humans", "at_table", "search", "ask",     "order",  "how_to_play", "final_scores", "text"};

class YamlMutator {
 public:
  YamlMutator(const std::string& file, const std::string& text) : file_(file), text_(text) {
    // yaml-cpp counts positions after a byte order mark.
    if (text.rfind("\xEF\xBB\xBF", 0) == 0) shift_ = 3;
  }

  std::vector<Mutant> run(const YAML::Node& root) {
    walk(root, "");
    std::stable_sort(out_.begin(), out_.end(), [](const Mutant& a, const Mutant& b) {
      return a.edits.front().offset < b.edits.front().offset;
    });
    return std::move(out_);
  }

 private:
  void walk(const YAML::Node& n, const std::string& path) {
    if (n.IsMap()) {
      for (const auto& kv : n) {
        std::string key = kv.first.IsScalar() ? kv.first.Scalar() : "?";
        if (kLeftAlone.count(key) || (path == "players" && key == "humans")) continue;
        walk(kv.second, path.empty() ? key : path + "." + key);
      }
    } else if (n.IsSequence()) {
      std::size_t i = 0;
      for (const auto& item : n) walk(item, path + "[" + std::to_string(i++) + "]");
    } else if (n.IsScalar()) {
      number(n, path);
    }
  }

  void number(const YAML::Node& n, const std::string& path) {
    Value v = scalar_value(n);
    if (!v.is_int()) return;
    std::size_t at = static_cast<std::size_t>(std::max(n.Mark().pos, 0)) + shift_;
    const std::string& written = n.Scalar();
    // Only where the text is the number as read (not through an alias, not folded).
    if (text_.compare(at, written.size(), written) != 0 || !seen_.insert(at).second) return;
    std::int64_t value = v.as_int();
    if (value != std::numeric_limits<std::int64_t>::min())
      add(n, at, path, written, std::to_string(value - 1));
    if (value != std::numeric_limits<std::int64_t>::max())
      add(n, at, path, written, std::to_string(value + 1));
  }

  void add(const YAML::Node& n, std::size_t at, const std::string& path, const std::string& written,
           std::string with) {
    Mutant m{file_, n.Mark().line + 1, n.Mark().column + 1, MutantKind::YamlNumber,
             path + ": '" + written + "' -> '" + with + "'", {{at, written.size(), with}}, "", ""};
    out_.push_back(std::move(m));
  }

  const std::string& file_;
  const std::string& text_;
  std::size_t shift_ = 0;
  std::set<std::size_t> seen_;
  std::vector<Mutant> out_;
};

}  // namespace

const char* to_text(MutantKind kind) {
  switch (kind) {
    case MutantKind::Comparison: return "comparison";
    case MutantKind::Arithmetic: return "arithmetic";
    case MutantKind::Number: return "number";
    case MutantKind::Logic: return "logic";
    case MutantKind::Condition: return "condition";
    case MutantKind::Boolean: return "boolean";
    case MutantKind::Statement: return "statement";
    case MutantKind::YamlNumber: return "yaml-number";
  }
  return "?";
}

std::string apply_mutant(std::string_view source, const Mutant& m) {
  std::string out;
  out.reserve(source.size() + 16);
  std::size_t from = 0;
  for (const Edit& e : m.edits) {
    out.append(source.substr(from, e.offset - from));
    out += e.text;
    from = e.offset + e.length;
  }
  out.append(source.substr(from));
  return out;
}

std::vector<Mutant> yaml_mutants(const std::string& file, const std::string& text) {
  YamlChecker y(file);
  YAML::Node root = y.load_text(text);
  y.throw_if_errors();
  return YamlMutator(file, text).run(root);
}

}  // namespace arbiter
