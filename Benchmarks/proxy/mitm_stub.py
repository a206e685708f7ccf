"""A mitmproxy addon that plays the stub Scripts/bench-proxy.sh gives understudy: GET /hello on
api.example.test answers "stubbed hello" from the proxy itself, without an upstream."""

from mitmproxy import http


def request(flow: http.HTTPFlow) -> None:
    if flow.request.pretty_host == "api.example.test" and flow.request.path == "/hello":
        flow.response = http.Response.make(200, b"stubbed hello", {"Content-Type": "text/plain"})
