#!/usr/bin/env bash
# Python's gql 4.4.0 (graphql-core parses and re-prints each document) against `understudy serve`
# on the stubs in Tests/Compatibility/graphql/mappings, which use WireMock's graphql-body-matcher:
# a query written differently, variables and operationName, GET, a GraphQL error answer, a batch,
# a subscription. Then against `serve --graphql-schema` on the public Star Wars schema
# (Tests/Compatibility/graphql-schema): introspection that graphql-core builds a schema from,
# data made up for what no stub covers, the server's own validation.
#
#   Scripts/graphql-clients.sh        # makes .build/graphql-clients-venv on first use
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --product understudy

venv=.build/graphql-clients-venv
if ! "$venv/bin/python" -c 'import gql, requests, websockets, pytest' 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet 'gql[requests,websockets]==4.4.0' pytest
fi

source Scripts/lib/serve.sh
trap serve_stop EXIT
serve_start "$(mktemp -t understudy-graphql.XXXXXX)" --root Tests/Compatibility/graphql
GRAPHQL_URL="$SERVE_URL/graphql" "$venv/bin/python" -m pytest -q Tests/Compatibility/graphql

schema=../shared/realworld/graphql/swapi/schema.graphql
[[ -f "$schema" ]] || { echo "graphql-clients: $schema is missing (the shared real-world data)" >&2; exit 1; }
serve_start "$(mktemp -t understudy-graphql-schema.XXXXXX)" --root Tests/Compatibility/graphql-schema \
    --graphql-schema "$schema"
GRAPHQL_URL="$SERVE_URL/graphql" "$venv/bin/python" -m pytest -q Tests/Compatibility/graphql-schema
echo "graphql-clients: gql got its answers"
