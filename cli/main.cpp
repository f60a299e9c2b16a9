// The `arbiter` command: list, play, test, check and simulate rulesets.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <limits>
#include <new>
#include <sstream>

#include "cli/app.hpp"
#include "cli/output.hpp"
#include "cli/render.hpp"
#include "interpreter/diagnostics.hpp"
#include "interpreter/limits.hpp"

using namespace arbiter;
using namespace arbiter::cli;

namespace {

constexpr int kMaxInt = std::numeric_limits<int>::max();

bool whole_number(const std::string& text, std::uint64_t& out) {
  auto [end, err] = std::from_chars(text.data(), text.data() + text.size(), out);
  return !text.empty() && err == std::errc{} && end == text.data() + text.size();
}

// Option values checked before any ruleset loads; a bad one is a usage error (exit status 2).
// --players: names, or a count of seats from 1 to kMaxSeats.
const CLI::Validator kPlayers(
    [](std::string& text) -> std::string {
      bool numeric = !text.empty() && text.find_first_not_of("-+0123456789") == std::string::npos;
      std::uint64_t n = 0;
      if (!numeric || (whole_number(text, n) && n >= 1 && n <= static_cast<std::uint64_t>(kMaxSeats))) return "";
      return "names, or a count of seats from 1 to " + std::to_string(kMaxSeats) + ", not " + quote(text);
    },
    "NAMES|COUNT");

const CLI::Validator kPlayerCount(
    [](std::string& text) -> std::string {
      std::uint64_t n = 0;
      if (whole_number(text, n) && n >= 1 && n <= static_cast<std::uint64_t>(kMaxSeats)) return "";
      return "a count of seats from 1 to " + std::to_string(kMaxSeats) + ", not " + quote(text);
    },
    "COUNT");

CLI::Validator key_value(const std::string& form) {
  return CLI::Validator(
      [form](std::string& text) -> std::string {
        auto eq = text.find('=');
        if (eq != std::string::npos && eq > 0 && eq + 1 < text.size()) return "";
        return "takes " + form + ", not " + quote(text);
      },
      form);
}

// --bot SEAT=KIND or a bare SEAT; which seats and kinds exist is the ruleset's to say.
const CLI::Validator kBot(
    [](std::string& text) -> std::string {
      auto eq = text.find('=');
      if (!text.empty() && eq != 0 && (eq == std::string::npos || eq + 1 < text.size())) return "";
      return "takes SEAT=KIND (or a bare SEAT for a random bot), not " + quote(text);
    },
    "SEAT=KIND");

void add_seed(CLI::App* cmd, GameFlags& f, const std::string& help) {
  cmd->add_option("--seed", f.seed, help)
      ->check(unsigned_64())
      ->each([&f](const std::string&) { f.seed_given = true; });
}

void add_game_flags(CLI::App* cmd, GameFlags& f) {
  cmd->add_option("--players", f.players, "player names in clockwise order (Andy,Bill or Andy:9,Bill:12 with ages), "
                                          "or a count (1.." + std::to_string(kMaxSeats) + ")")
      ->check(kPlayers);
  add_seed(cmd, f, "the game's seed, 0..2^64-1 (default: from the clock at a terminal, 1 for piped input)");
  cmd->add_option("--set", f.set, "a parameter: --set target=25 (repeatable)")->check(key_value("KEY=VALUE"));
  cmd->add_option("--variant", f.variant, "a named variant from game.yaml");
}

// --help fits the terminal (80 columns when it is not one, or will not say): descriptions
// break between words and go on under themselves; 60 columns stay readable.
class WrappingFormatter : public CLI::Formatter {
 public:
  explicit WrappingFormatter(int width) : width_(std::max(40, width)) {
    column_width(static_cast<std::size_t>(width_ >= 90 ? 30 : std::max(16, width_ * 2 / 5)));
  }
  std::string make_option_desc(const CLI::Option* opt) const override { return fit(CLI::Formatter::make_option_desc(opt)); }
  std::string make_subcommand(const CLI::App* sub) const override {
    std::stringstream out;
    CLI::detail::format_help(out, sub->get_display_name(true), fit(sub->get_description()), get_column_width());
    return out.str();
  }
  std::string make_description(const CLI::App* app) const override {
    return wrap_words(CLI::Formatter::make_description(app), width_ - 1);
  }

