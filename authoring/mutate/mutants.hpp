// Mutants for `arbiter mutate`: small changes to a ruleset's rule code and to the numbers
// of its game.yaml, each of which a scenario suite that pins the rules should notice.
// Only the making of them is here; mutate_run.hpp runs them. See docs/writing-a-ruleset.md
// ("Does the suite pin the rules?") for what is mutated and what is left alone as words.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace arbiter {

// One replacement of bytes [offset, offset + length) of a file by `text`.
struct Edit {
  std::size_t offset = 0, length = 0;
  std::string text;
};

enum class MutantKind { Comparison, Arithmetic, Number, Logic, Condition, Boolean, Statement, YamlNumber };
const char* to_text(MutantKind kind);

struct Mutant {
  std::string file;          // relative to the ruleset's folder, '/' between parts: "rules.lua", "game.yaml"
  int line = 0, column = 0;  // 1-based, where the change begins
  MutantKind kind = MutantKind::Number;
  std::string change;        // what changed, as the report shows it: "'<' -> '<='"
  std::vector<Edit> edits;   // in increasing offset, none overlapping
  // Where it is, by what is there rather than by line (mutate.yaml's accepted entries are
  // keyed so): the innermost named function holding it ("rules.apply", "" at the top of the
  // file), and the changed tokens with up to three on each side on their lines, spaces made
  // one ("if n < 3 then"). Both "" for game.yaml, whose change names the key's path.
  std::string function;
  std::string near;
};

// `text` with each run of spaces, tabs and line ends made one space, none at either end: how
// Mutant::near is written, and how an entry's near is read before it is compared.
std::string one_spaced(std::string_view text);

// `source` with the mutant's edits made; the edits must lie inside it.
std::string apply_mutant(std::string_view source, const Mutant& m);

// What a ruleset declares as words (mutate.yaml `words:`) inside one Lua file: the functions
// whose bodies only build wording. Calls to them are words too.
struct LuaWords {
  std::vector<std::string> functions;  // as declared: "describe", "words.pieces"
  std::vector<std::string> calls;      // declared in other files: only their calls here are words
};

// Every mutant of one Lua file, in source order. Never inside a string or a comment, nor in
// words: the arguments of narration (`:say`, `:tell`, `:tell_others`) and of error(), the
// message of `return false, MSG` / `return nil, MSG`, assert's message, and `words`.
// `found` (optional) receives the names of `words.functions` that the file defines.
std::vector<Mutant> lua_mutants(const std::string& file, std::string_view source, const LuaWords& words = {},
                                std::vector<std::string>* found = nullptr);

// Every whole number of a game.yaml written as a plain value, one less and one more, in file
// order: so each bound (players.min and max, a parameter's min and max) is made one wider
// and one narrower. Left alone: names, labels and texts, players.humans,
// at_table values and search: (they change only how a game is shown or played by bots).
// Throws InputError when `text` is not YAML.
std::vector<Mutant> yaml_mutants(const std::string& file, const std::string& text);

}  // namespace arbiter
