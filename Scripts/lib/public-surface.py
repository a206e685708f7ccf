#!/usr/bin/env python3
"""Checks that `import Understudy` is enough to name every type in the test API's public signatures.

Reads the symbol graphs that `swift package generate-documentation` (Scripts/docs.sh) or
`swift package dump-symbol-graph` extracted, for `Understudy` and `UnderstudyTesting`, and lists
each type of another module of ours (Core, Server, JSON...) that a public declaration names, or
that `Understudy` extends, without a typealias of the same name in `Understudy`'s Vocabulary.swift.
A user who imports only `Understudy` could use such a declaration but not write its type.

    python3 Scripts/lib/public-surface.py [symbol-graph folder...]
"""
import glob
import json
import os
import re
import sys

FACADES = ("Understudy", "UnderstudyTesting")


def module_of(usr):
    """The module a Swift USR names first (`s:14UnderstudyCore9BodyChunkV` is UnderstudyCore)."""
    match = re.match(r"s:(\d+)", usr)
    if not match:
        return None
    return usr[match.end():match.end() + int(match.group(1))]


def graphs(folder, module):
    """The module's own graph and its graphs of extensions to other modules."""
    paths = glob.glob(os.path.join(folder, "**", module + ".symbols.json"), recursive=True)
    paths += glob.glob(os.path.join(folder, "**", module + "@*.symbols.json"), recursive=True)
    return [(path, json.load(open(path))) for path in sorted(set(paths))]


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else ".build/x86_64-unknown-linux-gnu/extracted-symbols/main"
    aliases = set()
    targets = []  # what each alias names: that type and the types nested in it are nameable
    for _, graph in graphs(folder, "Understudy"):
        for symbol in graph["symbols"]:
            if symbol["kind"]["identifier"] == "swift.typealias" and len(symbol["pathComponents"]) == 1:
                aliases.add(symbol["names"]["title"])
                targets += [
                    fragment["preciseIdentifier"]
                    for fragment in symbol.get("declarationFragments", [])
                    if fragment.get("kind") == "typeIdentifier" and "preciseIdentifier" in fragment
                ]
    if not aliases:
        sys.exit(f"public-surface: no symbol graph for Understudy under {folder}; run Scripts/docs.sh first")
    missing = {}
    for facade in FACADES:
        for path, graph in graphs(folder, facade):
            extended = re.search(r"@(\w+)\.symbols\.json$", path)
            for symbol in graph["symbols"]:
                where = facade + "." + ".".join(symbol["pathComponents"])
                if extended and extended.group(1).startswith("Understudy") and extended.group(1) not in FACADES:
                    # An extension of one of our other modules' types: that type must be nameable too.
                    owner = symbol["pathComponents"][0]
                    if owner not in aliases:
                        missing.setdefault(f"{extended.group(1)}.{owner}", where)
                for fragment in symbol.get("declarationFragments", []):
                    usr = fragment.get("preciseIdentifier")
                    if fragment.get("kind") != "typeIdentifier" or not usr:
                        continue
                    module = module_of(usr)
                    if not module or not module.startswith("Understudy") or module in FACADES:
                        continue
                    name = fragment["spelling"]
                    if name not in aliases and not any(usr.startswith(target) for target in targets):
                        missing.setdefault(f"{module}.{name}", where)
    if missing:
        print("== types in the test API that `import Understudy` cannot name (add a typealias to Vocabulary.swift):")
        for name, where in sorted(missing.items()):
            print(f"  {name}, in {where}")
        sys.exit(1)
    print(f"== every type in Understudy's and UnderstudyTesting's public signatures is nameable ({len(aliases)} aliases)")


if __name__ == "__main__":
    main()
