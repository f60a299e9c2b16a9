// A ruleset's facts, as read and checked from its game.yaml: what is on the table,
// the parameters, the variants and the turn structure. Behaviour lives in Lua.
#pragma once
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/board.hpp"
#include "runtime/payoffs.hpp"
#include "runtime/value.hpp"

namespace arbiter {

// Who sees the components of a zone, unless a component is turned face up or down
// or the zone is revealed.
// Who sees into a zone: everyone, its seat, nobody, or every seat but its own (Hanabi's hands).
enum class Visibility { Public, Owner, Hidden, Others };
const char* to_text(Visibility v);

struct ComponentKind {
  std::string name;                       // what people type: "-10", "AH"
  std::string count_param;                // when the count is a parameter's value
  int count = 1;
  std::string zone;                       // where its instances start
  std::map<std::string, Value, std::less<>> props;     // everything else the YAML says of it
};

struct ZoneDef {
  std::string name;
  bool per_seat = false;
  Visibility visibility = Visibility::Public;
  std::string label;                      // how the REPL titles it
  bool group = false;                     // render as counts per name ("3 ×2")
  // How the table lists the zone: by this property of its components, lowest first (or
  // highest, `descending`), ties by component number; empty: as it lies, top first. Only
  // for showing: the rules see the zone as it lies, and playouts never sort.
  std::string order;
  bool descending = false;
};

struct VarDef {
  std::string name;
  bool per_seat = false;
  Value initial;
  bool hidden = false;                    // per-seat vars only: other seats do not see it
  bool display = true;  // false: rules' bookkeeping the table does not show (views still carry it)
  bool holds_seat = false;                // `type: seat`: a seat number, shown by name
  std::string label;                      // what the table calls it ("last bid"); "": its name
  // A hidden variable's `values:`, every value it may hold (the rules may set no other): what
  // a search bot samples for another seat's (sample.cpp). Empty: undeclared, or a range.
  std::vector<Value> values;
  // `values: {from: LOW, to: HIGH}`: the whole numbers LOW..HIGH, each a number or the name of a
  // whole-number parameter, read for each table (Table::var_values). Both nil: no range.
  Value values_from, values_to;
};

struct ParamDef {
  std::string name;
  Value initial;
  bool has_min = false, has_max = false;
  std::int64_t min = 0, max = 0;
  std::vector<std::string> choices;       // for string parameters; empty means any
  std::string doc;
  bool has_at_table = false;              // `at_table:` the value at `arbiter play` (a limit meant for sim)
  Value at_table;
};

// A chance decision the rules may ask for: named outcomes, each with a line of help.
// A physical one is made by the people at a real table (`arbiter play` asks them).
struct ChanceDef {
  std::string name;
  bool physical = false;
  std::string ask;                                  // the question, with {key} from the rules' context
  // Who reads the outcome (`seen_by:`): everyone; nobody; or the seats the rules name when they
  // ask for it (game:chance's fifth argument). The others read `unseen`, filled like `ask`.
  enum class SeenBy { Everyone, Nobody, Seats } seen_by = SeenBy::Everyone;
  std::string unseen;
  std::vector<std::pair<std::string, std::string>> outcomes;  // name, what it means
  int outcome_index(const std::string& outcome) const;
};

// Which seat starts the first round when the rules say nothing else.
enum class FirstSeat { First, Youngest, Oldest };

struct TurnDef {
  bool rounds = false;                    // the game is played in rounds
  FirstSeat first = FirstSeat::First;
  std::vector<std::string> out_of_turn;   // action names a seat may take off its turn
  bool simultaneous = false;              // every decision is made by all seats in play at once
};

struct Ruleset {
  std::string id;
  std::string name;
  std::string summary;
  std::string how_to_play;                // the rules in short, for :rules and `arbiter info`; "" if none
  bool final_scores = true;               // false: the last line gives each seat's result, not its score
  // The seats play together: the game ends with every seat winning or every seat losing
  // (game:finish{won = ...}), and payoffs, where declared, are one shared payoff.
  bool cooperative = false;
  std::string dir;                        // the folder holding game.yaml
  std::string folder;  // named by its folder, not found by id: that folder, absolute (saves record it)
  std::string yaml_path;
  std::string rules_file = "rules.lua";
  int min_players = 1, max_players = 1, default_players = 1;
  int default_humans = 1;                 // `arbiter play` with no --players/--bot
  std::vector<ComponentKind> kinds;
  std::string noun = "piece";             // what one component is called: "card", "coin"
  std::vector<ZoneDef> zones;
  std::vector<VarDef> vars;
  std::vector<ParamDef> params;
  std::map<std::string, std::map<std::string, Value>> variants;
  std::vector<std::string> variant_order;
  TurnDef turns;
  std::vector<ChanceDef> chances;
  PayoffDef payoffs;                      // `payoffs:`; not declared: the game ends with winners only
  Board board;                            // no files: the game has no board
  std::vector<std::string> bots;          // the ruleset's own bots, defined in bots.lua
  int search_playout = 0;  // search.playout: mcts playouts stop after this many actions (0: at the end)
  // Lua files of the folder held in memory, by name relative to `dir` ("rules.lua"), read in
  // place of the file on disk. Empty for a ruleset read from its folder; `arbiter mutate`
  // fills it with a mutant's text.
  std::map<std::string, std::string, std::less<>> sources;

  const ParamDef* param(const std::string& name) const;
  const ZoneDef* zone(std::string_view name) const;
  int var_index(std::string_view name) const;  // -1 when not declared
  int chance_index(const std::string& name) const;  // -1 when not declared
  std::vector<std::string> param_names() const;
  std::vector<std::string> zone_names() const;
  std::vector<std::string> var_names() const;
};

// A file that game.yaml names (rules:, include:), looked up inside one folder.
struct FileInFolder {
  bool found = false;
  std::string path;                       // base/name, when found
  std::string refused;                    // why the name may not be used (then found is false)
};
// Confines `name` to `base` as `require` is confined: refused when absolute, when a part is
// `..` or longer than kMaxFileNameLength, when it contains a NUL, when it resolves (through a
// symbolic link) outside `base`, or when it is not a regular file. Not found is neither.
// Never throws.
FileInFolder file_in_folder(const std::string& base, const std::string& name);

// Reads and checks `dir/game.yaml`. Every problem found is reported, each with
// file:line:column; throws InputError holding them all (one per line). `scripts_dir`
// holds shared component lists (components/NAME.yaml); empty means `dir/../../scripts`.
// `game_yaml`, when given, is read in place of the file's text (a mutant's).
std::shared_ptr<const Ruleset> load_ruleset(const std::string& dir, const std::string& scripts_dir = "",
                                            const std::string* game_yaml = nullptr);

// Finds a ruleset by id (in `search_path` folders, each holding one folder per ruleset)
// or by folder path. Throws InputError naming the known ids when none matches.
std::string find_ruleset_dir(const std::string& name, const std::vector<std::string>& search_path);

// Where a named ruleset is, and how it was named: an id found in the search path, or a
// folder (a path; or a name no id matches but a folder here has). A game of a ruleset named
// by its folder is saved and reloaded as that folder; one named by id, as the id.
struct RulesetPlace {
  std::string dir;
  bool by_id = false;
};
RulesetPlace locate_ruleset(const std::string& name, const std::vector<std::string>& search_path);

// The ids found in the search path, sorted, each with its folder: every folder holding a
// game.yaml file, except hidden ones (a name starting with ".").
std::vector<std::pair<std::string, std::string>> list_rulesets(const std::vector<std::string>& search_path);

}  // namespace arbiter
