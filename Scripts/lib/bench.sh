# Shared harness for the load scripts (Scripts/bench-server.sh, Scripts/soak.sh): start a server
# and read its base URL, run wrk and parse what it says, sample RSS, time things, clean up.
#
# Source it from a bash script that uses `set -euo pipefail`:
#   source "$(dirname "$0")/lib/bench.sh"
#   bench_init                      # makes $BENCH_TMP and the EXIT trap that stops everything started here
#   bench_require_wrk
#   bench_start_server ours .build/release/understudy serve --port 0 --root "$root"
#   bench_wrk "$BENCH_URL/hello" 10 64 2 && echo "$BENCH_RPS req/s, p99 $BENCH_P99_MS ms"
#   bench_stop_server "$BENCH_PID"
#
# Everything here talks to 127.0.0.1 only.

BENCH_PIDS=()
BENCH_TMP=""

# Makes a private temp folder and a trap that stops every process this harness started.
bench_init() {
    BENCH_TMP=$(mktemp -d "${TMPDIR:-/tmp}/understudy-bench.XXXXXX")
    trap bench_cleanup EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM
}

bench_cleanup() {
    local pid
    for pid in "${BENCH_PIDS[@]:-}"; do
        [[ -n "$pid" ]] && bench_stop_server "$pid"
    done
    BENCH_PIDS=()
    [[ -n "$BENCH_TMP" && -d "$BENCH_TMP" ]] && rm -rf "$BENCH_TMP"
    return 0
}

bench_log() { printf "[%3ds] %s\n" "$SECONDS" "$*" >&2; }

# Installs wrk through apt-get when it is missing (the CI image and fresh machines lack it).
bench_require_wrk() { bench_require_command wrk wrk; }

# bench_require_command COMMAND DEBIAN_PACKAGE: installs the package through apt-get when COMMAND
# is missing (h2load is in nghttp2-client, nginx in nginx).
bench_require_command() {
    local command=$1 package=$2
    command -v "$command" >/dev/null 2>&1 && return 0
    bench_log "$command is missing; installing $package with apt-get"
    local sudo=""
    [[ $(id -u) -ne 0 ]] && sudo="sudo"
    $sudo apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$package" >/dev/null
    command -v "$command" >/dev/null 2>&1 || { bench_log "could not install $command ($package)"; return 1; }
}

