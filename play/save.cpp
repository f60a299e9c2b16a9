// Writing, reading and replaying saved games. A save is checked three ways: `check:`
// holds a digest of each header fact (ruleset, variant, seed, each seat, each parameter),
// so an edited, added or removed one is refused at its line; every action carries the
// hash of the state after it, so an edited action or ruleset is refused at its step; and
// `end:`, written last, counts the actions, so a file cut short is refused.
#include "play/save.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cinttypes>
#include <cstring>
#include <filesystem>

#include "runtime/diagnostics.hpp"
#include "play/sample.hpp"
#include "runtime/yaml_check.hpp"

namespace fs = std::filesystem;

namespace arbiter {

namespace {

// 1 had no `check` and no `end`, and hashes were optional; 3 adds re-deals (read from 2 too).
constexpr int kVersion = 3;

std::string hex(std::uint64_t h) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

// FNV-1a over "key\nvalue": a fingerprint against edits and damage, not a signature.
std::string digest(const std::string& key, const std::string& text) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : key + "\n" + text) h = (h ^ c) * 0x100000001b3ULL;
  return hex(h);
}

std::string seat_text(const Seat& s, const std::string& kind) {
  return (s.age >= 0 ? s.name + " age " + std::to_string(s.age) : s.name) +
         (kind.empty() ? "" : " plays " + kind);
}

// A header fact as the file gives it, and where.
struct HeaderItem {
  std::string key;  // ruleset, variant, seed, players.N (a seat) or params.NAME
  std::string text;
  YAML::Node at;
};

// The table a save sets up again (ruleset, folder, variant, seed, players with who plays each,
// parameters), and the digest of each of those facts under `check`.
void emit_table(YAML::Emitter& out, const Table& t, const std::vector<std::string>& kinds) {
  auto kind = [&](std::size_t i) { return i < kinds.size() ? kinds[i] : std::string(); };
  std::vector<std::pair<std::string, std::string>> facts = {{"ruleset", t.ruleset->id}};
  if (!t.ruleset->folder.empty()) facts.emplace_back("folder", t.ruleset->folder);
  if (!t.variant.empty()) facts.emplace_back("variant", t.variant);
  facts.emplace_back("seed", std::to_string(t.seed));
  for (std::size_t i = 0; i < t.seats.size(); ++i)
    facts.emplace_back("players." + std::to_string(i + 1), seat_text(t.seats[i], kind(i)));
  for (const auto& [k, v] : t.params) facts.emplace_back("params." + k, to_text(v));

  out << YAML::Key << "ruleset" << YAML::Value << t.ruleset->id;
  if (!t.ruleset->folder.empty()) out << YAML::Key << "folder" << YAML::Value << t.ruleset->folder;
  if (!t.variant.empty()) out << YAML::Key << "variant" << YAML::Value << t.variant;
  out << YAML::Key << "seed" << YAML::Value << std::to_string(t.seed);
  out << YAML::Key << "players" << YAML::Value << YAML::BeginSeq;
  for (std::size_t i = 0; i < t.seats.size(); ++i) {
    const Seat& s = t.seats[i];
    out << YAML::Flow << YAML::BeginMap << YAML::Key << "name" << YAML::Value << s.name;
    if (s.age >= 0) out << YAML::Key << "age" << YAML::Value << s.age;
    if (!kind(i).empty()) out << YAML::Key << "plays" << YAML::Value << kind(i);
    out << YAML::EndMap;
  }
  out << YAML::EndSeq;
  out << YAML::Key << "params" << YAML::Value << YAML::Flow << YAML::BeginMap;
  for (const auto& [k, v] : t.params) out << YAML::Key << k << YAML::Value << to_text(v);
  out << YAML::EndMap;
  out << YAML::Key << "check" << YAML::Value << YAML::Flow << YAML::BeginMap;
  for (const auto& [k, text] : facts) out << YAML::Key << k << YAML::Value << digest(k, text);
  out << YAML::EndMap;
}

