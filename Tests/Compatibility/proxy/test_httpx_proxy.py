"""httpx through `understudy serve --proxy-mode`, as a Python app configures a proxy.

PROXY_URL names the proxy, PROXY_CA its CA (PEM), ORIGIN_URL the real HTTPS host (a second
understudy with a CA of its own, which only the proxy trusts).
"""

import os
import ssl

import httpx

PROXY = os.environ["PROXY_URL"]
CA = os.environ["PROXY_CA"]
ORIGIN = os.environ["ORIGIN_URL"]


def client(http2: bool = False) -> httpx.Client:
    return httpx.Client(proxy=PROXY, verify=ssl.create_default_context(cafile=CA), http2=http2, timeout=10)


def test_a_stubbed_host_over_https_is_answered_by_the_proxy():
    with client() as c:
        reply = c.get("https://api.example.test/hello")
    assert reply.status_code == 200
    assert reply.text == "stubbed hello"


def test_h2_inside_the_tunnel():
    with client(http2=True) as c:
        reply = c.get("https://api.example.test/hello")
    assert reply.http_version == "HTTP/2"
    assert reply.text == "stubbed hello"


def test_plain_http_goes_in_absolute_form():
    with client() as c:
        reply = c.get("http://api.example.test/hello")
    assert reply.text == "stubbed hello"


def test_an_unstubbed_host_passes_through_to_the_origin():
    with client() as c:
        reply = c.get(ORIGIN + "/real")
    assert reply.status_code == 200
    assert reply.text == "from the origin"
    assert reply.headers["x-origin"] == "yes"


def test_without_the_proxys_ca_the_client_refuses_it():
    with httpx.Client(proxy=PROXY, timeout=10) as c:
        try:
            c.get("https://api.example.test/hello")
        except httpx.ConnectError as error:
            assert "CERTIFICATE_VERIFY_FAILED" in str(error)
        else:
            raise AssertionError("a proxy CA the client does not trust was accepted")