 private:
  std::string fit(const std::string& text) const {
    return wrap_words(text, width_ - 1 - static_cast<int>(get_column_width()));
  }
  int width_;
};

// The one place a subcommand's exceptions end: whatever escapes it (an InputError not caught
// nearer, bad_alloc, a filesystem_error naming its path, anything else) is printed on stderr
// as a message of Arbiter's own (user_message: never a library's text) and the status is 1,
// instead of `terminate` ending the process.
template <class Run>
int guarded(const std::string& subcommand, Run&& run) {
  try {
    return run();
  } catch (const std::exception& e) {
    print_err("{}\n", user_message(e, "arbiter " + subcommand));
  } catch (...) {
    print_err("arbiter {}: an unknown error\n", subcommand);
  }
  return 1;
}

// The command line parsed and the subcommand run (its name left in `sub`); the exit status.
int run_command(int argc, char** argv, std::string& sub) {
  CLI::App app{"Arbiter: a tabletop rules interpreter. Rulesets are YAML and Lua, loaded at run time."};
  app.name("arbiter");  // usage lines say what a user types, not the path the binary was run by
  app.formatter(std::make_shared<WrappingFormatter>(terminal_columns(STDOUT_FILENO, 80)));
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("arbiter ") + ARBITER_VERSION, "print the version and exit");
  GameFlags flags;

  app.add_subcommand("list", "list the rulesets found");

  auto* info = app.add_subcommand("info", "a ruleset's player counts, parameters, variants, bot kinds and folder");
  std::string info_ruleset;
  info->add_option("ruleset", info_ruleset, "a ruleset id or folder")->required();

