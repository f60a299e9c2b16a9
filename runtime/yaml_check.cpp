// Located YAML reading shared by the game.yaml loader, scenarios and saved games.
#include "runtime/yaml_check.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

#include <yaml-cpp/depthguard.h>

#include "runtime/diagnostics.hpp"
#include "runtime/limits.hpp"
#include "runtime/yaml_scan.hpp"

namespace fs = std::filesystem;

namespace arbiter {

YAML::Node YamlChecker::load() {
  std::string text;
  if (!read(text)) return YAML::Node();
  return load_text(text);
}

std::vector<YAML::Node> YamlChecker::load_documents() {
  std::string text;
  if (!read(text)) return {};
  return parse(text, true);
}

bool YamlChecker::read(std::string& text) {
  // Asked before opening: an ifstream opens a folder without complaint, and a FIFO or a
  // huge file would hang the loader or exhaust memory.
  std::error_code ec;
  auto status = fs::status(file_, ec);
  if (ec || !fs::exists(status)) {
    error("cannot be read" + (ec ? " (" + ec.message() + ")" : std::string()));
    return false;
  }
  if (!fs::is_regular_file(status)) {
    error(std::string(fs::is_directory(status) ? "is a folder" : "is not a regular file") +
          ", not a YAML file");
    return false;
  }
  auto size = fs::file_size(file_, ec);
  if (!ec && size > kMaxYamlBytes) {
    error("is " + std::to_string(size) + " bytes; a YAML file may hold at most " +
          std::to_string(kMaxYamlBytes) + " (16 MiB)");
    return false;
  }
  std::ifstream in(file_, std::ios::binary);
  if (!in) {
    error("cannot be read (" + std::string(std::strerror(errno)) + ")");
    return false;
  }
  // Read up to the limit whatever the size said: a file may grow after it was asked.
  char block[65536];
  while (in.read(block, sizeof block) || in.gcount() > 0) {
    text.append(block, static_cast<std::size_t>(in.gcount()));
    if (text.size() > kMaxYamlBytes) {
      error("grew past " + std::to_string(kMaxYamlBytes) +
            " bytes while it was read; a YAML file may hold at most that (16 MiB)");
      return false;
    }
  }
  // No YAML holds a zero byte; yaml-cpp's message for one quotes the binary that follows.
  if (auto zero = text.find('\0'); zero != std::string::npos) {
    error("is not a text file (a zero byte on line " +
          std::to_string(std::count(text.begin(), text.begin() + static_cast<long>(zero), '\n') + 1) + ")");
    return false;
  }
  return true;
}

namespace {

// Nodes visited when looking for duplicate keys: aliases make a small file a huge tree
// ("billion laughs"), so the walk stops counting at this many and says the file is too big.
constexpr long kMaxNodes = 1'000'000;

// Records each key that a map repeats (yaml-cpp keeps both and answers lookups with the
// first, so the second would be silently ignored). False when the walk ran out of nodes.
bool check_unique_keys(YamlChecker& y, const YAML::Node& n, long& budget) {
  if (--budget < 0) return false;
  if (n.IsSequence()) {
    for (const auto& item : n)
      if (!check_unique_keys(y, item, budget)) return false;
  } else if (n.IsMap()) {
    std::vector<std::pair<std::string, YAML::Mark>> seen;
    for (const auto& kv : n) {
      if (kv.first.IsScalar()) {
        const std::string& key = kv.first.Scalar();
        for (const auto& [earlier, mark] : seen)
          if (earlier == key)
            y.error(kv.first, "duplicate key " + quote(key) + " (first given at line " +
                                  std::to_string(mark.line + 1) + ")");
        seen.emplace_back(key, kv.first.Mark());
      }
      if (!check_unique_keys(y, kv.second, budget)) return false;
    }
  }
  return true;
}

}  // namespace

YAML::Node YamlChecker::load_text(const std::string& text) {
  std::vector<YAML::Node> documents = parse(text, false);
  return documents.empty() ? YAML::Node() : documents.front();
}

std::vector<YAML::Node> YamlChecker::parse(const std::string& text, bool many) {
  try {
    // Before any tree is built: a text whose tree would contain itself, or run deeper than
    // any walk of it should recurse, or that yaml-cpp 0.7's LoadAll would never finish.
    if (std::optional<YamlProblem> problem = scan_yaml(text)) {
      errors_.push_back(located(file_, problem->at.line + 1, problem->at.column + 1, problem->message));
      return {};
    }
    // YAML::Load reads the first document and drops the rest: text after a '---' or '...'
    // (a scenario's last steps, say) would be ignored without a word.
    std::vector<YAML::Node> documents = YAML::LoadAll(text);
    if (documents.size() > 1 && !many) {
      error(documents[1], "a second YAML document (after '---' or '...'); a file holds one");
      return {};
    }
    long budget = kMaxNodes;
    for (const auto& root : documents)
      if (!check_unique_keys(*this, root, budget)) {
        error("too many YAML nodes (over " + std::to_string(kMaxNodes) + ", aliases counted at each use)");
        return {};
      }
    return documents;
  } catch (const YAML::DeepRecursion& e) {  // yaml-cpp says only "bad file"
    errors_.push_back(
        located(file_, e.mark.line + 1, e.mark.column + 1,
                "nested too deeply (more than " + std::to_string(e.depth()) + " levels of lists and maps)"));
  } catch (const YAML::ParserException& e) {
    errors_.push_back(located(file_, e.mark.line + 1, e.mark.column + 1, e.msg));
  } catch (const YAML::Exception& e) {
    errors_.push_back(located(file_, 0, 0, e.what()));
  }
  return {};
}

std::string YamlChecker::where(const YAML::Node& at) const {
  YAML::Mark m = at.Mark();
  if (m.is_null()) return file_;
  return file_ + ":" + std::to_string(m.line + 1) + ":" + std::to_string(m.column + 1);
}

void YamlChecker::error(const YAML::Node& at, const std::string& message) {
  errors_.push_back(where(at) + ": " + context_ + message);
}

void YamlChecker::error(const std::string& message) { errors_.push_back(file_ + ": " + message); }

void YamlChecker::throw_if_errors() const {
  if (errors_.empty()) return;
  std::string all;
  for (const auto& e : errors_) all += (all.empty() ? "" : "\n") + e;
  throw InputError(all);
}

bool YamlChecker::is_map(const YAML::Node& n, const std::string& what) {
  if (n.IsMap()) return true;
  error(n, what + " should be a map (key: value)");
  return false;
}

bool YamlChecker::is_list(const YAML::Node& n, const std::string& what) {
  if (n.IsSequence()) return true;
  error(n, what + " should be a list");
  return false;
}

bool YamlChecker::keys(const YAML::Node& map, const std::vector<std::string>& allowed,
                       const std::string& what) {
  if (!is_map(map, what)) return false;
  for (const auto& kv : map) {
    std::string key = kv.first.Scalar();
    bool known = false;
    for (const auto& a : allowed) known = known || a == key;
    if (!known)
      error(kv.first, "unknown key " + quote(key) + " in " + what + did_you_mean(key, allowed) +
                          "; allowed: " + join_choices(allowed, ", "));
  }
  return true;
}

std::string YamlChecker::text(const YAML::Node& n, const std::string& what, const std::string& fallback) {
  if (n.IsScalar()) return n.Scalar();
  error(n, what + " should be a single value");
  return fallback;
}

Value scalar_value(const YAML::Node& n) {
  if (!n.IsScalar()) return Value{};
  if (n.Tag() == "!" || n.Tag() == "tag:yaml.org,2002:str") return Value{n.Scalar()};  // quoted, or !!str
  return parse_value(n.Scalar());
}

std::int64_t YamlChecker::integer(const YAML::Node& n, const std::string& what, std::int64_t fallback) {
  Value v = scalar_value(n);
  if (v.is_int()) return v.as_int();
  error(n, what + " should be a whole number" + (n.IsScalar() ? ", not " + quote(n.Scalar()) : ""));
  return fallback;
}

std::int64_t YamlChecker::integer(const YAML::Node& n, const std::string& what, std::int64_t low,
                                  std::int64_t high, std::int64_t fallback) {
  Value v = scalar_value(n);
  if (v.is_int() && v.as_int() >= low && v.as_int() <= high) return v.as_int();
  error(n, what + " should be a whole number from " + std::to_string(low) + " to " + std::to_string(high) +
               (n.IsScalar() ? ", not " + quote(n.Scalar()) : ""));
  return fallback;
}

std::uint64_t YamlChecker::unsigned_integer(const YAML::Node& n, const std::string& what,
                                            std::uint64_t fallback) {
  std::uint64_t v = 0;
  std::string t = n.IsScalar() && n.Tag() != "!" ? n.Scalar() : "";
  auto [end, err] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (!t.empty() && err == std::errc{} && end == t.data() + t.size()) return v;
  error(n, what + " should be a whole number from 0 to 18446744073709551615" +
               (n.IsScalar() ? ", not " + quote(n.Scalar()) : ""));
  return fallback;
}

bool YamlChecker::boolean(const YAML::Node& n, const std::string& what, bool fallback) {
  Value v = scalar_value(n);
  if (v.is_bool()) return v.as_bool();
  error(n, what + " should be true or false");
  return fallback;
}

Value YamlChecker::value(const YAML::Node& n, const std::string& what) {
  if (n.IsScalar() || n.IsNull()) return scalar_value(n);
  error(n, what + " should be a single value");
  return Value{};
}

std::string YamlChecker::choice(const YAML::Node& n, const std::string& what,
                                const std::vector<std::string>& choices) {
  std::string t = text(n, what);
  for (const auto& c : choices)
    if (c == t) return t;
  if (n.IsScalar())
    error(n, what + " " + quote(t) + " is not one of " + join_choices(choices) + did_you_mean(t, choices));
  return choices.front();
}

}  // namespace arbiter
