#!/usr/bin/env bash
# Runs schemathesis (a property-based API tester nobody here wrote) against
# `understudy serve --openapi SPEC --openapi-validation enforce` with no stubs, for each spec below:
# the generated answers must conform, valid requests must be accepted and invalid ones refused.
# The specs: the two examples', a small one of ours with form and multipart bodies, and the four
# real descriptions in ../shared/realworld/openapi.
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

source Scripts/lib/serve.sh
work=$(mktemp -d)
trap 'serve_stop; rm -rf "$work"' EXIT

# run SPEC BASE_PATH [CHECKS [SCHEMATHESIS_ARGUMENT...]]: serves SPEC alone, then points
# schemathesis at URL+BASE_PATH with CHECKS (default: all of the above).
run() {
    local spec=$1 base_path=$2 out="$work/serve.out"
    local run_checks=${3:-$checks}
    shift 2
    [[ $# -gt 0 ]] && shift
    mkdir -p "$work/empty"
    serve_start "$out" --root "$work/empty" --openapi "$spec" --openapi-validation enforce
    local first_line=$SERVE_URL
    echo "== schemathesis: $spec against $first_line$base_path"
    "$SCHEMATHESIS" run "$spec" --url "$first_line$base_path" --phases examples,coverage,fuzzing \
        --checks "$run_checks" --max-examples 50 --seed 20261124 --no-color "$@"
    serve_stop
}

run Examples/StatusPoster/openapi.yaml ""
run Examples/OpenAPI/pets-3.0.yaml /v1
# Form and multipart bodies (a small spec of ours). In a urlencoded form a string where an array
# goes (`tags=AAA`) is the same bytes as an array of one, which the server accepts and schemathesis
# calls invalid, so POST /reviews runs without negative_data_rejection; curl checks its refusals
# (Scripts/real-clients.sh).
run Tests/Compatibility/openapi/forms.yaml "" "$checks" --exclude-name "POST /reviews"
run Tests/Compatibility/openapi/forms.yaml "" "${checks/,negative_data_rejection/}" --include-name "POST /reviews"

# Real descriptions nobody here wrote (../shared/realworld/openapi, see its SOURCES.md), each at its
# server URL's base path. Skipped with a note when the folder is absent (a clone without shared/).
real=../shared/realworld/openapi
if [[ -d "$real" ]]; then
    run "$real/adyen-balance-control-v2.json" /balance-control/api/v2
    run "$real/redocly-museum.yaml" /_mock/docs/openapi/museum-api
    run "$real/spotify-web-api-fixed.yml" /v1
    # Twilio requires HTTP basic everywhere, but two operations document only 200: a request without
    # credentials can be neither accepted (negative_data_rejection) nor refused with a documented
    # status. The mock answers 401 with WWW-Authenticate, as Prism does; those two run without
    # status_code_conformance, the rest with every check.
    twilio_undocumented=(--include-name "GET /v2/PhoneNumbers/{PhoneNumber}" --include-name "POST /v2/batch/query")
    run "$real/twilio-lookups-v2.json" "" "$checks" \
        --exclude-name "GET /v2/PhoneNumbers/{PhoneNumber}" --exclude-name "POST /v2/batch/query"
    run "$real/twilio-lookups-v2.json" "" "${checks/status_code_conformance,/}" "${twilio_undocumented[@]}"
else
    echo "== schemathesis: $real is not here; the real descriptions were not run"
    [[ "${CI:-}" == true ]] && exit 1
fi
