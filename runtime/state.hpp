// The state of one game: a plain value (copying it is how undo, search and "try this" work).
// Components are never created or destroyed: `items` is always a permutation of all ids,
// cut into zones, so moving a component cannot lose or duplicate one.
#pragma once
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "runtime/log.hpp"
#include "runtime/rng.hpp"
#include "runtime/table.hpp"

namespace arbiter {

// An error in what a ruleset asked of the state (an unknown zone, a move from an empty
// zone ...). The Lua binding turns it into a Lua error that names the calling line.
class RuleError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

enum class Face : std::uint8_t { Default, Up, Down };
enum class SeatStatus : std::uint8_t { In, OutForRound, OutForGame };

// Work the runtime still has to do before the next decision.
enum Pending : std::uint8_t {
  kSetup = 1, kRoundStart = 2, kTurnStart = 4, kTurnEnd = 8, kRoundEnd = 16,
};

// A chance decision waiting to be made: by the RNG, a scenario, or the people at the table.
struct PendingChance {
  int def = -1;                          // index into Ruleset::chances; -1: none pending
  std::vector<double> weights;           // per outcome, in the order game.yaml lists them
  std::string question;                  // the ask text with the rules' context filled in
  std::uint32_t audience = 0xffffffffu;  // the seats that read the outcome (kEveryone: all)
  std::string unseen;                    // what the others read instead, context filled in
  bool operator==(const PendingChance& o) const {
    return def == o.def && weights == o.weights && question == o.question && audience == o.audience &&
           unseen == o.unseen;
  }
};

// A choice made at the same time (game:simultaneous): the seats that choose, and each one's
// commitment, held by the runtime and shown to nobody but its seat until all have chosen.
struct Simultaneous {
  std::uint32_t seats = 0;             // a bit per seat; 0: no such choice is open
  std::uint32_t chosen = 0;            // the seats that have committed
  std::vector<std::string> choices;    // per seat: its commitment, "" until made
  bool open() const { return seats != 0; }
  bool operator==(const Simultaneous& o) const {
    return seats == o.seats && chosen == o.chosen && choices == o.choices;
  }
};

// What some seats were told of a component without seeing it (game:clue): the kinds it may
// be, as the table marks it ("1", "not red"). It stays with the component as it moves, and is
// forgotten where the seats can no longer tell which component it was (runtime/marks.hpp).
struct Mark {
  std::uint16_t component = 0;
  std::uint32_t seats = 0;             // the seats that hold it
  std::string label;                   // "1", "not Priest"
  std::vector<std::uint16_t> kinds;    // the kinds the component may be, ascending
  bool operator==(const Mark& o) const = default;
};

struct State {
  std::shared_ptr<const Table> table;
  std::vector<std::uint16_t> items;      // component ids, zone by zone, each bottom to top
  std::vector<std::uint16_t> zone_end;   // zone z is items[zone_begin(z), zone_end[z])
  std::vector<Face> face;                // per component
  std::vector<std::uint16_t> kinds;      // per component: its kind now (game:become changes it)
  std::vector<std::uint32_t> shown;      // per component: the seats shown it (game:show) until it moves
  std::vector<std::uint32_t> revealed;   // per zone: the seats it is revealed to
  std::vector<Mark> marks;               // what seats were told of components (game:clue)
  std::vector<Value> vars;
  std::vector<SeatStatus> status;        // per seat
  std::vector<std::uint8_t> order;       // this round's turn order
  int turn_index = 0;                    // position in `order` of the seat on turn
  int round = 0;
  int turn = 0;                          // turns begun so far
  std::uint8_t pending = 0;
  bool over = false;
  std::vector<int> winners;
  // Each seat's result in [0, 1] when the rules gave them (game:finish{results = ...}: a
  // draw is 1/2 each); empty when they named winners, each of whom then has 1/k.
  std::vector<double> results;
  // Why the game ended, in the rules' words (game:finish's reason: "checkmate"); "" when
  // they gave none. Said on the game's last line; not part of the hash (saves keep theirs).
  std::string end_reason;
  std::vector<double> payoffs;           // per seat, when the game declares payoffs and is over
  PendingChance chance;
  Simultaneous simultaneous;
  Rng rng;
  std::vector<std::pair<int, std::vector<int>>> arranged;  // zone, kinds for its next shuffle
  Log log;

  // A fresh state: every component in its starting zone, variables at their initial values.
  explicit State(std::shared_ptr<const Table> t);
  State() = default;

  int seat_count() const { return table->seat_count(); }
  // Each seat's share of the game's result once it is over: `results`, or 1/k for each of
  // k winners and 0 for the rest (all 0 when nobody won).
  std::vector<double> shares() const;
  int active() const { return order.empty() ? -1 : order[turn_index]; }

  // Zones. Index 0 of a contents list is the top.
  int zone_begin(int z) const { return z == 0 ? 0 : zone_end[z - 1]; }
  int count(int z) const { return zone_end[z] - zone_begin(z); }
  std::vector<int> contents(int z) const;
  int top(int z) const;                  // -1 when empty
  int bottom(int z) const;               // -1 when empty
  int zone_of(int component) const;
  // Moves a component to the top of zone `to` (or to the bottom) and resets its face. Leaving
  // a hand (ZoneSlot::held), it takes with it what the other seats knew of one of the hand's
  // components, as they cannot tell which left (forget_leaving).
  // `from`, when known, is the zone the component lies in, which spares a search of them all.
  void move(int component, int to, bool to_bottom = false, int from = -1);
  // What the seats other than its holder knew of hand `from` when `component` leaves it for
  // zone `to`: a seat that sees the component's kind arrive knows one fewer of that kind
  // there, unless it knew the very component; one that does not knows one fewer of each kind
  // it knew there. The components forgotten are any of their kind: copies are alike.
  void forget_leaving(int component, int from, int to);
  // The position of `component` in items[begin, end), searched from the top down; -1 if absent.
  int find_down(int component, int begin, int end) const;
  void shuffle(int z);
  void arrange(int z, std::vector<int> kinds) { arranged.emplace_back(z, std::move(kinds)); }

  // Components' kinds as they are now: a component may change kind (a pawn promoted).
  int kind(int c) const { return kinds[c]; }
  const std::string& name(int c) const { return table->ruleset->kinds[kinds[c]].name; }
  void become(int c, int kind) { kinds[c] = static_cast<std::uint16_t>(kind); }

  // Whether `seat` sees which component `c` is (seat -1: a spectator, who sees what every seat sees).
  bool visible(int c, int seat) const;
  // Whether `seat` sees which components lie in zone `z`, face up or not (its own, a public
  // zone, one revealed to it); seat -1 is not asked.
  bool sees_into(int z, int seat) const;

  // Variables.
  const Value& var(int def, int seat) const { return vars[table->var_slot_of(def, seat)]; }
  void set_var(int def, int seat, Value v) { vars[table->var_slot_of(def, seat)] = std::move(v); }

  // The log (no-op when `logging` is off, as in fast playouts).
  bool logging = true;
  void record(Event e);

  // Fingerprint of everything that matters to play (not the log).
  std::uint64_t hash() const;
  // Fingerprint of the position alone: the kind and face of what lies where (not which of two
  // alike components), reveals, and the seat on turn; not variables, counters, the generator
  // or the log (game:hash(), for repetition rules and caches).
  std::uint64_t position_hash() const;
  bool same_play_state(const State& o) const;
};

}  // namespace arbiter
