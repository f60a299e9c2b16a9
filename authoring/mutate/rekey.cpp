// Writing accepted entries keyed by what they match (mutate_rekey.hpp). The old file is
// edited as text, line by line, so that its comments and order stay as the author wrote them.
#include "authoring/mutate/rekey.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "runtime/diagnostics.hpp"

namespace arbiter {

namespace {

// `s` as a YAML scalar on one line: double quotes unless it holds one or a backslash, else
// single quotes (where only a quote needs escaping, doubled).
std::string scalar(const std::string& s) {
  if (s.find_first_of("\"\\") == std::string::npos) return "\"" + s + "\"";
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("''") : std::string(1, c);
  return out + "'";
}

std::string key_lines(const Mutant& m, const std::string& indent) {
  std::string out;
  if (!m.function.empty()) out += indent + "function: " + m.function + "\n";
  if (!m.near.empty()) out += indent + "near: " + scalar(m.near) + "\n";
  return out;
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line + "\n");
  return lines;
}

std::size_t indent_of(const std::string& line) { return line.find_first_not_of(' '); }

// The lines [first, end) of the list entry that begins on line `first` (0-based): those
// after it indented more than its '-', or blank, but not the blank ones it ends with.
std::size_t entry_end(const std::vector<std::string>& lines, std::size_t first) {
  std::size_t dash = lines[first].find('-'), end = first + 1;
  for (std::size_t i = first + 1; i < lines.size(); ++i) {
    std::size_t at = indent_of(lines[i]);
    bool blank = at == std::string::npos || lines[i][at] == '\n';
    if (!blank && at <= dash) break;
    if (!blank) end = i + 1;
  }
  return end;
}

struct LineEdit {
  std::size_t first = 0, end = 0;  // lines [first, end) replaced by `text`
  std::string text;
};

// `line: N` (ending at `value_end`) in a one-line entry `{file: ..., line: N, ...}` made the
// function and near keys, or taken out with its comma.
std::string rekey_inline(std::string line, std::size_t key, std::size_t value_end, const Mutant& m) {
  std::string keys;
  if (!m.function.empty()) keys += "function: " + m.function;
  if (!m.near.empty()) keys += (keys.empty() ? "" : ", ") + std::string("near: ") + scalar(m.near);
  if (!keys.empty()) return line.replace(key, value_end - key, keys);
  std::size_t after = line.find_first_not_of(' ', value_end);
  if (after != std::string::npos && line[after] == ',')
    return line.erase(key, line.find_first_not_of(' ', after + 1) - key);
  std::size_t before = line.find_last_not_of(' ', key - 1);
  return line.erase(before, value_end - before);  // the last key: its comma goes before it
}

// The edit re-keying the line-keyed entry `a`, matched by `m`: its `line:` made the function
// and near keys (game.yaml's: taken out), on lines of their own or in the entry's braces.
LineEdit rekey_entry(const MutateConfig& c, const std::vector<std::string>& lines, const AcceptedEntry& a,
                     const Mutant& m) {
  std::size_t i = static_cast<std::size_t>(a.line_at - 1), column = static_cast<std::size_t>(a.line_column);
  const std::string& line = lines[i];
  std::size_t key = line.rfind("line:", column);
  std::size_t value_end = line.find_first_not_of("0123456789", column);
  if (key == std::string::npos || value_end == std::string::npos)
    throw InputError(c.path + ":" + std::to_string(a.line_at) + ": --rekey cannot find this entry's `line:`; "
                     "write its function and near by hand (--list-survivors prints them)");
  std::string before = line.substr(0, key);
  std::size_t rest = line.find_first_not_of(' ', value_end);
  bool alone =
      before.find_first_not_of(' ') == std::string::npos && (line[rest] == '\n' || line[rest] == '#');
  if (!alone) return {i, i + 1, rekey_inline(line, key, value_end, m)};
  return {i, i + 1, key_lines(m, before)};
}

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path + ": cannot be read");
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

}  // namespace

std::string accepted_entry_yaml(const Mutant& m, const std::string& reason) {
  return "  - file: " + m.file + "\n" + key_lines(m, "    ") + "    change: " + scalar(m.change) + "\n" +
         "    reason: " + (reason.empty() ? std::string("\"\"") : scalar(reason)) + "\n";
}

Rekeyed rekey_mutate_config(const MutationPlan& plan) {
  Rekeyed out;
  const MutateConfig& c = plan.config;
  if (c.path.empty()) return out;
  out.text = read_text(c.path);
  std::vector<std::string> lines = split_lines(out.text);
  std::vector<LineEdit> edits;
  for (const AcceptedEntry& a : c.accepted) {
    if (a.line == 0) continue;
    auto m = std::find_if(plan.candidates.begin(), plan.candidates.end(),
                          [&](const Mutant& candidate) { return accepts(a, candidate); });
    std::string entry =
        c.path + ":" + std::to_string(a.at) + ": " + a.file + ":" + std::to_string(a.line) + ": " + a.change;
    if (m == plan.candidates.end()) {
      std::size_t first = static_cast<std::size_t>(a.at - 1);
      edits.push_back({first, entry_end(lines, first), ""});
      out.dropped.push_back(entry);
    } else {
      edits.push_back(rekey_entry(c, lines, a, *m));
      out.changed.push_back(entry);
    }
  }
  std::sort(edits.begin(), edits.end(),
            [](const LineEdit& x, const LineEdit& y) { return x.first > y.first; });
  for (const LineEdit& e : edits) {
    lines.erase(lines.begin() + static_cast<std::ptrdiff_t>(e.first),
                lines.begin() + static_cast<std::ptrdiff_t>(e.end));
    lines.insert(lines.begin() + static_cast<std::ptrdiff_t>(e.first), e.text);
  }
  out.text.clear();
  for (const auto& line : lines) out.text += line;
  return out;
}

}  // namespace arbiter
