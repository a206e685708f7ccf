#!/usr/bin/env bash
# The soak: `understudy serve` (release) under 256 connections for SOAK_SECONDS over a mix of
# exact, pattern, JSON-body, delayed, templated and unmatched requests, every answer checked
# (Scripts/lib/soak.lua), RSS sampled every 10 s. Loopback only. Prints a table, writes it to
# Benchmarks/results/soak-<time>.txt, and exits 1 when a goal is missed:
# zero socket errors, zero unexpected answers, RSS growth ≤ 10% after warm-up.
#
#   Scripts/soak.sh                     # 5 minutes (plus the release build)
#   SOAK_SECONDS=30 Scripts/soak.sh     # a quick check
#
# Settings (environment):
#   SOAK_SECONDS=300            length of the run
#   SOAK_CONNECTIONS=256        wrk connections
#   SOAK_THREADS=2              wrk threads
#   SOAK_WARMUP_SECONDS=30      the first RSS sample at or after this is the reference
#   SOAK_RSS_SAMPLE_SECONDS=10  RSS sampling period
#   SOAK_DELAY_MS=20            the delayed stub's fixedDelayMilliseconds
#   SKIP_BUILD=1                use the release understudy already built
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/lib/bench.sh

seconds=${SOAK_SECONDS:-300}
connections=${SOAK_CONNECTIONS:-256}
threads=${SOAK_THREADS:-2}
warmup=${SOAK_WARMUP_SECONDS:-30}
rss_every=${SOAK_RSS_SAMPLE_SECONDS:-10}
delay_ms=${SOAK_DELAY_MS:-20}
((warmup < seconds)) || warmup=$((seconds / 2))

bench_init
bench_require_wrk

if [[ "${SKIP_BUILD:-0}" != 1 ]]; then
    bench_log "Building understudy in release…"
    swift build -c release --product understudy >&2
fi
understudy="$(swift build -c release --show-bin-path)/understudy"

# The stubs each kind of request in soak.lua hits; every one names its kind in X-Soak-Kind.
# A hundred filler stubs give matching and the near-miss report some work.
python3 - "$BENCH_TMP/root/mappings" "$delay_ms" <<'PY'
import json, os, sys
folder, delay = sys.argv[1], int(sys.argv[2])
os.makedirs(folder, exist_ok=True)
def stub(name, request, status, body, kind, **response):
    headers = {"Content-Type": "text/plain", "X-Soak-Kind": kind}
    mapping = {"request": request, "response": {"status": status, "body": body, "headers": headers, **response}}
    with open(os.path.join(folder, name + ".json"), "w") as f:
        json.dump(mapping, f)
stub("exact", {"method": "GET", "url": "/soak/exact/items"}, 200, '["a","b","c"]', "exact")
stub("pattern-path", {"method": "GET", "urlPathPattern": "/soak/orders/[0-9]+/lines"}, 200, "pattern", "pattern")
stub("pattern-regex", {"method": "GET", "urlPattern": "/soak/search\\?q=[a-z]+"}, 200, "pattern", "pattern")
stub("json", {"method": "POST", "url": "/soak/json/orders", "bodyPatterns": [
        {"equalToJson": {"type": "order"}, "ignoreExtraElements": True},
        {"matchesJsonPath": "$.items[?(@.sku == 'A1')]"}]},
     201, '{"created":true}', "json")
stub("delayed", {"method": "GET", "url": "/soak/delayed"}, 200, "late", "delayed", fixedDelayMilliseconds=delay)
stub("templated", {"method": "GET", "urlPathPattern": "/soak/greet/[0-9]+"}, 200,
     "hello {{request.query.name}} #{{request.path.[2]}}", "templated", transformers=["response-template"])
for i in range(100):
    stub("filler-%03d" % i, {"method": "GET", "url": "/soak/filler/%d" % i}, 200, "filler %d" % i, "filler")
PY

bench_start_server soak "$understudy" serve --port 0 --root "$BENCH_TMP/root"
pid=$BENCH_PID url=$BENCH_URL
for check in "/soak/exact/items 200" "/soak/nothing/here 404"; do
    status=$(bench_http_status "$BENCH_PORT" "${check% *}" || true)
    [[ "$status" == "${check#* }" ]] || { bench_log "GET ${check% *} answered ${status:-nothing}, not ${check#* }"; exit 1; }
