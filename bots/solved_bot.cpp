// The solved bot: the key of a position as a bot sees it, the game a strategy belongs to,
// and the bot that draws its action from the strategy's probabilities.
#include "bots/solved_bot.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <mutex>

#include "runtime/diagnostics.hpp"
#include "runtime/fingerprint.hpp"

namespace fs = std::filesystem;

namespace arbiter {

namespace {

void add(std::string& out, const std::string& field) {
  out += std::to_string(field.size());
  out += ':';
  out += field;
}

// A zone's name with its owner's seat name written as the seat's number: "#1.hand".
std::string zone_name(const View& v, const ZoneView& z) {
  if (z.owner < 0 || z.owner >= static_cast<int>(v.seats.size())) return z.name;
  const std::string& seat = v.seats[z.owner].name;
  if (z.name.rfind(seat + ".", 0) != 0) return z.name;
  return "#" + std::to_string(z.owner) + z.name.substr(seat.size());
}

// Everything of `v` but the log and the seats' names, fields length-prefixed so that no two
// views write the same text.
std::string key_text(const View& v) {
  std::string out = fmt::format("{}|{}|{}|{}|{}|", v.seat, v.round, v.turn, v.turn_index, v.active);
  for (int o : v.order) out += std::to_string(o) + ",";
  for (SeatStatus s : v.status) out += static_cast<char>('0' + static_cast<int>(s));
  for (const ZoneView& z : v.zones) {
    add(out, zone_name(v, z));
    add(out, std::to_string(z.count) + "/" + std::to_string(z.revealed));
    // What the seat was told of its unseen items (game:clue) is part of what it knows.
    std::vector<std::string> marked;
    if (!z.marks.empty()) marked = marked_items(z);
    for (const std::string& item : z.marks.empty() ? z.items : marked) add(out, item);
    for (const std::string& item : z.listed) add(out, item);
    for (Face f : z.faces) out += static_cast<char>('0' + static_cast<int>(f));
  }
  for (const Value& value : v.var_slots) add(out, to_text(value));
  out += std::to_string(v.simultaneous.seats) + "/" + std::to_string(v.simultaneous.chosen);
  for (const std::string& c : v.simultaneous.choices) add(out, c);
  return out;
}

// Two 64-bit hashes of different kinds, so that two views sharing a key take a collision of
// both; `solve` also refuses to write a strategy in which two of its positions share one.
std::string hashed(const std::string& text) {
  std::uint64_t a = 0xcbf29ce484222325ull, b = 0x84222325cbf29ce4ull;
  for (unsigned char c : text) {
    a = (a ^ c) * 0x100000001b3ull;
    b = (b + c) * 0x9e3779b97f4a7c15ull;
    b ^= b >> 29;
  }
  return fmt::format("{:016x}{:016x}", a, b);
}

}  // namespace

std::string view_key(const View& view) { return hashed(key_text(view)); }

std::string game_print(const Table& table) {
  RulesetPrints p = fingerprint_table(table, "");
  std::string text =
      table.ruleset->id + "\n" + p.params + "\n" + p.components + "\n" + std::to_string(table.seat_count());
  for (const auto& [file, print] : p.files) text += "\n" + file + " " + print;
  return fingerprint(text);
}

std::shared_ptr<const SolvedStrategy> load_strategy(const std::string& kind, const std::string& ruleset_id,
                                                    const Table* table, std::string& error) {
  // A sim makes its bots again for every game: each file is read once per version of it.
  static std::mutex mutex;
  static std::map<std::string, std::pair<std::string, std::shared_ptr<const SolvedStrategy>>> cache;
  std::string path = kind.substr(kind.find(':') + 1);
  if (path.empty()) {
    error = "solved:FILE names a strategy file (`arbiter solve --write-bot FILE`)";
    return nullptr;
  }
  std::shared_ptr<const SolvedStrategy> s;
  try {
    std::error_code ec;
    auto when = fs::last_write_time(path, ec).time_since_epoch().count();
    std::string version = fmt::format("{} {}", when, ec ? 0 : fs::file_size(path, ec));
    std::lock_guard lock(mutex);
    auto& slot = cache[path];
    if (!slot.second || slot.first != version)
      slot = {version, std::make_shared<const SolvedStrategy>(read_strategy(path))};
    s = slot.second;
  } catch (const std::exception& e) {
    error = user_message(e, "reading a strategy");
    return nullptr;
  }
  if (s->ruleset != ruleset_id) {
    error = path + ": a strategy for " + quote(s->ruleset) + ", not for " + quote(ruleset_id);
    return nullptr;
  }
  if (table && s->game != game_print(*table)) {
    error =
        path + ": solved for another version of " + ruleset_id +
        " (its rules files, parameters, components or number of seats differ): solve it again with --write-bot";
    return nullptr;
  }
  return s;
}

std::string SolvedBot::choose(const View& view, const std::vector<std::string>& legal, bool on_turn) {
  failure_.clear();
  auto found = strategy_->positions.find({view.seat, view_key(view)});
  if (found == strategy_->positions.end()) {
    if (!on_turn) return "";  // off its turn the strategy passes where it has nothing to say
    failure_ =
        file_ +
        " has no strategy for this position (a file cut short, or solved with another seed whose shuffles made "
        "another tree?)";
    return "";
  }
  const StrategyEntry& e = found->second;
  if (e.actions != legal) {
    // Not the actions themselves: another seat may read this, and they may name hidden cards.
    failure_ =
        fmt::format("{}:{}: the strategy's {} here are not the {} legal ones (a file for other rules?)",
                    file_, e.line, counted(static_cast<long long>(e.actions.size()), "action"), legal.size());
    return "";
  }
  double pick = static_cast<double>(rng_.next() >> 11) * 0x1.0p-53, total = 0;
  for (double p : e.probabilities) total += p;
  pick *= total;
  for (std::size_t i = 0; i < e.actions.size(); ++i) {
    if (pick < e.probabilities[i]) return e.actions[i];
    pick -= e.probabilities[i];
  }
  for (std::size_t i = e.actions.size();
       i-- > 0;)  // rounding left the pick past the last: the last likely one
    if (e.probabilities[i] > 0) return e.actions[i];
  return e.actions.back();
}

}  // namespace arbiter
