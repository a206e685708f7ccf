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
# Then a second pass, positive data only, on POST /__admin/mappings and PUT /__admin/mappings/{id}:
# every stub the description calls valid must be accepted, with the description narrowed only
# where WireMock itself refuses what it allows (each place listed in admin_api_spec.py).
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

source Scripts/lib/serve.sh
root=$(mktemp -d)
trap 'serve_stop; rm -rf "$root"' EXIT
mkdir -p "$root/stubs/mappings" "$root/stubs/__files"

"$venv/bin/python" Tests/Compatibility/wiremock_admin_api/admin_api_spec.py "$root/admin-api.json"
"$venv/bin/python" Tests/Compatibility/wiremock_admin_api/admin_api_spec.py "$root/positive.json" --positive

serve_start "$root/out" --root "$root/stubs"
url=$SERVE_URL

echo "schemathesis $("$venv/bin/st" --version | awk '{print $NF}') against $url (seed ${SEED:-1})"
# Left out: shutdown (it stops the server) and recordings (they need a live target to record).
"$venv/bin/st" run "$root/admin-api.json" --url "$url" \
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance \
    --exclude-path-regex '^/__admin/(shutdown|recordings/.*)$' \
    --phases examples,coverage,fuzzing --max-examples "${EXAMPLES:-100}" --seed "${SEED:-1}" \
    --request-timeout 10 --no-color

echo "schemathesis positive data on POST /__admin/mappings and PUT /__admin/mappings/{id}"
"$venv/bin/st" run "$root/positive.json" --url "$url" \
    --checks positive_data_acceptance,not_a_server_error --mode positive \
    --phases examples,coverage,fuzzing --max-examples "${EXAMPLES:-100}" --seed "${SEED:-1}" \
    --request-timeout 10 --no-color
