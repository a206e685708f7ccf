#!/usr/bin/env bash
# Server-sent event streams at scale: `understudy serve` (release) beside a bare SwiftNIO SSE
# server (Benchmarks/SSEStreamsBench), the same client against each, in turn:
#
#   * held: STREAMS (10,000) open /stream connections, each with a heartbeat every second, held
#     HOLD seconds: the server's RSS, the heartbeats that arrived, and a plain stub's round trips
#     on another connection meanwhile (target: under 300 MiB, plain stubs still answered);
#   * ticking: TICKERS (1,000) /ticks streams at once, 100 events each, one every 100 ms: how late
#     each event arrives after the one before it (target: p99 ≤ 5 ms), and the drift at the end.
#
#   Scripts/bench-sse.sh                  # STREAMS=2000 TICKERS=200 HOLD=5 for a quick look
set -euo pipefail
cd "$(dirname "$0")/.."
streams=${STREAMS:-10000}
tickers=${TICKERS:-1000}
hold=${HOLD:-10}
ulimit -n "$(ulimit -Hn)"
(( $(ulimit -n) > streams + 1000 )) || { echo "needs more than $((streams + 1000)) file descriptors (ulimit -n)" >&2; exit 1; }

swift build -c release --product understudy >/dev/null
swift build -c release --product SSEStreamsBench >/dev/null
bench=.build/release/SSEStreamsBench

work=$(mktemp -d -t understudy-sse.XXXXXX)
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"' EXIT
mkdir -p "$work/root/mappings" "$work/root/__files"
cat >"$work/root/mappings/stream.json" <<'JSON'
{"request": {"method": "GET", "url": "/stream"},
 "response": {"serverSentEvents": {"events": [{"data": "hello"}], "heartbeatMilliseconds": 1000, "keepOpen": true}}}
JSON
python3 - "$work/root/mappings/ticks.json" <<'PY'
import json, sys
events = [{"data": f"tick {n}", "delayMilliseconds": 100} for n in range(1, 101)]
json.dump({"request": {"method": "GET", "url": "/ticks"},
           "response": {"serverSentEvents": {"events": events}}}, open(sys.argv[1], "w"))
PY
cat >"$work/root/mappings/hello.json" <<'JSON'
{"request": {"method": "GET", "url": "/hello"},
 "response": {"status": 200, "body": "Hello, world!", "headers": {"Content-Type": "text/plain"}}}
JSON

# start NAME COMMAND...: runs a server that prints its http:// URL first; sets PORT and PID.
start() {
    local name=$1
    shift
    "$@" >"$work/$name.out" 2>&1 &
    PID=$!
    pids+=("$PID")
    for _ in $(seq 1 300); do
        PORT=$(sed -n 1p "$work/$name.out" | grep -oE '^http://127\.0\.0\.1:[0-9]+' | grep -oE '[0-9]+$' || true)
        [[ -n "$PORT" ]] && return
        sleep 0.1
    done
    echo "$name did not start:" >&2
    cat "$work/$name.out" >&2
    exit 1
}

echo "== SSE streams: $streams held for ${hold}s, $tickers ticking; $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
for server in bare understudy; do
    if [[ $server == bare ]]; then
        start bare "$bench" bare
    else
        start understudy .build/release/understudy serve --root "$work/root" --port 0
    fi
    printf '%-11s held:    %s\n' "$server" "$("$bench" hold "$PORT" "$streams" "$hold" "$PID")"
    printf '%-11s ticking: %s\n' "$server" "$("$bench" ticks "$PORT" "$tickers" 100)"
    kill "$PID"
    wait "$PID" 2>/dev/null || true
done