// A re-deal step (its log text "SEED SEATS"), replayed on `replay`, with the hash it leaves.
void emit_redeal(YAML::Emitter& out, const Table& t, State& replay, const Event& e) {
  std::uint64_t seed = 0;
  std::uint32_t seats = 0;
  if (std::sscanf(e.text.c_str(), "%" SCNu64 " %" SCNu32, &seed, &seats) != 2 || !replay_redeal(replay, e))
    throw InputError("the game cannot be saved: a malformed re-deal " + quote(e.text));
  out << YAML::Flow << YAML::BeginMap << YAML::Key << "redeal" << YAML::Value << std::to_string(seed);
  out << YAML::Key << "seats" << YAML::Value << YAML::Flow << YAML::BeginSeq;
  for (int i = 0; i < t.seat_count(); ++i)
    if (seats & (1u << i)) out << t.seats[i].name;
  out << YAML::EndSeq << YAML::Key << "hash" << YAML::Value << hex(replay.hash()) << YAML::EndMap;
}

// Every step of the game's log, each replayed on a fresh state for the hash it leaves; the count.
int emit_steps(YAML::Emitter& out, Engine& engine, const State& state) {
  const Table& t = *state.table;
  State replay(state.table);
  if (Status st = engine.start(replay); !st.ok)
    throw InputError("the game cannot be saved: setting it up again failed: " + st.message);
  int count = 0;
  for (const auto& e : state.log.entries()) {
    if (e.kind == Event::Kind::Say) continue;
    ++count;
    if (e.kind == Event::Kind::Redeal) {
      emit_redeal(out, t, replay, e);
      continue;
    }
    bool chance = e.kind == Event::Kind::Chance;
    // A step without its hash could not be checked when loaded: refuse to write it.
    if (ActionResult o = chance ? engine.decide(replay, e.text) : engine.apply(replay, e.seat, e.text);
        !o.ok())
      throw InputError("the game cannot be saved: its action " + std::to_string(count) + " (" + e.text +
                       ") is refused when the game is replayed: " + o.message);
    out << YAML::Flow << YAML::BeginMap;
    if (chance) out << YAML::Key << "chance" << YAML::Value << e.text;
    else
      out << YAML::Key << "seat" << YAML::Value << t.seats[e.seat].name << YAML::Key << "action"
          << YAML::Value << e.text;
    out << YAML::Key << "hash" << YAML::Value << hex(replay.hash());
    out << YAML::EndMap;
  }
  return count;
}

}  // namespace

std::string save_text(Engine& engine, const State& state, const std::vector<std::string>& kinds,
                      std::uint32_t passed) {
  YAML::Emitter out;
  out << YAML::BeginMap;
  out << YAML::Key << "arbiter_save" << YAML::Value << kVersion;
  emit_table(out, *state.table, kinds);
  out << YAML::Key << "actions" << YAML::Value << YAML::BeginSeq;
  int count = emit_steps(out, engine, state);
  out << YAML::EndSeq;
  if (passed != 0) {  // written only when someone passed: a save without passes reads as before
    out << YAML::Key << "passed" << YAML::Value << YAML::Flow << YAML::BeginSeq;
    for (int i = 0; i < state.seat_count(); ++i)
      if (passed >> i & 1u) out << state.table->seats[i].name;
    out << YAML::EndSeq;
  }
  out << YAML::Key << "end" << YAML::Value << count;
  out << YAML::EndMap;
  return std::string(
             "# An Arbiter saved game: `arbiter play --load FILE` resumes it. `check` fingerprints\n"
             "# the lines above it, `hash` the state after each action; `end` counts the actions.\n") +
         out.c_str() + "\n";
}

