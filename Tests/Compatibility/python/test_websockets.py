"""The `websockets` client against `understudy serve`: WebSocket message stubs in WireMock 4's
message-mapping format, loaded from message-mappings/ and added through the admin API, with the
message journal, the channel list and pushes through /__admin/channels/send.

Scripts/real-clients.sh sets UNDERSTUDY_URL and puts tests/echo.json in message-mappings/.
"""

import os
import threading
import uuid

import httpx
import pytest
from websockets.exceptions import ConnectionClosedError
from websockets.sync.client import connect

BASE = os.environ["UNDERSTUDY_URL"]
WS = BASE.replace("http://", "ws://", 1)


def add(mapping: dict) -> dict:
    created = httpx.post(f"{BASE}/__admin/message-mappings", json=mapping, timeout=10)
    assert created.status_code == 201, created.text
    return created.json()


def test_a_stub_from_the_message_mappings_folder_answers() -> None:
    with connect(f"{WS}/folder/echo", open_timeout=10) as ws:
        ws.send("hello from the folder")
        assert ws.recv(timeout=10) == "folder says hi"


def test_a_stub_added_through_the_admin_api_answers_and_is_listed() -> None:
    path = f"/chat-{uuid.uuid4()}"
    created = add(
        {
            "name": "answers a greeting",
            "priority": 3,
            "trigger": {
                "type": "message",
                "channel": {"type": "websocket", "initiatingRequestPattern": {"urlPath": path}},
                "message": {"body": {"contains": "hello"}},
            },
            "actions": [
                {
                    "type": "send",
                    "message": {"body": {"data": "{{message.body}} to you too, {{request.query.name}}"}},
                    "transformers": ["response-template"],
                    "channelTarget": {"type": "originating"},
                }
            ],
            "metadata": {"suite": "websockets", "run": path},
        }
    )
    with connect(f"{WS}{path}?name=Ada", open_timeout=10) as ws:
        ws.send("say hello")
        assert ws.recv(timeout=10) == "say hello to you too, Ada"
        ws.send("no greeting here")
        with pytest.raises(TimeoutError):
            ws.recv(timeout=0.5)
    listed = httpx.get(f"{BASE}/__admin/message-mappings").json()["messageMappings"]
    assert created["id"] in [m["id"] for m in listed]
    found = httpx.post(
        f"{BASE}/__admin/message-mappings/find-by-metadata", json={"contains": path}
    ).json()["messageMappings"]
    assert [m["id"] for m in found] == [created["id"]]
    counted = httpx.post(
        f"{BASE}/__admin/messages/count", json={"channel": {"urlPath": path}, "body": {"contains": "hello"}}
    ).json()
    # Received "say hello" and sent "say hello to you too, Ada".
    assert counted["count"] == 2
    assert httpx.delete(f"{BASE}/__admin/message-mappings/{created['id']}").status_code == 200
    assert httpx.get(f"{BASE}/__admin/message-mappings/{created['id']}").status_code == 404


def test_binary_messages_round_trip() -> None:
    path = f"/bin-{uuid.uuid4()}"
    add(
        {
            "trigger": {
                "type": "message",
                "channel": {"type": "websocket", "initiatingRequestPattern": {"urlPath": path}},
                "message": {"body": {"binaryEqualTo": "AQID"}},
            },
            "actions": [{"type": "send", "message": {"body": {"data": "BAUG", "isBinary": True}}}],
        }
    )
    with connect(f"{WS}{path}", open_timeout=10) as ws:
        ws.send(b"\x01\x02\x03")
        assert ws.recv(timeout=10) == b"\x04\x05\x06"


def test_an_http_request_broadcasts_to_matching_channels() -> None:
    room = uuid.uuid4()
    add(
        {
            "trigger": {"type": "http-request", "requestPattern": {"method": "POST", "urlPath": f"/announce/{room}"}},
            "actions": [
                {
                    "type": "send",
                    "message": {"body": {"data": "announcement"}},
                    "channelTarget": {
                        "type": "request-initiated",
                        "channelType": "websocket",
                        "requestPattern": {"urlPathPattern": f"/rooms/{room}/.*"},
                    },
                }
            ],
        }
    )
    with connect(f"{WS}/rooms/{room}/a", open_timeout=10) as a, connect(f"{WS}/rooms/{room}/b") as b, connect(
        f"{WS}/rooms/elsewhere/c"
    ) as c:
        httpx.post(f"{BASE}/announce/{room}")
        assert a.recv(timeout=10) == "announcement"
        assert b.recv(timeout=10) == "announcement"
        with pytest.raises(TimeoutError):
            c.recv(timeout=0.5)


def test_channels_are_listed_and_pushed_to_through_the_admin_api() -> None:
    path = f"/push-{uuid.uuid4()}"
    with connect(f"{WS}{path}", open_timeout=10) as ws:
        channels = httpx.get(f"{BASE}/__admin/channels").json()["channels"]
        mine = [c for c in channels if c["initiatingRequest"]["url"] == path]
        assert len(mine) == 1 and mine[0]["type"] == "websocket" and mine[0]["open"] is True
        sent = httpx.post(
            f"{BASE}/__admin/channels/send",
            json={"type": "websocket", "initiatingRequest": {"urlPath": path}, "message": {"body": {"data": "pushed"}}},
        ).json()
        assert sent["channelsMessaged"] == 1
        assert ws.recv(timeout=10) == "pushed"


def test_waiting_for_messages_returns_when_they_arrive() -> None:
    path = f"/wait-{uuid.uuid4()}"
    with connect(f"{WS}{path}", open_timeout=10) as ws:
        found: dict = {}

        def wait() -> None:
            found.update(
                httpx.post(
                    f"{BASE}/__admin/messages/wait-for-count",
                    json={"pattern": {"channel": {"urlPath": path}}, "timeoutMillis": 10000, "count": 2},
                    timeout=20,
                ).json()
            )

        waiter = threading.Thread(target=wait)
        waiter.start()
        ws.send("one")
        ws.send("two")
        waiter.join(20)
    assert [e["message"] for e in found["messageServeEvents"]] == ["one", "two"]
    assert {e["eventType"] for e in found["messageServeEvents"]} == {"RECEIVED"}


def test_pings_are_answered() -> None:
    with connect(f"{WS}/ping-{uuid.uuid4()}", open_timeout=10) as ws:
        assert ws.ping(b"are you there").wait(10)


def test_a_message_over_the_limit_closes_with_1009() -> None:
    with connect(f"{WS}/big-{uuid.uuid4()}", open_timeout=10, max_size=None) as ws:
        with pytest.raises(ConnectionClosedError) as closed:
            ws.send("x" * (2 * 1024 * 1024))
            ws.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
