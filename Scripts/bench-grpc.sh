#!/usr/bin/env bash
# gRPC calls per second: `understudy serve` on WireMock's gRPC extension's descriptors beside a
# bare grpc-swift 2 server (Benchmarks/BareGRPCServer) answering the same calls, in turns, with
# h2load over h2c: unary calls (POST, content-type: application/grpc, te: trailers, a prefixed
# HelloRequest), and a server stream of 1,000 messages per call.
#
#   Scripts/bench-grpc.sh               # ROUNDS=3 BENCH_SECONDS=10 CASES="unary stream";
#                                        # SKIP_BUILD=1 uses the release builds as they are
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/lib/bench.sh
rounds=${ROUNDS:-3} seconds=${BENCH_SECONDS:-10} messages=1000
read -r -a cases <<<"${CASES:-unary stream}"
bench_init
bench_require_command h2load nghttp2-client
if [[ "${SKIP_BUILD:-}" != 1 ]]; then
    swift build -c release --product understudy >&2
    swift build -c release --product BareGRPCServer >&2
fi
descriptors=../shared/realworld/grpc/wiremock-grpc-extension/grpc
root="$BENCH_TMP/grpc-root"
mkdir -p "$root/grpc" "$root/mappings"
cp "$descriptors/greetings.dsc" "$root/grpc/"
echo '{"request":{"method":"POST","urlPath":"/com.example.grpc.GreetingService/greeting"},
 "response":{"jsonBody":{"greeting":"Hello"}}}' >"$root/mappings/greeting.json"
python3 - "$root/mappings/stream.json" "$messages" <<'PY'
import json, sys
chunks = [{"json": {"greeting": "Hello"}} for _ in range(int(sys.argv[2]))]
json.dump({"request": {"method": "POST", "urlPath": "/com.example.grpc.GreetingService/oneGreetingManyReplies"},
           "response": {"bodyChunks": chunks}}, open(sys.argv[1], "w"))
PY
# HelloRequest{name: "Tom"}, length-prefixed.
printf '\x00\x00\x00\x00\x05\x0a\x03Tom' >"$BENCH_TMP/request.bin"
declare -A url pid
bench_start_server understudy .build/release/understudy serve --port 0 --root "$root"
url[understudy]=$BENCH_URL pid[understudy]=$BENCH_PID
bench_start_server bare .build/release/BareGRPCServer --messages "$messages"
url[bare]=$BENCH_URL pid[bare]=$BENCH_PID
call=(-d "$BENCH_TMP/request.bin" -H "content-type: application/grpc" -H "te: trailers")
declare -A figures cpu
for round in $(seq 1 "$rounds"); do
    for case in "${cases[@]}"; do
        for who in understudy bare; do
            BENCH_SERVER_PID=${pid[$who]}
            if [[ "$case" == unary ]]; then
                target=${url[$who]}/com.example.grpc.GreetingService/greeting
                bench_h2load "$target" 2 16 32 2 "${call[@]}" && bench_h2load "$target" "$seconds" 16 32 2 "${call[@]}"
            else
                target=${url[$who]}/com.example.grpc.GreetingService/oneGreetingManyReplies
                bench_h2load "$target" "$seconds" 8 4 2 "${call[@]}"
            fi
            [[ "$BENCH_FAILED" == 0 ]] || bench_log "warning: $BENCH_FAILED failed calls on $case, $who"
            figures[$case,$who]+="$BENCH_RPS "
            cpu[$case,$who]+="$BENCH_CPU_US_PER_REQ "
            printf 'round %d %-6s %-10s %8s calls/s  %8s CPU µs/call\n' "$round" "$case" "$who" "$BENCH_RPS" \
                "$BENCH_CPU_US_PER_REQ"
        done
    done
done
bench_report_path grpc
{
    echo "gRPC over h2c, $(bench_machine), medians of $rounds alternating runs of ${seconds} s"
    printf '%-34s %12s %12s %7s %8s\n' "case" "understudy" "grpc-swift" "ratio" "target"
    for case in "${cases[@]}"; do
        # shellcheck disable=SC2086
        ours=$(bench_median ${figures[$case,understudy]}) bare=$(bench_median ${figures[$case,bare]})
        # shellcheck disable=SC2086
        ours_cpu=$(bench_median ${cpu[$case,understudy]}) bare_cpu=$(bench_median ${cpu[$case,bare]})
        label="unary calls/s (16 conns × 32 streams)"
        [[ "$case" == stream ]] && label="1,000-message streams/s (8 × 4)"
        printf '%-34s %12s %12s %7s %8s\n' "$label" "$ours" "$bare" "$(bench_ratio "$ours" "$bare")" "≥ 1.0×"
        printf '%-34s %12s %12s %7s\n' "  CPU µs per call" "$ours_cpu" "$bare_cpu" "$(bench_ratio "$ours_cpu" "$bare_cpu")"
    done
} | tee "$BENCH_REPORT"
