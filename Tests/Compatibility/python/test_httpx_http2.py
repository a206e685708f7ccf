"""httpx (with h2) against `understudy serve`: HTTP/2 by prior knowledge on the plain port, and h2
negotiated by ALPN on the HTTPS port with the server's generated CA as the only trust.

Scripts/real-clients.sh sets UNDERSTUDY_URL, UNDERSTUDY_HTTPS_URL and UNDERSTUDY_CA.
"""

import os
import ssl
import uuid

import httpx
import pytest

HTTP_URL = os.environ["UNDERSTUDY_URL"]
HTTPS_URL = os.environ["UNDERSTUDY_HTTPS_URL"]
CA = os.environ["UNDERSTUDY_CA"]


def stub(client: httpx.Client, base: str, method: str, body: str) -> str:
    path = f"/httpx-{uuid.uuid4()}"
    mapping = {"request": {"method": method, "url": path}, "response": {"status": 200, "body": body}}
    created = client.post(f"{base}/__admin/mappings", json=mapping)
    assert created.status_code == 201, created.text
    return path


def conversation(client: httpx.Client, base: str) -> None:
    path = stub(client, base, "GET", "hello httpx")
    for _ in range(20):
        answer = client.get(base + path)
        assert answer.status_code == 200
        assert answer.text == "hello httpx"
        assert answer.http_version == "HTTP/2"
    kill = stub(client, base, "KILL", "killed")
    assert client.request("KILL", base + kill).text == "killed"
    # A body larger than the flow-control window reaches the journal whole.
    big = "x" * 200_000
    assert client.post(base + "/no-such-stub", content=big).status_code == 404
    requests = client.get(f"{base}/__admin/requests", params={"limit": 1}).json()["requests"]
    assert len(requests[0]["request"]["body"]) == len(big)
    assert requests[0]["request"]["protocol"] == "HTTP/2.0"


def test_prior_knowledge_on_the_plain_port() -> None:
    with httpx.Client(http1=False, http2=True, timeout=10) as client:
        conversation(client, HTTP_URL)


def test_h2_over_tls_with_the_generated_ca() -> None:
    with httpx.Client(http2=True, verify=ssl.create_default_context(cafile=CA), timeout=10) as client:
        conversation(client, HTTPS_URL)


def test_tls_without_the_ca_is_refused() -> None:
    with httpx.Client(http2=True, timeout=10) as client:
        with pytest.raises(httpx.ConnectError):
            client.get(HTTPS_URL + "/__admin/mappings")
