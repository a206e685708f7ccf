#!/usr/bin/env bash
# Clients nobody here wrote, against one `understudy serve --port 0 --https-port 0`, over each
# protocol they speak: curl (h2c upgrade, prior knowledge, h2 and HTTP/1.1 over TLS, and `-N` on a
# server-sent event stream, `--digest`), httpx with h2 (prior knowledge and TLS), its DigestAuth,
# httpx-sse, OpenAI's Python SDK streaming the Chat example's stub, and websockets (WebSocket
# message stubs; pytest in Tests/Compatibility/python), the JDK's HttpClient
# (default settings, which ask for an h2c upgrade over http:// and offer h2 by ALPN over https://,
# then HTTP_1_1; over https:// with the generated CA in a trust store made by keytool), the
# JDK's WebSocket client on a message stub, and curl's form and multipart bodies against
# `serve --openapi` in enforce mode.
#
#   Scripts/real-clients.sh        # makes .build/real-clients-venv on first use
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in curl java keytool python3; do
    command -v "$tool" >/dev/null || { echo "real-clients: $tool is not installed" >&2; exit 1; }
done

swift build --product understudy

venv=.build/real-clients-venv
if ! "$venv/bin/python" -c 'import httpx, h2, httpx_sse, websockets, pytest, openai' 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet 'httpx[http2]==0.28.1' 'httpx-sse==0.4.3' 'websockets==15.0.1' 'openai==1.99.0' \
        pytest
fi

source Scripts/lib/serve.sh
work=$(mktemp -d)
trap 'serve_stop; rm -rf "$work"' EXIT

mkdir -p "$work/root/mappings"
cat >"$work/root/mappings/hello.json" <<'JSON'
{"request": {"method": "GET", "url": "/hello"}, "response": {"status": 200, "body": "hello"}}
JSON
cat >"$work/root/mappings/kill.json" <<'JSON'
{"request": {"method": "KILL", "url": "/hello"}, "response": {"status": 202, "body": "killed"}}
JSON
cat >"$work/root/mappings/events.json" <<'JSON'
{"request": {"method": "GET", "url": "/events"},
 "response": {"status": 200, "serverSentEvents": {"events": [
   {"id": "1", "data": "Hel"}, {"id": "2", "data": {"text": "lo"}, "delayMilliseconds": 50},
   {"data": "two\nlines", "delayMilliseconds": 50}]}}}
JSON
# A WebSocket message stub where WireMock keeps them (test_websockets.py reads it).
mkdir -p "$work/root/message-mappings"
cat >"$work/root/message-mappings/echo.json" <<'JSON'
{"trigger": {"type": "message",
             "channel": {"type": "websocket", "initiatingRequestPattern": {"urlPath": "/folder/echo"}},
             "message": {"body": {"contains": "hello"}}},
 "actions": [{"type": "send", "message": {"body": {"data": "folder says hi"}}, "channelTarget": {"type": "originating"}}]}
JSON
serve_start "$work/server.out" --root "$work/root" --https-port 0 --https-ca-out "$work/ca.pem"
http_url=$SERVE_URL
https_url=$SERVE_HTTPS_URL

failures=0
# expect NAME EXPECTED COMMAND...: runs the command (10 s at most) and compares what it printed.
expect() {
    local name=$1 expected=$2
    shift 2
    local got
    got=$(timeout 10 "$@" 2>&1) || true
    if [[ "$got" == "$expected" ]]; then
        echo "ok   $name"
    else
        echo "FAIL $name: expected '$expected', got '$got'"
        failures=$((failures + 1))
    fi
}

echo "== curl $(curl --version | head -n 1 | cut -d' ' -f2)"
format=' %{http_version} %{http_code}'
expect "curl --http2 (h2c upgrade), then the same connection again" $'hello 2 200\nhello 2 200' \
    curl -s --http2 -w "$format\n" "$http_url/hello" "$http_url/hello"
expect "curl --http2 keeps one connection for both" "1" \
    bash -c "curl -sv --http2 '$http_url/hello' '$http_url/hello' 2>&1 | grep -c 'Re-using existing connection'"
# One request per curl: curl 7.88 fails a second request on a reused prior-knowledge connection
# against any server (seen against hypercorn too).
expect "curl --http2-prior-knowledge" "hello 2 200" curl -s --http2-prior-knowledge -w "$format" "$http_url/hello"
expect "curl KILL over HTTP/1.1" "killed 1.1 202" curl -s -X KILL -w "$format" "$http_url/hello"
expect "curl KILL over h2c" "killed 2 202" curl -s --http2-prior-knowledge -X KILL -w "$format" "$http_url/hello"
expect "curl h2 over TLS (ALPN) with --cacert" "hello 2 200" curl -s --cacert "$work/ca.pem" -w "$format" \
    "$https_url/hello"
expect "curl HTTP/1.1 over TLS with --cacert" "hello 1.1 200" curl -s --http1.1 --cacert "$work/ca.pem" \
    -w "$format" "$https_url/hello"
