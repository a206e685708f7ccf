#!/usr/bin/env bash
# The server benchmark: `understudy serve` side by side with a bare SwiftNIO hello-world built from
# this package (Benchmarks/BareNIOServer), on loopback, with wrk. Prints a table and writes it to
# Benchmarks/results/server-<date>.txt.
#
# Then HTTP/2 and TLS (case 6): understudy, a bare SwiftNIO server for the same protocol
# (Benchmarks/BareNIOHTTP2Server) and nginx as the ceiling, measured in turn: plain HTTP/1.1 and
# HTTPS with wrk, h2c and h2 over TLS with h2load, full TLS handshakes with openssl s_time.
#
#   Scripts/bench-server.sh           # about 11 minutes on 2 cores (plus the release build)
#   QUICK=1 Scripts/bench-server.sh   # about 2 minutes, for a smoke check; figures are rough
#
# Settings (environment; QUICK=1 changes the defaults shown second):
#   BENCH_SECONDS=10|2          length of each measured wrk run
#   BENCH_WARMUP_SECONDS=2|1    an unmeasured wrk run before each measured one
#   BENCH_THREADS=2             wrk threads
#   BENCH_STUBS=10000           stubs (and mapping files) for the large-store cases
#   BENCH_404_CONNECTIONS=1     connections for the 404 latency case (1 = service time, no queueing)
#   BENCH_DISTINCT_CONNECTIONS=64   connections for the 404 case where every request asks for a
#                               different unmatched URL (Scripts/lib/distinct-urls.lua)
#   BENCH_IMPORT_STUBS=30000    stubs posted at once to /__admin/mappings/import, then listed
#   BENCH_STARTUP_RUNS=15|3     start-ups timed for the median
#   BENCH_RSS_REQUESTS=1000000|50000    requests for the memory case
#   BENCH_RSS_SAMPLE_SECONDS=10|2       RSS sampling period (the first period is the warm-up)
#   BENCH_RSS_MAX_SECONDS=150|10        the memory case stops here even short of its requests
#   SKIP_BUILD=1                use the release binaries already built
#   BENCH_PREVIOUS=path         an `understudy` binary of an earlier commit: the matched-stub, the
#                               distinct-URL 404, the import cases and case 6 (HTTP/1.1, HTTPS, h2c,
#                               h2 over TLS) measure it too, for a before/after
#   SKIP_H2_TLS=1               leave out case 6 (HTTP/2, TLS, nginx)
#   ONLY_H2_TLS=1               run case 6 alone (about 3 minutes with BENCH_TURNS=1)
#   BENCH_TURNS=2|1             case 6: rounds of its three servers in turn (each keeps its best)
#   BENCH_H2_CONNECTIONS=16     case 6: h2load connections (-c)
#   BENCH_H2_STREAMS=32         case 6: h2load concurrent streams per connection (-m)
#   BENCH_TLS_CLIENTS=8         case 6: `openssl s_time -new` processes at once for the handshakes
#
# Targets (issue 3): matched stub ≥ 1.0× the bare server; 10,000 stubs ≥ 0.9× one stub;
# 404 p99 ≤ 5 ms at 10,000 stubs; start-up ≤ 0.5 s; RSS flat (growth ≤ 10% after warm-up).
# Targets (issue 17): 404 p99 ≤ 5 ms at 10,000 stubs and 64 connections, every URL different;
# importing 30,000 stubs ≤ 1 s.
# Targets (issue 13): plain HTTP/1.1 ≥ 0.65× nginx; HTTPS keep-alive ≥ 0.6× nginx; h2 ≥ 0.5× nginx.
# Targets (issue 29): plain HTTP/1.1 ≥ 0.75× nginx with p99 ≤ 1.5 ms; a 404 at 10,000 stubs p99 ≤ 5 ms
# with the same unmatched URL each time as with a new one each time.
# Case 6 needs h2load (nghttp2-client), nginx and openssl; the first two are installed if missing.
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/lib/bench.sh

quick=${QUICK:-0}
pick() { if [[ "$quick" == 1 ]]; then printf '%s' "$2"; else printf '%s' "$1"; fi; }
seconds=${BENCH_SECONDS:-$(pick 10 2)}
warmup=${BENCH_WARMUP_SECONDS:-$(pick 2 1)}
threads=${BENCH_THREADS:-2}
stubs=${BENCH_STUBS:-10000}
connections_404=${BENCH_404_CONNECTIONS:-1}
connections_distinct=${BENCH_DISTINCT_CONNECTIONS:-64}
import_stubs=${BENCH_IMPORT_STUBS:-30000}
startup_runs=${BENCH_STARTUP_RUNS:-$(pick 15 3)}
rss_requests=${BENCH_RSS_REQUESTS:-$(pick 1000000 50000)}
rss_every=${BENCH_RSS_SAMPLE_SECONDS:-$(pick 10 2)}
rss_max=${BENCH_RSS_MAX_SECONDS:-$(pick 150 10)}
h2_tls=$([[ "${SKIP_H2_TLS:-0}" == 1 ]] && echo 0 || echo 1)
turns=${BENCH_TURNS:-$(pick 2 1)}
h2_connections=${BENCH_H2_CONNECTIONS:-16}
h2_streams=${BENCH_H2_STREAMS:-32}
tls_clients=${BENCH_TLS_CLIENTS:-8}
cases=$((6 + h2_tls))

