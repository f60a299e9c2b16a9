// A tally of the action history (tally.hpp): what a designer asks of a small game's
// endings ("how often does a hand end on a fold?") without a variable kept for it.
#include "analysis/sim/tally.hpp"

#include "runtime/diagnostics.hpp"

namespace arbiter {

namespace {

constexpr const char* kActionPrefix = "action:";

std::string first_word(const std::string& action) { return action.substr(0, action.find(' ')); }

}  // namespace

bool is_action_tally(const std::string& spec) {
  return spec == "actions" ||
         (spec.rfind(kActionPrefix, 0) == 0 && spec.size() > std::string(kActionPrefix).size() &&
          spec.find(' ') == std::string::npos);
}

ActionTally::ActionTally(const Table& table, const std::string& spec) : table_(table) {
  if (spec == "actions") line_ = true;
  else if (!spec.empty()) name_ = spec.substr(std::string(kActionPrefix).size());
  taken_.assign(static_cast<std::size_t>(table.seat_count()), 0);
}

void ActionTally::step(const MatchStep& m) {
  if (m.seat < 0) return;  // a chance outcome is no seat's action (and may be a secret)
  if (line_) {
    // Past what a report keeps of a value, the rest of a long game's line is not built.
    if (played_.size() > 256) return;
    if (!played_.empty()) played_ += ", ";
    played_ += table_.seats[m.seat].name + " " + m.action;
  } else if (!name_.empty() && first_word(m.action) == name_) {
    ++taken_[static_cast<std::size_t>(m.seat)];
  }
}

void ActionTally::finish(GameRecord& rec) const {
  if (line_) {
    // Cut at 256 bytes, as a variable's text is: a long line ends in "…" (its length untold,
    // since it was not built to the end).
    std::string text = shortened(played_.empty() ? "(no action)" : played_, 256);
    if (played_.size() > 256) text.erase(text.rfind(" ("));
    rec.tallied.push_back(text);
    return;
  }
  if (name_.empty()) return;
  for (int seat = 0; seat < table_.seat_count(); ++seat)
    rec.tallied.push_back(table_.seats[seat].name + "=" +
                          std::to_string(taken_[static_cast<std::size_t>(seat)]));
}

}  // namespace arbiter
