// Resuming a saved game: the ruleset it names and the table it is played on.
#include "cli/repl/resume.hpp"

#include <filesystem>

#include "runtime/diagnostics.hpp"

namespace fs = std::filesystem;

namespace arbiter::cli {

namespace {

std::string at_line(const std::string& file, int line) {
  return line > 0 ? file + ":" + std::to_string(line) : file;
}

// Where a ruleset was read from, as a message says it.
std::string found_in(const Ruleset& r) { return r.folder.empty() ? r.dir : r.folder; }

}  // namespace

LoadedGame load_saved_ruleset(const SavedGame& game, const std::string& file) {
  if (game.folder.empty()) return load_game(game.ruleset);
  std::error_code ec;
  if (!fs::is_regular_file(fs::path(game.folder) / "game.yaml", ec))
    throw InputError(
        at_line(file, game.folder_line) + ": the game was saved from the ruleset in " + game.folder +
        ", which holds no game.yaml now (moved or deleted?); name the folder it is in now: arbiter play FOLDER --load " +
        file);
  return load_game_folder(game.folder, false);
}

std::shared_ptr<const Table> saved_table(const SavedGame& game, const std::shared_ptr<const Ruleset>& ruleset,
                                         const std::string& file, bool same_folder) {
  std::string where = at_line(file, game.ruleset_line) + ": ";
  if (game.ruleset != ruleset->id)
    throw InputError(where + "a saved game of " + game.ruleset + ", not " + ruleset->id + " (read from " +
                     found_in(*ruleset) + ")");
  if (same_folder && !game.folder.empty() && game.folder != ruleset->folder)
    throw InputError(at_line(file, game.folder_line) + ": a saved game of the ruleset in " + game.folder +
                     ", not of this game's, read from " + found_in(*ruleset) +
                     "; resume it with arbiter play --load " + file);
  if (same_folder && game.folder.empty() && !ruleset->folder.empty())
    throw InputError(where + "a saved game of the ruleset found by its id " + game.ruleset +
                     ", not of this game's, read " + "from " + found_in(*ruleset) +
                     "; resume it with arbiter play --load " + file);
  try {
    return make_table(ruleset, game.options);
  } catch (const InputError& e) {
    // A save of a game that named its ruleset by id, from before saves recorded folders, may
    // be of a copy in a folder: what the id finds now is another ruleset.
    throw InputError(
        where + "the saved game does not fit " + ruleset->id + " as read from " + found_in(*ruleset) + ": " +
        e.what() +
        (game.folder.empty()
             ? "; if it was played from a ruleset's folder, name that folder: arbiter play FOLDER --load " +
                   file
             : ""));
  }
}

}  // namespace arbiter::cli
