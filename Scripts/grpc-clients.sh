#!/usr/bin/env bash
# Runs Tests/Compatibility/grpc (Python's grpcio, the reference gRPC implementation in C) against
# a fresh `understudy serve` whose root holds WireMock's gRPC extension's descriptor sets from
# ../shared/realworld/grpc: unary, client, server and bidirectional streams, statuses, metadata,
# over h2c and over h2 with TLS.
#
#   Scripts/grpc-clients.sh              # makes .build/grpc-venv on first use
#   PYTHON=/path/to/python Scripts/grpc-clients.sh   # a Python that already has grpcio, grpcio-reflection, grpcio-tools, protobuf and pytest
set -euo pipefail
cd "$(dirname "$0")/.."

descriptors=../shared/realworld/grpc/wiremock-grpc-extension/grpc
[[ -d "$descriptors" ]] || { echo "error: $descriptors is missing (the shared real-world data)" >&2; exit 1; }

swift build --product understudy

if [[ -z "${PYTHON:-}" ]]; then
    venv=.build/grpc-venv
    if [[ ! -x "$venv/bin/python" ]]; then
        python3 -m venv "$venv"
        "$venv/bin/pip" install --quiet "grpcio==1.85.1" "grpcio-reflection==1.85.1" "grpcio-tools==1.85.1" \
            "protobuf==7.36.2" pytest requests
    fi
    PYTHON="$venv/bin/python"
fi

source Scripts/lib/serve.sh
root=$(mktemp -d)
trap 'serve_stop; rm -rf "$root" "$root.out" "$root.out.stderr"' EXIT
mkdir -p "$root/grpc/nested" "$root/mappings"
cp "$descriptors/greetings.dsc" "$root/grpc/"
cp "$descriptors/bookings.dsc" "$root/grpc/nested/bookings.desc"
# protoc (grpcio-tools) compiles the extension's .proto files into Python stubs, and our
# transcoding.proto into both a descriptor set for the server and Python classes.
shared_protos=../shared/realworld/grpc/wiremock-grpc-extension/proto
mkdir -p "$root/python"
"$PYTHON" -m grpc_tools.protoc -I "$shared_protos" --python_out="$root/python" --grpc_python_out="$root/python" \
    ExampleServices.proto request/helloRequest.proto request/models/sentiment.proto response/helloResponse.proto
"$PYTHON" -m grpc_tools.protoc -I Tests/Compatibility/grpc/proto --include_imports \
    --descriptor_set_out="$root/grpc/transcoding.desc" --python_out="$root/python" --grpc_python_out="$root/python" \
    transcoding.proto
# h2 over TLS too: a certificate for 127.0.0.1 that the client is given as its root.
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 -subj /CN=127.0.0.1 \
    -addext subjectAltName=IP:127.0.0.1 -keyout "$root/leaf.key" -out "$root/leaf.pem" 2>/dev/null
serve_start "$root.out" --root "$root" --https-port 0 --https-cert "$root/leaf.pem" --https-key "$root/leaf.key"

echo "grpcio against $SERVE_URL and $SERVE_HTTPS_URL"
UNDERSTUDY_URL="$SERVE_URL" UNDERSTUDY_HTTPS_URL="$SERVE_HTTPS_URL" UNDERSTUDY_CERT="$root/leaf.pem" \
    GRPC_DESCRIPTORS="$root/grpc" PYTHONPATH="$root/python" \
    "$PYTHON" -m pytest -q Tests/Compatibility/grpc/test_grpcio.py Tests/Compatibility/grpc/test_transcoding.py