bench_init
bench_require_wrk
if [[ "$h2_tls" == 1 ]]; then
    bench_require_command h2load nghttp2-client
    bench_require_command nginx nginx
    command -v openssl >/dev/null 2>&1 || { bench_log "case 6 needs openssl (or set SKIP_H2_TLS=1)"; exit 1; }
fi

if [[ "${SKIP_BUILD:-0}" != 1 ]]; then
    bench_log "Building understudy, BareNIOServer and BareNIOHTTP2Server in release…"
    swift build -c release --product understudy >&2
    swift build -c release --product BareNIOServer >&2
    [[ "$h2_tls" == 1 ]] && swift build -c release --product BareNIOHTTP2Server >&2
fi
bin=$(swift build -c release --show-bin-path)
understudy="$bin/understudy"
bare="$bin/BareNIOServer"
bare_h2="$bin/BareNIOHTTP2Server"

# Mapping folders: one hello stub; one /items/0 stub; BENCH_STUBS exact stubs, one file each,
# named so that sorted load order is numeric order (stub 0 is added first: the worst position).
make_roots() {
    python3 - "$BENCH_TMP" "$stubs" <<'PY'
import json, os, sys
tmp, count = sys.argv[1], int(sys.argv[2])
def write(root, i, url, body):
    folder = os.path.join(tmp, root, "mappings")
    os.makedirs(folder, exist_ok=True)
    mapping = {"request": {"method": "GET", "url": url},
               "response": {"status": 200, "body": body, "headers": {"Content-Type": "text/plain"}}}
    with open(os.path.join(folder, "stub-%06d.json" % i), "w") as f:
        json.dump(mapping, f)
write("hello", 0, "/hello", "Hello, world!")
write("one", 0, "/items/0", "item 0")
for i in range(count):
    write("many", i, "/items/%d" % i, "item %d" % i)
PY
}
make_roots

results=()
row() { results+=("$(printf '%-44s %14s %14s %8s %10s %7s' "$@")"); }
note() { results+=("  $*"); }

# Runs an unmeasured warm-up, then the measured run; warns about errors and unexpected statuses.
measure() {
    local url=$1 connections=$2 expect_2xx=$3
    BENCH_SERVER_PID=$BENCH_PID
    bench_wrk "$url" "$warmup" "$connections" "$threads"
    bench_wrk "$url" "$seconds" "$connections" "$threads"
    BENCH_SERVER_PID=""
    if [[ "$BENCH_SOCKET_ERRORS" != 0 ]]; then note "warning: $BENCH_SOCKET_ERRORS socket errors on $url at $connections connections"; fi
    if [[ "$expect_2xx" == 1 && "$BENCH_NON_2XX" != 0 ]]; then note "warning: $BENCH_NON_2XX non-2xx answers on $url"; fi
    return 0
}

# Two servers running at once, measured in turn, twice each, keeping each one's better run: when
# the two figures are close, a burst of other load during one run would otherwise decide the ratio.
# Sets TURN_A_RPS, TURN_A_CPU, TURN_B_RPS, TURN_B_CPU.
better() { python3 -c "import sys; print(sys.argv[1] if float(sys.argv[1]) >= float(sys.argv[2]) else sys.argv[2])" "$1" "$2"; }
measure_in_turn() {
    local url_a=$1 pid_a=$2 url_b=$3 pid_b=$4 connections=$5
    TURN_A_RPS=0 TURN_A_CPU="" TURN_B_RPS=0 TURN_B_CPU=""
    for _ in 1 2; do
        BENCH_PID=$pid_a measure "$url_a" "$connections" 1
        [[ "$(better "$BENCH_RPS" "$TURN_A_RPS")" == "$BENCH_RPS" ]] && TURN_A_RPS=$BENCH_RPS TURN_A_CPU=$BENCH_CPU_US_PER_REQ
        BENCH_PID=$pid_b measure "$url_b" "$connections" 1
        [[ "$(better "$BENCH_RPS" "$TURN_B_RPS")" == "$BENCH_RPS" ]] && TURN_B_RPS=$BENCH_RPS TURN_B_CPU=$BENCH_CPU_US_PER_REQ
    done
    return 0
}

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
started_at=$(date -u '+%Y-%m-%d %H:%M:%S UTC')

if [[ "${ONLY_H2_TLS:-0}" != 1 ]]; then
# 1. Matched stub vs bare hello-world, 64 and 256 connections.
bench_log "1/$cases matched stub vs bare SwiftNIO"
declare -A rps p99 cpu
bench_start_server bare "$bare" --port 0
bare_url=$BENCH_URL bare_pid=$BENCH_PID
for c in 64 256; do
    measure "$bare_url/" "$c" 1
    rps[bare,$c]=$BENCH_RPS p99[bare,$c]=$BENCH_P99_MS cpu[bare,$c]=$BENCH_CPU_US_PER_REQ
done
bench_stop_server "$bare_pid"
bench_start_server hello "$understudy" serve --port 0 --root "$BENCH_TMP/hello"
hello_url=$BENCH_URL hello_pid=$BENCH_PID
for c in 64 256; do
    measure "$hello_url/hello" "$c" 1
    rps[ours,$c]=$BENCH_RPS p99[ours,$c]=$BENCH_P99_MS cpu[ours,$c]=$BENCH_CPU_US_PER_REQ
