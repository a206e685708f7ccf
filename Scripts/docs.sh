#!/usr/bin/env bash
# Builds the DocC documentation of every library module (Sources/<Module>/<Module>.docc) with
# swift-docc-plugin, and checks that the articles' Swift listings are the snippet tests' code.
#
#   Scripts/docs.sh            # builds the archives into .build/plugins/Swift-DocC/outputs
#   Scripts/docs.sh --check    # the same with warnings (broken links included) as errors (CI)
#
# Preview one module while writing: swift package --disable-sandbox preview-documentation --target Understudy
set -euo pipefail
cd "$(dirname "$0")/.."

modules=(Understudy UnderstudyTesting UnderstudyCore UnderstudyAdmin UnderstudyServer UnderstudyRecording UnderstudyTLS
    UnderstudyOpenAPI UnderstudyOpenAPITransport UnderstudyGRPCTransport UnderstudyFleet UnderstudyGraphQL UnderstudyJSON UnderstudyXML UnderstudyTemplating UnderstudyJWT)

python3 Scripts/lib/doc-snippets.py

flags=(--disable-indexing)
[[ "${1:-}" == --check ]] && flags+=(--warnings-as-errors)
targets=()
for module in "${modules[@]}"; do targets+=(--target "$module"); done

start=$(date +%s)
# One plugin run for every module: it builds the code once and converts each catalog in turn.
swift package generate-documentation "${targets[@]}" "${flags[@]}"
echo "== documentation for ${#modules[@]} modules built in $(($(date +%s) - start)) s"

# The plugin extracted each module's symbol graph: check that `import Understudy` names every
# type the test API's public signatures use.
python3 Scripts/lib/public-surface.py .build/*/extracted-symbols/main
