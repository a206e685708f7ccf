#!/usr/bin/env bash
# Runs a part of the suite many times in a row under ThreadSanitizer and counts the failing runs:
# the check that a flaky test is fixed at its root. Builds once into .build-tsan, then reruns.
#   Scripts/tsan-repeat.sh                       # 50 runs of the proxy and recording suites
#   RUNS=10 Scripts/tsan-repeat.sh --filter Proxy
set -uo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-50}
[ $# -gt 0 ] || set -- --filter UnderstudyRecordingTests
export TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=0 second_deadlock_stack=1 suppressions=$PWD/Scripts/tsan-suppressions.txt}"
swift build --build-tests --sanitize=thread --scratch-path .build-tsan >/dev/null || exit 1
log=$(mktemp -t understudy-tsan-repeat.XXXXXX)
trap 'rm -f "$log"' EXIT
failed=0
for run in $(seq 1 "$runs"); do
    status=0
    swift test --skip-build --sanitize=thread --scratch-path .build-tsan "$@" >"$log" 2>&1 || status=$?
    reports=$(grep -c "WARNING: ThreadSanitizer" "$log" || true)
    if [ "$status" -ne 0 ] || [ "$reports" -gt 0 ]; then
        failed=$((failed + 1))
        echo "run ${run}: exit ${status}, ${reports} TSan report(s)"
        bash Scripts/lib/failure-summary.sh "$log" "run ${run}"
    fi
done
echo "== ${runs} runs under ThreadSanitizer ($*): $((runs - failed)) passed, ${failed} failed"
[ "$failed" -eq 0 ]
