#!/usr/bin/env bash
# The JDK's java.net.http.HttpClient against a fresh `understudy serve --https-port 0`: the
# generated CA goes into a PKCS #12 trust store made by keytool, then Tests/Compatibility/jdk/
# HttpsCheck.java stubs through the admin API and runs a keep-alive conversation, once per mode.
#
#   Scripts/jdk-compat.sh                          # modes: untrusted HTTP_1_1
#   JDK_MODES="untrusted HTTP_1_1 default" Scripts/jdk-compat.sh
#
# "default" lets the JDK offer h2 by ALPN: add it once HTTP/2 is served behind TLS.
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in java keytool; do
    command -v "$tool" >/dev/null || { echo "jdk-compat: $tool is not installed" >&2; exit 1; }
done
modes=${JDK_MODES:-untrusted HTTP_1_1}

swift build --product understudy

work=$(mktemp -d)
server_pid=""
cleanup() {
    if [[ -n "$server_pid" ]]; then
        kill "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

mkdir -p "$work/root"
out="$work/server.out"
.build/debug/understudy serve --root "$work/root" --port 0 --https-port 0 --https-ca-out "$work/ca.pem" \
    >"$out" 2>&1 &
server_pid=$!
# The first line is the http:// URL, the second the https:// one.
https_url=""
for _ in $(seq 1 600); do
    https_url=$(sed -n 2p "$out" 2>/dev/null || true)
    [[ "$https_url" == https://* ]] && break
    kill -0 "$server_pid" 2>/dev/null || { echo "understudy serve exited early:" >&2; cat "$out" >&2; exit 1; }
    sleep 0.1
done
if [[ "$https_url" != https://* ]]; then
    echo "understudy serve printed no https:// URL on its second line:" >&2
    cat "$out" >&2
    exit 1
fi

keytool -importcert -noprompt -alias understudy-ca -file "$work/ca.pem" -keystore "$work/trust.p12" \
    -storetype PKCS12 -storepass changeit >/dev/null

for mode in $modes; do
    if [[ "$mode" == untrusted ]]; then
        java Tests/Compatibility/jdk/HttpsCheck.java "$https_url" untrusted
    else
        java -Djavax.net.ssl.trustStore="$work/trust.p12" -Djavax.net.ssl.trustStorePassword=changeit \
            -Djavax.net.ssl.trustStoreType=PKCS12 Tests/Compatibility/jdk/HttpsCheck.java "$https_url" "$mode"
    fi
done
