#!/usr/bin/env bash
# The fleet's figures beside a standalone server in the same run (Benchmarks/fleet/bench_fleet.py):
# one node, three behind HAProxy, a scenario step, stub propagation and verification under load.
#
#   Scripts/bench-fleet.sh                    # about 3 minutes after the release build
#   BENCH_SECONDS=5 BENCH_ROUNDS=1 Scripts/bench-fleet.sh
#
# PostgreSQL and HAProxy from Debian (apt-get install postgresql haproxy wrk); 127.0.0.1 only.
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/lib/bench.sh
bench_require_wrk
bench_require_command haproxy haproxy
if [[ "${SKIP_BUILD:-0}" != 1 ]]; then
    swift build -c release --product understudy >&2
fi
UNDERSTUDY_BINARY="$(swift build -c release --show-bin-path)/understudy" python3 Benchmarks/fleet/bench_fleet.py
