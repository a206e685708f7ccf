"""OpenAI's own Python SDK against `understudy serve`: the Chat example's stub
(Examples/Chat/Stubs/mappings/chat-completions.json, OpenAI's chat-completions stream shape) read
by `client.chat.completions.create(stream=True)`, sync and async, and a client that stops reading
mid-answer, as the journal records it.

Scripts/real-clients.sh sets UNDERSTUDY_URL.
"""

import asyncio
import json
import os
import pathlib
import time
import uuid

import httpx
import openai

BASE = os.environ["UNDERSTUDY_URL"]
STUB = pathlib.Path(__file__).resolve().parents[3] / "Examples/Chat/Stubs/mappings/chat-completions.json"
MESSAGES = [{"role": "user", "content": "Hi"}]


def stub_chat() -> str:
    """Posts the example's stub under a fresh prefix; returns the SDK's base URL for it."""
    mapping = json.loads(STUB.read_text())
    prefix = f"/{uuid.uuid4()}/v1"
    mapping["request"]["urlPath"] = prefix + "/chat/completions"
    created = httpx.post(f"{BASE}/__admin/mappings", json=mapping, timeout=10)
    assert created.status_code == 201, created.text
    return BASE + prefix


def journal_entry(path: str) -> dict:
    requests = httpx.get(f"{BASE}/__admin/requests", timeout=10).json()["requests"]
    entries = [e for e in requests if e["request"]["url"] == path]
    assert len(entries) == 1, entries
    return entries[0]


def test_the_sdk_streams_the_answer_chunk_by_chunk() -> None:
    base = stub_chat()
    client = openai.OpenAI(base_url=base, api_key="test-key", max_retries=0)
    arrivals = []
    text = ""
    finish = None
    for chunk in client.chat.completions.create(model="gpt-4o-mini", messages=MESSAGES, stream=True):
        arrivals.append(time.monotonic())
        delta = chunk.choices[0].delta
        text += delta.content or ""
        finish = chunk.choices[0].finish_reason or finish
    assert text == "Hello! How can I help?"
    assert finish == "stop"
    assert len(arrivals) == 6
    # Five gaps of 150 ms on the server: read as they come, not as one body at the end.
    assert arrivals[-1] - arrivals[0] >= 0.5
    sent = json.loads(journal_entry(base.removeprefix(BASE) + "/chat/completions")["request"]["body"])
    assert sent["stream"] is True and sent["model"] == "gpt-4o-mini" and sent["messages"] == MESSAGES


def test_the_async_sdk_reads_the_same_answer() -> None:
    base = stub_chat()

    async def read() -> str:
        client = openai.AsyncOpenAI(base_url=base, api_key="test-key", max_retries=0)
        stream = await client.chat.completions.create(model="gpt-4o-mini", messages=MESSAGES, stream=True)
        return "".join([chunk.choices[0].delta.content or "" async for chunk in stream])

    assert asyncio.run(read()) == "Hello! How can I help?"


def test_a_client_that_stops_mid_answer_is_journalled_as_gone() -> None:
    base = stub_chat()
    client = openai.OpenAI(base_url=base, api_key="test-key", max_retries=0)
    stream = client.chat.completions.create(model="gpt-4o-mini", messages=MESSAGES, stream=True)
    for chunk in stream:
        if chunk.choices[0].delta.content:
            break
    stream.close()
    path = base.removeprefix(BASE) + "/chat/completions"
    # The server sees the close at its next write (150 ms on): look until the entry says so.
    for _ in range(40):
        types = [event["type"] for event in journal_entry(path).get("subEvents", [])]
        if "CLIENT_LEFT_MID_STREAM" in types:
            break
        time.sleep(0.25)
    assert "CLIENT_LEFT_MID_STREAM" in types, types
