// `arbiter info RULESET` and the REPL's `:rules`: what a ruleset offers (player counts,
// parameters with defaults, ranges and docs, variants, bot kinds, where it was found),
// wrapped to 60 columns.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cctype>
#include <sstream>

#include "cli/app.hpp"
#include "present/output.hpp"
#include "runtime/diagnostics.hpp"

namespace arbiter::cli {

namespace {

// `text` wrapped at `width` columns, each line starting with `indent`.
std::string wrap(const std::string& text, const std::string& indent, std::size_t width = 60) {
  std::istringstream words(text);
  std::string out, line, word;
  while (words >> word) {
    if (!line.empty() && indent.size() + line.size() + 1 + word.size() > width)
      out += indent + line + "\n", line.clear();
    line += (line.empty() ? "" : " ") + word;
  }
  return line.empty() ? out : out + indent + line + "\n";
}

std::string param_line(const ParamDef& p, const Table* table) {
  std::string range;
  if (p.has_min || p.has_max)
    range = fmt::format(", {}..{}", p.has_min ? std::to_string(p.min) : "",
                        p.has_max ? std::to_string(p.max) : "");
  if (!p.choices.empty()) range = ", one of " + join_choices(p.choices, ", ");
  std::string at_table = p.has_at_table ? ", " + to_text(p.at_table) + " at the table" : "";
  std::string now = table ? fmt::format("{} (default {}{}{})", to_text(table->params.at(p.name)),
                                        to_text(p.initial), at_table, range)
                          : fmt::format("default {}{}{}", to_text(p.initial), at_table, range);
  return wrap(p.name + " = " + now, "  ") + (p.doc.empty() ? "" : wrap(p.doc, "      "));
}

// The ruleset's how_to_play, each paragraph wrapped, and each kind's `text` property (what a
// card does), under the noun's name: "Cards:".
std::string how_to_play(const Ruleset& r) {
  std::string out;
  if (!r.how_to_play.empty()) {
    out += "How to play:\n";
    std::istringstream paragraphs(r.how_to_play);
    for (std::string paragraph; std::getline(paragraphs, paragraph);)
      out += paragraph.empty() ? "" : wrap(paragraph, "  ");
  }
  std::string texts;
  for (const auto& k : r.kinds)
    if (auto t = k.props.find("text"); t != k.props.end())
      texts +=
          wrap(k.name + ": " + to_text(t->second), "    ").substr(2);  // "  Guard: ...", going on under it
  if (!texts.empty()) {
    std::string noun = r.noun.empty() ? "Piece" : r.noun;
    noun[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(noun[0])));
    out += noun + "s:\n" + texts;
  }
  return out;
}

}  // namespace

std::string rules_info(const Ruleset& r, const Table* table) {
  std::string out = fmt::format("{} ({})\n", r.name, r.id);
  if (!r.summary.empty()) out += wrap(r.summary, "  ");
  std::string players = r.min_players == r.max_players ? std::to_string(r.min_players)
                                                      : fmt::format("{} to {}", r.min_players, r.max_players);
  out += fmt::format("Players: {} (default {}, {} human)\n", players, r.default_players, r.default_humans);
  out += how_to_play(r);
  if (table) out += wrap("Seats: " + join_choices(table->seat_names(), ", "), "", 60);
  if (table && !table->variant.empty()) out += "Variant in effect: " + table->variant + "\n";
  out += r.params.empty() ? "Parameters: none\n"
         : table          ? "Parameters (value in effect):\n"
                          : "Parameters:\n";
  for (const auto& p : r.params) out += param_line(p, table);
  out += "Variants:" + std::string(r.variant_order.empty() ? " none" : "") + "\n";
  for (const auto& name : r.variant_order) {
    std::vector<std::string> sets;
    for (const auto& [k, v] : r.variants.at(name)) sets.push_back(k + "=" + to_text(v));
    out += wrap(name + ": " + join_choices(sets, ", "), "  ");
  }
  if (r.payoffs.declared)  // absent for a game of winners only, so its info reads as before
    out += wrap(fmt::format("Payoffs: {} to {}{}{}", r.payoffs.min, r.payoffs.max,
                            r.payoffs.unit.empty() ? "" : " " + r.payoffs.unit,
                            r.payoffs.zero_sum ? ", zero-sum" : ""),
                "");
  std::vector<std::string> kinds = {"human", "random", "mcts (300 iterations; mcts:N, mcts:Nms)"};
  // arbiter solve takes two-player zero-sum games (analysis/solve/tree.cpp); its strategy file seats a bot.
  if (r.min_players <= 2 && r.max_players >= 2 && (!r.payoffs.declared || r.payoffs.zero_sum))
    kinds.push_back("solved:FILE (a strategy from arbiter solve --write-bot)");
  kinds.insert(kinds.end(), r.bots.begin(), r.bots.end());
  out += wrap("Bot kinds: " + join_choices(kinds, ", "), "");
  out += wrap("Found in: " + r.dir, "");
  return out;
}

int cmd_info(const std::string& name) {
  LoadedGame loaded = load_game(name);
  print("{}", rules_info(*loaded.ruleset, nullptr));
  return 0;
}

Command add_info_command(CLI::App& app) {
  auto* info =
      app.add_subcommand("info", "a ruleset's player counts, parameters, variants, bot kinds and folder");
  auto ruleset = std::make_shared<std::string>();
  info->add_option("ruleset", *ruleset, "a ruleset id or folder")->required();
  return {info, [ruleset] { return cmd_info(*ruleset); }};
}

}  // namespace arbiter::cli
