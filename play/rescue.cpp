// A game in progress kept for rescue, as a save.
#include "play/rescue.hpp"

#include <unistd.h>

#include "play/save.hpp"
#include "runtime/diagnostics.hpp"
#include "runtime/rescue.hpp"

namespace arbiter {

void keep_game_for_rescue(Engine& engine, const State& state, const std::vector<std::string>& kinds,
                          bool no_undo, std::uint64_t& kept_at) {
  std::uint64_t key =
      state.hash() ^ (state.log.size() * 0x9e3779b97f4a7c15ULL);  // a :load may keep the length
  if (key == kept_at) return;
  kept_at = key;
  bool started = false;
  for (const auto& e : state.log.entries()) started = started || e.kind == Event::Kind::Action;
  if (no_undo || !started || state.over) return keep_for_rescue("", "");
  try {
    keep_for_rescue("arbiter-rescue-" + std::to_string(::getpid()) + ".yaml",
                    save_text(engine, state, kinds));
  } catch (const InputError&) {
    keep_for_rescue("", "");  // a game whose replay is refused could not be resumed from a save
  }
}

}  // namespace arbiter
