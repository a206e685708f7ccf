#!/usr/bin/env bash
# Schemathesis drives `understudy serve`'s admin API from WireMock's own OpenAPI description of
# it: the one inside WireMock's standalone jar, which the PyPI package `wiremock` carries, read at
# run time (nothing of it is committed). Checks: no server error, every status documented, every
# body and content type as described. Where WireMock's own answers differ from its description,
# Tests/Compatibility/wiremock_admin_api/admin_api_spec.py follows WireMock and lists each case.
#
#   Scripts/wiremock-admin-api.sh            # makes .build/admin-api-venv on first use
#   SEED=7 EXAMPLES=300 Scripts/wiremock-admin-api.sh   # another seed, more cases per operation
#
# CI uses a fixed seed so a red run can be replayed; vary it locally to look further.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --product understudy

venv=.build/admin-api-venv
if ! "$venv/bin/python" -c 'import schemathesis, wiremock' 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet 'schemathesis==4.32.5' 'wiremock==2.7.0'
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
mkdir -p "$root/stubs/mappings" "$root/stubs/__files" "$root/report"

"$venv/bin/python" Tests/Compatibility/wiremock_admin_api/admin_api_spec.py "$root/admin-api.json"

.build/debug/understudy serve --port 0 --root "$root/stubs" >"$root/out" 2>&1 &
server_pid=$!
url=""
for _ in $(seq 1 600); do
    url=$(head -n 1 "$root/out" 2>/dev/null | grep -oE 'http://[^[:space:]]+' | head -n 1 || true)
    [[ -n "$url" ]] && break
    kill -0 "$server_pid" 2>/dev/null || { echo "understudy serve exited early:" >&2; cat "$root/out" >&2; exit 1; }
    sleep 0.1
done
[[ -n "$url" ]] || { echo "understudy serve printed no base URL" >&2; exit 1; }
url=${url%/}

echo "schemathesis $("$venv/bin/st" --version | awk '{print $NF}') against $url (seed ${SEED:-1})"
# Left out: shutdown (it stops the server) and recordings (they need a live target to record).
"$venv/bin/st" run "$root/admin-api.json" --url "$url" \
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance \
    --exclude-path-regex '^/__admin/(shutdown|recordings/.*)$' \
    --phases examples,coverage,fuzzing --max-examples "${EXAMPLES:-100}" --seed "${SEED:-1}" \
    --request-timeout 10 --no-color
