// The first pass over every YAML text Arbiter reads, before yaml-cpp builds a tree of it.
// An alias that stands for a list or map holding the alias itself (`x: &a [*a]`) makes
// yaml-cpp build a cyclic graph, and aliases of aliases make a small text a tree of any
// depth: every recursive walk of such a tree (ours, yaml-cpp's conversions, its emitter)
// would run off the end of the stack. So the parser's events are walked here, in a loop
// with no recursion of ours, and such a text is refused before any tree is built.
#pragma once
#include <yaml-cpp/mark.h>

#include <optional>
#include <string>

namespace arbiter {

struct YamlProblem {
  YAML::Mark at;        // where, as yaml-cpp counts (0-based; after a byte order mark)
  std::string message;  // without the place
};

// The first of these in `text`, or nothing when the text is fine to load: an alias inside
// the list or map it stands for; lists and maps nested deeper than kMaxYamlDepth, an alias
// counted as the tree it stands for; a place where yaml-cpp 0.7's parser is stuck (it hands
// back the same document for ever; jbeder/yaml-cpp issue 1040). A syntax error is thrown as
// yaml-cpp's own YAML::ParserException.
std::optional<YamlProblem> scan_yaml(const std::string& text);

}  // namespace arbiter
