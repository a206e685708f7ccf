#!/usr/bin/env bash
# Three `understudy serve --fleet` nodes behind HAProxy on a throwaway PostgreSQL, checked with
# real processes (Tests/Compatibility/fleet/fleet_check.py): stubs added on any node, exact counts
# from any node, a contended scenario step taken once, a node killed with SIGKILL, the database
# restarted, the database not answering, and one node cut off from it by a network namespace
# (needs root and iproute2). About a minute; PostgreSQL and HAProxy from Debian.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v haproxy >/dev/null || { echo "HAProxy is not installed: apt-get install haproxy" >&2; exit 1; }
swift build --product understudy
# WireMock's Python client runs against a fleet node too, from python-compat.sh's venv (made here if missing).
venv=.build/python-compat-venv
if [[ ! -x "$venv/bin/python" ]]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet "wiremock==2.7.0" pytest requests
fi
PYTHON_WIREMOCK="$venv/bin/python" python3 Tests/Compatibility/fleet/fleet_check.py
