"""httpx's DigestAuth against `understudy serve`: a Digest challenge and the stub behind it,
both added through the admin API, answered the way a Python client answers them.

Scripts/real-clients.sh sets UNDERSTUDY_URL.
"""

import os
import uuid

import httpx
import pytest

BASE = os.environ["UNDERSTUDY_URL"]


def stub_vault(client: httpx.Client, algorithm: str) -> str:
    path = f"/vault-{uuid.uuid4()}"
    challenge = {
        "priority": 10,
        "request": {"method": "GET", "urlPath": path},
        "response": {"status": 401, "digestChallenge": {"realm": "vault", "algorithms": [algorithm]}},
    }
    guarded = {
        "request": {
            "method": "GET",
            "urlPath": path,
            "digestAuthCredentials": {"username": "ada", "password": "lovelace", "realm": "vault"},
        },
        "response": {"status": 200, "body": "open"},
    }
    for mapping in (challenge, guarded):
        created = client.post(f"{BASE}/__admin/mappings", json=mapping)
        assert created.status_code == 201, created.text
    return path


@pytest.mark.parametrize("algorithm", ["MD5", "MD5-sess", "SHA-256", "SHA-256-sess"])
def test_the_right_password_opens_and_a_wrong_one_does_not(algorithm: str) -> None:
    with httpx.Client(timeout=10) as client:
        path = stub_vault(client, algorithm)
        opened = client.get(BASE + path + "?page=1", auth=httpx.DigestAuth("ada", "lovelace"))
        assert opened.status_code == 200, opened.text
        assert opened.text == "open"
        refused = client.get(BASE + path, auth=httpx.DigestAuth("ada", "babbage"))
        assert refused.status_code == 401
        assert refused.headers["www-authenticate"].startswith('Digest realm="vault"')


def test_a_replayed_answer_is_refused() -> None:
    with httpx.Client(timeout=10) as client:
        path = stub_vault(client, "MD5")
        opened = client.get(BASE + path, auth=httpx.DigestAuth("ada", "lovelace"))
        assert opened.status_code == 200
        answer = opened.request.headers["authorization"]
        replayed = client.get(BASE + path, headers={"Authorization": answer})
        assert replayed.status_code == 401