namespace {

// The header: ruleset, variant, seed, players and params, into `g`; each fact also into `items`.
void read_header(YamlChecker& y, const YAML::Node& root, SavedGame& g, std::vector<HeaderItem>& items) {
  if (!root["ruleset"]) y.error(root, "missing 'ruleset'");
  else items.push_back({"ruleset", g.ruleset = y.text(root["ruleset"], "ruleset"), root["ruleset"]});
  g.ruleset_line = root["ruleset"] ? root["ruleset"].Mark().line + 1 : 0;
  if (root["folder"]) {  // the game named its ruleset by folder (a save of an id has none)
    items.push_back({"folder", g.folder = y.text(root["folder"], "folder"), root["folder"]});
    g.folder_line = root["folder"].Mark().line + 1;
    if (!g.folder.empty() && !fs::path(g.folder).is_absolute())
      y.error(root["folder"], "folder should be an absolute path, not " + quote(g.folder));
  }
  if (root["variant"])
    items.push_back({"variant", g.options.variant = y.text(root["variant"], "variant"), root["variant"]});
  if (!root["seed"]) y.error(root, "missing 'seed'");
  else {
    g.options.seed = y.unsigned_integer(root["seed"], "seed");
    items.push_back({"seed", root["seed"].Scalar(), root["seed"]});
  }
  if (!root["players"]) y.error(root, "missing 'players'");
  else if (y.is_list(root["players"], "players")) {
    for (const auto& p : root["players"]) {
      if (!y.keys(p, {"name", "age", "plays"}, "a player") || !p["name"]) {
        y.error(p, "a player is {name: N, age: A, plays: KIND}");
        continue;
      }
      std::int64_t age = p["age"] ? y.integer(p["age"], "age") : -1;
      if (p["age"] && (age < 0 || age > 1000)) y.error(p["age"], "an age is a whole number from 0 to 1000");
      g.options.seats.push_back({y.text(p["name"], "name"), static_cast<int>(age)});
      std::string kind = p["plays"] ? y.text(p["plays"], "plays") : "";
      if (p["plays"]) g.kinds.resize(g.options.seats.size()), g.kinds.back() = kind;
      items.push_back(
          {"players." + std::to_string(g.options.seats.size()), seat_text(g.options.seats.back(), kind), p});
    }
  }
  if (root["params"] && y.is_map(root["params"], "params"))
    for (const auto& kv : root["params"]) {
      std::string name = y.text(kv.first, "a parameter's name");
      std::string text = y.text(kv.second, "a parameter's value");
      g.options.set[name] = text;
      items.push_back({"params." + name, text, kv.first});
    }
}

// Every header fact against its digest in `check`: edited, added and removed ones refused.
void check_header(YamlChecker& y, const YAML::Node& root, const std::vector<HeaderItem>& items) {
  const YAML::Node check = root["check"];
  if (!check) {
    y.error(root, "missing 'check' (the fingerprint of the header); a save is written with one");
    return;
  }
  if (!y.is_map(check, "check")) return;
  std::string since =
      " since the game was saved (its fingerprint at line " + std::to_string(check.Mark().line + 1) + ")";
  for (const auto& item : items) {
    const YAML::Node want = check[item.key];
    if (!want) y.error(item.at, quote(item.key) + " was added" + since);
    else if (!want.IsScalar() || want.Scalar() != digest(item.key, item.text))
      y.error(item.at, quote(item.key) + " was edited" + since + "; it cannot be changed in a saved game");
  }
  for (const auto& kv : check) {
    std::string key = kv.first.Scalar();
    bool present = false;
    for (const auto& item : items) present = present || item.key == key;
    if (!present) y.error(kv.first, quote(key) + " was removed since the game was saved");
  }
}

bool read_action(YamlChecker& y, const YAML::Node& a, SavedGame& g, SavedStep& s);

// `passed: [NAME, ...]`, the seats that passed at the last decision; absent, nobody had.
void read_passed(YamlChecker& y, const YAML::Node& root, SavedGame& g) {
  const YAML::Node list = root["passed"];
  if (!list || !y.is_list(list, "passed")) return;
  for (const auto& n : list) {
    std::string name = y.text(n, "a seat");
    int found = -1;
    for (std::size_t i = 0; i < g.options.seats.size(); ++i)
      if (g.options.seats[i].name == name) found = static_cast<int>(i);
    if (found < 0) y.error(n, "unknown seat " + quote(name));
    else g.passed |= 1u << found;
  }
}

// A re-deal (after an undo or a reload): {redeal: SEED, seats: [NAME, ...], hash: H}.
bool read_redeal(YamlChecker& y, const YAML::Node& a, SavedGame& g, SavedStep& s) {
  y.keys(a, {"redeal", "seats", "hash"}, "a re-deal");
  std::uint64_t seed = y.unsigned_integer(a["redeal"], "redeal");
  std::uint32_t seats = 0;
  if (!a["seats"] || !y.is_list(a["seats"], "seats")) {
    y.error(a, "a re-deal is {redeal: SEED, seats: [NAME, ...], hash: H}");
    return false;
  }
  for (const auto& n : a["seats"]) {
    std::string name = y.text(n, "a seat");
    int found = -1;
    for (std::size_t i = 0; i < g.options.seats.size(); ++i)
      if (g.options.seats[i].name == name) found = static_cast<int>(i);
    if (found < 0) y.error(n, "unknown seat " + quote(name));
    else seats |= 1u << found;
  }
  s.redeal = true;
  s.action = std::to_string(seed) + " " + std::to_string(seats);
  return true;
}

// One action: {seat, action, hash}, {chance, hash} or {redeal, seats, hash}; every hash must be there.
void read_step(YamlChecker& y, const YAML::Node& a, SavedGame& g) {
  SavedStep s;
  s.line = a.Mark().line + 1;
  if (a.IsMap() && a["redeal"] && a["hash"]) {
    if (!read_redeal(y, a, g, s)) return;
  } else if (!read_action(y, a, g, s)) {
    return;
  }
  std::string h = y.text(a["hash"], "hash");
  if (h.size() == 16 && std::all_of(h.begin(), h.end(), [](unsigned char c) { return std::isxdigit(c); }))
    s.hash = std::strtoull(h.c_str(), nullptr, 16);
  else
    y.error(a["hash"], "a hash is 16 hex digits, not " + quote(h));
  g.steps.push_back(std::move(s));
}

bool read_action(YamlChecker& y, const YAML::Node& a, SavedGame& g, SavedStep& s) {
  bool chance = a.IsMap() && a["chance"];
  if (!a.IsMap() || (!chance && (!a["seat"] || !a["action"])) || !a["hash"]) {
    y.error(a, "an action is {seat: NAME, action: TEXT, hash: H} or {chance: OUTCOME, hash: H}");
    return false;
  }
  y.keys(a,
         chance ? std::vector<std::string>{"chance", "hash"}
                : std::vector<std::string>{"seat", "action", "hash"},
         "an action");
  if (chance) {
    s.action = y.text(a["chance"], "chance");
  } else {
    s.action = y.text(a["action"], "action");
    std::string seat = y.text(a["seat"], "seat");
    for (std::size_t i = 0; i < g.options.seats.size(); ++i)
      if (g.options.seats[i].name == seat) s.seat = static_cast<int>(i);
    if (s.seat < 0) y.error(a["seat"], "unknown seat " + quote(seat));
  }
  return true;
}

}  // namespace

