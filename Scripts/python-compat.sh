#!/usr/bin/env bash
# Runs Tests/Compatibility/python (python-wiremock 2.7.0) against a fresh `understudy serve`.
#
#   Scripts/python-compat.sh            # makes .build/python-compat-venv on first use
#   PYTHON=/path/to/python Scripts/python-compat.sh   # a Python that already has wiremock and pytest
#
# The server prints its base URL as the first line on stdout (Scripts/lib/serve.sh waits for it);
# the test reads it from UNDERSTUDY_URL.
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

source Scripts/lib/serve.sh
root=$(mktemp -d)
trap 'serve_stop; rm -rf "$root" "$root.out" "$root.out.stderr"' EXIT
serve_start "$root.out" --root "$root"
url=$SERVE_URL

echo "python-wiremock against $url"
UNDERSTUDY_URL="$url" "$PYTHON" -m pytest -q Tests/Compatibility/python/test_wiremock_client.py
