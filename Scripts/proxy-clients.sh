#!/usr/bin/env bash
# The forward proxy (#33) with clients nobody here wrote, and only local upstreams: a second
# `understudy serve` over HTTPS with a CA of its own is the "real" origin (only the proxy trusts
# it, through --proxy-ca). Through `understudy serve --proxy-mode`:
#   curl (absolute form, CONNECT with --cacert, h2 in the tunnel, plain HTTP in a tunnel, the
#   CA download, bad input), httpx (pytest in Tests/Compatibility/proxy), the JDK HttpClient with
#   a ProxySelector and a keytool trust store, and headless Chromium with --proxy-server and the
#   CA in an NSS database (certutil): a page from a stubbed host whose script comes from the
#   origin, recorded, then replayed with the origin stopped. Then `understudy record
#   --proxy-mode --hosts` with curl, replayed by `serve --proxy-mode --proxy-pass-through false`.
#
#   Scripts/proxy-clients.sh        # makes .build/real-clients-venv on first use
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in curl java keytool python3 chromium certutil; do
    command -v "$tool" >/dev/null || {
        echo "proxy-clients: $tool is not installed (apt: curl default-jdk-headless python3-venv chromium libnss3-tools)" >&2
        exit 1
    }
done

swift build --product understudy

venv=.build/real-clients-venv
if ! "$venv/bin/python" -c 'import httpx, h2, pytest' 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet 'httpx[http2]==0.28.1' pytest
fi

source Scripts/lib/serve.sh
work=$(mktemp -d)
trap 'serve_stop; rm -rf "$work"' EXIT

failures=0
# expect NAME EXPECTED COMMAND...: runs the command (30 s at most) and compares what it printed.
expect() {
    local name=$1 expected=$2
    shift 2
    local got
    got=$(timeout 30 "$@" 2>&1) || true
    if [[ "$got" == "$expected" ]]; then
        echo "ok   $name"
    else
        echo "FAIL $name: expected '$expected', got '$got'"
        failures=$((failures + 1))
    fi
}
# check NAME EXPECTED GOT: the same comparison for what a shell function printed.
check() {
    if [[ "$3" == "$2" ]]; then
        echo "ok   $1"
    else
        echo "FAIL $1: expected '$2', got '$3'"
        failures=$((failures + 1))
    fi
}

# The origin: the "real" host, HTTPS with its own CA.
mkdir -p "$work/origin/mappings"
cat >"$work/origin/mappings/real.json" <<'JSON'
{"request": {"method": "GET", "url": "/real"},
 "response": {"status": 200, "body": "from the origin", "headers": {"X-Origin": "yes"}}}
JSON
cat >"$work/origin/mappings/app-js.json" <<'JSON'
{"request": {"method": "GET", "url": "/app.js"},
 "response": {"status": 200, "headers": {"Content-Type": "application/javascript"},
              "body": "document.getElementById('passed').textContent = 'script from the origin';"}}