done
bench_stop_server "$hello_pid"
# The previous design, for comparison: every request through NIO's HTTP handlers.
bench_start_server general "$understudy" serve --port 0 --root "$BENCH_TMP/hello" --no-fast-path
general_url=$BENCH_URL general_pid=$BENCH_PID
for c in 64 256; do
    measure "$general_url/hello" "$c" 1
    rps[general,$c]=$BENCH_RPS cpu[general,$c]=$BENCH_CPU_US_PER_REQ
done
bench_stop_server "$general_pid"
# An earlier build, when given, measured in turn with this one (see measure_in_turn).
if [[ -n "${BENCH_PREVIOUS:-}" ]]; then
    bench_start_server now "$understudy" serve --port 0 --root "$BENCH_TMP/hello"
    now_url=$BENCH_URL now_pid=$BENCH_PID
    bench_start_server previous "$BENCH_PREVIOUS" serve --port 0 --root "$BENCH_TMP/hello"
    previous_url=$BENCH_URL previous_pid=$BENCH_PID
    for c in 64 256; do
        measure_in_turn "$now_url/hello" "$now_pid" "$previous_url/hello" "$previous_pid" "$c"
        rps[now,$c]=$TURN_A_RPS cpu[now,$c]=$TURN_A_CPU rps[previous,$c]=$TURN_B_RPS cpu[previous,$c]=$TURN_B_CPU
    done
    bench_stop_server "$now_pid"
    bench_stop_server "$previous_pid"
fi
for c in 64 256; do
    ratio=$(bench_ratio "${rps[ours,$c]}" "${rps[bare,$c]}")
    row "matched stub, $c conns: req/s" "${rps[ours,$c]}" "${rps[bare,$c]}" "$ratio" "≥ 1.0×" "$(bench_check "$ratio" ">=" 1.0)"
    row "matched stub, $c conns: p99 ms" "${p99[ours,$c]}" "${p99[bare,$c]}" "$(bench_ratio "${p99[ours,$c]}" "${p99[bare,$c]}")" "" ""
    row "matched stub, $c conns: server CPU µs/req" "${cpu[ours,$c]}" "${cpu[bare,$c]}" "$(bench_ratio "${cpu[ours,$c]}" "${cpu[bare,$c]}")" "" ""
    row "  --no-fast-path, $c conns: req/s" "${rps[general,$c]}" "${rps[bare,$c]}" "$(bench_ratio "${rps[general,$c]}" "${rps[bare,$c]}")" "" ""
    row "  --no-fast-path, $c conns: CPU µs/req" "${cpu[general,$c]}" "${cpu[bare,$c]}" "$(bench_ratio "${cpu[general,$c]}" "${cpu[bare,$c]}")" "" ""
    if [[ -n "${BENCH_PREVIOUS:-}" ]]; then
        ratio=$(bench_ratio "${rps[now,$c]}" "${rps[previous,$c]}")
        row "  this build vs BENCH_PREVIOUS, $c conns: req/s" "${rps[now,$c]}" "${rps[previous,$c]}" "$ratio" "≥ 0.95×" "$(bench_check "$ratio" ">=" 0.95)"
        row "  this build vs BENCH_PREVIOUS, $c conns: CPU µs/req" "${cpu[now,$c]}" "${cpu[previous,$c]}" "$(bench_ratio "${cpu[now,$c]}" "${cpu[previous,$c]}")" "" ""
    fi
done
note "(CPU µs/req: the server's user+system time per request; other load on the machine moves it far less than req/s)"
note "(--no-fast-path rows: the previous design, every request through NIO's HTTP handlers, same binary and run)"

# 2. Exact stub at the worst position among BENCH_STUBS vs the same stub alone (64 connections).
bench_log "2/$cases $stubs stubs at the worst position vs one stub"
# Both servers run at once and are measured in turn (see measure_in_turn).
bench_start_server one "$understudy" serve --port 0 --root "$BENCH_TMP/one"
one_url=$BENCH_URL one_pid=$BENCH_PID
bench_start_server many "$understudy" serve --port 0 --root "$BENCH_TMP/many"
many_url=$BENCH_URL many_pid=$BENCH_PID many_port=$BENCH_PORT
measure_in_turn "$one_url/items/0" "$one_pid" "$many_url/items/0" "$many_pid" 64
one_rps=$TURN_A_RPS one_cpu=$TURN_A_CPU many_rps=$TURN_B_RPS many_cpu=$TURN_B_CPU
bench_stop_server "$one_pid"
ratio=$(bench_ratio "$many_rps" "$one_rps")
row "$stubs stubs, worst position: req/s" "$many_rps" "$one_rps" "$ratio" "≥ 0.9×" "$(bench_check "$ratio" ">=" 0.9)"
row "$stubs stubs, worst position: CPU µs/req" "$many_cpu" "$one_cpu" "$(bench_ratio "$many_cpu" "$one_cpu")" "" ""
note "(baseline column: the same stub alone; the better of two alternating runs each)"