done

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
started_at=$(date -u '+%Y-%m-%d %H:%M:%S UTC')
bench_log "Soaking $url for ${seconds}s at $connections connections…"
samples="$BENCH_TMP/rss.samples"
rss_idle=$(bench_rss_kb "$pid")
bench_rss_sampler_start "$pid" "$rss_every" "$samples"
BENCH_SERVER_PID=$pid
bench_wrk "$url" "$seconds" "$connections" "$threads" Scripts/lib/soak.lua
BENCH_SERVER_PID=""
bench_rss_sampler_stop
alive=1
kill -0 "$pid" 2>/dev/null || alive=0
# One more sample after the load, so the last figure is the end of the run.
rss_end=$(bench_rss_kb "$pid")
[[ -n "$rss_end" ]] && printf '%d %s\n' "$seconds" "$rss_end" >>"$samples"
bench_rss_growth "$samples" "$warmup"
bench_stop_server "$pid"
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

value() { local v; v=$(bench_wrk_script_value "$1"); printf '%s' "${v:-0}"; }
unexpected=$(value soak.unexpected)
misrouted=$(value soak.misrouted)
inflight=$(value soak.inflight)

rows=()
row() { rows+=("$(printf '%-34s %16s %12s %7s' "$@")"); }
note() { rows+=("  $*"); }
zero() { if [[ "$1" == 0 ]]; then echo met; else echo MISSED; fi; }
row "requests served" "$BENCH_REQUESTS" "" ""
row "requests/s" "$BENCH_RPS" "" ""
row "socket errors" "$BENCH_SOCKET_ERRORS" "0" "$(zero "$BENCH_SOCKET_ERRORS")"
note "(connect $BENCH_ERRORS_CONNECT, read $BENCH_ERRORS_READ, write $BENCH_ERRORS_WRITE, timeout $BENCH_ERRORS_TIMEOUT)"
row "unexpected answers" "$unexpected" "0" "$(zero "$unexpected")"
for kind in exact pattern json delayed templated unmatched; do
    note "$(printf '%-10s sent %9s  answered %9s  unexpected %s' "$kind" "$(value "soak.sent.$kind")" \
        "$(value "soak.answered.$kind")" "$(value "soak.unexpected.$kind")")"
done
row "answers of the wrong kind" "$misrouted" "0" "$(zero "$misrouted")"
note "(answers of a kind beyond its requests; $inflight requests were still in flight at the stop)"
row "latency p50 ms" "$BENCH_P50_MS" "" ""
row "latency p99 ms" "$BENCH_P99_MS" "" ""
note "(the delayed stub alone waits $delay_ms ms; server CPU ${BENCH_CPU_US_PER_REQ:-?} µs/req)"
row "RSS KiB: reference → end" "$BENCH_RSS_REFERENCE → $BENCH_RSS_LAST" "" ""
row "RSS growth after warm-up %" "$BENCH_RSS_GROWTH" "≤ 10" "$(bench_check "$BENCH_RSS_GROWTH" "<=" 10)"
note "(idle $rss_idle KiB before the load; peak after warm-up $BENCH_RSS_PEAK KiB; reference: first sample at ≥ ${warmup}s)"
note "(samples every ${rss_every}s: $BENCH_RSS_SAMPLES)"
((alive)) || row "server still running at the end" "no" "yes" "MISSED"

bench_report_path soak
{
    echo "Understudy soak, $started_at, $(bench_machine), ${seconds}s, $connections connections, $threads wrk threads, loopback"
    echo "load average before: $load_before; after: $load_after (other processes on this machine share the cores)"
    echo ""
    printf '%-34s %16s %12s %7s\n' "measure" "figure" "goal" "result"
    printf '%s\n' "${rows[@]}"
} | tee "$BENCH_REPORT"
bench_log "Written to $BENCH_REPORT"

failed=0
((BENCH_SOCKET_ERRORS == 0 && unexpected == 0 && misrouted == 0 && alive)) || failed=1
[[ "$(bench_check "$BENCH_RSS_GROWTH" "<=" 10)" == met ]] || failed=1
exit "$failed"
