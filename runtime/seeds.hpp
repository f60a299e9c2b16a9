// Every seed derived from a game's seed, in one place: the same seed must give the same
// game in every driver (sim, check, the REPL, the JSON door), so each derivation has one name.
#pragma once
#include <cstdint>

namespace arbiter {

// Game `index` (from 0) of a run of games starting at `first` (sim, check): by the seed itself,
// so a run from seed S+k plays the games the run from S played from its k-th on.
inline std::uint64_t game_seed(std::uint64_t first, int index) {
  return first + static_cast<std::uint64_t>(index);
}
// The generator of the chance decisions nobody answers (drawn by the runtime) in a game of `seed`.
inline std::uint64_t chance_seed(std::uint64_t seed) { return seed * 0x9e3779b97f4a7c15ULL + 17; }
// The generator that deals hidden components again after an undo (piped play, the JSON door).
inline std::uint64_t redeal_seed(std::uint64_t seed) { return seed * 0x9e3779b97f4a7c15ULL + 29; }
// The bot in `seat` of a game whose bots are seeded from `seed`.
inline std::uint64_t bot_seed(std::uint64_t seed, int seat) {
  return seed * 1000003 + static_cast<std::uint64_t>(seat);
}

// The random bot in `seat` of the conformance test's game of `seed` (`arbiter check`).
inline std::uint64_t check_bot_seed(std::uint64_t seed, int seat) {
  return seed * 31 + static_cast<std::uint64_t>(seat);
}
// A scenario's unscripted chance decisions, and the actions its `play: then: random` chooses.
inline std::uint64_t scenario_chance_seed(std::uint64_t seed) { return seed ^ 0x5ce7a210ULL; }
inline std::uint64_t scenario_play_seed(std::uint64_t seed) { return seed ^ 0x91a7ULL; }

}  // namespace arbiter
