#!/usr/bin/env bash
# Runs the whole test suite under ThreadSanitizer and fails on any data race report.
# Builds into .build-tsan so it never invalidates the normal debug build.
#   Scripts/tsan.sh                 # everything
#   Scripts/tsan.sh --filter Admin  # extra arguments go to `swift test`
#   TSAN_SKIP= Scripts/tsan.sh      # run the timing-dependent tests too
# TSan slows code 5 to 15 times, so tests that assert an order of events against a delay (a fast
# answer before a 6 s one, a request inside a 200 ms idle time-out, an HTTP/2 preface inside a 2 s one, a webhook before a 5 s one)
# fail under it for reasons that are not races; they are skipped here and run in the normal
# `swift test`.
set -euo pipefail
cd "$(dirname "$0")/.."

log=$(mktemp -t understudy-tsan.XXXXXX)
events=$(mktemp -t understudy-tsan-events.XXXXXX)
trap 'rm -f "$log" "$events"' EXIT
# halt_on_error=0: collect every report in one run; the exit status below still fails on any.
# The suppressions cover Synchronization.Mutex's futex lock, which TSan cannot see (see the file).
export TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=0 second_deadlock_stack=1 suppressions=$PWD/Scripts/tsan-suppressions.txt}"

# A thousand trials of 64 threads (the scenario-step race test) take minutes under TSan and starve
# the tests that wait on time-outs; a few dozen still put the store's lock under contention.
export UNDERSTUDY_RACE_TRIALS="${UNDERSTUDY_RACE_TRIALS:-40}"
# Two tests per core at a time. With every test at once (the default), TSan's 5-15x slowdown put
# about a thousand tests on two cores and the ones waiting on a few-second deadline (a held request,
# a TLS handshake, an idle time-out) failed for want of a turn; one at a time takes twice as long.
export SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH="${SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH:-$(($(nproc) * 2))}"
# The malformed-request corpus: 10,000 cases took two minutes under TSan; 1,000 still cover every
# shape (the generator cycles through them), and the normal pass runs all 10,000.
export UNDERSTUDY_CORPUS_SIZE="${UNDERSTUDY_CORPUS_SIZE:-1000}"

start=$(date +%s)
status=0
# Besides those, the suites that check an algorithm on one thread against a reference (trie
# bounds, near-miss corpora, generated OpenAPI answers on the real descriptions, large JSON
# bodies, random patterns and pointers): TSan has nothing to watch in them, and a synchronous test
# holds a thread of the cooperative pool, which has two on a 2-core machine; together they held it
# for over two minutes and the socket tests queued behind them timed out. The normal pass runs them.
timing='aDelayedAnswerDoesNotHoldUpOtherConnections|idleAndHalfSentConnectionsAreClosed|HTTP2IdleTests|aDelayedWebhookArrivesAfterAnImmediateOne'
single_threaded='LiteralTrieTests|NearMissDifferentialTests|GeneratedAnswerConformanceTests|UnsatisfiableSchemaTests|JSONEqualityLargeBodyTests|JSONSchemaSimplePatternTests|TemplateRenderLimitTests|JSONSchemaPointerTests|JSONSchemaPointerCursorTests|RandomSchemaAnswerTests'
skip=${TSAN_SKIP-$timing|$single_threaded}
skip_args=()
[ -n "$skip" ] && skip_args=(--skip "$skip")
# The build first, outside the watchdog: on a busy machine it alone has taken over 20 minutes.
swift build --build-tests --sanitize=thread --scratch-path .build-tsan 2>&1 | tail -20
# A stalled run fails within 30 minutes, naming the tests still running, instead of holding CI to
# its limit. (A time limit cannot end a test stuck awaiting a future that never completes, which
# is how a run stalled on 2026-11-24; the console log, buffered, did not say which test it was.)
timeout --signal=QUIT --kill-after=30 1800 swift test --skip-build --sanitize=thread --scratch-path .build-tsan \
    --event-stream-output-path "$events" --event-stream-version 0 "${skip_args[@]}" "$@" 2>&1 \
    | tee "$log" || status=$?
if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
    echo "== ThreadSanitizer pass stopped after 30 minutes of tests: a test stalled"
    python3 Scripts/lib/tests-in-flight.py "$events"
fi
elapsed=$(( $(date +%s) - start ))

reports=$(grep -c "WARNING: ThreadSanitizer" "$log" || true)
echo "== ThreadSanitizer: ${reports} report(s), swift test exit ${status}, ${elapsed}s (build included)"
bash Scripts/lib/failure-summary.sh "$log" "the ThreadSanitizer pass"
if [ "$reports" -gt 0 ]; then
    echo "== report summaries:"
    grep "SUMMARY: ThreadSanitizer" "$log" | sort | uniq -c
    exit 1
fi
exit "$status"