# 3. 404 with a near-miss report among BENCH_STUBS (same server).
bench_log "3/$cases 404 with near miss at $stubs stubs"
status=$(bench_http_status "$many_port" /no/such/thing || true)
[[ "$status" == 404 ]] || note "warning: /no/such/thing answered ${status:-nothing}, not 404"
measure "$many_url/no/such/thing" "$connections_404" 0
[[ "$BENCH_NON_2XX" == "$BENCH_REQUESTS" ]] || note "warning: not every 404-case answer was a 404 ($BENCH_NON_2XX of $BENCH_REQUESTS non-2xx)"
row "404 near miss, $stubs stubs: p99 ms" "$BENCH_P99_MS" "" "" "≤ 5 ms" "$(bench_check "$BENCH_P99_MS" "<=" 5)"
note "(at $connections_404 connection(s): $BENCH_RPS req/s, p50 $BENCH_P50_MS ms, server CPU $BENCH_CPU_US_PER_REQ µs/req)"

# 3b. Every request a different unmatched URL (no cache by request can help), at 64 connections,
# beside the matched stub on the same server; BENCH_PREVIOUS, when given, on the same folder.
# Sets D_RPS, D_P99, D_CPU for a server and a URL shape (a path with one %d, see distinct-urls.lua).
measure_distinct() {
    local url=$1 pid=$2 format=$3
    BENCH_SERVER_PID=$pid
    BENCH_URL_FORMAT=$format bench_wrk "$url" "$warmup" "$connections_distinct" "$threads" Scripts/lib/distinct-urls.lua
    BENCH_URL_FORMAT=$format bench_wrk "$url" "$seconds" "$connections_distinct" "$threads" Scripts/lib/distinct-urls.lua
    BENCH_SERVER_PID=""
    [[ "$BENCH_SOCKET_ERRORS" == 0 ]] || note "warning: $BENCH_SOCKET_ERRORS socket errors on $format"
    [[ "$BENCH_NON_2XX" == "$BENCH_REQUESTS" ]] || note "warning: $((BENCH_REQUESTS - BENCH_NON_2XX)) answers to $format were not 404"
    D_RPS=$BENCH_RPS D_P99=$BENCH_P99_MS D_CPU=$BENCH_CPU_US_PER_REQ
}
# The last shape is far from every stub (issue 29: the near-miss search could not prune there).
shapes=("/items/%d" "/users/%d/orders" "/no/such/thing/%d")
if [[ -n "${BENCH_PREVIOUS:-}" ]]; then
    bench_start_server manyprevious "$BENCH_PREVIOUS" serve --port 0 --root "$BENCH_TMP/many"
    previous_many_url=$BENCH_URL previous_many_pid=$BENCH_PID
fi
BENCH_PID=$many_pid measure "$many_url/items/0" "$connections_distinct" 1
matched_rps=$BENCH_RPS matched_p99=$BENCH_P99_MS matched_cpu=$BENCH_CPU_US_PER_REQ
for shape in "${shapes[@]}"; do
    bench_log "3/$cases 404 at $stubs stubs, $connections_distinct conns, every URL different: $shape"
    measure_distinct "$many_url" "$many_pid" "$shape"
    ours_rps=$D_RPS ours_p99=$D_P99 ours_cpu=$D_CPU
    prev_p99="" prev_rps="" prev_cpu=""
    if [[ -n "${BENCH_PREVIOUS:-}" ]]; then
        measure_distinct "$previous_many_url" "$previous_many_pid" "$shape"
        prev_rps=$D_RPS prev_p99=$D_P99 prev_cpu=$D_CPU
    fi
    label="404 $shape, $connections_distinct conns"
    row "$label: p99 ms" "$ours_p99" "$prev_p99" "$( [[ -n "$prev_p99" ]] && bench_ratio "$ours_p99" "$prev_p99")" "≤ 5 ms" "$(bench_check "$ours_p99" "<=" 5)"
    row "$label: req/s" "$ours_rps" "$prev_rps" "$( [[ -n "$prev_rps" ]] && bench_ratio "$ours_rps" "$prev_rps")" "" ""
    row "$label: CPU µs/req" "$ours_cpu" "$prev_cpu" "$( [[ -n "$prev_cpu" ]] && bench_ratio "$ours_cpu" "$prev_cpu")" "" ""
done
# The same unmatched URL again and again (issue 29 measured it ten times slower than new ones).
bench_log "3/$cases 404 at $stubs stubs, $connections_distinct conns, the same URL each time"
BENCH_PID=$many_pid measure "$many_url/no/such/thing" "$connections_distinct" 0
same_rps=$BENCH_RPS same_p99=$BENCH_P99_MS same_cpu=$BENCH_CPU_US_PER_REQ
prev_p99="" prev_rps="" prev_cpu=""
if [[ -n "${BENCH_PREVIOUS:-}" ]]; then
    BENCH_PID=$previous_many_pid measure "$previous_many_url/no/such/thing" "$connections_distinct" 0
    prev_rps=$BENCH_RPS prev_p99=$BENCH_P99_MS prev_cpu=$BENCH_CPU_US_PER_REQ
