#!/usr/bin/env bash
# Runs Tests/Compatibility/grpc (Python's grpcio, the reference gRPC implementation in C) against
# a fresh `understudy serve` whose root holds WireMock's gRPC extension's descriptor sets from
# ../shared/realworld/grpc: unary, client, server and bidirectional streams, statuses, metadata.
#
#   Scripts/grpc-clients.sh              # makes .build/grpc-venv on first use
#   PYTHON=/path/to/python Scripts/grpc-clients.sh   # a Python that already has grpcio, protobuf and pytest
set -euo pipefail
cd "$(dirname "$0")/.."

descriptors=../shared/realworld/grpc/wiremock-grpc-extension/grpc
[[ -d "$descriptors" ]] || { echo "error: $descriptors is missing (the shared real-world data)" >&2; exit 1; }

swift build --product understudy

if [[ -z "${PYTHON:-}" ]]; then
    venv=.build/grpc-venv
    if [[ ! -x "$venv/bin/python" ]]; then
        python3 -m venv "$venv"
        "$venv/bin/pip" install --quiet "grpcio==1.85.3" "protobuf==7.36.2" pytest requests
    fi
    PYTHON="$venv/bin/python"
fi

source Scripts/lib/serve.sh
root=$(mktemp -d)
trap 'serve_stop; rm -rf "$root" "$root.out" "$root.out.stderr"' EXIT
mkdir -p "$root/grpc/nested" "$root/mappings"
cp "$descriptors/greetings.dsc" "$root/grpc/"
cp "$descriptors/bookings.dsc" "$root/grpc/nested/bookings.desc"
serve_start "$root.out" --root "$root"

echo "grpcio against $SERVE_URL"
UNDERSTUDY_URL="$SERVE_URL" GRPC_DESCRIPTORS="$root/grpc" "$PYTHON" -m pytest -q Tests/Compatibility/grpc/test_grpcio.py
