# Sourced by the scripts that drive a real `understudy serve` (python-compat, schemathesis,
# wiremock-admin-api, real-clients): start the built binary on free ports, wait for the URLs it
# prints first, and stop every server started when the script exits.
#
#   source Scripts/lib/serve.sh
#   serve_start "$work/serve.out" --root "$root"     # sets SERVE_URL (and SERVE_HTTPS_URL with --https-port)
#   serve_stop                                       # stops them all; also run on exit

SERVE_PIDS=()

serve_stop() {
    local pid
    for pid in "${SERVE_PIDS[@]}"; do
        kill "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    done
    SERVE_PIDS=()
}

# serve_start OUT ARGS...: `understudy serve --port 0 ARGS` writing its standard output to OUT and
# its standard error (warnings, logs) to OUT.stderr. The first line of OUT is the http:// URL, and
# with --https-port the second the https:// one.
serve_start() {
    local out=$1
    shift
    local wants_https=""
    [[ " $* " == *" --https-port "* ]] && wants_https=1
    .build/debug/understudy serve --port 0 "$@" >"$out" 2>"$out.stderr" &
    local pid=$!
    SERVE_PIDS+=("$pid")
    SERVE_URL=""
    SERVE_HTTPS_URL=""
    for _ in $(seq 1 600); do
        SERVE_URL=$(sed -n 1p "$out" 2>/dev/null | grep -oE '^http://[^[:space:]]+' || true)
        [[ -n "$wants_https" ]] && SERVE_HTTPS_URL=$(sed -n 2p "$out" 2>/dev/null | grep -oE '^https://[^[:space:]]+' || true)
        [[ -n "$SERVE_URL" && ( -z "$wants_https" || -n "$SERVE_HTTPS_URL" ) ]] && break
        kill -0 "$pid" 2>/dev/null || { echo "understudy serve exited early:" >&2; cat "$out" "$out.stderr" >&2; exit 1; }
        sleep 0.1
    done
    if [[ -z "$SERVE_URL" || ( -n "$wants_https" && -z "$SERVE_HTTPS_URL" ) ]]; then
        echo "understudy serve did not print its URLs first:" >&2
        cat "$out" "$out.stderr" >&2
        exit 1
    fi
    SERVE_URL=${SERVE_URL%/}
    SERVE_HTTPS_URL=${SERVE_HTTPS_URL%/}
}
