// Resuming a saved game (`play --load`, `:load`): which ruleset the save names, and the
// table it is played on, with every mismatch an error naming the save file and line.
#pragma once
#include <memory>
#include <string>

#include "cli/app.hpp"
#include "play/save.hpp"

namespace arbiter::cli {

// The ruleset a save names: the folder it records when the game named its ruleset by
// folder (an error at that line when the folder holds no game.yaml now), else its id, looked
// up as `arbiter play ID` would.
LoadedGame load_saved_ruleset(const SavedGame& game, const std::string& file);

// The saved game's table on `ruleset`. Throws InputError naming `file` and the ruleset's
// line when the save is of another ruleset id, when its seats or parameters do not fit
// `ruleset`, or, with `same_folder`, when the save records a folder other than the one
// `ruleset` was read from.
std::shared_ptr<const Table> saved_table(const SavedGame& game, const std::shared_ptr<const Ruleset>& ruleset,
                                         const std::string& file, bool same_folder);

}  // namespace arbiter::cli