fi
label="404 /no/such/thing again, $connections_distinct conns"
row "$label: p99 ms" "$same_p99" "$prev_p99" "$( [[ -n "$prev_p99" ]] && bench_ratio "$same_p99" "$prev_p99")" "≤ 5 ms" "$(bench_check "$same_p99" "<=" 5)"
row "$label: req/s" "$same_rps" "$prev_rps" "$( [[ -n "$prev_rps" ]] && bench_ratio "$same_rps" "$prev_rps")" "" ""
row "$label: CPU µs/req" "$same_cpu" "$prev_cpu" "$( [[ -n "$prev_cpu" ]] && bench_ratio "$same_cpu" "$prev_cpu")" "" ""
row "matched /items/0, $connections_distinct conns: req/s" "$matched_rps" "" "" "" ""
row "matched /items/0, $connections_distinct conns: p99 ms" "$matched_p99" "" "" "" ""
row "matched /items/0, $connections_distinct conns: CPU µs/req" "$matched_cpu" "" "" "" ""
note "(404 rows: every request a different URL, the numbers from $((stubs)) up; baseline column: BENCH_PREVIOUS${BENCH_PREVIOUS:+ = $BENCH_PREVIOUS}, same folder, measured right after)"
[[ -n "${BENCH_PREVIOUS:-}" ]] && bench_stop_server "$previous_many_pid"
bench_stop_server "$many_pid"

# 4. Importing BENCH_IMPORT_STUBS stubs in one POST /__admin/mappings/import, then listing them.
bench_log "4/$cases import $import_stubs stubs through the admin API"
python3 - "$BENCH_TMP/import.json" "$import_stubs" <<'PY'
import json, sys
path, count = sys.argv[1], int(sys.argv[2])
mappings = [{"request": {"method": "GET", "url": "/imported/%d" % i},
             "response": {"status": 200, "body": "imported %d" % i, "headers": {"Content-Type": "text/plain"}}}
            for i in range(count)]
with open(path, "w") as f:
    json.dump({"mappings": mappings}, f)
PY
# curl_ms METHOD URL [DATA_FILE]: the wall time of one request in ms (the body goes to $BENCH_TMP/curl.out).
curl_ms() {
    local args=(-s -o "$BENCH_TMP/curl.out" -w '%{time_total}' -X "$1" "$2")
    [[ -n "${3:-}" ]] && args+=(-H 'Content-Type: application/json' --data-binary "@$3")
    curl "${args[@]}" | awk '{ printf "%.1f", $1 * 1000 }'
}
# import_case BINARY: sets I_IMPORT_MS, I_TOTAL, I_PAGE_MS (limit=100 deep in the list), I_ALL_MS.
import_case() {
    bench_start_server importing "$1" serve --port 0 --root "$BENCH_TMP/hello"
    local url=$BENCH_URL pid=$BENCH_PID page=() i
    I_IMPORT_MS=$(curl_ms POST "$url/__admin/mappings/import" "$BENCH_TMP/import.json")
    I_TOTAL=$(curl -s "$url/__admin/mappings?limit=1" | python3 -c 'import json, sys; print(json.load(sys.stdin).get("meta", {}).get("total"))')
    for i in 1 2 3 4 5; do page+=("$(curl_ms GET "$url/__admin/mappings?limit=100&offset=$((import_stubs / 2))")"); done
    I_PAGE_MS=$(bench_median "${page[@]}")
    I_ALL_MS=$(curl_ms GET "$url/__admin/mappings")
    bench_stop_server "$pid"
}
import_case "$understudy"
ours_import=$I_IMPORT_MS ours_total=$I_TOTAL ours_page=$I_PAGE_MS ours_all=$I_ALL_MS
prev_import="" prev_page="" prev_all=""
if [[ -n "${BENCH_PREVIOUS:-}" ]]; then
    import_case "$BENCH_PREVIOUS"
    prev_import=$I_IMPORT_MS prev_page=$I_PAGE_MS prev_all=$I_ALL_MS
fi
row "import $import_stubs stubs: ms" "$ours_import" "$prev_import" "$( [[ -n "$prev_import" ]] && bench_ratio "$ours_import" "$prev_import")" "≤ 1000 ms" "$(bench_check "$ours_import" "<=" 1000)"
row "list limit=100 offset=$((import_stubs / 2)): ms" "$ours_page" "$prev_page" "$( [[ -n "$prev_page" ]] && bench_ratio "$ours_page" "$prev_page")" "" ""
row "list all $import_stubs: ms" "$ours_all" "$prev_all" "$( [[ -n "$prev_all" ]] && bench_ratio "$ours_all" "$prev_all")" "" ""
# The hello folder's own stub makes one more.
[[ "$ours_total" == "$((import_stubs + 1))" ]] || note "warning: the list reported ${ours_total:-no} total after importing $import_stubs into one stub"
note "(curl's time_total, one POST of $(du -k "$BENCH_TMP/import.json" | cut -f1) KiB; a page is the median of 5; baseline column: BENCH_PREVIOUS)"

# 4. Start-up with BENCH_STUBS mapping files: to the first line, and to the first 200.
bench_log "5/$cases start-up with $stubs mapping files ($startup_runs runs)"
first_lines=() first_oks=()
for run in $(seq 1 "$startup_runs"); do
    before=$(bench_now_ms)
    bench_start_server "startup" "$understudy" serve --port 0 --root "$BENCH_TMP/many"
    first_lines+=("$BENCH_FIRST_LINE_MS")
    ok=""
    for _ in $(seq 1 1000); do
        [[ "$(bench_http_status "$BENCH_PORT" /items/0 || true)" == 200 ]] && { ok=1; break; }
    done
    after=$(bench_now_ms)
    [[ -n "$ok" ]] && first_oks+=("$(awk -v a="$before" -v b="$after" 'BEGIN { printf "%.1f", b - a }')")
    bench_stop_server "$BENCH_PID"
