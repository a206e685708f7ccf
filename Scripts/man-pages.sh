#!/usr/bin/env bash
# The manual pages for `understudy` and each subcommand, generated from the CLI's own help by
# swift-argument-parser's generate-manual plugin into docs/man (one page per command).
#
#   Scripts/man-pages.sh           # regenerates docs/man
#   Scripts/man-pages.sh --check   # fails when docs/man is not what the CLI says (CI)
#   man -l docs/man/understudy.serve.1
#
# The date is fixed so the pages change only when the CLI does.
set -euo pipefail
cd "$(dirname "$0")/.."

date=2026-11-24
out=.build/plugins/GenerateManual/outputs/UnderstudyCLI
rm -rf "$out"
swift package plugin generate-manual --multi-page --date "$date" --configuration debug >/dev/null 2>&1 ||
    swift package plugin generate-manual --multi-page --date "$date" --configuration debug

if [[ "${1:-}" == --check ]]; then
    if ! diff -ru docs/man "$out"; then
        echo "docs/man is out of date with the CLI: run Scripts/man-pages.sh and commit docs/man" >&2
        exit 1
    fi
    echo "== docs/man matches the CLI ($(ls "$out" | wc -l) pages)"
else
    rm -rf docs/man
    mkdir -p docs/man
    cp "$out"/*.1 docs/man/
    echo "wrote $(ls docs/man | wc -l) pages to docs/man"
fi
