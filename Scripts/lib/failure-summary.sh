#!/usr/bin/env bash
# Prints one line per failing test found in a `swift test` log: its name and file:line, so the
# cause of a red pass is at the end of the output instead of somewhere in thousands of lines.
#   Scripts/lib/failure-summary.sh LOG [PASS-NAME]
# Swift Testing:  ✘ Test name() recorded an issue at File.swift:57:13: Expectation failed: …
# XCTest:         /path/File.swift:57: error: Suite.testName : XCTAssertEqual failed: …
# Known issues (withKnownIssue) are not failures and are left out.
set -uo pipefail
log=$1
pass=${2:-tests}
lines=$(
    {
        grep -a '✘ Test .* recorded an issue at ' "$log" | grep -av 'known issue' |
            sed -E 's/.*✘ Test (.*) recorded an issue at ([^ ]+:[0-9]+):[0-9]+: (.{0,120}).*/\2  \1  \3/'
        grep -aE '^/.*\.swift:[0-9]+: error: ' "$log" |
            sed -E 's#^.*/([^/]+\.swift:[0-9]+): error: ([^ ]+) : (.{0,120}).*#\1  \2  \3#'
        grep -aE '✘ Test .* (failed|crashed)' "$log" | grep -av 'recorded an issue' | grep -av 'known issue' | grep -av '✘ Test run with' |
            sed -E 's/.*✘ (Test .*)/\1/'
        # A crash ends the run without a test's verdict: name the crash instead.
        grep -aE 'Fatal error: |Exited with unexpected signal|error: Exited with signal' "$log" | cut -c1-200
    } | awk '!seen[$0]++'
)
if [ -n "$lines" ]; then
    echo "== failing tests in ${pass}:"
    printf '%s\n' "$lines" | sed 's/^/   /'
else
    echo "== failing tests in ${pass}: none"
fi