done
startup_line=$(bench_median "${first_lines[@]}")
startup_ok=$(bench_median "${first_oks[@]:-}")
row "start-up, $stubs files: first line ms" "$startup_line" "" "" "≤ 500 ms" "$(bench_check "$startup_line" "<=" 500)"
row "start-up, $stubs files: first 200 ms" "${startup_ok:-none}" "" "" "≤ 500 ms" "$(bench_check "${startup_ok:-}" "<=" 500)"
note "(medians of $startup_runs runs; min/max to the first line: $(printf '%s\n' "${first_lines[@]}" | sort -g | sed -n '1p;$p' | paste -sd/))"

# 5. RSS over BENCH_RSS_REQUESTS matched requests with the default journal (64 connections).
bench_log "6/$cases RSS over $rss_requests requests (default journal)"
bench_start_server rss "$understudy" serve --port 0 --root "$BENCH_TMP/hello"
rss_url=$BENCH_URL rss_pid=$BENCH_PID
rss_start=$(bench_rss_kb "$rss_pid")
samples="$BENCH_TMP/rss.samples"
bench_rss_sampler_start "$rss_pid" "$rss_every" "$samples"
served=0 errors=0 deadline=$((SECONDS + rss_max))
while ((served < rss_requests && SECONDS < deadline)); do
    bench_wrk "$rss_url/hello" "$rss_every" 64 "$threads"
    served=$((served + BENCH_REQUESTS))
    errors=$((errors + BENCH_SOCKET_ERRORS + BENCH_NON_2XX))
done
bench_rss_sampler_stop
rss_last=$(bench_rss_kb "$rss_pid")
bench_stop_server "$rss_pid"
# The first sample at or after one period of load is the post-warm-up figure.
bench_rss_growth "$samples" "$rss_every"
growth=$(awk -v a="$BENCH_RSS_REFERENCE" -v b="$rss_last" 'BEGIN { printf "%.1f", (b - a) * 100 / a }')
row "RSS KiB after warm-up → after $served req" "$rss_last" "$BENCH_RSS_REFERENCE" "+$growth%" "≤ +10%" "$(bench_check "$growth" "<=" 10)"
note "(idle at start $rss_start KiB; samples every ${rss_every}s: $BENCH_RSS_SAMPLES; errors or non-2xx: $errors)"
((served >= rss_requests)) || note "warning: stopped at BENCH_RSS_MAX_SECONDS=$rss_max before $rss_requests requests"

fi

# 6. HTTP/2 and TLS: understudy, the bare SwiftNIO server for the protocol, and nginx, in turn.
h2_results=()
if [[ "$h2_tls" == 1 ]]; then
    bench_log "7/$cases HTTP/2 and TLS: understudy, bare SwiftNIO and nginx in turn ($turns round(s))"
    h2_load_before=$(cut -d' ' -f1-3 /proc/loadavg)
    # One P-256 leaf for 127.0.0.1 (the key type understudy generates), served by all three.
    cert="$BENCH_TMP/leaf.pem" key="$BENCH_TMP/leaf.key"
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 -subj /CN=127.0.0.1 \
        -addext subjectAltName=IP:127.0.0.1 -keyout "$key" -out "$cert" 2>"$BENCH_TMP/openssl.log" \
        || { cat "$BENCH_TMP/openssl.log" >&2; exit 1; }

    bench_start_server h2ours "$understudy" serve --port 0 --root "$BENCH_TMP/hello" \
        --https-port 0 --https-cert "$cert" --https-key "$key"
    ours_pid=$BENCH_PID ours_http=$BENCH_URL
    bench_https_url h2ours
    ours_https=$BENCH_HTTPS_URL
    bench_start_server h2bare1 "$bare" --port 0
    bare1_pid=$BENCH_PID bare1_http=$BENCH_URL
    bench_start_server h2bare2 "$bare_h2" --cert "$cert" --key "$key"
    bare2_pid=$BENCH_PID bare2_h2c=$BENCH_URL
    bench_https_url h2bare2
    bare2_https=$BENCH_HTTPS_URL

    # nginx: as many workers as cores (understudy's event loops), no access log, no limit on
    # requests per connection (1.22 closes after 1000 by default; the others never do), TLS 1.2
    # and 1.3 (1.22's default stops at 1.2). Debian 12's nginx 1.22 predates `http2 on;`:
    # `listen … http2` turns HTTP/2 on per port, and without ssl that is h2c by prior knowledge.
    # A fourth port logs whether each TLS session was resumed, for the handshake case's check.
    read -r nginx_http nginx_h2c nginx_https nginx_handshake < <(bench_free_ports 4 | paste -sd' ')
    mkdir -p "$BENCH_TMP/nginx-temp"
    hello='location / { default_type text/plain; return 200 "Hello, world!"; }'
    cat >"$BENCH_TMP/nginx.conf" <<NGINX
