#!/usr/bin/env bash
# Writes Sources/UnderstudyServer/Dashboard/DashboardAssets+Files.swift from the page's files in
# Sources/UnderstudyServer/Dashboard/Page (HTML, CSS, JS), as Swift raw string literals.
# Run it after editing the page; DashboardAssetsTests fails while the two differ.
#   Scripts/dashboard-assets.sh          # rewrite the Swift file
#   Scripts/dashboard-assets.sh --check  # exit 1 when it is out of date
set -euo pipefail
cd "$(dirname "$0")/.."
page=Sources/UnderstudyServer/Dashboard/Page
out=Sources/UnderstudyServer/Dashboard/DashboardAssets+Files.swift
generated=$(python3 - "$page" <<'PY'
import os, sys
page = sys.argv[1]
lines = [
    "// Written by Scripts/dashboard-assets.sh from Sources/UnderstudyServer/Dashboard/Page: edit those",
    "// files, then run the script.",
    "",
    "extension DashboardAssets {",
    "    /// The page's files by name, as they are in the `Page` folder.",
    "    static let files: [String: String] = [",
]
names = sorted(n for n in os.listdir(page) if not n.startswith("."))
for i, name in enumerate(names):
    text = open(os.path.join(page, name), encoding="utf-8").read()
    hashes = "#"
    while ('"""' + hashes) in text or ("\\" + hashes + "(") in text:
        hashes += "#"
    comma = "," if i < len(names) - 1 else ""
    lines.append(f'        "{name}": {hashes}"""')
    # Indented as swift-format lays it out; the closing delimiter's indentation is stripped again.
    body = text[:-1] if text.endswith("\n") else text
    for line in (body + "\n").split("\n"):
        lines.append("        " + line if line else "")
    lines.append(f'        """{hashes}{comma}')
lines.append("    ]")
lines.append("}")
print("\n".join(lines))
PY
)
if [[ "${1:-}" == --check ]]; then
    if [[ "$generated" != "$(cat "$out" 2>/dev/null)" ]]; then
        echo "$out is out of date: run Scripts/dashboard-assets.sh" >&2
        exit 1
    fi
    echo "== dashboard assets are current"
else
    printf '%s\n' "$generated" > "$out"
    echo "wrote $out"
fi
