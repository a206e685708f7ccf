#!/usr/bin/env bash
# Builds and runs one libFuzzer target with AddressSanitizer.
#   Scripts/fuzz.sh NAME [RUNS] [extra libFuzzer flags…]
#   NAME: MappingDecoding | Matchers | HTTPRequest      RUNS: executions (default 1000000; -1 = forever)
# Seeds come from Fuzz/Corpus/NAME; new interesting inputs collect in .build-fuzz/corpus/NAME;
# a crash is written to .build-fuzz/artifacts/NAME/ and the script exits non-zero. Replay one with
#   .build-fuzz/debug/FuzzNAME .build-fuzz/artifacts/NAME/crash-…
set -euo pipefail
cd "$(dirname "$0")/.."

name="${1:?usage: Scripts/fuzz.sh MappingDecoding|Matchers|HTTPRequest [RUNS]}"
runs="${2:-1000000}"
shift $(( $# >= 2 ? 2 : 1 ))
[[ -d "Fuzz/$name" ]] || { echo "no fuzz target Fuzz/$name" >&2; exit 64; }

# -DFUZZING turns the target's code on; its main hands over to libFuzzer (Fuzz/Support).
# lld: gold fails on the sanitizer-instrumented debug info ("internal error in format_file_lineno").
swift build -c debug --scratch-path .build-fuzz --product "Fuzz$name" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -use-ld=lld

corpus=".build-fuzz/corpus/$name"
artifacts=".build-fuzz/artifacts/$name/"
mkdir -p "$corpus" "$artifacts" "Fuzz/Corpus/$name"
# Swift's own crash backtracer trips AddressSanitizer and keeps libFuzzer from saving the input.
export SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=no}"
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$PWD/Fuzz/lsan-suppressions.txt}"
# -timeout: an input that takes longer than this is reported as a hang (e.g. a regex blow-up).
exec ".build-fuzz/debug/Fuzz$name" -runs="$runs" -max_len=4096 -timeout=10 -rss_limit_mb=4096 \
    -artifact_prefix="$artifacts" -print_final_stats=1 "$@" "$corpus" "Fuzz/Corpus/$name"
