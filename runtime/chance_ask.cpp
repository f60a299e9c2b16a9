// Building the chance decision the rules ask for (chance_ask.hpp).
#include "runtime/chance_ask.hpp"

#include <cmath>
#include <vector>

#include "runtime/diagnostics.hpp"

namespace arbiter {

ChanceAsk::ChanceAsk(const Ruleset& ruleset, const std::string& name) : ruleset_(ruleset), name_(name) {
  int def = ruleset.chance_index(name);
  if (def < 0) {
    std::vector<std::string> names;
    for (const auto& c : ruleset.chances) names.push_back(c.name);
    throw RuleError("unknown chance decision " + quote(name) + did_you_mean(name, names) +
                    " (declare it under chance: in game.yaml)");
  }
  pending_.def = def;
  pending_.weights.assign(ruleset.chances[def].outcomes.size(), 0.0);
}

void ChanceAsk::weigh(const std::string& outcome, double weight) {
  const ChanceDef& c = ruleset_.chances[pending_.def];
  int i = c.outcome_index(outcome);
  if (i < 0) {
    std::vector<std::string> names;
    for (const auto& o : c.outcomes) names.push_back(o.first);
    throw RuleError("chance " + quote(name_) + " has no outcome " + quote(outcome) +
                    did_you_mean(outcome, names));
  }
  if (!std::isfinite(weight) || weight < 0) throw RuleError("chance weights are finite numbers, 0 or more");
  pending_.weights[i] = weight;
  total_ += weight;
}

void ChanceAsk::ask() {
  if (total_ <= 0) throw RuleError("chance " + quote(name_) + ": every outcome has weight 0");
  const ChanceDef& c = ruleset_.chances[pending_.def];
  pending_.question = c.ask.empty() ? name_ : c.ask;
  if (c.seen_by == ChanceDef::SeenBy::Everyone) return;
  pending_.audience = 0;
  pending_.unseen = c.unseen.empty() ? "The table decides in secret: " + pending_.question : c.unseen;
}

void ChanceAsk::see(std::uint32_t seats) {
  if (ruleset_.chances[pending_.def].seen_by != ChanceDef::SeenBy::Seats)
    throw RuleError("chance " + quote(name_) +
                    " names no seats that see it: game.yaml's seen_by: seats lets the rules name them");
  pending_.audience = seats;
  seen_ = true;
}

PendingChance ChanceAsk::take() {
  if (ruleset_.chances[pending_.def].seen_by == ChanceDef::SeenBy::Seats && !seen_)
    throw RuleError("chance " + quote(name_) +
                    " is seen by the seats the rules name: game:chance(name, weights, context, seats)");
  return std::move(pending_);
}

void ChanceAsk::fill(std::string_view key, std::string_view text) {
  fill_in(pending_.question, key, text, "the question");
  fill_in(pending_.unseen, key, text, "the unseen line");
}

void ChanceAsk::fill_in(std::string& q, std::string_view key, std::string_view text, const char* what) {
  std::string braced = std::string("{").append(key).append("}");
  // On after each text put in: a text holding its own key would be put in for ever.
  for (std::size_t at = 0; (at = q.find(braced, at)) != std::string::npos; at += text.size()) {
    q.replace(at, braced.size(), text);
    if (q.size() > kMaxChanceQuestion)
      throw RuleError("chance " + quote(name_) + ": " + what + " would be longer than " +
                      std::to_string(kMaxChanceQuestion) + " bytes");
  }
}

}  // namespace arbiter
