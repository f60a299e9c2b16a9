// `arbiter play`: seats humans and bots, sets the game up (or resumes a save), runs the REPL.
#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <unistd.h>

#include <cstdlib>
#include <iostream>
#include <random>

#include "lua/lua_rules.hpp"
#include "cli/app.hpp"
#include "cli/json_play.hpp"
#include "cli/terminal/line_editor.hpp"
#include "present/output.hpp"
#include "present/render.hpp"
#include "cli/repl/repl.hpp"
#include "cli/repl/resume.hpp"
#include "runtime/diagnostics.hpp"
#include "bots/mcts.hpp"
#include "play/save.hpp"

namespace arbiter::cli {

namespace {

const char* const kNames[] = {"Andy", "Bill", "Charlie", "Dora", "Eddie", "Fran", "Gus", "Hana"};

std::vector<Seat> default_seats(int n) {
  std::vector<Seat> seats;
  for (int i = 0; i < n; ++i)
    seats.push_back({i < 8 ? kNames[i] : "Player" + std::to_string(i + 1), -1});
  return seats;
}

// Each seat's kind before --bot: a saved game's, else the ruleset's default humans and random
// bots for the rest, or every seat human when --players names them (hot-seat). --bot SEAT=KIND
// then changes only the seats it names.
Seating seat_players(const Table& t, const GameFlags& f, std::uint64_t seed,
                     const std::vector<std::string>& saved) {
  Seating s;
  int n = t.seat_count();
  std::vector<std::string> kinds(n);
  if (f.players.empty())
    for (int i = t.ruleset->default_humans; i < n; ++i) kinds[i] = "random";
  for (int i = 0; i < n && i < static_cast<int>(saved.size()); ++i)
    if (!saved[i].empty()) kinds[i] = saved[i] == "human" ? "" : saved[i];
  kinds = seat_bots(t, f.bots, kinds);
  for (int i = 0; i < n; ++i) s.human.push_back(kinds[i].empty());
  s.kinds = kinds;
  s.seed = seed;
  return s;
}

}  // namespace

std::string describe(const Table& t, const Seating& s) {
  std::vector<std::string> parts;
  for (int i = 0; i < t.seat_count(); ++i) {
    std::string kind = s.kinds[i] == "mcts" ? "mcts:" + std::to_string(MctsBudget{}.iterations) : s.kinds[i];
    parts.push_back(t.seats[i].name + " (" + (s.human[i] ? "human" : kind) + ")");
  }
  return join_choices(parts, ", ");
}

namespace {

// --load takes the seats, seed, variant and parameters from the file; options that would
// change them are refused rather than silently ignored.
void refuse_with_load(const GameFlags& f, const std::string& file) {
  std::vector<std::string> given;
  if (!f.players.empty()) given.push_back("--players");
  if (f.seed_given) given.push_back("--seed");
  if (!f.set.empty()) given.push_back("--set");
  if (!f.variant.empty()) given.push_back("--variant");
  if (!given.empty())
    throw InputError(
        "play --load " + file + ": the saved game fixes its seats, seed, variant and parameters, so " +
        join_choices(given, ", ") + " cannot be given with it (--bot can: it changes who plays a seat)");
}

}  // namespace

namespace {

// `--json`: the game in JSON lines on stdin and stdout (cli/json_play.hpp, docs/protocol.md).
int play_json_lines(Engine& engine, State state, const Seating& seating, const std::string& chance,
                    bool seed_known, bool no_undo, std::uint32_t passed) {
  JsonSeats seats{seating.kinds, seating.seed, chance == "ask", chance != "rng", seed_known, no_undo, passed};
  JsonChannel channel;
  // Once a message cannot be written the driver cannot answer it: the session ends there.
  channel.read = [](InputLine& line) { return !output_failed() && read_input_line(std::cin, line); };
  channel.write = [](const std::string& line) {
    write_out(line + "\n");
    flush_out();
  };
  return play_json(engine, std::move(state), seats, channel);
}

// --chance ask: the table is asked every chance decision; rng: none; default: the physical ones.
ChancePolicy chance_policy(const std::string& chance) {
  if (chance == "ask") return ChancePolicy::AskAll;
  return chance == "rng" ? ChancePolicy::Draw : ChancePolicy::AskPhysical;
}

}  // namespace

int cmd_play(const std::string& name, const GameFlags& flags, const PlayFlags& play) {
  const char* debug = std::getenv("ARBITER_DEBUG");
  set_lua_print(debug && *debug && std::string(debug) != "0");  // players read this terminal
  const std::string& load_file = play.load_file;
  const std::string& chance = play.chance;
  bool json = play.json;
  bool interactive = isatty(STDIN_FILENO);
  try {
    SavedGame saved;
    if (!load_file.empty()) {
      saved = read_save(load_file);
      refuse_with_load(flags, load_file);
    } else if (name.empty()) {
      print_err("play: name a ruleset (arbiter list shows them), or --load FILE\n");
      return 2;
    }
    // A ruleset named with --load is the one played (a folder that moved since the save).
    LoadedGame loaded = name.empty() ? load_saved_ruleset(saved, load_file) : load_game(name);
    GameFlags f = flags;
    GameOptions options = game_options(*loaded.ruleset, f);
    std::shared_ptr<const Table> table;
    bool fresh_seed = load_file.empty() && !f.seed_given && (interactive || json || play.no_undo);
    if (!load_file.empty()) {
      table = saved_table(saved, loaded.ruleset, load_file, false);
      options = saved.options;
    } else {
      // A game at the terminal, through the JSON door or under --no-undo gets a fresh seed
      // that nobody can guess, since it fixes every shuffle; it is told when the game is over.
      // Any other piped script gets seed 1, so that it plays the same way every time.
      if (fresh_seed)
        options.seed = (static_cast<std::uint64_t>(std::random_device{}()) << 32) ^ std::random_device{}();
      if (options.seats.empty()) options.seats = default_seats(loaded.ruleset->default_players);
      if (!json) at_table_params(*loaded.ruleset, options);
      table = flags_table(loaded.ruleset, options);
    }
    Seating seating = seat_players(*table, f, options.seed, saved.kinds);
    Engine engine(table, *loaded.rules);
    State state(table);
    if (!load_file.empty()) state = replay_save(engine, saved, load_file);
    else if (Status st = engine.start(state); !st.ok) throw InputError(st.message);
    // The seats learn the seed when the game is over, unless they knew it: given, saved, or 1 piped.
    bool seed_known = !fresh_seed;
    if (json) return play_json_lines(engine, std::move(state), seating, chance, seed_known, play.no_undo,
                                     saved.passed);
    if (interactive)  // between words at the terminal's width (60 columns when it will not say)
      print("{}\n", wrap_words((seed_known ? fmt::format("Seed {}. ", options.seed) : "") +
                                   fmt::format("Seats: {}.", describe(*table, seating)),
                               std::max(20, player_columns(61) - 1), "  "));
    Repl repl(loaded, table, std::move(seating), interactive, play.keep_going, chance_policy(chance));
    repl.set_no_undo(play.no_undo);
    repl.set_secret_seed(!seed_known);
    repl.set_options(options);
    repl.set_passed(saved.passed);
    return repl.run(std::move(state));
  } catch (const InputError& e) {
    print_err("{}\n", e.what());
    return error_status(e);  // 2 for a bad flag value
  }
}

Command add_play_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("play", "play a game in the REPL (piped input is read line by line)");
  auto ruleset = std::make_shared<std::string>();
  auto flags = std::make_shared<GameFlags>();
  auto play = std::make_shared<PlayFlags>();
  cmd->add_option("ruleset", *ruleset, "a ruleset id or folder (not needed with --load)");
  add_game_flags(cmd, *flags);
  cmd->get_option("--seed")->description(
      "the game's seed, 0..2^64-1 (default: 1 for piped input; at a terminal, with "
      "--json or --no-undo a random one, told when the game is over)");
  cmd->add_option("--bot", flags->bots,
                  "who plays a seat: --bot 2=mcts or --bot Bill=random (repeatable; other "
                  "seats keep their default); --bot all=random for a game with no humans. "
                  "Kinds: human, random, mcts (300 iterations), mcts:N, mcts:Nms, and the "
                  "ruleset's own bots (game.yaml bots:)")
      ->check(bot_check());
  cmd->add_option("--load", play->load_file,
                  "resume a saved game: its ruleset, seats (who plays each), seed, "
                  "variant and parameters; --bot may change who plays a seat");
  cmd->add_flag("--json", play->json,
                "speak JSON lines on stdin/stdout instead of the REPL: each decision of a seat "
                "without a bot with its view and news, answered by an action (docs/protocol.md)");
  cmd->add_flag("--keep-going", play->keep_going,
                "with piped input: go on after a refused line (exit status 1 at the end)");
  cmd->add_flag("--no-undo", play->no_undo, "refuse :undo, :reload and saving mid-game (tournament play)");
  cmd->add_option("--chance", play->chance,
                  "who makes chance decisions: ask (the people at the table) or rng; "
                  "default: ask for those game.yaml marks physical")
      ->check(CLI::IsMember({"ask", "rng"}));
  return {cmd, [ruleset, flags, play] { return cmd_play(*ruleset, *flags, *play); }};
}

}  // namespace arbiter::cli
