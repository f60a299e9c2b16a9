// What one seat may see of a state. Made by the runtime from the zones' visibility,
// faces and reveals; it is all a front-end, a bot or a per-seat log ever gets.
#pragma once
#include <string>
#include <vector>

#include "runtime/state.hpp"

namespace arbiter {

// What a seat was told of a component it does not see (game:clue): the mark's label, as the
// table shows it, and the kinds the component may then be (ascending), for bots.
struct MarkView {
  std::string label;
  std::vector<std::uint16_t> kinds;
  bool operator==(const MarkView& o) const = default;
};

struct ZoneView {
  std::string name;                 // "deck", "Andy.hand"
  std::string label;                // the ruleset's title for it, or its name
  int owner = -1;
  int count = 0;
  std::vector<std::string> items;   // top first; "?" where the seat cannot see which
  // The items as the table lists them (game.yaml's `order:`): those the seat sees by the
  // property, then the unseen ones as they lie, so the order tells nothing hidden.
  std::vector<std::string> listed;
  bool group = false;               // the ruleset asks for counts per name
  std::vector<Face> faces;          // top first: faces are on the table for all to see
  // Top first, of each unseen item: the marks the seat holds of it; empty when none has any.
  std::vector<std::vector<MarkView>> marks;
  std::uint32_t revealed =
      0;  // the seats the zone is revealed to, of those this seat knows: itself, or everyone
};

struct SeatView {
  std::string name;
  std::string status;               // "in", "out", "eliminated"
  std::vector<std::pair<std::string, std::string>> vars;  // visible variables, as the table shows them
  std::vector<Value> values;        // the same variables' values, typed, in the same order
};

// The board's shape, for drawing: cells by position, each the index of its zone in View::zones.
struct BoardView {
  std::vector<std::string> files, ranks;  // left to right, bottom to top
  std::vector<int> zone;                  // per position (rank * files + file), -1 where there is no cell
};

struct View {
  int seat = -1;                    // whose view; -1 is a spectator's
  std::string ruleset;
  std::string noun;                 // "card": what one component is called
  int round = 0;
  bool rounds = false;              // the game is played in rounds
  int active = -1;
  std::vector<int> order;
  bool over = false;
  std::vector<int> winners;
  std::vector<double> results;      // each seat's result, when the rules gave results (State::results)
  std::vector<SeatView> seats;
  std::vector<std::pair<std::string, std::string>> globals;  // as the table shows them
  std::vector<Value> global_values;  // the same, typed, in the same order
  std::vector<std::string> undisplayed;  // variables (in seats' vars and globals) game.yaml says not to show
  std::vector<std::pair<std::string, std::string>>
      labels;  // variable name -> what the table calls it (game.yaml label)
  std::vector<ZoneView> zones;
  BoardView board;                  // empty files: no board
  std::vector<std::pair<std::string, std::string>> symbols;  // component name -> its `symbol` property
  std::string chance;               // the question the table must answer, if any
  std::vector<Event> log;           // the entries this seat may read
  // The same facts in the state's own terms, for bots that rebuild a state from a view.
  int turn = 0;
  int turn_index = 0;
  std::vector<SeatStatus> status;
  std::vector<Value> var_slots;     // every variable; another seat's hidden ones at their initial value
  PendingChance pending_chance;
  // An open simultaneous choice as this seat knows it: who chooses and who has chosen are
  // public; of the commitments it holds its own alone (the others' are "").
  Simultaneous simultaneous;
};

// The zone's items, top first, each unseen one the seat holds marks of written with them:
// "?(1, not red)". As a scenario's view check and the text table name them.
std::vector<std::string> marked_items(const ZoneView& z);

// `seat` -1 gives what everyone sees. `log_from` skips earlier log entries.
View make_view(const State& state, int seat, std::size_t log_from = 0);

}  // namespace arbiter
