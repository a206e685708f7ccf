#!/usr/bin/env bash
# Regenerates the StatusPoster example's client (Examples/StatusPoster/API/Sources: Client.swift
# and the Types*.swift files) from Examples/StatusPoster/openapi.yaml with swift-openapi-generator 1.14.3.
# The generated files are committed, so no build of ours runs the generator or its plugin; run
# this after changing the spec or the config (Examples/StatusPoster/openapi-generator-config.yaml).
#
#   Scripts/generate-openapi-client.sh           # rewrites the generated files
#   Scripts/generate-openapi-client.sh --check   # fails when they differ from what the spec gives
#
# The generator is built once in a scratch package of its own (.build-openapi-generator, or
# GENERATOR_SCRATCH=/some/folder), never as a dependency of this package.
set -euo pipefail
cd "$(dirname "$0")/.."
version=1.14.3
scratch="${GENERATOR_SCRATCH:-$PWD/.build-openapi-generator}"
spec=Examples/StatusPoster/openapi.yaml
config=Examples/StatusPoster/openapi-generator-config.yaml
out=Examples/StatusPoster/API/Sources

mkdir -p "$scratch/Sources/Nothing"
if [[ ! -f "$scratch/Package.swift" ]]; then
    cat >"$scratch/Package.swift" <<SWIFT
// swift-tools-version: 6.1
import PackageDescription

// A scratch package whose only job is to build swift-openapi-generator's command.
let package = Package(
    name: "scratch-generator",
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator.git", exact: "$version")
    ],
    targets: [
        .executableTarget(
            name: "Nothing",
            dependencies: [.product(name: "swift-openapi-generator", package: "swift-openapi-generator")])
    ]
)
SWIFT
    echo 'print("")' >"$scratch/Sources/Nothing/main.swift"
fi
(cd "$scratch" && swift build --product swift-openapi-generator)
generator="$scratch/.build/debug/swift-openapi-generator"

target=$(mktemp -d)
trap 'rm -rf "$target"' EXIT
"$generator" generate --config "$config" --output-directory "$target" "$spec" >/dev/null
# Generated code keeps the generator's layout: swift-format (Scripts/lint.sh) skips these files.
# Its `public import`s warn where a file uses the module only internally (the generator silences that
# from Swift 6.4 on); a plain import is public in Swift 6 anyway, so the imports drop the keyword.
for file in "$target"/*.swift; do
    {
        echo "// swift-format-ignore-file"
        sed -E 's/^(@_spi\(Generated\) )?public import /\1import /' "$file"
    } >"$file.tmp" && mv "$file.tmp" "$file"
done

if [[ "${1:-}" == --check ]]; then
    diff -ru "$out" "$target"
    echo "== the generated client is up to date"
else
    rm -rf "$out"
    mkdir -p "$out"
    cp "$target"/*.swift "$out/"
    echo "== wrote $(ls "$out" | wc -l) files to $out"
fi
