#!/usr/bin/env bash
# Checks every Swift file against .swift-format (the toolchain's swift-format, 120 columns), and
# that each module imports only what the module table allows (Scripts/lib/module-graph.py).
#   Scripts/lint.sh          # fails on any finding
#   Scripts/lint.sh --fix    # rewrites the files in place first
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(Sources Tests Examples Benchmarks Fuzz Package.swift)
if [[ "${1:-}" == --fix ]]; then
    swift format --in-place --recursive --parallel "${paths[@]}"
fi
swift format lint --strict --recursive --parallel "${paths[@]}"
echo "== swift-format: no findings"
python3 Scripts/lib/module-graph.py