expect "curl without the CA is refused (exit 60)" "60" bash -c "curl -s '$https_url/hello' >/dev/null; echo \$?"
expect "curl -N reads server-sent events as they come" \
    $'id: 1\ndata: Hel\n\nid: 2\ndata: {"text":"lo"}\n\ndata: two\ndata: lines' curl -sN "$http_url/events"
expect "curl -N with Last-Event-ID resumes after that event" $'data: two\ndata: lines' \
    curl -sN -H 'Last-Event-ID: 2' "$http_url/events"
printf '{"n":42}' >"$work/upload.json"
expect "curl -T writes a body file through /__admin/files" '"eyJuIjo0Mn0="' \
    curl -s -T "$work/upload.json" "$http_url/__admin/files/uploaded/n.json"
expect "a stub added through the admin API serves that file" '201 {"n":42}' bash -c "
    curl -s -o /dev/null -w '%{http_code} ' -d '{\"request\":{\"url\":\"/n\"},\"response\":{\"bodyFileName\":\"uploaded/n.json\"}}' \
        '$http_url/__admin/mappings' && curl -s '$http_url/n'"
expect "curl: a oneOf method list matches its methods only" "200 200 404" bash -c "
    curl -s -o /dev/null -d '{\"request\":{\"method\":{\"oneOf\":[\"GET\",\"PUT\"]},\"url\":\"/either\"},\"response\":{\"status\":200}}' '$http_url/__admin/mappings'
    curl -s -o /dev/null -w '%{http_code} ' '$http_url/either'; curl -s -o /dev/null -w '%{http_code} ' -X PUT '$http_url/either'
    curl -s -o /dev/null -w '%{http_code}' -X DELETE '$http_url/either'"
expect "curl: a webhook stubbed through the admin API reaches its target with its templated body" "1" bash -c "
    curl -s -o /dev/null -d '{\"request\":{\"urlPath\":\"/pay\"},\"response\":{\"status\":202},\"serveEventListeners\":[{\"name\":\"webhook\",\"parameters\":{\"method\":\"POST\",\"url\":\"$http_url/hook\",\"body\":\"paid {{originalRequest.query.id}}\"}}]}' '$http_url/__admin/mappings'
    curl -s -o /dev/null '$http_url/pay?id=7'
    for _ in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do   # sent after the response: look until it is in
        curl -s '$http_url/__admin/requests' | grep -q 'paid 7' && break; sleep 0.5
    done
    curl -s '$http_url/__admin/requests' | grep -o 'paid 7' | head -n 1 | wc -l"
expect "curl --digest answers a Digest challenge (SHA-256 and MD5 offered); a wrong password stays out" "200 401" bash -c "
    curl -s -o /dev/null -d '{\"priority\":10,\"request\":{\"urlPath\":\"/vault\"},\"response\":{\"status\":401,\"digestChallenge\":{\"realm\":\"vault\",\"algorithms\":[\"SHA-256\",\"MD5\"]}}}' '$http_url/__admin/mappings'
    curl -s -o /dev/null -d '{\"request\":{\"urlPath\":\"/vault\",\"digestAuthCredentials\":{\"username\":\"ada\",\"password\":\"lovelace\"}},\"response\":{\"status\":200}}' '$http_url/__admin/mappings'
    curl -s -o /dev/null -w '%{http_code} ' --digest -u ada:lovelace '$http_url/vault'
    curl -s -o /dev/null -w '%{http_code}' --digest -u ada:babbage '$http_url/vault'"
# WireMock drop-in cases (issue 29), read as WireMock reads them.
expect "curl: a duplicate key in a mapping keeps the last, as Jackson does" "404 200" bash -c "
    curl -s -o /dev/null -d '{\"request\":{\"urlPath\":\"/dup\",\"queryParameters\":{\"component\":{\"equalTo\":\"a\"},\"component\":{\"equalTo\":\"b\"}}},\"response\":{\"status\":200}}' '$http_url/__admin/mappings'
    curl -s -o /dev/null -w '%{http_code} ' '$http_url/dup?component=a'; curl -s -o /dev/null -w '%{http_code}' '$http_url/dup?component=b'"
expect "curl: parseJson of an empty body is an empty object, no error text" "[]" bash -c "
    curl -s -o /dev/null -d '{\"request\":{\"urlPath\":\"/parse\"},\"response\":{\"body\":\"{{parseJson request.body \\u0027j\\u0027}}[{{j.a}}]\",\"transformers\":[\"response-template\"]}}' '$http_url/__admin/mappings'
    curl -s -X POST '$http_url/parse'"
expect "curl: a noneOf [] method list matches every method" "200 200" bash -c "
    curl -s -o /dev/null -d '{\"request\":{\"method\":{\"noneOf\":[]},\"url\":\"/any\"},\"response\":{\"status\":200}}' '$http_url/__admin/mappings'
    curl -s -o /dev/null -w '%{http_code} ' -X PATCH '$http_url/any'; curl -s -o /dev/null -w '%{http_code}' '$http_url/any'"
