#!/usr/bin/env bash
# The dashboard's cost under load: wrk against one matched stub of a release `understudy serve`,
# with no dashboard open, then with the live feed open (a reader on /__understudy/events, which
# makes the server do all a page makes it do: watch the journal, build batches, write them), in
# alternating rounds. Prints each round and the median of each kind (target: at most 5% fewer
# requests per second with the feed open).
#
#   Scripts/dashboard-bench.sh              # 3 rounds of 10 s each way, after a release build
#   ROUNDS=1 SECONDS_EACH=3 Scripts/dashboard-bench.sh
#   SKIP_BUILD=1 Scripts/dashboard-bench.sh # use the release binary already built
#   CONFIG=debug Scripts/dashboard-bench.sh # the debug binary (slower; for a quick relative look)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${ROUNDS:-3}
seconds=${SECONDS_EACH:-10}
connections=${CONNECTIONS:-64}
threads=${THREADS:-2}

config=${CONFIG:-release}
[[ "${SKIP_BUILD:-0}" == 1 ]] || swift build -c "$config" --product understudy
binary=$(swift build -c "$config" --show-bin-path)/understudy

work=$(mktemp -d -t understudy-dashboard-bench.XXXXXX)
server_pid=""
feed_pid=""
cleanup() {
    [[ -n "$feed_pid" ]] && { kill "$feed_pid" 2>/dev/null || true; wait "$feed_pid" 2>/dev/null || true; }
    [[ -n "$server_pid" ]] && { kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; }
    rm -rf "$work"
}
trap cleanup EXIT

mkdir -p "$work/root/mappings"
echo '{"request":{"method":"GET","url":"/hello"},"response":{"status":200,"body":"hello"}}' \
    >"$work/root/mappings/hello.json"
"$binary" serve --port 0 --root "$work/root" >"$work/out" 2>"$work/err" &
server_pid=$!
for _ in $(seq 1 300); do
    url=$(head -n 1 "$work/out" 2>/dev/null || true)
    [[ "$url" == http://* ]] && break
    sleep 0.1
done
[[ "$url" == http://* ]] || { echo "no base URL" >&2; cat "$work/out" "$work/err" >&2; exit 1; }

rate() { wrk -t"$threads" -c"$connections" -d"${seconds}s" "$url/hello" | awk '/Requests\/sec/ {print $2}'; }
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

wrk -t"$threads" -c"$connections" -d2s "$url/hello" >/dev/null   # warm-up
closed=()
open=()
for round in $(seq 1 "$rounds"); do
    closed+=("$(rate)")
    curl -sN "$url/__understudy/events" >"$work/feed" &
    feed_pid=$!
    sleep 0.5
    open+=("$(rate)")
    kill "$feed_pid" 2>/dev/null || true
    wait "$feed_pid" 2>/dev/null || true
    feed_pid=""
    batches=$(grep -c '^event: requests' "$work/feed" || true)
    echo "round $round: no page ${closed[-1]} req/s; feed open ${open[-1]} req/s ($batches batches received)"
done
a=$(printf '%s\n' "${closed[@]}" | median)
b=$(printf '%s\n' "${open[@]}" | median)
awk -v a="$a" -v b="$b" 'BEGIN { printf "median: no page %.0f req/s, feed open %.0f req/s: %+.1f%%\n", a, b, (b - a) / a * 100 }'
