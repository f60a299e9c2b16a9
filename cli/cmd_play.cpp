// `arbiter play`: seats humans and bots, sets the game up (or resumes a save), runs the REPL.
#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <iostream>

#include "cli/json_play.hpp"
#include "cli/repl.hpp"
#include "interpreter/diagnostics.hpp"
#include "interpreter/save.hpp"

namespace arbiter::cli {

namespace {

const char* const kNames[] = {"Andy", "Bill", "Charlie", "Dora", "Eddie", "Fran", "Gus", "Hana"};

std::vector<Seat> default_seats(int n) {
  std::vector<Seat> seats;
  for (int i = 0; i < n; ++i)
    seats.push_back({i < 8 ? kNames[i] : "Player" + std::to_string(i + 1), -1});
  return seats;
}

// --bot SEAT=KIND for each bot; with no --bot and no --players, the ruleset's default humans.
Seating seat_players(const Table& t, const GameFlags& f, std::uint64_t seed) {
  Seating s;
  int n = t.seat_count();
  std::vector<std::string> kinds(n);
  if (f.bots.empty() && f.players.empty())
    for (int i = t.ruleset->default_humans; i < n; ++i) kinds[i] = "random";
  kinds = seat_bots(t, f.bots, kinds);
  for (int i = 0; i < n; ++i) s.human.push_back(kinds[i].empty());
  s.kinds = kinds;
  s.seed = seed;
  return s;
}

std::string describe(const Table& t, const Seating& s) {
  std::vector<std::string> parts;
  for (int i = 0; i < t.seat_count(); ++i)
    parts.push_back(t.seats[i].name + (s.human[i] ? " (human)" : " (bot)"));
  return join_choices(parts, ", ");
}

}  // namespace

namespace {

// `--json`: the game in JSON lines on stdin and stdout (cli/json_play.hpp, docs/protocol.md).
int play_json_lines(Engine& engine, State state, const Seating& seating, const std::string& chance) {
  JsonSeats seats{seating.kinds, seating.seed, chance == "ask", chance != "rng"};
  JsonChannel channel;
  channel.read = [](std::string& line) { return static_cast<bool>(std::getline(std::cin, line)); };
  channel.write = [](const std::string& line) {
    std::fwrite(line.data(), 1, line.size(), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
  };
  return play_json(engine, std::move(state), seats, channel);
}

}  // namespace

int cmd_play(const std::string& name, const GameFlags& flags, const PlayFlags& play) {
  const std::string& load_file = play.load_file;
  const std::string& chance = play.chance;
  bool json = play.json;
  bool interactive = isatty(STDIN_FILENO);
  try {
    Loaded loaded = load(name);
    GameFlags f = flags;
    GameOptions options = game_options(*loaded.ruleset, f);
    SavedGame saved;
    if (!load_file.empty()) {
      saved = read_save(load_file);
      if (saved.ruleset != loaded.ruleset->id)
        throw InputError(load_file + ": a saved game of " + saved.ruleset + ", not " + loaded.ruleset->id);
      options = saved.options;
    } else {
      // A game at the terminal gets a fresh seed (shown, so it can be replayed); a piped
      // script gets seed 1, so that it plays the same way every time.
      if (!f.seed_given && interactive && !json)
        options.seed = static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count()) % 1000000;
      if (options.seats.empty()) options.seats = default_seats(loaded.ruleset->default_players);
    }
    auto table = make_table(loaded.ruleset, options);
    Seating seating = seat_players(*table, f, options.seed);
    Engine engine(table, *loaded.rules);
    State state(table);
    if (!load_file.empty()) state = replay_save(engine, saved, load_file);
    else if (Status st = engine.start(state); !st.ok) throw InputError(st.message);
    if (json) return play_json_lines(engine, std::move(state), seating, chance);
    if (interactive) fmt::print("Seed {}. Seats: {}.\n", options.seed, describe(*table, seating));
    ChanceMode mode = chance == "ask" ? ChanceMode::Ask : chance == "rng" ? ChanceMode::Rng : ChanceMode::Default;
    Repl repl(loaded, table, std::move(seating), interactive, play.keep_going, mode);
    repl.set_no_undo(play.no_undo);
    return repl.run(std::move(state));
  } catch (const InputError& e) {
    fmt::print(stderr, "{}\n", e.what());
    return 1;
  }
}

}  // namespace arbiter::cli
