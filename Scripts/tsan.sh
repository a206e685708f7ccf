#!/usr/bin/env bash
# Runs the whole test suite under ThreadSanitizer and fails on any data race report.
# Builds into .build-tsan so it never invalidates the normal debug build.
#   Scripts/tsan.sh                 # everything
#   Scripts/tsan.sh --filter Admin  # extra arguments go to `swift test`
set -euo pipefail
cd "$(dirname "$0")/.."

log=$(mktemp -t understudy-tsan.XXXXXX)
trap 'rm -f "$log"' EXIT
# halt_on_error=0: collect every report in one run; the exit status below still fails on any.
# The suppressions cover Synchronization.Mutex's futex lock, which TSan cannot see (see the file).
export TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=0 second_deadlock_stack=1 suppressions=$PWD/Scripts/tsan-suppressions.txt}"

start=$(date +%s)
status=0
swift test --sanitize=thread --scratch-path .build-tsan "$@" 2>&1 | tee "$log" || status=$?
elapsed=$(( $(date +%s) - start ))

reports=$(grep -c "WARNING: ThreadSanitizer" "$log" || true)
echo "== ThreadSanitizer: ${reports} report(s), swift test exit ${status}, ${elapsed}s (build included)"
if [ "$reports" -gt 0 ]; then
    echo "== report summaries:"
    grep "SUMMARY: ThreadSanitizer" "$log" | sort | uniq -c
    exit 1
fi
exit "$status"
