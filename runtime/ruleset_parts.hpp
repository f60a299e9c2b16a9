// The readers of game.yaml's parts that live in files of their own; ruleset.cpp reads the rest.
#pragma once
#include <string>

#include <yaml-cpp/yaml.h>

#include "runtime/ruleset.hpp"
#include "runtime/yaml_check.hpp"

namespace arbiter::ruleset_parts {

// A name as a message may quote it: control characters (a NUL, say) shown as '?'.
std::string printable(std::string name);

// `components: {start, include, kinds, noun}` into r.kinds and r.noun; `include:` lists are
// looked for in the ruleset's folder, then in `scripts_dir`/components (component_kinds.cpp).
void read_components(YamlChecker& y, const YAML::Node& n, Ruleset& r, const std::string& scripts_dir);

}  // namespace arbiter::ruleset_parts
