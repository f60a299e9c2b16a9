#!/usr/bin/python3
"""Keeps schemas/*.schema.json and the loader in agreement (docs/writing-a-ruleset.md).

Every shipped game.yaml and scenario validates; every hostile game.yaml the loader refuses
for its shape (tests/fixtures/hostile/yaml-*) the game schema refuses too, and so does the
scenario schema each hostile scenario refused for its shape. The cases refused for another
reason (a file system's, a YAML parser's, a sum or a comparison between fields) are listed
in NOT_SHAPE with that reason, so a new case must be sorted into one or the other.

Run with Debian's python3 and python3-jsonschema, python3-yaml: python3 check_schemas.py ROOT
"""
import json
import re
import sys
from pathlib import Path

import jsonschema
import yaml

# Hostile cases the loader refuses for something a schema cannot see.
NOT_SHAPE = {
    "yaml-alias-cycle": "a YAML tree that contains itself (the parser's)",
    "yaml-alias-deep": "nesting reached through aliases (the parser's)",
    "yaml-binary": "not YAML text at all (the parser's)",
    "yaml-board-too-big": "files times ranks (each list alone may be long)",
    "yaml-bots-symlink": "a symbolic link out of the folder (the file system's)",
    "yaml-count-param-too-many": "components summed through a parameter's default",
    "yaml-deep-nesting": "nesting past 256 levels (the parser's guard)",
    "yaml-deep-nesting-block": "nesting past 256 levels (the parser's guard)",
    "yaml-duplicate-keys": "a key given twice (the YAML language server reports it itself)",
    "yaml-folder": "game.yaml is a folder (the file system's)",
    "yaml-humans-above-max": "humans compared with max",
    "yaml-include-alias-cycle": "the included list's YAML contains itself (the parser's)",
    "yaml-include-symlink": "a symbolic link out of the folder (the file system's)",
    "yaml-lone-comma": "not YAML (the parser's)",
    "yaml-min-above-max": "min compared with max",
    "yaml-order-unknown": "a property no component kind has (a cross-reference)",
    "yaml-param-default-outside": "a default compared with min and max",
    "yaml-param-min-above-max": "min compared with max",
    "yaml-payoffs-min-above-max": "min compared with max",
    "yaml-payoffs-zero-sum-positive": "zero_sum compared with the bounds",
    "yaml-rules-folder": "the rules file is a folder (the file system's)",
    "yaml-rules-symlink": "a symbolic link out of the folder (the file system's)",
    "yaml-too-many-components": "components summed over kinds",
    "scenario-active-in-setup": "a check of the game, not of the file",
    "scenario-after-last-step": "refused for its shape: an unknown top-level key (checked below)",
    "scenario-alias-cycle": "a YAML tree that contains itself (the parser's)",
    "scenario-arrange-unused": "an arrangement no shuffle used (the game's)",
    "scenario-deep-nesting": "nesting past 256 levels (the parser's guard)",
    "scenario-duplicate-steps": "a key given twice (the YAML language server reports it itself)",
    "scenario-legal-expand": "a move the ruleset's expand hook reads (the game's)",
    "scenario-lone-comma": "not YAML (the parser's)",
}
# Of NOT_SHAPE, those a schema refuses all the same (the file is wrong in shape as well).
ALSO_SHAPE = {"scenario-after-last-step"}


class CoreLoader(yaml.SafeLoader):
    """YAML 1.2's core schema, as editors' YAML language servers read it (PyYAML reads 1.1,
    where yes, on and 0777 are not what they are to Arbiter or an editor)."""


CoreLoader.yaml_implicit_resolvers = {}
for tag, pattern, first in [
    ("tag:yaml.org,2002:null", r"^(?:~|null|Null|NULL|)$", list("~nN") + [""]),
    ("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", list("tTfF")),
    ("tag:yaml.org,2002:int", r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$", list("-+0123456789")),
    ("tag:yaml.org,2002:float",
     r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
     list("-+.0123456789")),
]:
    CoreLoader.add_implicit_resolver(tag, re.compile(pattern), first)


def construct_int(loader, node):
    text = loader.construct_scalar(node)
    if text.startswith("0o"):
        return int(text[2:], 8)
    if text.startswith("0x"):
        return int(text[2:], 16)
    return int(text)


CoreLoader.add_constructor("tag:yaml.org,2002:int", construct_int)


def documents(path):
    with open(path, encoding="utf-8") as f:
        return [d for d in yaml.load_all(f, Loader=CoreLoader)]


def errors_of(validator, document):
    return sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))


def where(error):
    return "/".join(str(p) for p in error.absolute_path) or "(top)"


def main(root):
    root = Path(root)
    game = json.loads((root / "schemas/game.schema.json").read_text())
    scenario = json.loads((root / "schemas/scenario.schema.json").read_text())
    failures = []
    for schema in (game, scenario):
        jsonschema.Draft7Validator.check_schema(schema)
    game_v, scenario_v = jsonschema.Draft7Validator(game), jsonschema.Draft7Validator(scenario)

    shipped = sorted(root.glob("rulesets/*/game.yaml"))
    for path in shipped:
        for e in errors_of(game_v, documents(path)[0]):
            failures.append(f"{path}: {where(e)}: {e.message} (the loader takes it; the schema refuses it)")
    scenarios = sorted(root.glob("rulesets/*/scenarios/*.yaml")) + sorted(root.glob("rulesets/*/scenarios/*.yml"))
    for path in scenarios:
        for doc in documents(path):
            if doc is None:
                continue
            for e in errors_of(scenario_v, doc):
                failures.append(f"{path}: {where(e)}: {e.message} (the runner takes it; the schema refuses it)")

    hostile = sorted((root / "tests/fixtures/hostile").iterdir())
    for case in hostile:
        if not (case.name.startswith("yaml-") or case.name.startswith("scenario-")):
            continue
        is_game = case.name.startswith("yaml-")
        files = [case / "game.yaml"] if is_game else sorted(case.glob("*.yaml"))
        files = [f for f in files if f.is_file()]
        if case.name in NOT_SHAPE and case.name not in ALSO_SHAPE:
            continue
        if not files:
            failures.append(f"{case}: no file to check; sort the case into NOT_SHAPE with its reason")
            continue
        refused = False
        for path in files:
            try:
                docs = [d for d in documents(path) if d is not None or is_game]
                if is_game and not docs:
                    docs = [None]  # an empty game.yaml is no map
            except yaml.YAMLError:
                refused = True  # unreadable YAML: an editor refuses it too
                continue
            validator = game_v if is_game else scenario_v
            refused = refused or any(errors_of(validator, d) for d in docs)
        if not refused:
            failures.append(f"{case}: the loader refuses it for its shape, but the schema takes it "
                            "(tighten the schema, or list the case in NOT_SHAPE with why no schema could)")
    for name in NOT_SHAPE:
        if not (root / "tests/fixtures/hostile" / name).is_dir():
            failures.append(f"NOT_SHAPE names {name}, which is no hostile case")

    for f in failures:
        print(f)
    checked = len(shipped) + len(scenarios)
    print(f"{checked} shipped files checked, {len(hostile)} hostile cases looked at, {len(failures)} disagreements")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "."))
