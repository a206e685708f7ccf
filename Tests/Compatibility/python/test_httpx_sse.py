"""httpx-sse against `understudy serve`: server-sent events stubbed through the admin API, read
as a Python client reads them, over HTTP/1.1 and HTTP/2 (prior knowledge).

Scripts/real-clients.sh sets UNDERSTUDY_URL.
"""

import os
import uuid

import httpx
import pytest
from httpx_sse import connect_sse

BASE = os.environ["UNDERSTUDY_URL"]


def stub(client: httpx.Client, stream: dict) -> str:
    path = f"/sse-{uuid.uuid4()}"
    mapping = {"request": {"method": "GET", "url": path}, "response": {"status": 200, "serverSentEvents": stream}}
    created = client.post(f"{BASE}/__admin/mappings", json=mapping)
    assert created.status_code == 201, created.text
    return path


FEED = {
    "events": [
        {"id": "1", "event": "delta", "data": "Hel", "delayMilliseconds": 20},
        {"id": "2", "event": "delta", "data": {"text": "lo"}, "delayMilliseconds": 20},
        {"comment": "keep-alive"},
        {"id": "3", "retry": 2000, "data": "line one\nline two"},
    ]
}


@pytest.mark.parametrize("http2", [False, True])
def test_events_arrive_as_written(http2: bool) -> None:
    with httpx.Client(http1=not http2, http2=http2, timeout=10) as client:
        path = stub(client, FEED)
        with connect_sse(client, "GET", BASE + path) as source:
            assert source.response.headers["content-type"] == "text/event-stream"
            assert source.response.http_version == ("HTTP/2" if http2 else "HTTP/1.1")
            events = list(source.iter_sse())
    assert [(e.id, e.event, e.data) for e in events] == [
        ("1", "delta", "Hel"),
        ("2", "delta", '{"text":"lo"}'),
        ("3", "message", "line one\nline two"),
    ]
    assert events[1].json() == {"text": "lo"}
    assert events[2].retry == 2000


def test_last_event_id_resumes_after_that_event() -> None:
    with httpx.Client(timeout=10) as client:
        path = stub(client, FEED)
        with connect_sse(client, "GET", BASE + path, headers={"Last-Event-ID": "2"}) as source:
            assert [e.id for e in source.iter_sse()] == ["3"]


def test_a_kept_open_stream_is_read_until_the_client_leaves() -> None:
    with httpx.Client(timeout=10) as client:
        path = stub(client, {"events": [{"data": "first"}], "keepOpen": True, "heartbeatMilliseconds": 10})
        with connect_sse(client, "GET", BASE + path) as source:
            first = next(source.iter_sse())
            assert first.data == "first"
        # The server serves on once the client has gone.
        assert client.get(f"{BASE}/__admin/mappings").status_code == 200


def test_a_fault_mid_stream_breaks_the_read() -> None:
    with httpx.Client(timeout=10) as client:
        path = stub(client, {"events": [{"data": "a"}, {"fault": "EMPTY_RESPONSE", "delayMilliseconds": 20}]})
        seen = []
        with pytest.raises(httpx.TransportError):
            with connect_sse(client, "GET", BASE + path) as source:
                for event in source.iter_sse():
                    seen.append(event.data)
        assert seen == ["a"]
