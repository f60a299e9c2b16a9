// The embedding example of docs/embedding.md, compiled and run by the tests: load a
// ruleset, set up a table, start, list actions, try an action on a copy, apply one, and
// show a seat's view. Usage: embed RULESET_DIR SCRIPTS_DIR
#include <cstdio>
#include <memory>

#include "lua/lua_rules.hpp"
#include "runtime/diagnostics.hpp"
#include "runtime/engine.hpp"
#include "runtime/view.hpp"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: embed RULESET_DIR SCRIPTS_DIR\n");
    return 2;
  }
  using namespace arbiter;
  try {
    // 1. The facts (game.yaml, validated) and the behaviour (the Lua, in its sandbox).
    std::shared_ptr<const Ruleset> ruleset = load_ruleset(argv[1], argv[2]);
    LuaRules rules(ruleset, argv[2]);

    // 2. One game's table: seats, seed, parameters.
    GameOptions options;
    options.seats = {{"Ann", -1}, {"Ben", -1}};
    options.seed = 7;
    Engine engine(make_table(ruleset, options), rules);

    // 3. A state, set up and advanced to the first decision.
    State state(engine.table_ptr());
    if (Status st = engine.start(state); !st.ok) return std::fprintf(stderr, "%s\n", st.message.c_str()), 1;

    // 4. Play: the seat on turn takes its first legal action until the game ends. Before
    //    each move, the action is tried on a copy: copying a state is cheap, and the
    //    original is untouched whatever the copy goes through.
    int moves = 0;
    while (!state.over) {
      int seat = state.active();
      std::vector<std::string> legal;
      if (Status st = engine.legal(state, seat, legal); !st.ok || legal.empty()) return 1;
      State trial = state;
      ActionResult tried = engine.apply(trial, seat, legal.front());
      if (!tried.ok()) return std::fprintf(stderr, "%s\n", tried.message.c_str()), 1;
      State before = state;
      ActionResult refused = engine.apply(state, seat, "no such action");  // refused, state unchanged
      if (refused.ok() || !state.same_play_state(before) || state.hash() != before.hash()) return 1;
      engine.apply(state, seat, legal.front());
      std::printf("%s: %s\n", state.table->seats[seat].name.c_str(), legal.front().c_str());
      ++moves;
    }

    // 5. What a seat may see: the view is all a front-end or a bot should be given.
    View view = make_view(state, 0);
    std::printf("over after %d moves; winners:", moves);
    for (int w : view.winners) std::printf(" %s", view.seats[w].name.c_str());
    std::printf("\n");
    for (const ZoneView& z : view.zones)
      if (z.count > 0) std::printf("  %s: %d\n", z.name.c_str(), z.count);
  } catch (const InputError& e) {  // a ruleset that does not load: every message is located
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
  return 0;
}