SavedGame read_save(const std::string& file) {
  YamlChecker y(file);
  YAML::Node root = y.load();
  y.throw_if_errors();
  if (!root.IsMap() || !root["arbiter_save"]) throw InputError(file + ": not an Arbiter saved game");
  y.keys(root,
         {"arbiter_save", "ruleset", "folder", "variant", "seed", "players", "params", "check", "actions",
          "passed", "end"},
         "a saved game");
  if (std::int64_t v = y.integer(root["arbiter_save"], "arbiter_save"); v != kVersion && v != 2) {
    y.error(root["arbiter_save"], "a save of version " + root["arbiter_save"].Scalar() +
                                      "; this Arbiter reads version " + std::to_string(kVersion) +
                                      " (version 1 had no check of its header)");
    y.throw_if_errors();
  }
  SavedGame g;
  std::vector<HeaderItem> items;
  read_header(y, root, g, items);
  check_header(y, root, items);
  if (!root["actions"]) y.error(root, "missing 'actions'");
  else if (y.is_list(root["actions"], "actions"))
    for (const auto& a : root["actions"]) read_step(y, a, g);
  read_passed(y, root, g);
  if (!root["end"]) y.error(root, "missing 'end', which is written last: the file was cut short");
  else if (std::int64_t n = y.integer(root["end"], "end");
           y.ok() && n != static_cast<std::int64_t>(g.steps.size()))
    y.error(root["end"], "end says " + std::to_string(n) + " actions, but the file holds " +
                             std::to_string(g.steps.size()));
  y.throw_if_errors();
  return g;
}

