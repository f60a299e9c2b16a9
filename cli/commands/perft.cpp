// `arbiter perft`: the number of positions at each depth of the tree of legal play, the
// games ended there, and with --divide the count under each first branch.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "cli/app.hpp"
#include "present/json_text.hpp"
#include "present/output.hpp"
#include "runtime/diagnostics.hpp"
#include "runtime/limits.hpp"
#include "analysis/perft.hpp"

namespace arbiter::cli {

namespace {

bool parse_count(const std::string& text, std::uint64_t& out) {
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos || text.size() > 19)
    return false;
  out = std::stoull(text);
  return true;
}

std::string results_text(const PerftLevel& l) {
  std::string out;
  for (const auto& [who, n] : l.results) out += fmt::format("{}{} {}", out.empty() ? "" : ", ", who, n);
  return out;
}

void print_text(const std::string& id, const PerftOptions& o, const PerftReport& r) {
  print("perft {} to depth {} (seed {}, {} thread{})\n", id, o.depth, o.game.seed, r.threads,
        r.threads == 1 ? "" : "s");
  print("{:>5} {:>16} {:>14}  {}\n", "depth", "positions", "ended", "results of the ended games");
  std::uint64_t total = 0;
  for (const auto& l : r.levels) {
    print("{:>5} {:>16} {:>14}  {}\n", l.depth, l.nodes, l.ended, results_text(l));
    total += l.nodes;
  }
  if (!r.divide.empty()) {
    print("\nunder each first branch, positions at depth {}:\n", o.depth);
    for (const auto& b : r.divide) print("  {}: {}\n", b.label, b.nodes);
  }
  print("\n{} positions in {:.3f} s ({:.0f} positions/s)\n", total, r.seconds,
        r.seconds > 0 ? static_cast<double>(total) / r.seconds : 0.0);
}

void print_json(const std::string& id, const PerftOptions& o, const PerftReport& r) {
  nlohmann::ordered_json j;
  j["ruleset"] = id;
  j["seed"] = o.game.seed;
  j["depths"] = nlohmann::json::array();
  for (const auto& l : r.levels) {
    nlohmann::ordered_json d;
    d["depth"] = l.depth;
    d["nodes"] = l.nodes;
    d["ended"] = l.ended;
    d["results"] = l.results;
    j["depths"].push_back(d);
  }
  if (o.divide) {
    j["divide"] = nlohmann::json::array();
    for (const auto& b : r.divide) j["divide"].push_back({{"branch", b.label}, {"nodes", b.nodes}});
  }
  j["seconds"] = r.seconds;
  j["threads"] = r.threads;
  print("{}\n", json_text(j, 2));
}

// Compares the counts with --expect (positions per depth) and --expect-ended (ended games
// by result, summed over every depth); every difference is printed on stderr.
bool as_expected(const PerftFlags& pf, const PerftReport& r) {
  bool ok = true;
  if (!pf.expect.empty()) {
    if (pf.expect.size() != r.levels.size()) {
      print_err("perft: --expect gives {} depths, the walk went {} deep\n", pf.expect.size(),
                r.levels.size());
      ok = false;
    }
    for (std::size_t d = 0; d < pf.expect.size() && d < r.levels.size(); ++d)
      if (pf.expect[d] != r.levels[d].nodes) {
        print_err("perft: depth {}: {} positions, expected {}\n", d + 1, r.levels[d].nodes, pf.expect[d]);
        ok = false;
      }
  }
  std::map<std::string, std::uint64_t> ended;
  for (const auto& l : r.levels)
    for (const auto& [who, n] : l.results) ended[who] += n;
  for (const auto& item : pf.expect_ended) {
    auto eq = item.find('=');
    std::string who = item.substr(0, eq);
    std::uint64_t want = 0;
    if (eq == std::string::npos || !parse_count(item.substr(eq + 1), want)) {
      print_err("perft: --expect-ended takes RESULT=COUNT (a winner's name or none), not {}\n", quote(item));
      ok = false;
    } else if (ended[who] != want) {
      print_err("perft: games ended with result {}: {}, expected {}\n", who, ended[who], want);
      ok = false;
    }
  }
  return ok;
}

}  // namespace

int cmd_perft(const std::string& name, const GameFlags& flags, const PerftFlags& pf) {
  if (pf.depth < 1) {
    print_err("perft: --depth must be at least 1, not {}\n", pf.depth);
    return 2;
  }
  PerftOptions o;
  std::string id;
  try {
    LoadedGame l = load_game(name);
    id = l.ruleset->id;
    o.game = game_options(*l.ruleset, flags);
    flags_table(l.ruleset, o.game);  // --players, --variant and --set, refused as usage errors
    o.depth = pf.depth;
    o.threads = pf.threads;
    o.divide = pf.divide;
    PerftReport r = perft(l.ruleset, o, rules_factory());
    if (!r.error.empty()) {
      print_err("perft {}: {}\n", id, r.error);
      return 1;
    }
    pf.json ? print_json(id, o, r) : print_text(id, o, r);
    if (!as_expected(pf, r)) return 1;
  } catch (const InputError& e) {
    print_err("{}\n", e.what());
    return error_status(e);  // 2 for a bad flag value
  }
  return 0;
}

Command add_perft_command(CLI::App& app) {
  auto* perft = app.add_subcommand(
      "perft", "count the positions of the tree of legal play at each depth (and the games ended)");
  auto ruleset = std::make_shared<std::string>();
  auto flags = std::make_shared<GameFlags>();
  auto pf = std::make_shared<PerftFlags>();
  perft->add_option("ruleset", *ruleset, "a ruleset id or folder")->required();
  add_game_flags(perft, *flags);
  perft->add_option("--depth", pf->depth, "how many plies (actions and chance outcomes) deep, 1.." +
                                              std::to_string(kMaxPerftDepth))
      ->required()
      ->check(CLI::Range(1, kMaxPerftDepth));
  perft->add_option("--threads", pf->threads, "worker threads, 1.." + std::to_string(kMaxThreads) +
                                                  " (default: one per core); the counts do not depend on it")
      ->check(CLI::Range(1, kMaxThreads));
  perft->add_flag("--divide", pf->divide, "also print the positions at full depth under each first branch");
  perft->add_flag("--json", pf->json, "print the counts as JSON");
  perft->add_option("--expect", pf->expect, "the positions expected at depths 1..N (comma-separated): "
                                            "exit status 1, naming each difference, when they differ")
      ->delimiter(',')
      ->check(unsigned_64());
  perft
      ->add_option("--expect-ended", pf->expect_ended,
                   "ended games expected by result, summed over the "
                   "depths: Andy=131184,none=46080 (exit status 1 on a difference)")
      ->delimiter(',');
  return {perft, [ruleset, flags, pf] { return cmd_perft(*ruleset, *flags, *pf); }};
}

}  // namespace arbiter::cli
