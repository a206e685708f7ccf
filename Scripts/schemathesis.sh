#!/usr/bin/env bash
# Runs schemathesis (a property-based API tester nobody here wrote) against
# `understudy serve --openapi SPEC --openapi-validation enforce` with no stubs, for each spec below:
# the generated answers must conform, valid requests must be accepted and invalid ones refused.
#
#   Scripts/schemathesis.sh                    # makes .build/schemathesis-venv on first use
#   SCHEMATHESIS=/path/to/schemathesis Scripts/schemathesis.sh
#
# Phases: examples, coverage and fuzzing (no stateful phase: a mock keeps no resources), a fixed
# seed and a bounded number of examples per operation, so a run takes seconds, not minutes.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --product understudy

if [[ -z "${SCHEMATHESIS:-}" ]]; then
    venv=.build/schemathesis-venv
    if [[ ! -x "$venv/bin/schemathesis" ]]; then
        python3 -m venv "$venv"
        "$venv/bin/pip" install --quiet "schemathesis==4.32.5"
    fi
    SCHEMATHESIS="$venv/bin/schemathesis"
fi

checks=not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance
checks+=,response_schema_conformance,negative_data_rejection,positive_data_acceptance

work=$(mktemp -d)
server_pid=""
stop_server() {
    if [[ -n "$server_pid" ]]; then
        kill "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
        server_pid=""
    fi
}
trap 'stop_server; rm -rf "$work"' EXIT

# run SPEC BASE_PATH: serves SPEC alone, then points schemathesis at URL+BASE_PATH.
run() {
    local spec=$1 base_path=$2 out="$work/serve.out"
    mkdir -p "$work/empty"
    .build/debug/understudy serve --port 0 --root "$work/empty" --openapi "$spec" --openapi-validation enforce \
        >"$out" 2>"$work/serve.err" &
    server_pid=$!
    local first_line=""
    for _ in $(seq 1 600); do
        first_line=$(head -n 1 "$out" 2>/dev/null || true)
        [[ -n "$first_line" ]] && break
        kill -0 "$server_pid" 2>/dev/null || { echo "understudy serve exited early:" >&2; cat "$work/serve.err" >&2; exit 1; }
        sleep 0.1
    done
    [[ -n "$first_line" ]] || { echo "understudy serve printed no base URL" >&2; exit 1; }
    echo "== schemathesis: $spec against $first_line$base_path"
    "$SCHEMATHESIS" run "$spec" --url "$first_line$base_path" --phases examples,coverage,fuzzing \
        --checks "$checks" --max-examples 50 --seed 20261124 --no-color
    stop_server
}

run Examples/StatusPoster/openapi.yaml ""
run Examples/OpenAPI/pets-3.0.yaml /v1
