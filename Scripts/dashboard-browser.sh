#!/usr/bin/env bash
# Drives the live dashboard (/__understudy/) in headless Chromium with Python's selenium, against
# `understudy serve` (the built binary) on a temporary copy of Examples/StatusPoster/Stubs plus a
# scenario: stubs shown, curl requests appearing live, a near-miss diff, a stub edited and served,
# a scenario reset, an admin token, 10,000 requests rendered, the Proxy tab of a --proxy-mode
# server, and no browser console error.
#
#   Scripts/dashboard-browser.sh                   # screenshots into a new temporary folder
#   DASHBOARD_SHOTS=/some/folder Scripts/dashboard-browser.sh
#
# Needs Debian's chromium and chromium-driver (.ci/run installs them); makes
# .build/dashboard-browser-venv with selenium on first use (4.51.0: 4.52.0 wants a certifi newer
# than the package index has).
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in chromium chromedriver curl; do
    command -v "$tool" >/dev/null || { echo "dashboard-browser.sh needs $tool (apt: chromium chromium-driver curl)" >&2; exit 1; }
done

swift build --product understudy
binary=$(swift build --show-bin-path)/understudy

venv=.build/dashboard-browser-venv
if [[ ! -x "$venv/bin/python" ]] || ! "$venv/bin/python" -c 'import selenium' 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet "selenium==4.51.0"
fi

shots=${DASHBOARD_SHOTS:-$(mktemp -d -t understudy-dashboard-shots.XXXXXX)}
mkdir -p "$shots"
work=$(mktemp -d -t understudy-dashboard.XXXXXX)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do
        kill "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    done
    rm -rf "$work"
}
trap cleanup EXIT

# A copy of the example, so edits made through the page never touch the repository, plus a
# scenario for the reset check.
cp -R Examples/StatusPoster/Stubs "$work/stubs"
cat >"$work/stubs/mappings/job-pending.json" <<'JSON'
{"name": "job pending", "scenarioName": "job", "requiredScenarioState": "Started", "newScenarioState": "Done",
 "request": {"method": "GET", "url": "/job"}, "response": {"status": 200, "body": "pending"}}
JSON
cat >"$work/stubs/mappings/job-done.json" <<'JSON'
{"name": "job done", "scenarioName": "job", "requiredScenarioState": "Done",
 "request": {"method": "GET", "url": "/job"}, "response": {"status": 200, "body": "done"}}
JSON
mkdir -p "$work/empty"

# start NAME ARGS...: starts `understudy serve --port 0` and sets the variable NAME to its base URL.
start() {
    local name=$1
    shift
    local out="$work/$name.out"
    "$binary" serve --port 0 "$@" >"$out" 2>"$work/$name.err" &
    pids+=($!)
    local url=""
    for _ in $(seq 1 300); do
        url=$(head -n 1 "$out" 2>/dev/null || true)
        [[ "$url" == http://* ]] && break
        sleep 0.1
    done
    if [[ "$url" != http://* ]]; then
        echo "understudy serve ($name) printed no base URL:" >&2
        cat "$out" "$work/$name.err" >&2
        exit 1
    fi
    grep -q "^dashboard: $url/__understudy/$" "$out" || {
        echo "understudy serve ($name) did not print its dashboard URL:" >&2
        cat "$out" >&2
        exit 1
    }
    printf -v "$name" '%s' "$url"
}

start plain_url --root "$work/stubs"
start token_url --root "$work/stubs" --admin-token dashboard-s3cret
start big_url --root "$work/empty"
start proxy_url --root "$work/empty" --proxy-mode --ca-dir "$work/ca"

echo "dashboard browser checks: screenshots in $shots"
UNDERSTUDY_URL="$plain_url" UNDERSTUDY_TOKEN_URL="$token_url" UNDERSTUDY_TOKEN=dashboard-s3cret \
    UNDERSTUDY_BIG_URL="$big_url" UNDERSTUDY_PROXY_URL="$proxy_url" DASHBOARD_SHOTS="$shots" \
    "$venv/bin/python" Tests/Compatibility/browser/test_dashboard.py
echo "dashboard browser checks passed; screenshots in $shots"