JSON
serve_start "$work/origin.out" --root "$work/origin" --https-port 0 --https-ca-out "$work/origin-ca.pem"
origin_https=$SERVE_HTTPS_URL
origin_port=${origin_https##*:}
# Chromium sends "localhost" through the proxy only when told (see below); a name the proxy resolves.
origin="https://localhost:$origin_port"

# The proxy: one stubbed API host, one stubbed page whose script comes from the origin.
mkdir -p "$work/proxy/mappings"
cat >"$work/proxy/mappings/api.json" <<'JSON'
{"request": {"method": "GET", "host": {"equalTo": "api.example.test"}, "urlPath": "/hello"},
 "response": {"status": 200, "body": "stubbed hello"}}
JSON
cat >"$work/proxy/mappings/page.json" <<JSON
{"request": {"method": "GET", "scheme": "https", "host": {"equalTo": "app.example.test"}, "urlPath": "/"},
 "response": {"status": 200, "headers": {"Content-Type": "text/html"},
              "body": "<html><body><p id=\"stubbed\">page from a stub</p><p id=\"passed\">no script</p><script src=\"$origin/app.js\"></script></body></html>"}}
JSON
serve_start "$work/proxy.out" --root "$work/proxy" --proxy-mode --ca-dir "$work/ca" --proxy-ca "$work/origin-ca.pem"
proxy=$SERVE_URL
proxy_port=${proxy##*:}
ca="$work/ca/ca.pem"

echo "== curl $(curl --version | head -n 1 | cut -d' ' -f2)"
expect "curl downloads the CA from /__admin/certs/wiremock-ca.crt" "$(cat "$ca")" \
    curl -s "$proxy/__admin/certs/wiremock-ca.crt"
expect "curl http:// (absolute form) to a stubbed host" "stubbed hello" \
    curl -s --proxy "$proxy" http://api.example.test/hello
expect "curl https:// (CONNECT, intercepted) to a stubbed host, HTTP/1.1" "stubbed hello 1.1" \
    curl -s --http1.1 --proxy "$proxy" --cacert "$ca" -w ' %{http_version}' https://api.example.test/hello
expect "curl https:// (CONNECT) with h2 by ALPN inside the tunnel" "stubbed hello 2" \
    curl -s --http2 --proxy "$proxy" --cacert "$ca" -w ' %{http_version}' https://api.example.test/hello
expect "curl -p (plain HTTP inside a CONNECT tunnel)" "stubbed hello" \
    curl -s -p --proxy "$proxy" http://api.example.test/hello
expect "curl to a host no stub names passes through to the origin" "from the origin yes" \
    bash -c "curl -s -D '$work/h' --proxy '$proxy' --cacert '$ca' '$origin/real'; echo -n ' '; grep -i '^x-origin' '$work/h' | cut -d' ' -f2 | tr -d '\r'"
expect "curl without the proxy's CA refuses the intercepted certificate (exit 60)" "60" \
    bash -c "curl -s --proxy '$proxy' https://api.example.test/hello >/dev/null; echo \$?"
expect "a host that does not resolve is a 502" "502" \
    curl -s -o /dev/null -w '%{http_code}' --proxy "$proxy" --cacert "$ca" https://no-such-host.invalid/
expect "a port that refuses is a 502" "502" \
    curl -s -o /dev/null -w '%{http_code}' --proxy "$proxy" --cacert "$ca" https://127.0.0.1:1/
expect "a request passed through back to the proxy itself is a 508" "508" \
    curl -s -o /dev/null -w '%{http_code}' --proxy "$proxy" --cacert "$ca" "https://127.0.0.1:$proxy_port/x"
expect "CONNECT without a port is a 400" "HTTP/1.1 400 Bad Request" \
    bash -c "printf 'CONNECT nonsense HTTP/1.1\r\n\r\n' | timeout 5 curl -s telnet://127.0.0.1:$proxy_port | head -n 1 | tr -d '\r'"
expect "a TLS client that never finishes its handshake does not stop the proxy" "stubbed hello" \
    bash -c "(printf 'CONNECT api.example.test:443 HTTP/1.1\r\n\r\n\x16\x03\x01'; sleep 3) | timeout 3 curl -s telnet://127.0.0.1:$proxy_port >/dev/null; curl -s --proxy '$proxy' --cacert '$ca' https://api.example.test/hello"
expect "the journal has the scheme, host and port of each" "https api.example.test 443" \
    bash -c "curl -s '$proxy/__admin/requests' | python3 -c 'import json,sys; r=[e[\"request\"] for e in json.load(sys.stdin)[\"requests\"] if e[\"request\"][\"url\"]==\"/hello\" and e[\"request\"][\"scheme\"]==\"https\"][0]; print(r[\"scheme\"], r[\"host\"], r[\"port\"])'"

echo "== httpx (pytest Tests/Compatibility/proxy)"
PROXY_URL=$proxy PROXY_CA=$ca ORIGIN_URL=$origin "$venv/bin/python" -m pytest -q Tests/Compatibility/proxy \
    || failures=$((failures + 1))

echo "== JDK HttpClient ($(java -version 2>&1 | head -n 1))"
keytool -importcert -noprompt -alias understudy-proxy-ca -file "$ca" -keystore "$work/trust.p12" \
    -storetype PKCS12 -storepass changeit >/dev/null
# Over https:// the JDK offers h2 by ALPN inside the tunnel; over http:// it speaks HTTP/1.1 to a proxy.
expect "JDK HttpClient with a ProxySelector: stubbed over CONNECT (h2), plain, and passed through (h2)" \
    $'200 HTTP_2 stubbed hello\n200 HTTP_1_1 stubbed hello\n200 HTTP_2 from the origin' \
    java -Djavax.net.ssl.trustStore="$work/trust.p12" -Djavax.net.ssl.trustStorePassword=changeit \
    -Djavax.net.ssl.trustStoreType=PKCS12 Tests/Compatibility/jdk/JDKProxy.java 127.0.0.1 "$proxy_port" \
    https://api.example.test/hello http://api.example.test/hello "$origin/real"

echo "== headless Chromium ($(chromium --version 2>/dev/null | head -n 1)) with the CA in an NSS database"
export HOME="$work/browser-home"
mkdir -p "$HOME/.pki/nssdb"
certutil -d "sql:$HOME/.pki/nssdb" -N --empty-password
certutil -d "sql:$HOME/.pki/nssdb" -A -t "C,," -n "Understudy proxy CA" -i "$ca"
# Chromium sends loopback hosts around a proxy unless the bypass list takes them back in.
page() {
    timeout 60 chromium --headless=new --no-sandbox --disable-gpu --user-data-dir="$work/profile-$1" \
        --proxy-server="$proxy" --proxy-bypass-list='<-loopback>' --virtual-time-budget=5000 \
        --dump-dom https://app.example.test/ 2>"$work/chromium-$1.err" | grep -oE '<p id="[a-z]+">[^<]*</p>' | tr '\n' ' '
}
both='<p id="stubbed">page from a stub</p> <p id="passed">script from the origin</p> '
curl -s -X POST -d '{}' "$proxy/__admin/recordings/start" >/dev/null
check "Chromium: the page from a stubbed host, its script passed through to the origin (recording)" "$both" "$(page live)"
expect "the recording stops with the origin's script as a stub for its host and port" "https localhost $origin_port" \
    bash -c "curl -s -X POST '$proxy/__admin/recordings/stop' | python3 -c 'import json,sys; r=[m[\"request\"] for m in json.load(sys.stdin)[\"mappings\"] if m[\"request\"].get(\"url\")==\"/app.js\"][0]; print(r[\"scheme\"], r[\"host\"][\"equalTo\"], r[\"port\"])'"
kill "${SERVE_PIDS[0]}"
wait "${SERVE_PIDS[0]}" 2>/dev/null || true
expect "the origin is stopped" "000" curl -s -o /dev/null -w '%{http_code}' --cacert "$work/origin-ca.pem" "$origin_https/real"
check "Chromium: the same page replayed with the origin stopped" "$both" "$(page replay)"

echo "== understudy record --proxy-mode --hosts, replayed by serve --proxy-mode --proxy-pass-through false"
serve_start "$work/origin2.out" --root "$work/origin" --https-port 0 --https-ca-out "$work/origin-ca.pem"
origin2=https://localhost:${SERVE_HTTPS_URL##*:}
.build/debug/understudy record --proxy-mode --port 0 --root "$work/recorded" --ca-dir "$work/ca" \
    --proxy-ca "$work/origin-ca.pem" --hosts 'localhost' >"$work/record.out" 2>"$work/record.err" &
record_pid=$!
for _ in $(seq 1 300); do grep -qE '^http://' "$work/record.out" 2>/dev/null && break; sleep 0.1; done
recorder=$(head -n 1 "$work/record.out")
expect "curl through the recorder reaches the origin" "from the origin" curl -s --proxy "$recorder" --cacert "$ca" "$origin2/real"
expect "a host outside --hosts is passed through (here to the first proxy's 404) but not recorded" "404" \
    curl -s -o /dev/null -w '%{http_code}' --proxy "$recorder" "http://127.0.0.1:$proxy_port/nothing-here"
kill -TERM "$record_pid"
wait "$record_pid" || true
expect "the recording wrote one stub, for the origin's host" "1" bash -c "ls '$work/recorded/mappings' | wc -l | tr -d ' '"
serve_stop
serve_start "$work/replay.out" --root "$work/recorded" --proxy-mode --ca-dir "$work/ca" --proxy-pass-through false
expect "replayed with the origin stopped and pass-through off" "from the origin" \
    curl -s --proxy "$SERVE_URL" --cacert "$ca" "$origin2/real"
expect "anything else is a 404 near miss naming the host asked for" "404" \
    curl -s -o /dev/null -w '%{http_code}' --proxy "$SERVE_URL" --cacert "$ca" "https://other.example.test/real"

if [[ $failures -gt 0 ]]; then
    echo "proxy-clients: $failures check(s) failed"
    exit 1
fi
echo "proxy-clients: every client got the right answer"
