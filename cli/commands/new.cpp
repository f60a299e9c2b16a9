// `arbiter new PATH`: a new ruleset folder made from templates/ruleset, small but whole
// (game.yaml, rules.lua, README.md and a scenario), so that it checks, plays and passes
// its test from the first minute; the tutorial in docs/writing-a-ruleset.md starts here.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli/app.hpp"
#include "present/output.hpp"
#include "runtime/diagnostics.hpp"

namespace fs = std::filesystem;

namespace arbiter::cli {

namespace {

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
  for (std::size_t at = 0; (at = text.find(from, at)) != std::string::npos; at += to.size())
    text.replace(at, from.size(), to);
  return text;
}

// "high-card" -> "High card".
std::string title_of(const std::string& id) {
  std::string out = id;
  for (auto& c : out)
    if (c == '-' || c == '_') c = ' ';
  out[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(out[0])));
  return out;
}

bool valid_id(const std::string& id) {
  if (id.empty() || id.size() > 64 || !std::islower(static_cast<unsigned char>(id[0]))) return false;
  for (char c : id)
    if (!std::islower(static_cast<unsigned char>(c)) && !std::isdigit(static_cast<unsigned char>(c)) &&
        c != '-' && c != '_')
      return false;
  return true;
}

// The most characters a game's name may have: it heads the table and every report.
constexpr std::size_t kMaxNameChars = 100;

// Reads the code point at `i` and moves past it; false when the bytes there are not UTF-8.
bool next_code_point(const std::string& text, std::size_t& i, unsigned& cp) {
  auto byte = [&](std::size_t k) { return k < text.size() ? static_cast<unsigned char>(text[k]) : 0u; };
  unsigned c = byte(i);
  int len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xe ? 3 : (c >> 3) == 0x1e ? 4 : 0;
  cp = len == 1 ? c : len == 2 ? c & 0x1f : len == 3 ? c & 0x0f : c & 0x07;
  for (int k = 1; k < len; ++k) {
    if ((byte(i + k) & 0xc0) != 0x80) return false;
    cp = (cp << 6) | (byte(i + k) & 0x3f);
  }
  bool overlong = (len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000);
  if (len == 0 || overlong || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return false;
  i += static_cast<std::size_t>(len);
  return true;
}

// C0, DEL, C1 (NEL among them) and the Unicode line and paragraph separators.
bool control_character(unsigned cp) {
  return cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || cp == 0x2028 || cp == 0x2029;
}

// Why `name` cannot be a game's name, or "" when it can: it must be one line of printable
// UTF-8 (the templates put it in comments, where a line break would end the comment, and
// it is shown at the terminal), and short enough to head a table.
std::string name_problem(const std::string& name) {
  std::size_t chars = 0;
  for (std::size_t i = 0; i < name.size(); ++chars) {
    unsigned cp = 0;
    if (!next_code_point(name, i, cp)) return "is not valid UTF-8 (at byte " + std::to_string(i + 1) + ")";
    if (control_character(cp))
      return fmt::format(
          "holds a control character (U+{:04X}, character {}); a name is one line of printable text", cp,
          chars + 1);
  }
  if (chars > kMaxNameChars)
    return "is " + std::to_string(chars) + " characters long; a name may have at most " +
           std::to_string(kMaxNameChars);
  return "";
}

// `text` as a YAML double-quoted scalar: read back as exactly `text`, whatever it holds
// (`: `, `#`, quotes, a leading `-`, `*` or `&`). Control characters are refused before.
std::string yaml_quoted(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

// Copies every file of `from` into `to`, filling in the placeholders ({{NAME}} as text in
// comments and the README, {{NAME_YAML}} as a quoted YAML value). Throws on failure.
void copy_template(const fs::path& from, const fs::path& to, const std::string& name,
                   const std::string& path) {
  for (const auto& entry : fs::recursive_directory_iterator(from)) {
    fs::path target = to / fs::relative(entry.path(), from);
    if (entry.is_directory()) {
      fs::create_directories(target);
      continue;
    }
    std::ifstream in(entry.path(), std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    std::ofstream out(target, std::ios::binary);
    out << replace_all(
        replace_all(replace_all(text.str(), "{{NAME_YAML}}", yaml_quoted(name)), "{{NAME}}", name),
        "{{PATH}}", path);
    if (!out.flush()) throw std::runtime_error("cannot write " + target.string());
  }
}

}  // namespace

int cmd_new(const std::string& path, const std::string& given_name) {
  fs::path dir(path);
  std::string id = dir.filename().string();
  if (id.empty()) id = dir.parent_path().filename().string();
  if (!valid_id(id)) {
    print_err(
        "new: {} is not a ruleset id: use lower-case letters, digits, - and _, starting with a letter\n",
        quote(id));
    return 2;
  }
  std::string name = given_name.empty() ? title_of(id) : given_name;
  if (std::string problem = name_problem(name); !problem.empty()) {
    print_err("new: --name {}\n", problem);
    return 2;
  }
  // The path is written into the README and printed: any bytes a folder may have, but one line.
  if (std::any_of(path.begin(), path.end(),
                  [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; })) {
    print_err("new: the folder's path holds a control character; it is written into the README\n");
    return 2;
  }
  std::error_code ec;
  if (fs::exists(dir, ec)) {
    print_err("new: {} already exists; choose a new folder\n", path);
    return 1;
  }
  fs::path from = fs::path(scripts_dir()).parent_path() / "templates" / "ruleset";
  try {
    fs::create_directories(dir);
    copy_template(from, dir, name, path);
  } catch (const fs::filesystem_error& e) {
    // The library's own text names its function and its type; say it in our words.
    print_err("new: cannot make {}: {}\n", e.path1().empty() ? path : e.path1().string(), e.code().message());
    return 1;
  } catch (const std::runtime_error& e) {
    print_err("new: {}\n", e.what());
    return 1;
  }
  print("Made {}/: game.yaml, rules.lua, README.md and scenarios/ (one file per rule).\n", path);
  print("Next: arbiter check {0}   arbiter test {0}   arbiter play {0}\n", path);
  return 0;
}

Command add_new_command(CLI::App& app) {
  auto* make_new =
      app.add_subcommand("new", "make a new ruleset folder that checks, plays and passes its scenario");
  auto path = std::make_shared<std::string>(), name = std::make_shared<std::string>();
  make_new->add_option("path", *path, "the folder to make; its name is the ruleset's id (my-game)")
      ->required();
  make_new->add_option("--name", *name, "the game's name as players see it (default: from the id)");
  return {make_new, [path, name] { return cmd_new(*path, *name); }};
}

}  // namespace arbiter::cli
