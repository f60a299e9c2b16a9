// Saved games: the ruleset, parameters, seats, seed and the action list, with a state
// hash per step so that a replay notices when an edited ruleset diverges.
#pragma once
#include <string>
#include <vector>

#include "runtime/engine.hpp"

namespace arbiter {

struct SavedStep {
  int seat = -1;           // -1: a chance decision, `action` its outcome
  bool redeal = false;     // an undo's re-deal (play/sample.hpp): `action` is "SEED SEATS"
  std::string action;
  std::uint64_t hash = 0;  // of the state after the action
  int line = 0;            // where it stands in the file
};

struct SavedGame {
  std::string ruleset;     // the id
  std::string folder;      // the ruleset's folder, absolute, when the game named it by folder; else empty
  int ruleset_line = 0;    // where `ruleset:` stands in the file
  int folder_line = 0;     // where `folder:` stands, when given
  GameOptions options;     // seats, seed, variant and every parameter's value
  std::vector<std::string>
      kinds;  // per seat: "human" or a bot's kind; empty in a save that did not record them
  std::vector<SavedStep> steps;
  // The seats that had passed their out-of-turn chance at the decision the game was saved
  // at (bit per seat): a load asks that decision again without offering it to them.
  std::uint32_t passed = 0;
};

// The save file's text for `state`: every action in its log, each with the hash of the
// state after it (found by replaying the actions on a fresh state of `engine`'s table).
// The ruleset is recorded by id, and by its folder too when it was named by folder
// (Ruleset::folder), so that the save resumes that folder rather than what the id finds.
// Throws InputError if that replay refuses an action: such a save could not be checked.
// `kinds`, when given, is per seat: "human" or the bot's kind (mcts:300). `passed`: the
// seats that passed their out-of-turn chance at the state's decision (SavedGame::passed).
std::string save_text(Engine& engine, const State& state, const std::vector<std::string>& kinds = {},
                      std::uint32_t passed = 0);

// Writes `text` to `file` so that a failure (a full disk, a folder that cannot be written)
// leaves any earlier file as it was: a temporary file in the same folder, synced, then
// renamed. Throws InputError saying why; `file` must not be a device or folder.
void write_save(const std::string& file, const std::string& text);

// Reads a save file. Throws InputError with file:line for anything malformed, and for a
// header fact (ruleset, variant, seed, players, a parameter) that does not match its
// fingerprint in `check`: edited, added or removed since the game was saved.
SavedGame read_save(const std::string& file);

// Replays a saved game onto a fresh state of `engine`'s table. Throws InputError naming
// the file, line and step if an action is refused or the state differs from the recorded hash.
State replay_save(Engine& engine, const SavedGame& game, const std::string& file);

}  // namespace arbiter
