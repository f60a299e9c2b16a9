// What a ruleset tells `arbiter mutate` in its folder's mutate.yaml: code that only builds
// words (no mutants are made in it) and survivors accepted with a reason (shown apart, and
// left out of the score). See docs/writing-a-ruleset.md.
#pragma once
#include <string>
#include <vector>

namespace arbiter {

struct WordsEntry {
  std::string file;          // a Lua file of the folder: "reasons.lua"
  std::string function;      // one function of it ("describe", "words.pieces"); empty: the whole file
  std::string reason;
  int at = 0;                // its line in mutate.yaml
};

// A survivor accepted, keyed by what it matches (Mutant::function and near) so that an edit
// elsewhere in the file does not move it; game.yaml's by file and change alone (the change
// names the key). The old form, keyed by `line`, is still read and matched by line.
struct AcceptedEntry {
  std::string file;          // as the report names it: "rules.lua", "game.yaml"
  std::string function;      // "" at the top of the file
  std::string near;          // as Mutant::near, spaces made one
  int line = 0;              // the old form: the line the report gave; 0 in the new form
  std::string change;        // as the report shows it: "'<' -> '<='"
  std::string reason;
  int at = 0;                // its line in mutate.yaml
  int line_at = 0;           // the old form: the mutate.yaml line of its `line:` value
  int line_column = 0;       // and its 0-based column
};

struct MutateConfig {
  std::string path;          // the file read, for messages ("" when there is none)
  std::vector<WordsEntry> words;
  std::vector<AcceptedEntry> accepted;
  // The score the ruleset's suite is held to (percent): below it `arbiter mutate` exits with
  // status 1, unless --min-score says otherwise. < 0: none.
  double min_score = -1;
};

// Reads `dir/mutate.yaml`; no such file is an empty config. Throws InputError naming
// mutate.yaml:line:column for each problem (an unknown key, a missing reason, a Lua entry
// with neither near nor line, a line that is not a whole number from 1).
MutateConfig read_mutate_config(const std::string& dir);

}  // namespace arbiter
