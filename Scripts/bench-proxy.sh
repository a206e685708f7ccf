#!/usr/bin/env bash
# The forward proxy's figures beside mitmproxy's in the same run (issue #33): requests per
# second to a stubbed https:// host through an intercepted TLS tunnel with keep-alive, and new
# tunnels per second (CONNECT, a TLS handshake with the host's leaf, one request, close).
# Both proxies answer from a stub of their own (understudy: a mapping; mitmproxy: the addon in
# Benchmarks/proxy/mitm_stub.py) and are driven in turn by the same AsyncHTTPClient load
# generator (Benchmarks/ForwardProxyBench), median of the rounds. Figures only, nothing asserted.
#
#   Scripts/bench-proxy.sh                                  # 3 rounds of 10 s per case
#   BENCH_SECONDS=5 BENCH_ROUNDS=1 BENCH_CONNECTIONS=16 Scripts/bench-proxy.sh
#
# Release builds; mitmproxy 11.0.2 from PyPI into .build/bench-proxy-venv on first use.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${BENCH_SECONDS:-10}
rounds=${BENCH_ROUNDS:-3}
connections=${BENCH_CONNECTIONS:-16}

swift build -c release --product understudy >&2
swift build -c release --product ForwardProxyBench >&2
bin=$(swift build -c release --show-bin-path)

venv=.build/bench-proxy-venv
if ! "$venv/bin/mitmdump" --version >/dev/null 2>&1; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet mitmproxy==11.0.2
fi

work=$(mktemp -d)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

mkdir -p "$work/stubs/mappings"
cat >"$work/stubs/mappings/hello.json" <<'JSON'
{"request": {"method": "GET", "host": {"equalTo": "api.example.test"}, "url": "/hello"},
 "response": {"status": 200, "body": "stubbed hello", "headers": {"Content-Type": "text/plain"}}}
JSON
"$bin/understudy" serve --root "$work/stubs" --port 0 --proxy-mode --ca-dir "$work/ca" --no-journal \
    >"$work/understudy.out" 2>"$work/understudy.err" &
pids+=($!)
for _ in $(seq 1 100); do grep -qE '^http://' "$work/understudy.out" 2>/dev/null && break; sleep 0.1; done
understudy_port=$(head -n 1 "$work/understudy.out" | grep -oE '[0-9]+$')

mitm_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
"$venv/bin/mitmdump" --listen-host 127.0.0.1 --listen-port "$mitm_port" -q -s Benchmarks/proxy/mitm_stub.py \
    --set confdir="$work/mitm" --set connection_strategy=lazy >"$work/mitm.out" 2>&1 &
pids+=($!)
for _ in $(seq 1 100); do
    [[ -f "$work/mitm/mitmproxy-ca-cert.pem" ]] && curl -s -o /dev/null --proxy "http://127.0.0.1:$mitm_port" \
        --cacert "$work/mitm/mitmproxy-ca-cert.pem" https://api.example.test/hello && break
    sleep 0.2
done

# Both proxies answer the same before anything is measured.
for check in "$understudy_port $work/ca/ca.pem" "$mitm_port $work/mitm/mitmproxy-ca-cert.pem"; do
    read -r port ca <<<"$check"
    body=$(curl -s --proxy "http://127.0.0.1:$port" --cacert "$ca" https://api.example.test/hello)
    [[ "$body" == "stubbed hello" ]] || { echo "bench-proxy: the proxy on $port answered '$body'" >&2; exit 1; }
done

declare -A results
for round in $(seq 1 "$rounds"); do
    for mode in keepalive tunnels; do
        for proxy in understudy mitmproxy; do
            if [[ $proxy == understudy ]]; then port=$understudy_port ca=$work/ca/ca.pem
            else port=$mitm_port ca=$work/mitm/mitmproxy-ca-cert.pem; fi
            line=$("$bin/ForwardProxyBench" "$port" "$ca" https://api.example.test/hello "$seconds" "$connections" "$mode")
            echo "round $round $mode $proxy: $line (requests/s p50 p99 failures)" >&2
            results[$mode.$proxy]+="$line"$'\n'
        done
    done
done

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
echo
echo "Forward proxy, https://api.example.test/hello stubbed in the proxy, $connections connections, ${seconds} s × $rounds rounds (median)"
printf "%-34s %14s %14s %10s %10s\n" "case" "understudy" "mitmproxy" "ratio" ""
for mode in keepalive tunnels; do
    u=$(printf "%s" "${results[$mode.understudy]}" | awk '{print $1}' | median)
    m=$(printf "%s" "${results[$mode.mitmproxy]}" | awk '{print $1}' | median)
    up99=$(printf "%s" "${results[$mode.understudy]}" | awk '{print $3}' | median)
    mp99=$(printf "%s" "${results[$mode.mitmproxy]}" | awk '{print $3}' | median)
    label=$([[ $mode == keepalive ]] && echo "requests/s, keep-alive tunnels" || echo "new tunnels/s (CONNECT+TLS+1 req)")
    printf "%-34s %14s %14s %9.1f×\n" "$label" "$u" "$m" "$(echo "$u $m" | awk '{print ($2>0)?$1/$2:0}')"
    printf "%-34s %14s %14s\n" "  p99 ms" "$up99" "$mp99"
done
