"""httpx through `understudy serve --proxy-mode`, as a Python app configures a proxy.

PROXY_URL names the proxy, PROXY_CA its CA (PEM), ORIGIN_URL the real HTTPS host (a second
understudy with a CA of its own, which only the proxy trusts).
"""

import os
import socket
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


def test_a_tunnel_to_an_address_presents_the_name_the_client_asks_for_by_sni():
    host, port = PROXY.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as raw:
        raw.sendall(b"CONNECT 10.9.8.7:443 HTTP/1.1\r\nHost: 10.9.8.7:443\r\n\r\n")
        head = b""
        while b"\r\n\r\n" not in head:
            head += raw.recv(1024)
        assert head.startswith(b"HTTP/1.1 200")
        context = ssl.create_default_context(cafile=CA)
        with context.wrap_socket(raw, server_hostname="api.example.test") as tls:
            tls.sendall(b"GET /hello HTTP/1.1\r\nHost: api.example.test\r\nConnection: close\r\n\r\n")
            reply = b""
            while chunk := tls.recv(4096):
                reply += chunk
    assert reply.endswith(b"stubbed hello")