worker_processes $(nproc);
daemon off;
pid $BENCH_TMP/nginx.pid;
error_log $BENCH_TMP/nginx-error.log warn;
events { worker_connections 4096; }
http {
    access_log off;
    client_body_temp_path $BENCH_TMP/nginx-temp/body;
    proxy_temp_path $BENCH_TMP/nginx-temp/proxy;
    fastcgi_temp_path $BENCH_TMP/nginx-temp/fastcgi;
    uwsgi_temp_path $BENCH_TMP/nginx-temp/uwsgi;
    scgi_temp_path $BENCH_TMP/nginx-temp/scgi;
    keepalive_requests 100000000;
    http2_max_requests 100000000;
    ssl_certificate $cert;
    ssl_certificate_key $key;
    ssl_protocols TLSv1.2 TLSv1.3;
    log_format resumed '\$ssl_session_reused';
    server { listen 127.0.0.1:$nginx_http; $hello }
    server { listen 127.0.0.1:$nginx_h2c http2; $hello }
    server { listen 127.0.0.1:$nginx_https ssl http2; $hello }
    server {
        listen 127.0.0.1:$nginx_handshake ssl;
        access_log $BENCH_TMP/nginx-handshakes.log resumed;
        $hello
    }
}
NGINX
    bench_start_nginx "$BENCH_TMP/nginx.conf" "$nginx_http" "$nginx_h2c" "$nginx_https" "$nginx_handshake"
    nginx_pid=$BENCH_PID

    # The measuring functions: URL SECONDS. wrk and h2load report errors and answers other than 2xx.
    h2_note() { h2_results+=("  $*"); }
    run_wrk() {
        bench_wrk "$1" "$2" 64 "$threads"
        [[ "$BENCH_SOCKET_ERRORS" == 0 ]] || h2_note "warning: $BENCH_SOCKET_ERRORS socket errors on $1"
        [[ "$BENCH_NON_2XX" == 0 ]] || h2_note "warning: $BENCH_NON_2XX non-2xx answers on $1"
        return 0
    }
    run_h2load() {
        bench_h2load "$1" "$2" "$h2_connections" "$h2_streams" "$threads"
        [[ "$BENCH_FAILED" == 0 ]] || h2_note "warning: $BENCH_FAILED failed requests on $1"
        [[ "$BENCH_NON_2XX" == 0 ]] || h2_note "warning: $BENCH_NON_2XX non-2xx answers on $1"
        [[ "$BENCH_PROTOCOL" == h2* ]] || h2_note "warning: $1 spoke ${BENCH_PROTOCOL:-nothing}, not h2 or h2c"
        return 0
    }
    run_handshakes() {
        local port=${1##*:}
        port=${port%%/*}
        bench_s_time "$port" "$2" "$tls_clients" /hello
    }

    # turn FUNCTION URL_OURS URL_BARE URL_NGINX: each server measured by FUNCTION (after a warm-up)
    # in turn, BENCH_TURNS rounds; sets T_RPS, T_CPU and T_P99 (ours, bare, nginx), each its best round.
    turn() {
        local measure=$1 i round
        local urls=("$2" "$3" "$4") pids=("$ours_pid" "$bare_pid_for_turn" "$nginx_pid")
        T_RPS=(0 0 0) T_CPU=("" "" "") T_P99=("" "" "")
        for round in $(seq 1 "$turns"); do
            for i in 0 1 2; do
                BENCH_SERVER_PID=${pids[$i]}
                "$measure" "${urls[$i]}" "$warmup"
                "$measure" "${urls[$i]}" "$seconds"
                BENCH_SERVER_PID=""
                if [[ "$(better "$BENCH_RPS" "${T_RPS[$i]}")" == "$BENCH_RPS" ]]; then
                    T_RPS[i]=$BENCH_RPS T_CPU[i]=$BENCH_CPU_US_PER_REQ T_P99[i]=${BENCH_P99_MS:-}
                fi
            done
        done
    }
    # h2row LABEL TARGET [P99_TARGET]: the figures of the last turn, with the ratio to nginx checked
    # against TARGET, and with P99_TARGET a p99 row checked against it (wrk's runs only).
    h2row() {
        local label=$1 target=$2 p99_target=${3:-} to_bare to_nginx check=""
        to_bare=$(bench_ratio "${T_RPS[0]}" "${T_RPS[1]}")
        to_nginx=$(bench_ratio "${T_RPS[0]}" "${T_RPS[2]}")
        [[ -n "$target" ]] && check=$(bench_check "$to_nginx" ">=" "$target")
        h2_results+=("$(printf '%-40s %10s %10s %10s %7s %7s %8s %7s' "$label" "${T_RPS[@]}" \
            "$to_bare" "$to_nginx" "${target:+≥ ${target}×}" "$check")")
        h2_results+=("$(printf '%-40s %10s %10s %10s %7s %7s' "  server CPU µs/req" "${T_CPU[@]:-}" \
            "$(bench_ratio "${T_CPU[0]}" "${T_CPU[1]}")" "$(bench_ratio "${T_CPU[0]}" "${T_CPU[2]}")")")
        if [[ -n "$p99_target" ]]; then
            h2_results+=("$(printf '%-40s %10s %10s %10s %7s %7s %8s %7s' "  p99 ms" "${T_P99[@]:-}" \
                "$(bench_ratio "${T_P99[0]}" "${T_P99[1]}")" "$(bench_ratio "${T_P99[0]}" "${T_P99[2]}")" \
                "≤ $p99_target ms" "$(bench_check "${T_P99[0]}" "<=" "$p99_target")")")
        fi
    }

    bare_pid_for_turn=$bare1_pid
    turn run_wrk "$ours_http/hello" "$bare1_http/hello" "http://127.0.0.1:$nginx_http/hello"
    # Issue 29: p99 ≤ 1.5 ms and ≥ 0.75× nginx here.
    h2row "HTTP/1.1 keep-alive, wrk 64 conns" 0.75 1.5
    bare_pid_for_turn=$bare2_pid
    turn run_wrk "$ours_https/hello" "$bare2_https/hello" "https://127.0.0.1:$nginx_https/hello"
    h2row "HTTPS/1.1 keep-alive, wrk 64 conns" 0.6
    turn run_h2load "$ours_http/hello" "$bare2_h2c/hello" "http://127.0.0.1:$nginx_h2c/hello"
    h2row "h2c prior knowledge, h2load" 0.5
    turn run_h2load "$ours_https/hello" "$bare2_https/hello" "https://127.0.0.1:$nginx_https/hello"
    h2row "h2 over TLS (ALPN), h2load" 0.5
    turn run_handshakes "$ours_https" "$bare2_https" "https://127.0.0.1:$nginx_handshake"
    h2row "full TLS handshakes/s, s_time -new" ""
    resumed=$(grep -c '^r' "$BENCH_TMP/nginx-handshakes.log" || true)
    logged=$(wc -l <"$BENCH_TMP/nginx-handshakes.log")
    h2_note "(handshakes: $tls_clients \`openssl s_time -new\` at once, a new connection and one GET each;" \
        "nginx logged $resumed of $logged sessions as resumed)"
    [[ "$resumed" == 0 ]] || h2_note "warning: some handshakes were resumptions, not full handshakes"

    # BENCH_PREVIOUS on the same four protocols, in turn with this build (its "bare NIO" column is
    # the previous build here, and ×bare the ratio to it).
    if [[ -n "${BENCH_PREVIOUS:-}" ]]; then
        bench_start_server h2previous "$BENCH_PREVIOUS" serve --port 0 --root "$BENCH_TMP/hello" \
            --https-port 0 --https-cert "$cert" --https-key "$key"
        previous_pid=$BENCH_PID previous_http=$BENCH_URL
        bench_https_url h2previous
        previous_https=$BENCH_HTTPS_URL
        bare_pid_for_turn=$previous_pid
        prevrow() {
            local ratio
            ratio=$(bench_ratio "${T_RPS[0]}" "${T_RPS[1]}")
            h2_results+=("$(printf '%-40s %10s %10s %10s %7s %7s %8s %7s' "$1" "${T_RPS[@]}" "$ratio" \
                "$(bench_ratio "${T_RPS[0]}" "${T_RPS[2]}")" "≥ 0.95×" "$(bench_check "$ratio" ">=" 0.95)")")
        }
        h2_note "(rows below: the middle column is BENCH_PREVIOUS = $BENCH_PREVIOUS, ×bare the ratio to it)"
        turn run_wrk "$ours_http/hello" "$previous_http/hello" "http://127.0.0.1:$nginx_http/hello"
        prevrow "HTTP/1.1 keep-alive vs previous build"
        turn run_wrk "$ours_https/hello" "$previous_https/hello" "https://127.0.0.1:$nginx_https/hello"
        prevrow "HTTPS/1.1 keep-alive vs previous build"
        turn run_h2load "$ours_http/hello" "$previous_http/hello" "http://127.0.0.1:$nginx_h2c/hello"
        prevrow "h2c prior knowledge vs previous build"
        turn run_h2load "$ours_https/hello" "$previous_https/hello" "https://127.0.0.1:$nginx_https/hello"
        prevrow "h2 over TLS (ALPN) vs previous build"
        bench_stop_server "$previous_pid"
    fi

    bench_stop_server "$ours_pid"
    bench_stop_server "$bare1_pid"
    bench_stop_server "$bare2_pid"
    bench_stop_server "$nginx_pid"
    h2_load_after=$(cut -d' ' -f1-3 /proc/loadavg)
fi

# The report.
load_after=$(cut -d' ' -f1-3 /proc/loadavg)
bench_report_path server
{
    echo "Understudy server benchmark, $started_at, $(bench_machine), QUICK=$quick"
    echo "wrk: ${seconds}s runs after ${warmup}s warm-up, $threads threads; both servers on MultiThreadedEventLoopGroup.singleton, loopback"
    echo "load average before: $load_before; after: $load_after (other processes on this machine share the cores)"
    echo ""
    printf '%-44s %14s %14s %8s %10s %7s\n' "case" "understudy" "baseline" "ratio" "target" "result"
    printf '%s\n' "${results[@]}"
    if [[ "$h2_tls" == 1 ]]; then
        echo ""
        echo "HTTP/2 and TLS: req/s (handshakes/s for the last case), each server the best of $turns round(s) in turn"
        echo "(${seconds}s runs after ${warmup}s warm-up; h2load -c $h2_connections -m $h2_streams -t $threads;" \
            "nginx $(nginx -v 2>&1 | sed 's|.*/||') with $(nproc) workers; one P-256 certificate for all three)"
        echo "load average at the start of case 6: $h2_load_before; at its end: $h2_load_after"
        echo ""
        printf '%-40s %10s %10s %10s %7s %7s %8s %7s\n' "case" "understudy" "bare NIO" "nginx" "×bare" "×nginx" \
            "target" "result"
        printf '%s\n' "${h2_results[@]}"
    fi
} | tee "$BENCH_REPORT"
bench_log "Written to $BENCH_REPORT"