State replay_save(Engine& engine, const SavedGame& game, const std::string& file) {
  State s(engine.table_ptr());
  if (Status st = engine.start(s); !st.ok)
    throw InputError(file + ": setting up the game failed: " + st.message);
  // Named in a refusal: an id may find another ruleset than the one the game was saved from.
  const Ruleset& r = *engine.table().ruleset;
  std::string ruleset = "the ruleset (" + r.id + ", read from " + (r.folder.empty() ? r.dir : r.folder) + ")";
  int n = 0;
  // A step read from a file names its line; one from a database (line 0) has none to name.
  auto at = [&file](const SavedStep& step) {
    return step.line > 0 ? file + ":" + std::to_string(step.line) : file;
  };
  for (const auto& step : game.steps) {
    ++n;
    std::string who = step.redeal     ? "re-deal"
                      : step.seat < 0 ? "chance"
                                      : engine.table().seats[step.seat].name;
    if (step.redeal) {
      replay_redeal(s, {Event::Kind::Redeal, -1, step.action, 0});
      if (s.hash() != step.hash)
        throw InputError(at(step) + ": step " + std::to_string(n) +
                         " (re-deal): the state differs from the saved one; the file or " + ruleset +
                         " changed since");
      continue;
    }
    std::string where = at(step) + ": step " + std::to_string(n) + " (" + who + ": " + step.action + "): ";
    ActionResult o = step.seat < 0 ? engine.decide(s, step.action) : engine.apply(s, step.seat, step.action);
    if (!o.ok())
      throw InputError(where + "refused on replay (" + to_text(o.refusal) +
                       (o.message.empty() ? "" : ": " + o.message) + "); was " + ruleset +
                       " edited since the game was saved?");
    if (s.hash() != step.hash)
      throw InputError(where + "the state differs from the saved one (hash " + hex(s.hash()) + ", saved " +
                       hex(step.hash) + "); the action, its hash or " + ruleset +
                       " changed since the game was saved");
  }
  return s;
}

void write_save(const std::string& file, const std::string& text) {
  auto fail = [&](const std::string& why) {
    throw InputError("cannot save to " + quote(file) + ": " + why + "; nothing was written");
  };
  if (file.empty()) throw InputError(":save needs a file name");
  // /dev/full and the like are not save files, and rename would replace the device.
  struct stat old {};
  bool exists = ::stat(file.c_str(), &old) == 0;
  if (exists && !S_ISREG(old.st_mode)) fail("not a regular file");
  fs::path target(file);
  fs::path dir = target.parent_path().empty() ? fs::path(".") : target.parent_path();
  std::string temp = (dir / ("." + target.filename().string() + ".XXXXXX")).string();
  int fd = ::mkstemp(temp.data());
  if (fd < 0) fail(std::strerror(errno));
  // Everything goes to a temporary file in the same folder, reaches the disk, and only
  // then takes the save's name: a failure at any point leaves an earlier save as it was.
  auto abandon = [&](int err) {
    ::close(fd);
    ::unlink(temp.c_str());
    fail(std::strerror(err));
  };
  mode_t mask = ::umask(0);
  ::umask(mask);
  if (::fchmod(fd, exists ? (old.st_mode & 07777) : (0666 & ~mask)) != 0) abandon(errno);
  for (std::size_t done = 0; done < text.size();) {
    ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) abandon(errno);
    done += static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0) abandon(errno);
  if (::close(fd) != 0) {
    int err = errno;
    ::unlink(temp.c_str());
    fail(std::strerror(err));
  }
  if (::rename(temp.c_str(), file.c_str()) != 0) {
    int err = errno;
    ::unlink(temp.c_str());
    fail(std::strerror(err));
  }
  // The rename itself reaches the disk when the folder does; if this fails the save is
  // written all the same, so its error is not reported.
  if (int d = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY); d >= 0) {
    ::fsync(d);
    ::close(d);
  }
}

}  // namespace arbiter
