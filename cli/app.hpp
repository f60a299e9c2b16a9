// What the subcommands share: where rulesets and scripts are found, loading a game,
// and output conventions (errors on stderr, colour only on a terminal without NO_COLOR).
#pragma once
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "lua/home.hpp"
#include "runtime/diagnostics.hpp"
#include "runtime/engine.hpp"
#include "authoring/scenario/scenario.hpp"

namespace CLI { class App; class Validator; }

namespace arbiter::present {}

namespace arbiter::cli {

// What the doors share for showing things (present/: the output sink, the table's text, JSON)
// is the command line's own vocabulary.
using namespace arbiter::present;

// Options shared by play, check and sim.
struct GameFlags {
  std::string players;                   // "Andy,Bill" or "3"
  std::uint64_t seed = 0;
  bool seed_given = false;
  std::vector<std::string> set;          // key=value
  std::string variant;
  std::vector<std::string> bots;         // SEAT=KIND
};
// A bad value of a game flag (--players, --set, --variant, --bot): exit status 2, as for
// any usage error (docs/commands.md).
class UsageError : public InputError {
 public:
  using InputError::InputError;
};
// The exit status for an error a subcommand caught: 2 for a UsageError, else 1.
int error_status(const InputError& e);
// make_table for the options the command line gave, its refusal a UsageError.
std::shared_ptr<const Table> flags_table(std::shared_ptr<const Ruleset> ruleset, const GameOptions& options);
GameOptions game_options(const Ruleset& r, const GameFlags& f);  // throws UsageError
// `text` as a count of seats the ruleset allows; throws UsageError naming its range.
int player_count(const Ruleset& r, const std::string& text);
// The bot kind of each seat: `kinds` (one per seat, "" for a human) with each --bot SEAT=KIND
// applied (SEAT by name or number, or `all`; a bare SEAT means random; KIND `human` makes the
// seat a person's). Throws UsageError
// for an unknown seat or bot kind.
std::vector<std::string> seat_bots(const Table& t, const std::vector<std::string>& bots,
                                   std::vector<std::string> kinds);

// What `sim` adds to the game flags.
struct SimFlags {
  int games = 1000;
  int threads = 0;                       // 0: one per core
  int max_actions = 20000;
  bool json = false, csv = false;
  bool rotate = false;                   // bots move one seat on from game to game
  std::vector<std::string> compare;      // two JSON reports: compare them instead of simulating
  std::vector<std::string> merge;        // JSON reports of adjacent seed ranges: one report of them all
  std::string tally;                     // a variable: count games by its final value
  std::string ladder;                    // bots weakest first: play every pair (the skill ladder)
  std::string shard;                     // K/N: the K-th of N parts of the games
  std::vector<std::string> sweep;        // KEY=V1,V2,… or KEY=LO..HI[:STEP]: a run per value
  std::string html;                      // a file: the report as a self-contained HTML page
  bool lead = false;                     // read the score hook at every turn: the lead and stall sections
  bool every_seating = false;            // play each seed once in every seating of the bots
};

// What `perft` adds to the game flags.
struct PerftFlags {
  int depth = 1;
  int threads = 0;                       // 0: one per core
  bool divide = false, json = false;
  std::vector<std::uint64_t> expect;     // positions per depth: exit 1 on any difference
  std::vector<std::string> expect_ended; // RESULT=COUNT, ended games summed over the depths
};

int cmd_list();
int cmd_info(const std::string& ruleset);
// What `arbiter info` prints, in 60 columns; with `table`, also the seats and the values in effect (:rules).
std::string rules_info(const Ruleset& ruleset, const Table* table);
int cmd_test(const std::vector<std::string>& targets, bool verbose);
int cmd_check(const std::string& ruleset, const GameFlags& flags, int games);
// What `check --leaks` takes: the search for hidden information reaching a seat (analysis/leaks).
struct LeakFlags {
  bool on = false;
  int games = 0;                         // 0: the search's own default, not check's
  int worlds = 3;                        // other worlds drawn per seat and step
  int horizon = 6;                       // steps each is driven on
};
int cmd_check_leaks(const std::string& ruleset, const GameFlags& flags, const LeakFlags& leaks);
// What `play` adds to the game flags.
struct PlayFlags {
  bool keep_going = false;               // piped input: go on after a refused line
  std::string load_file;                 // --load
  std::string chance;                    // "", "ask" or "rng"
  bool json = false;                     // JSON lines instead of the REPL
  bool no_undo = false;                  // :undo, :reload and saving mid-game refused (tournament play)
};

int cmd_play(const std::string& ruleset, const GameFlags& flags, const PlayFlags& play);
int cmd_sim(const std::string& ruleset, const GameFlags& flags, const SimFlags& sim);
// One game with bots in every seat, printed step by step as each seat sees it; at most
// `max_steps` actions and chance outcomes.
int cmd_playthrough(const std::string& ruleset, const GameFlags& flags, int max_steps);
int cmd_perft(const std::string& ruleset, const GameFlags& flags, const PerftFlags& perft);
int cmd_new(const std::string& path, const std::string& name);

// What `mutate` takes.
struct MutateFlags {
  std::size_t max = 0;                   // 0: every mutant
  std::uint64_t seed = 1;                // picks the --max sample
  int threads = 0;                       // 0: one per core
  bool json = false;
  bool list = false;                     // print the mutants, run none
  bool list_survivors = false;           // print the survivors as mutate.yaml entries, not the report
  bool rekey = false;                    // print mutate.yaml with its line-keyed entries re-keyed, run none
  double min_score = -1;                 // exit status 1 below this score (percent); < 0: none
};
int cmd_mutate(const std::string& ruleset, const MutateFlags& flags);

// A subcommand on the command line. Each cmd_*.cpp adds its own with its options (in the
// order `arbiter --help` lists them); main parses the line and calls `run` of the one chosen.
// `run` may throw: main turns what escapes into a message and exit status 1.
struct Command {
  CLI::App* sub;
  std::function<int()> run;
};
Command add_list_command(CLI::App& app);
Command add_info_command(CLI::App& app);
Command add_play_command(CLI::App& app);
Command add_test_command(CLI::App& app);
Command add_check_command(CLI::App& app);
Command add_sim_command(CLI::App& app);
Command add_playthrough_command(CLI::App& app);
Command add_perft_command(CLI::App& app);
Command add_new_command(CLI::App& app);
Command add_mutate_command(CLI::App& app);
Command add_solve_command(CLI::App& app);
Command add_serve_command(CLI::App& app);

// Option checks run before any ruleset loads; a bad value is a usage error (exit status 2).
// A whole number from 0 to 2^64-1 (a seed): CLI11 would read -1 into an unsigned as 2^64-1.
CLI::Validator unsigned_64();
CLI::Validator players_check();       // --players: names, or a count of seats from 1 to kMaxSeats
CLI::Validator player_count_check();  // a count of seats from 1 to kMaxSeats
CLI::Validator bot_check();           // --bot SEAT=KIND or a bare SEAT
CLI::Validator key_value(const std::string& form);  // KEY=VALUE, both sides non-empty
// --seed into `f` (seed_given set when it is on the line), with `help` as its description.
void add_seed(CLI::App* cmd, GameFlags& f, const std::string& help);
// --players, --seed, --set and --variant as play, sim and perft take them.
void add_game_flags(CLI::App* cmd, GameFlags& f);

}  // namespace arbiter::cli
