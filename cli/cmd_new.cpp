// `arbiter new PATH`: a new ruleset folder made from templates/ruleset, small but whole
// (game.yaml, rules.lua, README.md and a scenario), so that it checks, plays and passes
// its test from the first minute; the tutorial in docs/writing-a-ruleset.md starts here.
#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli/app.hpp"
#include "interpreter/diagnostics.hpp"

namespace fs = std::filesystem;

namespace arbiter::cli {

namespace {

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
  for (std::size_t at = 0; (at = text.find(from, at)) != std::string::npos; at += to.size()) text.replace(at, from.size(), to);
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
    if (!std::islower(static_cast<unsigned char>(c)) && !std::isdigit(static_cast<unsigned char>(c)) && c != '-' && c != '_')
      return false;
  return true;
}

// Copies every file of `from` into `to`, filling in the placeholders. Throws on failure.
void copy_template(const fs::path& from, const fs::path& to, const std::string& name, const std::string& path) {
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
    out << replace_all(replace_all(text.str(), "{{NAME}}", name), "{{PATH}}", path);
    if (!out.flush()) throw std::runtime_error("cannot write " + target.string());
  }
}

}  // namespace

int cmd_new(const std::string& path, const std::string& given_name) {
  fs::path dir(path);
  std::string id = dir.filename().string();
  if (id.empty()) id = dir.parent_path().filename().string();
  if (!valid_id(id)) {
    fmt::print(stderr, "new: {} is not a ruleset id: use lower-case letters, digits, - and _, starting with a letter\n", quote(id));
    return 2;
  }
  std::error_code ec;
  if (fs::exists(dir, ec)) {
    fmt::print(stderr, "new: {} already exists; choose a new folder\n", path);
    return 1;
  }
  fs::path from = fs::path(scripts_dir()).parent_path() / "templates" / "ruleset";
  try {
    fs::create_directories(dir);
    copy_template(from, dir, given_name.empty() ? title_of(id) : given_name, path);
  } catch (const std::exception& e) {
    fmt::print(stderr, "{}\n", user_message(e, "new"));
    return 1;
  }
  fmt::print("Made {}/: game.yaml, rules.lua, README.md and scenarios/last-token-wins.yaml.\n", path);
  fmt::print("Next: arbiter check {0}   arbiter test {0}   arbiter play {0}\n", path);
  return 0;
}

}  // namespace arbiter::cli
