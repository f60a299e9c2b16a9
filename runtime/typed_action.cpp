// The one reader of typed action text, for every edge (the REPL, the JSON door, scenarios,
// saves and replays): it normalises the text once, then tries in order an exact match (letters
// without case), a unique legal action the text starts with whole words (where the edge allows
// it), the ruleset's `accepts`, its `expand` into steps, and last the legal actions the text
// starts with its last word cut short (where the edge allows starts); each refusal has one
// reason (Refusal). Cut-short words come last so that a text the rules read whole ("bid 1"
// when "bid 10" is listed) is never taken for a longer action.
#include <algorithm>
#include <cctype>

#include "runtime/diagnostics.hpp"
#include "runtime/engine.hpp"
#include "runtime/limits.hpp"

namespace arbiter {

const char* to_text(Refusal r) {
  switch (r) {
    case Refusal::None: return "ok";
    case Refusal::NotYourTurn: return "not your turn";
    case Refusal::NotLegal: return "not legal now";
    case Refusal::Ambiguous: return "ambiguous";
    case Refusal::GameOver: return "game over";
    case Refusal::ScriptError: return "script error";
    case Refusal::UnknownSeat: return "unknown seat";
    case Refusal::Stale: return "stale";
    case Refusal::BadSeq: return "bad seq";
    case Refusal::Spectator: return "spectator";
    case Refusal::Store: return "store";
  }
  return "?";
}

// The C locale's white space, without a library call per character.
static bool is_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

bool is_normal_action(std::string_view text) {
  bool plain = !text.empty() && text.front() != ' ' && text.back() != ' ';
  for (std::size_t i = 0; plain && i < text.size(); ++i) {
    char c = text[i];
    plain = c == ' ' ? text[i - 1] != ' ' : !is_space(c);
  }
  return plain;
}

std::string normalize_action(const std::string& text) {
  // Most texts (every one a ruleset builds) are already in shape: single spaces between words.
  if (is_normal_action(text)) return text;
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    if (is_space(c)) {
      if (!out.empty() && out.back() != ' ') out += ' ';
    } else out += c;
  }
  if (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

bool same_action(const std::string& a, const std::string& b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

bool split_seat_action(const std::string& line, std::string& who, std::string& what) {
  auto colon = line.find(':');
  if (colon == std::string::npos) return false;
  who = normalize_action(line.substr(0, colon));
  what = normalize_action(line.substr(colon + 1));
  return true;
}

namespace {

// Whether the legal action `action` starts with the whole words of `typed` and goes on.
bool starts_with_words(const std::string& action, const std::string& typed) {
  return action.size() > typed.size() && action[typed.size()] == ' ' &&
         same_action(action.substr(0, typed.size()), typed);
}

// Whether `typed` is `action` cut short inside a word ("sto" for "stop", "play 4 b" for "play 4
// bid 5"). A typed word ending in a digit is never read as cut short: "bid 1" is not "bid 10".
bool cuts_a_word_short(const std::string& action, const std::string& typed) {
  return !typed.empty() && !std::isdigit(static_cast<unsigned char>(typed.back())) &&
         action.size() > typed.size() && action[typed.size()] != ' ' &&
         same_action(action.substr(0, typed.size()), typed);
}

// The text stands for one of `candidates`, its reading (several legal actions it starts).
ActionResult& choose_one(ActionResult& o, const std::string& wanted) {
  if (o.candidates.size() == 1) {
    o.action = o.candidates.front();
    o.candidates.clear();
    return o;
  }
  o.refusal = Refusal::Ambiguous;
  o.message = quote(wanted) + " could mean " + join_choices(o.candidates, ", ");
  return o;
}

}  // namespace

ActionResult Engine::apply(State& state, int seat, const std::string& text, const Reading& how) {
  return apply_one(state, seat, text, how, true);
}

// A whole composite move typed on one line: every step must be legal in turn, or none is taken.
ActionResult Engine::apply_steps(State& state, int seat, const std::string& line,
                                 const std::vector<std::string>& steps) {
  State next = state;
  for (const auto& step : steps) {
    ActionResult o = apply_one(next, seat, step, {}, false);
    if (!o.ok()) {
      o.message = "step " + quote(step) + " of " + quote(line) + ": " +
                  (o.message.empty() ? to_text(o.refusal) : o.message);
      return o;
    }
  }
  state = std::move(next);
  return {Refusal::None, "", line, {}, {}};
}

// What `wanted` (normalised) stands for: the canonical action in `o.action`, the steps of a
// composite move in `steps`, or the refusal in `o`.
ActionResult Engine::read_action(const State& state, int seat, const std::string& wanted, const Reading& how,
                                 bool expand, std::vector<std::string>& steps) {
  ActionResult o;
  if (how.legal) o.legal = *how.legal;
  else if (Status st = legal(state, seat, o.legal); !st.ok)
    return {Refusal::ScriptError, st.message, "", {}, {}};
  for (const auto& a : o.legal)
    if (same_action(a, wanted)) o.action = a;
  if (!o.action.empty()) return o;
  // A unique legal action that starts with what was typed stands for it ("play 7H" -> "play 7H on 8S").
  if (how.prefixes)
    for (const auto& a : o.legal)
      if (starts_with_words(a, wanted)) o.candidates.push_back(a);
  if (o.candidates.size() == 1) {
    o.action = o.candidates.front();
    o.candidates.clear();
    return o;
  }
  bool accepted = false;
  std::string canonical, why;
  if (Status st = rules_.accepts(state, seat, wanted, accepted, canonical, why); !st.ok)
    return {Refusal::ScriptError, st.message, "", o.legal, {}};
  if (accepted) {
    o.candidates.clear();
    o.action = canonical.empty() ? wanted : canonical;
    return o;
  }
  if (o.candidates.size() > 1) return choose_one(o, wanted);
  if (expand) {
    if (Status st = rules_.expand(state, seat, wanted, steps); !st.ok)
      return {Refusal::ScriptError, st.message, "", o.legal, {}};
    if (!steps.empty()) return o;
  }
  // Last, when nothing else reads the text: its last word cut short ("sto" for "stop").
  if (how.prefixes)
    for (const auto& a : o.legal)
      if (cuts_a_word_short(a, wanted)) o.candidates.push_back(a);
  if (!o.candidates.empty()) return choose_one(o, wanted);
  o.refusal = (o.legal.empty() && seat != state.active()) ? Refusal::NotYourTurn : Refusal::NotLegal;
  o.message = why;
  return o;
}

ActionResult Engine::apply_one(State& state, int seat, const std::string& text, const Reading& how,
                               bool expand) {
  if (seat < 0 || seat >= state.seat_count()) return {Refusal::UnknownSeat, "no such seat", "", {}, {}};
  if (state.over) return {Refusal::GameOver, "the game is over", "", {}, {}};
  if (state.status[seat] == SeatStatus::OutForGame) return {Refusal::NotLegal, "out of the game", "", {}, {}};
  if (const ChanceDef* c = pending_chance(state))
    return {
        Refusal::NotLegal,
        "the table must first decide: " + (state.chance.question.empty() ? c->name : state.chance.question),
        "",
        {},
        {}};
  if (const Simultaneous& sim = state.simultaneous; sim.open() && !(sim.seats >> seat & 1u))
    return {Refusal::NotYourTurn,
            state.table->seats[seat].name + " is not among the seats choosing now",
            "",
            {},
            {}};
  else if (sim.chosen >> seat & 1u)
    return {Refusal::NotLegal, state.table->seats[seat].name + " has already chosen", "", {}, {}};
  if (text.size() > kMaxActionText)
    return {Refusal::NotLegal, "an action of " + std::to_string(text.size()) + " bytes is longer than any (" +
                                   std::to_string(kMaxActionText) + ")", "", {}, {}};
  std::string wanted = normalize_action(text);
  std::vector<std::string> steps;
  ActionResult o = read_action(state, seat, wanted, how, expand, steps);
  if (!o.ok()) return o;
  if (!steps.empty()) return apply_steps(state, seat, wanted, steps);
  State next = state;
  // The action's own text may name hidden cards: only its seat reads it; the rules say the rest.
  Status st = apply_trusted(next, seat, o.action);
  if (!st.ok) return {Refusal::ScriptError, st.message, "", o.legal, {}};
  state = std::move(next);
  o.legal.clear();
  return o;
}

}  // namespace arbiter