expect "curl: a stub whose id is taken is refused with 422 (WireMock 3)" "201 422" bash -c "
    body='{\"id\":\"6a4a52ff-0b4e-4a36-a1f3-2b0c9ef8b0aa\",\"request\":{\"url\":\"/once\"},\"response\":{\"status\":200}}'
    curl -s -o /dev/null -w '%{http_code} ' -d \"\$body\" '$http_url/__admin/mappings'
    curl -s -o /dev/null -w '%{http_code}' -d \"\$body\" '$http_url/__admin/mappings'"
expect "curl cannot write outside __files" "403" \
    curl -s -o /dev/null -w "%{http_code}" -T "$work/upload.json" --path-as-is "$http_url/__admin/files/..%2Fescaped.json"

# Form and multipart bodies against `serve --openapi` in enforce mode: curl builds them, the server
# checks each field against its property (through $ref and allOf; a JSON part as JSON).
echo "== curl on form and multipart bodies (serve --openapi Tests/Compatibility/openapi/forms.yaml)"
mkdir -p "$work/empty"
serve_start "$work/forms.out" --root "$work/empty" --openapi Tests/Compatibility/openapi/forms.yaml \
    --openapi-validation enforce
forms_url=$SERVE_URL
code=(-s -o /dev/null -w '%{http_code}')
expect "curl --data-urlencode: a valid form, a repeated field as an array" "201" \
    curl "${code[@]}" --data-urlencode "title=Great food" -d stars=5 -d tags=quiet -d tags=cheap "$forms_url/reviews"
expect "curl --data-urlencode: a number out of range is refused at its pointer" "400 /stars" bash -c "
    curl -s -w ' %{http_code}' -d title=Great -d stars=9 '$forms_url/reviews' |
        python3 -c 'import json,sys; t=sys.stdin.read(); b,c=t.rsplit(\" \",1); print(c, json.loads(b)[\"violations\"][0][\"pointer\"])'"
expect "curl --data-urlencode: a word where an integer goes is refused" "400" \
    curl "${code[@]}" -d title=Great -d stars=five "$forms_url/reviews"
expect "curl -F: a multipart body with a JSON part and a file" "201" \
    curl "${code[@]}" -F caption=sunset -F 'meta={"width":640};type=application/json' -F "file=@README.md" \
    "$forms_url/photos"
expect "curl -F: a missing file and a JSON part out of range, both named" "400 ['', '/meta/width']" bash -c "
    curl -s -w ' %{http_code}' -F caption=sunset -F 'meta={\"width\":0};type=application/json' '$forms_url/photos' |
        python3 -c 'import json,sys; t=sys.stdin.read(); b,c=t.rsplit(\" \",1); print(c, [v[\"pointer\"] for v in json.loads(b)[\"violations\"]])'"

echo "== httpx $("$venv/bin/python" -c 'import httpx; print(httpx.__version__)')"
UNDERSTUDY_URL="$http_url" UNDERSTUDY_HTTPS_URL="$https_url" UNDERSTUDY_CA="$work/ca.pem" \
    "$venv/bin/python" -m pytest -q -p no:cacheprovider Tests/Compatibility/python/test_httpx_http2.py \
    Tests/Compatibility/python/test_httpx_sse.py Tests/Compatibility/python/test_httpx_digest.py || failures=$((failures + 1))

echo "== OpenAI's Python SDK $("$venv/bin/python" -c 'import openai; print(openai.__version__)') on the Chat example's stub"
UNDERSTUDY_URL="$http_url" "$venv/bin/python" -m pytest -q -p no:cacheprovider \
    Tests/Compatibility/python/test_openai_sdk.py || failures=$((failures + 1))

echo "== websockets $("$venv/bin/python" -c 'import websockets; print(websockets.__version__)')"
UNDERSTUDY_URL="$http_url" "$venv/bin/python" -m pytest -q -p no:cacheprovider \
    Tests/Compatibility/python/test_websockets.py || failures=$((failures + 1))

echo "== JDK HttpClient ($(java -version 2>&1 | head -n 1))"
keytool -importcert -noprompt -alias understudy-ca -file "$work/ca.pem" -keystore "$work/trust.p12" \
    -storetype PKCS12 -storepass changeit >/dev/null
conversation=Tests/Compatibility/jdk/JDKConversation.java
trust=(-Djavax.net.ssl.trustStore="$work/trust.p12" -Djavax.net.ssl.trustStorePassword=changeit
    -Djavax.net.ssl.trustStoreType=PKCS12)
run_java() { timeout 120 java "$@" || failures=$((failures + 1)); }
run_java "$conversation" "$http_url" default HTTP_2
run_java "$conversation" "$http_url" HTTP_1_1 HTTP_1_1
run_java "$conversation" "$https_url" untrusted
run_java "${trust[@]}" "$conversation" "$https_url" HTTP_1_1 HTTP_1_1
run_java "${trust[@]}" "$conversation" "$https_url" default HTTP_2
# The JDK's WebSocket client on the message stub from message-mappings/.
run_java Tests/Compatibility/jdk/JDKWebSocket.java "$http_url"

if [[ $failures -gt 0 ]]; then
    echo "real-clients: $failures check(s) failed" >&2
    exit 1
fi
echo "real-clients: every check passed"
