#!/usr/bin/env python3
"""Checks that each module of ours imports only what the module table allows.

The table is DESIGN.md's (and CONTRIBUTING.md's "Where things live"): for each module, the modules
of ours it is built on. A module may import those and what they are built on in turn, and nothing
else; so `Understudy` stays a leaf that only `UnderstudyTesting` (and the command, the examples,
the benchmarks and the tests) import, and nothing below the server reaches up into it.

    python3 Scripts/lib/module-graph.py      # prints each module's imports; exits 1 on a breach
"""
import pathlib
import re
import sys

# module: the modules of ours it is built on (DESIGN.md's table).
TABLE = {
    "UnderstudyJSON": [],
    "UnderstudyXML": [],
    "UnderstudyTemplating": ["UnderstudyJSON", "UnderstudyXML"],
    "UnderstudyCore": ["UnderstudyJSON", "UnderstudyXML", "UnderstudyTemplating"],
    "UnderstudyAdmin": ["UnderstudyCore"],
    "UnderstudyGRPC": ["UnderstudyCore"],
    "UnderstudyServer": ["UnderstudyCore", "UnderstudyAdmin", "UnderstudyGRPC"],
    "UnderstudyTLS": ["UnderstudyServer"],
    "Understudy": ["UnderstudyCore", "UnderstudyServer"],
    "UnderstudyTesting": ["Understudy"],
    "UnderstudyRecording": ["UnderstudyServer"],
    "UnderstudyOpenAPI": ["UnderstudyCore"],
    "UnderstudyOpenAPITransport": ["UnderstudyCore"],
    "UnderstudyGRPCTransport": ["UnderstudyGRPC"],
    "UnderstudyJWT": ["UnderstudyTemplating"],
    "UnderstudyFleet": ["UnderstudyCore", "UnderstudyAdmin", "Understudy"],
    "UnderstudyGraphQL": ["UnderstudyCore"],
    # The command: all of the above but the test API.
    "UnderstudyCLI": [
        "UnderstudyServer", "UnderstudyTLS", "UnderstudyRecording", "UnderstudyOpenAPI", "UnderstudyJWT",
        "UnderstudyFleet", "UnderstudyGraphQL",
    ],
}


def closure(module):
    seen = set()
    stack = list(TABLE[module])
    while stack:
        name = stack.pop()
        if name not in seen:
            seen.add(name)
            stack.extend(TABLE[name])
    return seen


IMPORT = re.compile(
    r"^[ \t]*(?:@\w+[ \t]+)*(?:(?:public|package|internal)[ \t]+)?import[ \t]+"
    r"(?:(?:struct|class|enum|protocol|func|var|let|typealias)[ \t]+)?(\w+)",
    re.M,
)


def main():
    root = pathlib.Path(__file__).resolve().parents[2]
    breaches = []
    for module in TABLE:
        folder = root / "Sources" / module
        if not folder.is_dir():
            breaches.append(f"{module}: no Sources/{module}")
            continue
        allowed = closure(module)
        used = {}
        for path in folder.rglob("*.swift"):
            for name in IMPORT.findall(path.read_text(encoding="utf-8")):
                if name in TABLE and name != module:
                    used.setdefault(name, path.relative_to(root))
        for name, path in sorted(used.items()):
            if name not in allowed:
                breaches.append(f"{module} imports {name} ({path}); the table allows {sorted(allowed) or 'none'}")
        print(f"{module}: {', '.join(sorted(used)) or '(none of ours)'}")
    ours = set(TABLE)
    found = {p.name for p in (root / "Sources").iterdir() if p.is_dir()}
    for extra in sorted(found - ours):
        breaches.append(f"Sources/{extra} is not in the module table")
    for breach in breaches:
        print("module graph:", breach, file=sys.stderr)
    if breaches:
        return 1
    print("== module graph: every import is one the table allows")
    return 0


if __name__ == "__main__":
    sys.exit(main())
