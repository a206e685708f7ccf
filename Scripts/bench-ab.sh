#!/usr/bin/env bash
# This build against an earlier one, alternating, for a machine whose other load moves the
# figures between sequential runs: both servers run at once and take turns, ROUNDS times, on
# plain HTTP/1.1 (wrk), HTTPS/1.1 (wrk), h2c and h2 over TLS (h2load), and 404 near misses
# (wrk, every URL different); each line is one run. The medians per server are printed last.
#
#   BENCH_PREVIOUS=/path/to/old/understudy Scripts/bench-ab.sh
#
# Settings: ROUNDS=3, BENCH_SECONDS=10, SKIP_BUILD=1 (use .build/release/understudy as it is),
# PROTOCOLS="http https h2c h2 miss" (any of them, in that order).
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/lib/bench.sh
: "${BENCH_PREVIOUS:?set BENCH_PREVIOUS to an understudy binary of an earlier commit}"
rounds=${ROUNDS:-3} seconds=${BENCH_SECONDS:-10}
read -r -a protocols <<<"${PROTOCOLS:-http https h2c h2 miss}"
bench_init
bench_require_wrk
bench_require_command h2load nghttp2-client
[[ "${SKIP_BUILD:-}" == 1 ]] || swift build -c release --product understudy >&2
mkdir -p "$BENCH_TMP/hello/mappings"
echo '{"request":{"method":"GET","url":"/hello"},"response":{"status":200,"body":"Hello, world!"}}' \
    >"$BENCH_TMP/hello/mappings/hello.json"
cert="$BENCH_TMP/leaf.pem" key="$BENCH_TMP/leaf.key"
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 -subj /CN=127.0.0.1 \
    -addext subjectAltName=IP:127.0.0.1 -keyout "$key" -out "$cert" 2>/dev/null
declare -A url https pid
for who in now previous; do
    binary=.build/release/understudy
    [[ "$who" == previous ]] && binary=$BENCH_PREVIOUS
    bench_start_server "ab$who" "$binary" serve --port 0 --root "$BENCH_TMP/hello" \
        --https-port 0 --https-cert "$cert" --https-key "$key"
    pid[$who]=$BENCH_PID url[$who]=$BENCH_URL
    bench_https_url "ab$who"
    https[$who]=$BENCH_HTTPS_URL
done
declare -A figures
for round in $(seq 1 "$rounds"); do
    for protocol in "${protocols[@]}"; do
        for who in now previous; do
            BENCH_SERVER_PID=${pid[$who]}
            case $protocol in
                http) target=${url[$who]}/hello tool=wrk ;;
                https) target=${https[$who]}/hello tool=wrk ;;
                h2c) target=${url[$who]}/hello tool=h2load ;;
                h2) target=${https[$who]}/hello tool=h2load ;;
                miss) target=${url[$who]} tool=misses ;;
            esac
            if [[ "$tool" == misses ]]; then
                export BENCH_URL_FORMAT=/no/such/thing/%d
                bench_wrk "$target" 2 64 2 Scripts/lib/distinct-urls.lua
                bench_wrk "$target" "$seconds" 64 2 Scripts/lib/distinct-urls.lua
            elif [[ "$tool" == wrk ]]; then
                bench_wrk "$target" 2 64 2 && bench_wrk "$target" "$seconds" 64 2
            else
                bench_h2load "$target" 2 16 32 2 && bench_h2load "$target" "$seconds" 16 32 2
            fi
            figures[$protocol,$who]+="$BENCH_RPS "
            printf 'round %d %-6s %-9s %8s req/s  %6s CPU µs/req\n' "$round" "$protocol" "$who" "$BENCH_RPS" \
                "$BENCH_CPU_US_PER_REQ"
        done
    done
done
echo "medians of $rounds alternating runs (req/s): this build, BENCH_PREVIOUS = $BENCH_PREVIOUS, ratio"
for protocol in "${protocols[@]}"; do
    # shellcheck disable=SC2086
    now=$(bench_median ${figures[$protocol,now]}) previous=$(bench_median ${figures[$protocol,previous]})
    printf '%-6s %8s %8s %6s\n' "$protocol" "$now" "$previous" "$(bench_ratio "$now" "$previous")"
done
