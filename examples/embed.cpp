// The embedding example of docs/embedding.md, compiled and run by the tests: load a
// ruleset, set up a table, start, and play through the turn driver — the program plays every
// seat, a refused action leaves the game as it was, an action is taken back — then show a
// seat's view and the end. Usage: embed RULESET_DIR SCRIPTS_DIR
#include <cstdio>
#include <memory>

#include "lua/lua_rules.hpp"
#include "play/driver.hpp"
#include "runtime/diagnostics.hpp"
#include "runtime/view.hpp"

using namespace arbiter;

namespace {

// 4. Play: whoever the driver asks takes its first legal action until the game ends. Bots
//    (driver.set_bots) and chance decisions would be taken by run(); here every seat is the
//    program's, so run() stops at each of them. Returns the moves made, or -1.
int play(TurnDriver& driver) {
  int moves = 0;
  bool undone = false;
  for (;;) {
    TurnDriver::Run r = driver.run();
    if (r.stop == TurnDriver::Stop::Over) return moves;
    if (r.stop != TurnDriver::Stop::Person) return std::fprintf(stderr, "%s\n", r.status.message.c_str()), -1;
    int seat = driver.next_asked();
    const std::string first = driver.entry(seat)->actions.front();
    const std::size_t options = driver.entry(seat)->actions.size();
    // A refused action: the game is exactly as it was, and the refusal says why.
    std::uint64_t before = driver.state().hash();
    ActionResult refused = driver.act(seat, "no such action");
    if (refused.ok() || driver.state().hash() != before) return -1;
    if (ActionResult o = driver.act(seat, first); !o.ok())
      return std::fprintf(stderr, "%s\n", o.message.c_str()), -1;
    std::printf("%s: %s\n", driver.table().seats[seat].name.c_str(), first.c_str());
    ++moves;
    // Take the first move back once, and make it again: undo returns whose move it was.
    if (!undone && driver.can_undo()) {
      undone = true;
      if (driver.undo(/*redeal_seed=*/99) != seat || driver.entry(seat)->actions.size() != options) return -1;
      --moves;
      std::printf("(taken back)\n");
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: embed RULESET_DIR SCRIPTS_DIR\n");
    return 2;
  }
  try {
    // 1. The facts (game.yaml, validated) and the behaviour (the Lua, in its sandbox).
    std::shared_ptr<const Ruleset> ruleset = load_ruleset(argv[1], argv[2]);
    LuaRules rules(ruleset, argv[2]);

    // 2. One game's table: seats, seed, parameters.
    GameOptions options;
    options.seats = {{"Ann", -1}, {"Ben", -1}};
    options.seed = 7;
    Engine engine(make_table(ruleset, options), rules);

    // 3. A state, set up and advanced to the first decision, handed to a turn driver.
    State state(engine.table_ptr());
    if (Status st = engine.start(state); !st.ok) return std::fprintf(stderr, "%s\n", st.message.c_str()), 1;
    TurnDriver driver(engine, std::move(state), TurnDriver::Options{});

    int moves = play(driver);
    if (moves < 0) return 1;

    // 5. What a seat may see: the view is all a front-end or a bot should be given.
    View view = make_view(driver.state(), 0);
    GameOver over = driver.game_over();
    std::printf("over after %d moves; winners:", moves);
    for (int w : over.winners) std::printf(" %s", view.seats[w].name.c_str());
    std::printf("\n");
    for (const ZoneView& z : view.zones)
      if (z.count > 0) std::printf("  %s: %d\n", z.name.c_str(), z.count);
  } catch (const InputError& e) {  // a ruleset that does not load: every message is located
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
  return 0;
}
