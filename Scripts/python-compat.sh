#!/usr/bin/env bash
# Runs Tests/Compatibility/python (python-wiremock 2.7.0) against a fresh `understudy serve`.
#
#   Scripts/python-compat.sh            # makes .build/python-compat-venv on first use
#   PYTHON=/path/to/python Scripts/python-compat.sh   # a Python that already has wiremock and pytest
#
# The server prints its base URL as the first line on stdout; the test reads it from UNDERSTUDY_URL.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --product understudy

if [[ -z "${PYTHON:-}" ]]; then
    venv=.build/python-compat-venv
    if [[ ! -x "$venv/bin/python" ]]; then
        python3 -m venv "$venv"
        "$venv/bin/pip" install --quiet "wiremock==2.7.0" pytest requests
    fi
    PYTHON="$venv/bin/python"
fi

root=$(mktemp -d)
server_pid=""
cleanup() {
    if [[ -n "$server_pid" ]]; then
        kill "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$root" "$root.out"
}
trap cleanup EXIT

# The server writes to a file; its first line is the base URL.
out="$root.out"
.build/debug/understudy serve --port 0 --root "$root" >"$out" 2>&1 &
server_pid=$!
first_line=""
for _ in $(seq 1 600); do
    first_line=$(head -n 1 "$out" 2>/dev/null || true)
    [[ -n "$first_line" ]] && break
    kill -0 "$server_pid" 2>/dev/null || { echo "understudy serve exited early:" >&2; cat "$out" >&2; exit 1; }
    sleep 0.1
done
if [[ -z "$first_line" ]]; then
    echo "understudy serve printed no base URL" >&2
    exit 1
fi

url=$(grep -oE 'https?://[^[:space:]]+' <<<"$first_line" | head -n 1 || true)
if [[ -z "$url" ]]; then
    echo "no URL in the server's first line: $first_line" >&2
    exit 1
fi
url=${url%/}

echo "python-wiremock against $url"
UNDERSTUDY_URL="$url" "$PYTHON" -m pytest -q Tests/Compatibility/python/test_wiremock_client.py