# Milliseconds since the epoch, with microseconds, without forking (bash 5's EPOCHREALTIME).
bench_now_ms() {
    local t=${EPOCHREALTIME/,/.}
    local seconds=${t%.*} micros=${t#*.}
    printf '%d.%03d' $(( seconds * 1000 + 10#${micros:0:3} )) "$(( 10#${micros:3:3} ))"
}

# bench_start_server NAME COMMAND...
# Starts COMMAND with its stdout on a pipe, waits (at most BENCH_START_TIMEOUT seconds, default 60)
# for the first line, and takes the base URL from it. Sets BENCH_PID, BENCH_URL, BENCH_PORT, and
# BENCH_FIRST_LINE_MS (from just before the start to the first line), and BENCH_FIRST_LINE. Later output goes to
# $BENCH_TMP/NAME.log; stderr too.
bench_start_server() {
    local name=$1
    shift
    local fifo="$BENCH_TMP/$name.fifo" log="$BENCH_TMP/$name.log"
    rm -f "$fifo"
    mkfifo "$fifo"
    local started
    started=$(bench_now_ms)
    "$@" >"$fifo" 2>>"$log" &
    BENCH_PID=$!
    BENCH_PIDS+=("$BENCH_PID")
    local fd line=""
    exec {fd}<"$fifo"
    if ! read -r -t "${BENCH_START_TIMEOUT:-60}" line <&"$fd"; then
        exec {fd}<&-
        bench_log "$name printed no first line; its log:"
        cat "$log" >&2
        return 1
    fi
    local now
    now=$(bench_now_ms)
    BENCH_FIRST_LINE_MS=$(awk -v a="$started" -v b="$now" 'BEGIN { printf "%.1f", b - a }')
    # Keep draining the pipe so the server never blocks writing to it.
    cat <&"$fd" >>"$log" &
    exec {fd}<&-
    BENCH_FIRST_LINE=$line
    BENCH_URL=$(grep -oE 'http://127\.0\.0\.1:[0-9]+' <<<"$line" | head -n 1 || true)
    if [[ -z "$BENCH_URL" ]]; then
        bench_log "$name's first line has no loopback URL: $line"
        return 1
    fi
    BENCH_PORT=${BENCH_URL##*:}
}

# bench_https_url NAME: the first https://127.0.0.1:PORT that the server bench_start_server started
# as NAME printed, on its first line or later (waits up to 10 s). Sets BENCH_HTTPS_URL.
bench_https_url() {
    local name=$1 i
    BENCH_HTTPS_URL=""
    for i in $(seq 1 100); do
        BENCH_HTTPS_URL=$({ printf '%s\n' "$BENCH_FIRST_LINE"; cat "$BENCH_TMP/$name.log" 2>/dev/null; } \
            | grep -oE 'https://127\.0\.0\.1:[0-9]+' | head -n 1 || true)
        [[ -n "$BENCH_HTTPS_URL" ]] && return 0
        sleep 0.1
    done
    bench_log "$name printed no https:// URL; its log:"
    cat "$BENCH_TMP/$name.log" >&2
    return 1
}

# bench_free_ports N: prints N loopback ports that were free a moment ago, one a line.
bench_free_ports() {
    python3 -c '
import socket, sys
held = [socket.socket() for _ in range(int(sys.argv[1]))]
for s in held:
    s.bind(("127.0.0.1", 0))
print("\n".join(str(s.getsockname()[1]) for s in held))' "$1"
}

# bench_wait_port PORT: waits (at most 10 s) until 127.0.0.1:PORT accepts a connection.
bench_wait_port() {
    local port=$1 i fd
    for i in $(seq 1 100); do
        if { exec {fd}<>"/dev/tcp/127.0.0.1/$port"; } 2>/dev/null; then
            exec {fd}<&-
            return 0
        fi
        sleep 0.1
    done
    bench_log "nothing listens on 127.0.0.1:$port"
    return 1
}

# bench_start_nginx CONFIG PORT...: runs nginx in the foreground (CONFIG says `daemon off;`) with
# BENCH_TMP as its prefix, and waits until every PORT listens. Sets BENCH_PID: the master, which
# stops its workers when it stops; bench_cpu_us counts the workers too.
bench_start_nginx() {
    local config=$1 port
    shift
    nginx -p "$BENCH_TMP" -e "$BENCH_TMP/nginx-error.log" -c "$config" >>"$BENCH_TMP/nginx.log" 2>&1 &
    BENCH_PID=$!
    BENCH_PIDS+=("$BENCH_PID")
    for port in "$@"; do
        if ! bench_wait_port "$port"; then
            cat "$BENCH_TMP/nginx.log" "$BENCH_TMP/nginx-error.log" >&2 2>/dev/null || true
            return 1
        fi
    done
}

# bench_stop_server PID: SIGTERM, then SIGKILL after 5 s; forgets the pid.
bench_stop_server() {
    local pid=$1 i
    if kill -0 "$pid" 2>/dev/null; then
        kill -TERM "$pid" 2>/dev/null || true
        for i in $(seq 1 50); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done
        kill -KILL "$pid" 2>/dev/null || true
    fi
    wait "$pid" 2>/dev/null || true
    local kept=() p
    for p in "${BENCH_PIDS[@]:-}"; do [[ -n "$p" && "$p" != "$pid" ]] && kept+=("$p"); done
    BENCH_PIDS=("${kept[@]:-}")
    return 0
}

# bench_http_status PORT PATH: one GET over bash's /dev/tcp (no fork, so it can time start-up);
# prints the status code, or nothing when the connection fails.
bench_http_status() {
    local port=$1 path=$2 fd line
    exec {fd}<>"/dev/tcp/127.0.0.1/$port" 2>/dev/null || return 1
    printf 'GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n' "$path" >&"$fd"
    read -r -t 10 line <&"$fd" || true
    exec {fd}<&-
    line=${line%$'\r'}
    [[ $line =~ ^HTTP/1\.[01]\ ([0-9]{3}) ]] && printf '%s' "${BASH_REMATCH[1]}"
}

# Converts one of wrk's durations (812.00us, 1.20ms, 2.03s, 1.5m) to milliseconds.
bench_duration_ms() {
    awk -v d="$1" 'BEGIN {
        n = d + 0; u = d; sub(/^[0-9.]+/, "", u)
        if (u == "us") n /= 1000; else if (u == "s") n *= 1000; else if (u == "m") n *= 60000
        printf "%.2f", n }'
}

# CPU time (user + system) PID and its children (nginx's workers) have used, in microseconds.
bench_cpu_us() {
    local files=("/proc/$1/stat") child
    for child in $(cat /proc/"$1"/task/*/children 2>/dev/null); do files+=("/proc/$child/stat"); done
    awk -v hz="$(getconf CLK_TCK)" '{ t += $14 + $15 } END { if (NR) printf "%.0f", t * 1000000 / hz }' \
        "${files[@]}" 2>/dev/null || true
}

# bench_wrk URL SECONDS CONNECTIONS THREADS [LUA_SCRIPT]
# Runs wrk --latency and sets BENCH_RPS, BENCH_REQUESTS, BENCH_P50_MS, BENCH_P99_MS,
# BENCH_SOCKET_ERRORS (connect+read+write+timeout; each alone in BENCH_ERRORS_CONNECT,
# _READ, _WRITE, _TIMEOUT) and BENCH_NON_2XX. What a Lua script's done() prints is in the output
# too (see bench_wrk_script_value). With BENCH_SERVER_PID set,
# also BENCH_CPU_US_PER_REQ: the server's CPU time per request, which other load on the machine
# disturbs far less than throughput. The full output is in $BENCH_TMP/wrk.last.
bench_wrk() {
    local url=$1 seconds=$2 connections=$3 threads=$4 script=${5:-}
    local out="$BENCH_TMP/wrk.last"
    ((threads <= connections)) || threads=$connections  # wrk wants a connection per thread at least
    local args=(--latency -t "$threads" -c "$connections" -d "${seconds}s" --timeout 10s)
    [[ -n "$script" ]] && args+=(-s "$script")
    local cpu_before=""
    [[ -n "${BENCH_SERVER_PID:-}" ]] && cpu_before=$(bench_cpu_us "$BENCH_SERVER_PID")
    wrk "${args[@]}" "$url" >"$out" 2>&1 || { cat "$out" >&2; return 1; }
    BENCH_CPU_US_PER_REQ=""
    if [[ -n "$cpu_before" ]]; then
        local cpu_after
        cpu_after=$(bench_cpu_us "$BENCH_SERVER_PID")
        BENCH_CPU_US_PER_REQ=$(awk -v a="$cpu_before" -v b="$cpu_after" -v n="$(awk '/requests in/ { print $1 }' "$out")" \
            'BEGIN { if (n > 0 && b != "") printf "%.1f", (b - a) / n }')
    fi
    BENCH_RPS=$(awk '/^Requests\/sec:/ { printf "%.0f", $2 }' "$out")
    BENCH_REQUESTS=$(awk '/requests in/ { print $1 }' "$out")
    BENCH_P50_MS=$(bench_duration_ms "$(awk '$1 == "50%" { print $2 }' "$out")")
    BENCH_P99_MS=$(bench_duration_ms "$(awk '$1 == "99%" { print $2 }' "$out")")
    local connect read write timeout
    read -r connect read write timeout < <(awk '/Socket errors:/ { gsub(/,/, ""); f = 1; print $4, $6, $8, $10 } END { if (!f) print 0, 0, 0, 0 }' "$out")
    BENCH_ERRORS_CONNECT=$connect BENCH_ERRORS_READ=$read BENCH_ERRORS_WRITE=$write BENCH_ERRORS_TIMEOUT=$timeout
    BENCH_SOCKET_ERRORS=$((connect + read + write + timeout))
    BENCH_NON_2XX=$(awk '/Non-2xx or 3xx responses:/ { print $5 }' "$out")
    BENCH_NON_2XX=${BENCH_NON_2XX:-0}
}

# bench_h2load URL SECONDS CONNECTIONS STREAMS THREADS [H2LOAD_ARGUMENT...]
# Runs h2load for SECONDS (-D) with STREAMS concurrent streams on each connection (-m); sets
# BENCH_RPS, BENCH_REQUESTS (done), BENCH_FAILED (failed + errored + timed out), BENCH_NON_2XX,
# BENCH_PROTOCOL (what ALPN or prior knowledge gave: h2, http/1.1) and, with BENCH_SERVER_PID set,
# BENCH_CPU_US_PER_REQ. The full output is in $BENCH_TMP/h2load.last.
bench_h2load() {
    local url=$1 seconds=$2 connections=$3 streams=$4 threads=$5
    shift 5
    local out="$BENCH_TMP/h2load.last"
    ((threads <= connections)) || threads=$connections
    local cpu_before=""
    [[ -n "${BENCH_SERVER_PID:-}" ]] && cpu_before=$(bench_cpu_us "$BENCH_SERVER_PID")
    h2load -c "$connections" -m "$streams" -t "$threads" -D "$seconds" "$@" "$url" >"$out" 2>&1 \
        || { cat "$out" >&2; return 1; }
    BENCH_RPS=$(awk '/^finished in/ { printf "%.0f", $4 }' "$out")
    local done failed errored timeout
    read -r done failed errored timeout < <(awk '/^requests:/ { print $6, $10, $12, $14 }' "$out")
    BENCH_REQUESTS=${done:-0}
    BENCH_FAILED=$((${failed:-0} + ${errored:-0} + ${timeout:-0}))
    BENCH_NON_2XX=$(awk '/^status codes:/ { print $5 + $7 + $9 }' "$out")
    BENCH_NON_2XX=${BENCH_NON_2XX:-0}
    BENCH_PROTOCOL=$(awk '/^Application protocol:/ { print $3 }' "$out")
    bench_cpu_per_request "$cpu_before" "$BENCH_REQUESTS"
}

# bench_s_time PORT SECONDS CLIENTS PATH: CLIENTS `openssl s_time -new` at once for SECONDS, each
# making one TLS connection after another with a full handshake (s_time -new never offers a
# session to resume) and one HTTP/1.0 GET PATH on each. Sets BENCH_RPS (connections per second of
# wall time), BENCH_REQUESTS (connections) and, with BENCH_SERVER_PID set, BENCH_CPU_US_PER_REQ.
bench_s_time() {
    local port=$1 seconds=$2 clients=$3 path=$4 i
    local cpu_before="" started finished pids=()
    [[ -n "${BENCH_SERVER_PID:-}" ]] && cpu_before=$(bench_cpu_us "$BENCH_SERVER_PID")
    started=$(bench_now_ms)
    for i in $(seq 1 "$clients"); do
        openssl s_time -new -connect "127.0.0.1:$port" -time "$seconds" -www "$path" >"$BENCH_TMP/s_time.$i" 2>&1 &
        pids+=("$!")
    done
    for i in "${pids[@]}"; do wait "$i" || true; done
    finished=$(bench_now_ms)
    BENCH_REQUESTS=$(cat "$BENCH_TMP"/s_time.* | awk '/connections in .* real seconds/ { n += $1 } END { print n + 0 }')
    BENCH_RPS=$(awk -v n="$BENCH_REQUESTS" -v a="$started" -v b="$finished" \
        'BEGIN { printf "%.0f", n * 1000 / (b - a) }')
    rm -f "$BENCH_TMP"/s_time.*
    bench_cpu_per_request "$cpu_before" "$BENCH_REQUESTS"
}

# bench_cpu_per_request CPU_BEFORE REQUESTS: sets BENCH_CPU_US_PER_REQ from BENCH_SERVER_PID's CPU
# time since CPU_BEFORE (empty when CPU_BEFORE is).
bench_cpu_per_request() {
    BENCH_CPU_US_PER_REQ=""
    [[ -n "$1" ]] || return 0
    BENCH_CPU_US_PER_REQ=$(awk -v a="$1" -v b="$(bench_cpu_us "$BENCH_SERVER_PID")" -v n="$2" \
        'BEGIN { if (n > 0 && b != "") printf "%.1f", (b - a) / n }')
}

# bench_wrk_script_value KEY: the value a wrk Lua script printed as a "KEY VALUE" line in its
# done() hook, from the last bench_wrk run (empty when it printed none).
bench_wrk_script_value() {
    awk -v k="$1" '$1 == k { v = $2 } END { print v }' "$BENCH_TMP/wrk.last"
}

# Resident set size of PID in KiB, from /proc/PID/status (empty once the process is gone).
bench_rss_kb() {
    awk '/^VmRSS:/ { print $2 }' "/proc/$1/status" 2>/dev/null || true
}

# bench_rss_sampler_start PID SECONDS FILE: appends "elapsed-seconds rss-KiB" to FILE every SECONDS
# (first sample at once) until bench_rss_sampler_stop. Sets BENCH_SAMPLER_PID.
bench_rss_sampler_start() {
    local pid=$1 every=$2 file=$3
    : >"$file"
    (
        local start=$SECONDS rss
        while kill -0 "$pid" 2>/dev/null; do
            rss=$(bench_rss_kb "$pid")
            [[ -n "$rss" ]] && printf '%d %s\n' $((SECONDS - start)) "$rss" >>"$file"
            sleep "$every"
        done
    ) &
    BENCH_SAMPLER_PID=$!
    BENCH_PIDS+=("$BENCH_SAMPLER_PID")
}

bench_rss_sampler_stop() {
    [[ -n "${BENCH_SAMPLER_PID:-}" ]] || return 0
    bench_stop_server "$BENCH_SAMPLER_PID"
    BENCH_SAMPLER_PID=""
}

# bench_rss_growth FILE WARMUP_SECONDS: reads a sampler's file and sets BENCH_RSS_REFERENCE (the
# first sample at or after WARMUP_SECONDS, else the last), BENCH_RSS_LAST, BENCH_RSS_PEAK (the
# largest from the reference on), BENCH_RSS_GROWTH (last against the reference, in %, one
# decimal) and BENCH_RSS_SAMPLES (every sample's KiB, space-separated).
bench_rss_growth() {
    local file=$1 warmup=$2
    read -r BENCH_RSS_REFERENCE BENCH_RSS_LAST BENCH_RSS_PEAK < <(awk -v w="$warmup" '
        { last = $2; if (ref == "" && $1 >= w) ref = $2; if (ref != "" && $2 > peak) peak = $2 }
        END { if (ref == "") { ref = last; peak = last }; print ref, last, peak }' "$file")
    BENCH_RSS_GROWTH=$(awk -v a="$BENCH_RSS_REFERENCE" -v b="$BENCH_RSS_LAST" 'BEGIN { if (a > 0) printf "%.1f", (b - a) * 100 / a; else print "n/a" }')
    BENCH_RSS_SAMPLES=$(awk '{ print $2 }' "$file" | paste -sd' ')
}

# "2 cores, 24 GiB": the machine, for report headers.
bench_machine() {
    printf '%s cores, %s' "$(nproc)" "$(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo)"
}

# bench_report_path NAME: sets BENCH_REPORT to Benchmarks/results/NAME-<UTC time>.txt (git-ignored)
# and makes the folder; a script then tees its table there.
bench_report_path() {
    mkdir -p Benchmarks/results
    BENCH_REPORT="Benchmarks/results/$1-$(date -u +%Y%m%d-%H%M%S).txt"
}

# Median of the numbers given as arguments.
bench_median() {
    printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END {
        if (NR == 0) exit
        if (NR % 2) printf "%.1f", v[(NR + 1) / 2]; else printf "%.1f", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# bench_ratio A B: A / B to two places ("n/a" when B is zero or missing).
bench_ratio() {
    awk -v a="${1:-0}" -v b="${2:-0}" 'BEGIN { if (b + 0 == 0) print "n/a"; else printf "%.2f", a / b }'
}

# bench_check LEFT OP RIGHT: prints "met" or "MISSED" for LEFT OP RIGHT (OP one of >= <=).
bench_check() {
    awk -v l="$1" -v op="$2" -v r="$3" 'BEGIN {
        if (l == "n/a" || l == "") { print "n/a"; exit }
        ok = (op == ">=") ? (l + 0 >= r + 0) : (l + 0 <= r + 0)
        print ok ? "met" : "MISSED" }'
}
