#!/usr/bin/env bash
# Scenario stubs under load (issue 35): what making a scenario step a compare-and-set costs.
# This build and BENCH_PREVIOUS (an `understudy` binary of an earlier commit) serve the same root at
# once and are measured in turn with wrk at 64 connections, each keeping its better of two runs:
#
#   cycling scenario   GET /cycle: three stubs that move Started → a → b → Started, so every
#                      request takes a step (the worst case: every request locks and may retry)
#   finished steps     GET /steps after its two steps: a scenario stub with no step left (the
#                      usual case once a flow has run)
#   plain stub         GET /plain: no scenario, the cost of everything else
#
#   BENCH_PREVIOUS=/path/to/old/understudy Scripts/bench-scenario.sh   # about 3 minutes
#
# Without BENCH_PREVIOUS only this build is measured, with the plain stub as its baseline.
# Settings: BENCH_SECONDS=10, BENCH_WARMUP_SECONDS=2, BENCH_THREADS=2, BENCH_CONNECTIONS=64,
# SKIP_BUILD=1 to use the release binary already built, BENCH_BINARY=path to measure another
# `understudy` as this build. Everything talks to 127.0.0.1 only.
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/lib/bench.sh

seconds=${BENCH_SECONDS:-10}
warmup=${BENCH_WARMUP_SECONDS:-2}
threads=${BENCH_THREADS:-2}
connections=${BENCH_CONNECTIONS:-64}
previous=${BENCH_PREVIOUS:-}

bench_init
bench_require_wrk
if [[ -n "${BENCH_BINARY:-}" ]]; then
    understudy=$BENCH_BINARY
else
    if [[ "${SKIP_BUILD:-0}" != 1 ]]; then
        bench_log "Building understudy in release…"
        swift build -c release --product understudy >&2
    fi
    understudy="$(swift build -c release --show-bin-path)/understudy"
fi

root="$BENCH_TMP/root"
mkdir -p "$root/mappings"
python3 - "$root/mappings" <<'PY'
import json, os, sys
folder = sys.argv[1]
def write(name, mapping):
    with open(os.path.join(folder, name + ".json"), "w") as f:
        json.dump(mapping, f)
def step(url, scenario, required, new, body):
    mapping = {"scenarioName": scenario, "requiredScenarioState": required,
               "request": {"method": "GET", "url": url}, "response": {"status": 200, "body": body}}
    if new:
        mapping["newScenarioState"] = new
    return mapping
for i, (required, new) in enumerate([("Started", "a"), ("a", "b"), ("b", "Started")]):
    write("cycle-%d" % i, step("/cycle", "cycle", required, new, "cycle %s" % required))
for i, (required, new) in enumerate([("Started", "two"), ("two", "three"), ("three", None)]):
    write("steps-%d" % i, step("/steps", "steps", required, new, "step %s" % required))
write("plain", {"request": {"method": "GET", "url": "/plain"}, "response": {"status": 200, "body": "plain"}})
PY

# measure NAME PID URL: a warm-up, then the measured run; sets BENCH_RPS, BENCH_P99_MS, BENCH_CPU_US_PER_REQ.
measure() {
    local pid=$2 url=$3
    BENCH_SERVER_PID=$pid
    bench_wrk "$url" "$warmup" "$connections" "$threads"
    bench_wrk "$url" "$seconds" "$connections" "$threads"
    BENCH_SERVER_PID=""
    [[ "$BENCH_SOCKET_ERRORS" == 0 ]] || bench_log "warning: $BENCH_SOCKET_ERRORS socket errors on $url"
    [[ "$BENCH_NON_2XX" == 0 ]] || bench_log "warning: $BENCH_NON_2XX non-2xx answers on $url"
}

declare -A rps p99 cpu
servers=(now)
bench_start_server now "$understudy" serve --port 0 --root "$root"
declare -A url=([now]=$BENCH_URL) pid=([now]=$BENCH_PID)
if [[ -n "$previous" ]]; then
    servers+=(previous)
    bench_start_server previous "$previous" serve --port 0 --root "$root"
    url[previous]=$BENCH_URL pid[previous]=$BENCH_PID
fi
for server in "${servers[@]}"; do
    curl -fsS "${url[$server]}/steps" >/dev/null
    curl -fsS "${url[$server]}/steps" >/dev/null
done

for case in cycle steps plain; do
    for server in "${servers[@]}"; do rps[$server,$case]=0; done
    for turn in 1 2; do
        for server in "${servers[@]}"; do
            bench_log "$case, $server, turn $turn"
            measure "$server" "${pid[$server]}" "${url[$server]}/$case"
            if awk -v a="$BENCH_RPS" -v b="${rps[$server,$case]}" 'BEGIN { exit !(a + 0 > b + 0) }'; then
                rps[$server,$case]=$BENCH_RPS p99[$server,$case]=$BENCH_P99_MS cpu[$server,$case]=$BENCH_CPU_US_PER_REQ
            fi
        done
    done
done
for server in "${servers[@]}"; do
    state=$(curl -fsS "${url[$server]}/__admin/scenarios" | python3 -c \
        'import json, sys; print(" ".join(s["name"] + "=" + s["state"] for s in json.load(sys.stdin)["scenarios"]))')
    bench_log "$server: scenarios after the runs: $state"
done

bench_report_path scenario
{
    echo "Scenario stubs under load, $(date -u '+%Y-%m-%d %H:%M UTC'), $(bench_machine), load $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "wrk: $connections connections, $threads threads, ${seconds}s after ${warmup}s warm-up; each figure the better of 2 turns"
    [[ -n "$previous" ]] && echo "previous: $previous"
    echo ""
    if [[ -n "$previous" ]]; then
        printf '%-34s %12s %12s %8s\n' "case" "this build" "previous" "ratio"
        for case in cycle steps plain; do
            label=$([[ $case == cycle ]] && echo "cycling scenario" || { [[ $case == steps ]] && echo "finished steps" || echo "plain stub"; })
            printf '%-34s %12s %12s %8s\n' "$label: req/s" "${rps[now,$case]}" "${rps[previous,$case]}" \
                "$(bench_ratio "${rps[now,$case]}" "${rps[previous,$case]}")"
            printf '%-34s %12s %12s %8s\n' "  p99 ms" "${p99[now,$case]}" "${p99[previous,$case]}" \
                "$(bench_ratio "${p99[now,$case]}" "${p99[previous,$case]}")"
            printf '%-34s %12s %12s %8s\n' "  server CPU µs/req" "${cpu[now,$case]}" "${cpu[previous,$case]}" \
                "$(bench_ratio "${cpu[now,$case]}" "${cpu[previous,$case]}")"
        done
    else
        printf '%-34s %12s %12s %8s\n' "case" "req/s" "p99 ms" "×plain"
        for case in cycle steps plain; do
            printf '%-34s %12s %12s %8s\n' "$case" "${rps[now,$case]}" "${p99[now,$case]}" \
                "$(bench_ratio "${rps[now,$case]}" "${rps[now,plain]}")"
        done
    fi
} | tee "$BENCH_REPORT"
bench_log "Written to $BENCH_REPORT"
