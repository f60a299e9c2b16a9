// The `arbiter` command: list, play, test, check and simulate rulesets.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "cli/app.hpp"

using namespace arbiter::cli;

static void add_game_flags(CLI::App* cmd, GameFlags& f) {
  cmd->add_option("--players", f.players, "player names in clockwise order (Andy,Bill or Andy:9,Bill:12 with ages), or a count");
  cmd->add_option("--seed", f.seed, "the game's seed (default: from the clock at a terminal, 1 for piped input)")->each([&f](const std::string&) { f.seed_given = true; });
  cmd->add_option("--set", f.set, "a parameter: --set target=25 (repeatable)");
  cmd->add_option("--variant", f.variant, "a named variant from game.yaml");
}

int main(int argc, char** argv) {
  CLI::App app{"Arbiter: a tabletop rules interpreter. Rulesets are YAML and Lua, loaded at run time."};
  app.require_subcommand(1);
  GameFlags flags;

  app.add_subcommand("list", "list the rulesets found");

  auto* play = app.add_subcommand("play", "play a game in the REPL (piped input is read line by line)");
  std::string play_ruleset, load_file;
  bool keep_going = false;
  play->add_option("ruleset", play_ruleset, "a ruleset id or folder")->required();
  add_game_flags(play, flags);
  play->add_option("--bot", flags.bots, "a bot in a seat: --bot 2=random or --bot Bill=random (repeatable); "
                                        "--bot all=random for a game with no humans");
  play->add_option("--load", load_file, "resume a saved game");
  bool play_json = false;
  play->add_flag("--json", play_json, "speak JSON lines on stdin/stdout instead of the REPL: each decision of a seat "
                                      "without a bot with its view and news, answered by an action (docs/protocol.md)");
  play->add_flag("--keep-going", keep_going, "with piped input: go on after a refused line (exit status 1 at the end)");
  std::string chance;
  play->add_option("--chance", chance, "who makes chance decisions: ask (the people at the table) or rng; "
                                       "default: ask for those game.yaml marks physical")
      ->check(CLI::IsMember({"ask", "rng"}));

  auto* test = app.add_subcommand("test", "run scenarios; ends with \"N passed, N failed\"");
  std::vector<std::string> targets;
  bool verbose = false;
  test->add_option("targets", targets, "scenario files, folders, or rulesets (default: every ruleset)");
  test->add_flag("-v,--verbose", verbose, "name each scenario's file");

  auto* check = app.add_subcommand("check", "load and validate a ruleset, then play random games checking invariants");
  std::string check_ruleset;
  int games = 100;
  check->add_option("ruleset", check_ruleset, "a ruleset id or folder")->required();
  check->add_option("--games", games, "how many random games (default 100)");
  check->add_option("--players", flags.players, "a player count (default: every count allowed, in turn)");
  check->add_option("--seed", flags.seed, "the first game's seed")->each([&](const std::string&) { flags.seed_given = true; });

  auto* sim = app.add_subcommand("sim", "play many games with bots: win rates, game length, scores, the first seat's edge");
  std::string sim_ruleset;
  SimFlags sim_flags;
  sim->add_option("ruleset", sim_ruleset, "a ruleset id or folder");
  add_game_flags(sim, flags);
  sim->get_option("--seed")->description("the first game's seed (default 1); game g (from 0) uses seed S+g");
  sim->add_option("--bot", flags.bots, "a bot kind in a seat: --bot 2=random, --bot Bill=random, --bot all=random "
                                       "(repeatable; default: random in every seat)");
  sim->add_flag("--rotate", sim_flags.rotate,
                "move every bot one seat on from game to game, so that each kind plays every seat alike");
  sim->add_option("--games", sim_flags.games, "how many games (default 1000)");
  sim->add_option("--threads", sim_flags.threads, "worker threads (default: one per core); the results do not depend on it");
  sim->add_option("--max-actions", sim_flags.max_actions,
                  "stop a game after this many actions and report it as unfinished (default 20000)");
  auto* json = sim->add_flag("--json", sim_flags.json, "print the report as JSON (what --compare reads)");
  sim->add_flag("--csv", sim_flags.csv, "print one CSV row per seat")->excludes(json);
  sim->add_option("--compare", sim_flags.compare, "compare two --json reports metric by metric: --compare A.json B.json")
      ->expected(2);

  auto* perft = app.add_subcommand("perft", "count the positions of the tree of legal play at each depth (and the games ended)");
  std::string perft_ruleset;
  PerftFlags perft_flags;
  perft->add_option("ruleset", perft_ruleset, "a ruleset id or folder")->required();
  add_game_flags(perft, flags);
  perft->add_option("--depth", perft_flags.depth, "how many plies (actions and chance outcomes) deep")->required();
  perft->add_option("--threads", perft_flags.threads, "worker threads (default: one per core); the counts do not depend on it");
  perft->add_flag("--divide", perft_flags.divide, "also print the positions at full depth under each first branch");
  perft->add_flag("--json", perft_flags.json, "print the counts as JSON");
  perft->add_option("--expect", perft_flags.expect, "the positions expected at depths 1..N (comma-separated): "
                                                    "exit status 1, naming each difference, when they differ")
      ->delimiter(',');
  perft->add_option("--expect-ended", perft_flags.expect_ended, "ended games expected by result, summed over the "
                                                                "depths: Andy=131184,none=46080 (exit status 1 on a difference)")
      ->delimiter(',');

  auto* make_new = app.add_subcommand("new", "make a new ruleset folder that checks, plays and passes its scenario");
  std::string new_path, new_name;
  make_new->add_option("path", new_path, "the folder to make; its name is the ruleset's id (my-game)")->required();
  make_new->add_option("--name", new_name, "the game's name as players see it (default: from the id)");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  if (app.got_subcommand("list")) return cmd_list();
  if (app.got_subcommand("test")) return cmd_test(targets, verbose);
  if (app.got_subcommand("check")) return cmd_check(check_ruleset, flags, games);
  if (app.got_subcommand("sim")) return cmd_sim(sim_ruleset, flags, sim_flags);
  if (app.got_subcommand("new")) return cmd_new(new_path, new_name);
  if (app.got_subcommand("perft")) return cmd_perft(perft_ruleset, flags, perft_flags);
  if (app.got_subcommand("play")) return cmd_play(play_ruleset, flags, keep_going, load_file, chance, play_json);
  return 2;
}
