// `arbiter solve`: the value of a small two-player zero-sum game under best play, found by
// CFR+ over its whole tree, with the exploitability of the strategy as it converges.
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "cli/app.hpp"
#include "present/output.hpp"
#include "cli/terminal/progress.hpp"
#include "runtime/diagnostics.hpp"
#include "analysis/solve/solve.hpp"
#include "bots/solved_bot.hpp"

namespace arbiter::cli {

namespace {

constexpr int kMaxSolveIterations = 10'000'000;
constexpr std::size_t kMaxSolveMemoryMiB = std::size_t{1} << 20;  // 1 TiB

struct SolveFlags {
  int iterations = 1000;
  int every = 0;            // 0: a tenth of the iterations
  bool strategy = false;    // print the average strategy
  std::size_t max_histories = kMaxSolveHistories;
  std::size_t max_memory = kMaxSolveBytes >> 20;  // MiB
  std::string write_bot;    // write the strategy to this file, for --bot SEAT=solved:FILE
};

// A step's figures as printed, in millionths: the bounds rounded outwards, their middle, and
// how far the printed bounds lie from it (rounded up), so what is printed stays true.
struct Shown {
  long long low, high, estimate, within;
};

Shown shown(const SolveStep& s) {
  Shown r{static_cast<long long>(std::floor(s.low * 1e6)), static_cast<long long>(std::ceil(s.high * 1e6)), 0,
          0};
  r.estimate = r.low + (r.high - r.low) / 2;
  r.within = std::max(r.high - r.estimate, r.estimate - r.low);
  return r;
}

std::string micro(long long m) {
  return fmt::format("{}{}.{:06d}", m < 0 ? "-" : "", std::llabs(m) / 1000000, std::llabs(m) % 1000000);
}

void print_step(const SolveStep& step) {
  Shown s = shown(step);
  print("{:>10} {:>12} {:>12} {:>15}   {} .. {}\n", step.iteration, micro(s.estimate), micro(-s.estimate),
        micro(s.within), micro(s.low), micro(s.high));
}

void print_strategy(const std::vector<std::string>& seats, const SolveReport& r) {
  print("\naverage strategy, by information set (first reached after):\n");
  for (const SolvedInfoset& i : r.strategy) {
    std::string odds;
    for (std::size_t a = 0; a < i.actions.size(); ++a)
      odds += fmt::format("{}{} {:.4f}", a ? ", " : "", r.texts[i.actions[a]], i.probabilities[a]);
    print("  {} at {}: {}\n", seats[i.seat], i.where, odds);
  }
}

SolveReport run(const LoadedGame& l, const SolveOptions& o) {
  if (!isatty(STDERR_FILENO)) return solve(l.ruleset, o, rules_factory());
  std::unique_ptr<ProgressBar> bar;
  return solve(l.ruleset, o, rules_factory(), [&](int done, const SolveStep*) {
    if (!bar) bar = std::make_unique<ProgressBar>("iterations", 0, color_enabled(STDERR_FILENO));
    if (done % 16 == 0 || done == o.iterations)
      bar->draw(static_cast<std::size_t>(done), static_cast<std::size_t>(o.iterations));
  });
}

void print_report(const std::string& id, const std::vector<std::string>& seats, const SolveOptions& o,
                  const SolveReport& r, bool strategy) {
  // The seed decides every shuffle, which is not a branch of the tree: it says which tree this is.
  print("solve {} (seed {}): {} histories, {} information sets; {}\n", id, o.game.seed, r.histories,
        r.infosets, r.scale);
  print("{:>10} {:>12} {:>12} {:>15}   {}\n", "iteration", seats[0], seats[1], "exploitability",
        seats[0] + "'s value lies in");
  for (const SolveStep& s : r.steps) print_step(s);
  Shown last = shown(r.steps.back());
  print(
      "\nvalue under best play: {} {}, {} {} (within {}: {}'s lies from {} to {}, between what it keeps against a "
      "best response and what a best response earns, after {} iterations, {:.2f} s)\n",
      seats[0], micro(last.estimate), seats[1], micro(-last.estimate), micro(last.within), seats[0],
      micro(last.low), micro(last.high), o.iterations, r.seconds);
  print("against a seat that picks at random: {} {:.6f} as the first seat, {} {:.6f} as the second\n",
        seats[0], r.against_random[0], seats[1], r.against_random[1]);
  if (strategy) print_strategy(seats, r);
}

// The average strategy keyed by what a bot sees, written to `path`; "" or why not.
std::string write_bot(const std::string& path, const LoadedGame& l, const SolveOptions& o,
                      const SolveReport& r) {
  if (!r.positions_error.empty()) return r.positions_error;
  SolvedStrategy s = solved_strategy(*make_table(l.ruleset, o.game), r);
  Shown last = shown(r.steps.back());
  s.comment = fmt::format(
      "# The average strategy `arbiter solve {}` found after {} iterations (seed {}): value {} for\n"
      "# the first seat, within {} (from {} to {}). Play it with --bot SEAT=solved:FILE.\n",
      l.ruleset->id, o.iterations, o.game.seed, micro(last.estimate), micro(last.within), micro(last.low),
      micro(last.high));
  return write_strategy(path, s);
}

}  // namespace

int cmd_solve(const std::string& name, const GameFlags& flags, const SolveFlags& sf) {
  try {
    LoadedGame l = load_game(name);
    SolveOptions o;
    o.game = game_options(*l.ruleset, flags);
    flags_table(l.ruleset, o.game);  // --players, --variant and --set, refused as usage errors
    o.iterations = sf.iterations;
    o.max_histories = sf.max_histories;
    o.max_bytes = sf.max_memory << 20;
    o.strategy = sf.strategy || !sf.write_bot.empty();
    o.every = sf.every > 0 ? sf.every : std::max(1, sf.iterations / 10);
    o.bot_keys = !sf.write_bot.empty();
    SolveReport r = run(l, o);
    if (!r.error.empty()) {
      print_err("solve {}: {}\n", l.ruleset->id, r.error);
      return 1;
    }
    print_report(l.ruleset->id, make_table(l.ruleset, o.game)->seat_names(), o, r, sf.strategy);
    if (!sf.write_bot.empty()) {
      if (std::string why = write_bot(sf.write_bot, l, o, r); !why.empty()) {
        print_err("solve {}: --write-bot: {}\n", l.ruleset->id, why);
        return 1;
      }
      print("strategy written to {}: play it with --bot SEAT=solved:{}\n", sf.write_bot, sf.write_bot);
    }
  } catch (const InputError& e) {
    print_err("{}\n", e.what());
    return error_status(e);  // 2 for a bad flag value
  }
  return 0;
}

Command add_solve_command(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "solve", "find a two-player zero-sum game's value under best play (CFR+ over the whole tree)");
  auto ruleset = std::make_shared<std::string>();
  auto flags = std::make_shared<GameFlags>();
  auto sf = std::make_shared<SolveFlags>();
  cmd->add_option("ruleset", *ruleset, "a ruleset id or folder")->required();
  add_game_flags(cmd, *flags);
  cmd->add_option("--iterations", sf->iterations,
                  "CFR+ iterations, 1.." + std::to_string(kMaxSolveIterations) + " (default 1000)")
      ->check(CLI::Range(1, kMaxSolveIterations));
  cmd->add_option("--every", sf->every,
                  "print the value and exploitability every K iterations (default: a tenth of them)")
      ->check(CLI::Range(1, kMaxSolveIterations));
  cmd->add_option("--max-histories", sf->max_histories,
                  "refuse a game whose tree has more histories than this, 1.." +
                      std::to_string(kMaxSolveHistories) + " (the default)")
      ->check(CLI::Range(std::size_t{1}, kMaxSolveHistories));
  cmd->add_option("--max-memory", sf->max_memory,
                  "refuse a game whose tree and tables would take more than this many MiB, 1.." +
                      std::to_string(kMaxSolveMemoryMiB) + " (default " +
                      std::to_string(kMaxSolveBytes >> 20) + ")")
      ->check(CLI::Range(std::size_t{1}, kMaxSolveMemoryMiB));
  cmd->add_flag("--strategy", sf->strategy, "also print the average strategy of every information set");
  cmd->add_option("--write-bot", sf->write_bot,
                  "write the average strategy to FILE, for --bot SEAT=solved:FILE in play and sim")
      ->option_text("FILE");
  return {cmd, [ruleset, flags, sf] { return cmd_solve(*ruleset, *flags, *sf); }};
}

}  // namespace arbiter::cli
