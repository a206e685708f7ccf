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
    rm -rf "$root"
}
trap cleanup EXIT

# A coprocess gives us its stdout as a pipe: reading the first line waits for the server itself.
coproc SERVER { exec .build/debug/understudy serve --port 0 --root "$root"; }
server_pid=$SERVER_PID
if ! IFS= read -r -t 60 first_line <&"${SERVER[0]}"; then
    echo "understudy serve printed no base URL" >&2
    exit 1
fi
# Keep draining the server's output so it never blocks on a full pipe.
cat <&"${SERVER[0]}" >/dev/null &

url=$(grep -oE 'https?://[^[:space:]]+' <<<"$first_line" | head -n 1 || true)
if [[ -z "$url" ]]; then
    echo "no URL in the server's first line: $first_line" >&2
    exit 1
fi
url=${url%/}

echo "python-wiremock against $url"
UNDERSTUDY_URL="$url" "$PYTHON" -m pytest -q Tests/Compatibility/python/test_wiremock_client.py