  auto* play = app.add_subcommand("play", "play a game in the REPL (piped input is read line by line)");
  std::string play_ruleset;
  PlayFlags play_flags;
  play->add_option("ruleset", play_ruleset, "a ruleset id or folder (not needed with --load)");
  add_game_flags(play, flags);
  play->add_option("--bot", flags.bots, "who plays a seat: --bot 2=mcts or --bot Bill=random (repeatable; other "
                                        "seats keep their default); --bot all=random for a game with no humans. "
                                        "Kinds: human, random, mcts (300 iterations), mcts:N, mcts:Nms, and the "
                                        "ruleset's own bots (game.yaml bots:)")
      ->check(kBot);
  play->add_option("--load", play_flags.load_file, "resume a saved game: its ruleset, seats (who plays each), seed, "
                                                   "variant and parameters; --bot may change who plays a seat");
  play->add_flag("--json", play_flags.json, "speak JSON lines on stdin/stdout instead of the REPL: each decision of a seat "
                                      "without a bot with its view and news, answered by an action (docs/protocol.md)");
  play->add_flag("--keep-going", play_flags.keep_going, "with piped input: go on after a refused line (exit status 1 at the end)");
  play->add_flag("--no-undo", play_flags.no_undo, "refuse :undo, :reload and saving mid-game (tournament play)");
  play->add_option("--chance", play_flags.chance, "who makes chance decisions: ask (the people at the table) or rng; "
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
  check->add_option("--games", games, "how many random games (default 100)")->check(CLI::Range(1, kMaxInt));
  check->add_option("--players", flags.players, "a player count (default: every count allowed, in turn)")
      ->check(kPlayerCount);
  add_seed(check, flags, "the first game's seed, 0..2^64-1 (default 1)");
  check->add_option("--set", flags.set, "a parameter: --set target=25 (repeatable)")->check(key_value("KEY=VALUE"));
  check->add_option("--variant", flags.variant, "a named variant from game.yaml");

  auto* sim = app.add_subcommand("sim", "play many games with bots: win rates, game length, scores, the first seat's edge");
  std::string sim_ruleset;
  SimFlags sim_flags;
  sim->add_option("ruleset", sim_ruleset, "a ruleset id or folder");
  add_game_flags(sim, flags);
  sim->get_option("--seed")->description("the first game's seed (default 1); game g (from 0) uses seed S+g");
  sim->add_option("--bot", flags.bots, "a bot kind in a seat: --bot 2=random, --bot Bill=random, --bot all=random "
                                       "(repeatable; default: random in every seat)")
      ->check(kBot);
  sim->add_flag("--rotate", sim_flags.rotate,
                "move every bot one seat on from game to game, so that each kind plays every seat alike");
  sim->add_option("--games", sim_flags.games,
                  "how many games (default 1000, at most " + std::to_string(kMaxSimGames) + ": the report keeps each)")
      ->check(CLI::Range(1, kMaxSimGames));
  sim->add_option("--threads", sim_flags.threads, "worker threads, 1.." + std::to_string(kMaxThreads) +
                                                      " (default: one per core); the results do not depend on it")
      ->check(CLI::Range(1, kMaxThreads));
  sim->add_option("--max-actions", sim_flags.max_actions,
                  "stop a game after this many actions and report it as unfinished (default 20000)")
      ->check(CLI::Range(1, kMaxInt));
  auto* json = sim->add_flag("--json", sim_flags.json, "print the report as JSON (what --compare reads)");
  sim->add_flag("--csv", sim_flags.csv, "print one CSV row per seat")->excludes(json);
  sim->add_option("--tally", sim_flags.tally, "count the games by a variable's final value (a per-seat one: by seat and value)");
  auto* compare = sim->add_option("--compare", sim_flags.compare,
                                  "compare two --json reports metric by metric, and list what differs in their "
                                  "parameters, components and rules files: --compare A.json B.json")
                      ->expected(2);
  sim->add_option("--merge", sim_flags.merge,
                  "merge --json reports of adjacent seed ranges (shards of one run: --seed S --games N, "
                  "--seed S+N --games N, …) into the report one run would give; with --json, as JSON")
      ->expected(1, kMaxInt)
      ->excludes(compare);

  auto* perft = app.add_subcommand("perft", "count the positions of the tree of legal play at each depth (and the games ended)");
  std::string perft_ruleset;
  PerftFlags perft_flags;
  perft->add_option("ruleset", perft_ruleset, "a ruleset id or folder")->required();
  add_game_flags(perft, flags);
  perft->add_option("--depth", perft_flags.depth, "how many plies (actions and chance outcomes) deep, 1.." +
                                                      std::to_string(kMaxPerftDepth))
      ->required()
      ->check(CLI::Range(1, kMaxPerftDepth));
  perft->add_option("--threads", perft_flags.threads, "worker threads, 1.." + std::to_string(kMaxThreads) +
                                                          " (default: one per core); the counts do not depend on it")
      ->check(CLI::Range(1, kMaxThreads));
  perft->add_flag("--divide", perft_flags.divide, "also print the positions at full depth under each first branch");
  perft->add_flag("--json", perft_flags.json, "print the counts as JSON");
  perft->add_option("--expect", perft_flags.expect, "the positions expected at depths 1..N (comma-separated): "
                                                    "exit status 1, naming each difference, when they differ")
      ->delimiter(',')
      ->check(unsigned_64());
  perft->add_option("--expect-ended", perft_flags.expect_ended, "ended games expected by result, summed over the "
                                                                "depths: Andy=131184,none=46080 (exit status 1 on a difference)")
      ->delimiter(',');

  auto* make_new = app.add_subcommand("new", "make a new ruleset folder that checks, plays and passes its scenario");
  std::string new_path, new_name;
  make_new->add_option("path", new_path, "the folder to make; its name is the ruleset's id (my-game)")->required();
  make_new->add_option("--name", new_name, "the game's name as players see it (default: from the id)");

  std::string mutate_ruleset;
  MutateFlags mutate_flags;
  add_mutate_command(app, mutate_ruleset, mutate_flags);

  // An unknown subcommand is named (CLI11 would only say that one is required).
  if (argc > 1 && argv[1][0] != '-') {
    std::vector<std::string> names;
    for (const auto* cmd : app.get_subcommands({})) names.push_back(cmd->get_name());
    std::string given = argv[1];
    if (std::find(names.begin(), names.end(), given) == names.end()) {
      print_err("arbiter: unknown subcommand {}{}; subcommands: {} (arbiter --help)\n", quote(given),
                did_you_mean(given, names), join_choices(names, ", "));
      return 2;
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help is a ParseError with status 0; every other is a usage error. CLI11 writes to
    // streams of ours, so that its text (which quotes the command line) passes the sink.
    std::ostringstream out, err;
    int status = app.exit(e, out, err);
    write_out(out.str());
    write_err(err.str());
    return status == 0 ? 0 : 2;
  }
  sub = app.get_subcommands().empty() ? "" : app.get_subcommands().front()->get_name();
  // --compare and --merge read reports: an option for a run would be silently ignored.
  if (sub == "sim" && (!sim_flags.compare.empty() || !sim_flags.merge.empty())) {
    for (const char* option : {"--games", "--threads", "--max-actions", "--seed", "--players", "--set", "--variant",
                               "--bot", "--rotate", "--tally"})
      if (sim->count(option) > 0) {
        print_err("sim: {} is for running games; --{} reads reports and takes only --json or --csv\n", option,
                  sim_flags.merge.empty() ? "compare" : "merge");
        return 2;
      }
  }
  return guarded(sub, [&]() -> int {
    if (sub == "list") return cmd_list();
    if (sub == "info") return cmd_info(info_ruleset);
    if (sub == "test") return cmd_test(targets, verbose);
    if (sub == "check") return cmd_check(check_ruleset, flags, games);
    if (sub == "sim") return cmd_sim(sim_ruleset, flags, sim_flags);
    if (sub == "new") return cmd_new(new_path, new_name);
    if (sub == "perft") return cmd_perft(perft_ruleset, flags, perft_flags);
    if (sub == "play") return cmd_play(play_ruleset, flags, play_flags);
    if (sub == "mutate") return cmd_mutate(mutate_ruleset, mutate_flags);
    return 2;
  });
}

}  // namespace

int main(int argc, char** argv) {
  init_output();
  std::string sub;
  int status = run_command(argc, argv, sub);
  return finish_output(status, sub);  // a command whose output was not written has failed
}
