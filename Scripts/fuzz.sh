#!/usr/bin/env bash
# Builds and runs one libFuzzer target with AddressSanitizer.
#   Scripts/fuzz.sh NAME [RUNS] [extra libFuzzer flags…]
#   NAME: MappingDecoding | Matchers | HTTPRequest | HTTP2Frames | Templates
#   RUNS: executions (default 1000000; -1 = forever)
#   FUZZ_CONFIG=release Scripts/fuzz.sh …   optimised build: several times the executions per
#                                           second; debug (the default) keeps assertions and
#                                           gives better stack traces for replaying a crash.
# Seeds come from Fuzz/Corpus/NAME (and Fuzz/Dictionaries/NAME.dict when there is one); new
# interesting inputs collect in .build-fuzz/corpus/NAME; a crash is written to
# .build-fuzz/artifacts/NAME/ and the script exits non-zero. Replay one with
#   .build-fuzz/debug/FuzzNAME .build-fuzz/artifacts/NAME/crash-…
set -euo pipefail
cd "$(dirname "$0")/.."

name="${1:?usage: Scripts/fuzz.sh MappingDecoding|Matchers|HTTPRequest|HTTP2Frames|Templates [RUNS]}"
runs="${2:-1000000}"
shift $(( $# >= 2 ? 2 : 1 ))
[[ -d "Fuzz/$name" ]] || { echo "no fuzz target Fuzz/$name" >&2; exit 64; }
config="${FUZZ_CONFIG:-debug}"
[[ "$config" == debug || "$config" == release ]] || { echo "FUZZ_CONFIG is debug or release" >&2; exit 64; }

# -DFUZZING turns the target's code on; its main hands over to libFuzzer (Fuzz/Support).
# -enable-testing: the targets use @testable imports, which release builds otherwise refuse.
# lld: gold fails on the sanitizer-instrumented debug info ("internal error in format_file_lineno").
swift build -c "$config" --scratch-path .build-fuzz --product "Fuzz$name" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -enable-testing -Xswiftc -use-ld=lld

corpus=".build-fuzz/corpus/$name"
artifacts=".build-fuzz/artifacts/$name/"
mkdir -p "$corpus" "$artifacts" "Fuzz/Corpus/$name"
dictionary=()
[[ -f "Fuzz/Dictionaries/$name.dict" ]] && dictionary=(-dict="Fuzz/Dictionaries/$name.dict")
# Swift's own crash backtracer trips AddressSanitizer and keeps libFuzzer from saving the input.
export SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=no}"
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$PWD/Fuzz/lsan-suppressions.txt}"
# -timeout: an input that takes longer than this is reported as a hang (e.g. a regex blow-up).
exec ".build-fuzz/$config/Fuzz$name" -runs="$runs" -max_len=4096 -timeout=10 -rss_limit_mb=4096 \
    -artifact_prefix="$artifacts" -print_final_stats=1 "${dictionary[@]}" "$@" "$corpus" "Fuzz/Corpus/$name"
