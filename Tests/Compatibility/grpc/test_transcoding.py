"""The proto3 JSON mapping, property-tested against Python's protobuf runtime through a real
server: random messages of every field kind (transcoding.proto), compiled by protoc.

* bytes to JSON: the client sends a message; the server journals it in JSON form; that JSON must
  equal what protobuf's own `MessageToDict` makes of the message.
* JSON to bytes: a stub answers with protobuf's own JSON of a message; the bytes the client gets
  must parse to that same message.
"""
import base64
import math
import os
import random
import struct

import grpc
import requests
from google.protobuf import json_format

import transcoding_pb2 as pb

URL = os.environ["UNDERSTUDY_URL"]
RECORD = "/understudy.test.Transcoding/Record"
ROUNDS = int(os.environ.get("TRANSCODING_ROUNDS", "150"))


def text(rng):
    alphabet = "abcXYZ _-/é漢🙂\"\\\n"
    return "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 8)))


def float32(rng):
    return struct.unpack("<f", struct.pack("<f", rng.uniform(-1e6, 1e6)))[0]


def double(rng):
    return rng.choice([0.0, -0.5, 1e-300, 1e300, rng.uniform(-1e9, 1e9), float(rng.randint(-10**15, 10**15))])


def inner(rng):
    return pb.Inner(label=text(rng), numbers=[rng.randint(-2**31, 2**31 - 1) for _ in range(rng.randint(0, 3))])


def json_value(rng, depth=0):
    kinds = ["null", "bool", "number", "string"] + (["list", "struct"] if depth < 2 else [])
    kind = rng.choice(kinds)
    if kind == "null":
        return None
    if kind == "bool":
        return rng.random() < 0.5
    if kind == "number":
        return rng.choice([0, 1.5, -3, rng.randint(-10**6, 10**6)])
    if kind == "string":
        return text(rng)
    if kind == "list":
        return [json_value(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    return {text(rng) or "k": json_value(rng, depth + 1) for _ in range(rng.randint(0, 3))}


def everything(rng):
    m = pb.Everything()
    maybe = lambda: rng.random() < 0.6  # noqa: E731
    if maybe(): m.f_double = double(rng)
    if maybe(): m.f_float = float32(rng)
    if maybe(): m.f_int64 = rng.randint(-2**63, 2**63 - 1)
    if maybe(): m.f_uint64 = rng.randint(0, 2**64 - 1)
    if maybe(): m.f_int32 = rng.randint(-2**31, 2**31 - 1)
    if maybe(): m.f_fixed64 = rng.randint(0, 2**64 - 1)
    if maybe(): m.f_fixed32 = rng.randint(0, 2**32 - 1)
    if maybe(): m.f_bool = rng.random() < 0.5
    if maybe(): m.f_string = text(rng)
    if maybe(): m.f_bytes = bytes(rng.randint(0, 255) for _ in range(rng.randint(0, 6)))
    if maybe(): m.f_uint32 = rng.randint(0, 2**32 - 1)
    if maybe(): m.f_enum = rng.choice([0, 1, 2])
    if maybe(): m.f_sfixed32 = rng.randint(-2**31, 2**31 - 1)
    if maybe(): m.f_sfixed64 = rng.randint(-2**63, 2**63 - 1)
    if maybe(): m.f_sint32 = rng.randint(-2**31, 2**31 - 1)
    if maybe(): m.f_sint64 = rng.randint(-2**63, 2**63 - 1)
    m.r_double.extend(double(rng) for _ in range(rng.randint(0, 3)))
    m.r_int64.extend(rng.randint(-2**63, 2**63 - 1) for _ in range(rng.randint(0, 3)))
    m.r_string.extend(text(rng) for _ in range(rng.randint(0, 3)))
    m.r_enum.extend(rng.choice([0, 1, 2]) for _ in range(rng.randint(0, 3)))
    m.r_inner.extend(inner(rng) for _ in range(rng.randint(0, 2)))
    m.r_sint32.extend(rng.randint(-2**31, 2**31 - 1) for _ in range(rng.randint(0, 3)))
    m.r_bytes.extend(bytes([rng.randint(0, 255)]) * rng.randint(0, 3) for _ in range(rng.randint(0, 2)))
    m.r_float.extend(float32(rng) for _ in range(rng.randint(0, 3)))
    for _ in range(rng.randint(0, 3)):
        m.m_string_int64[text(rng)] = rng.randint(-2**63, 2**63 - 1)
    for _ in range(rng.randint(0, 2)):
        m.m_int32_inner[rng.randint(-2**31, 2**31 - 1)].CopyFrom(inner(rng))
    for _ in range(rng.randint(0, 2)):
        m.m_bool_string[rng.random() < 0.5] = text(rng)
    for _ in range(rng.randint(0, 2)):
        m.m_string_value[text(rng)].CopyFrom(json_format.ParseDict(json_value(rng), pb.google_dot_protobuf_dot_struct__pb2.Value()))
    choice = rng.choice(["none", "text", "inner", "number"])
    if choice == "text": m.o_text = text(rng)
    if choice == "inner": m.o_inner.CopyFrom(inner(rng))
    if choice == "number": m.o_number = rng.choice([0, rng.randint(-100, 100)])
    if maybe(): m.nested.CopyFrom(inner(rng))
    if maybe(): m.p_optional = rng.choice([0, rng.randint(-100, 100)])
    if maybe():
        m.t_timestamp.seconds = rng.randint(-62135596800, 253402300799)
        m.t_timestamp.nanos = rng.choice([0, 123000000, 123456000, 123456789])
    if maybe():
        sign = rng.choice([1, -1])
        m.t_duration.seconds = sign * rng.randint(0, 10**6)
        m.t_duration.nanos = sign * rng.choice([0, 5000000, 1000, 7])
    if maybe(): m.t_any.Pack(inner(rng))
    if maybe(): m.t_struct.update({"a": json_value(rng), "b": [1, "x", None]})
    if maybe(): m.t_value.CopyFrom(json_format.ParseDict(json_value(rng), pb.google_dot_protobuf_dot_struct__pb2.Value()))
    if maybe(): m.w_int64.value = rng.randint(-2**63, 2**63 - 1)
    if maybe(): m.w_string.value = text(rng)
    if maybe(): m.w_bool.value = rng.random() < 0.5
    if maybe(): m.t_mask.paths.extend(rng.sample(["f_double", "nested.label", "r_inner"], rng.randint(1, 3)))
    if maybe(): m.w_double.value = double(rng)
    if maybe(): m.w_bytes.value = bytes([rng.randint(0, 255) for _ in range(3)])
    return m


def differing(got, wanted):
    names = {f.name for f, _ in got.ListFields()} | {f.name for f, _ in wanted.ListFields()}
    return {n: (getattr(got, n), getattr(wanted, n)) for n in sorted(names) if getattr(got, n) != getattr(wanted, n)}


def normalized(value):
    """Numbers compared as numbers (1 and 1.0 are one JSON number)."""
    if isinstance(value, dict):
        return {k: normalized(v) for k, v in value.items()}
    if isinstance(value, list):
        return [normalized(v) for v in value]
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    return float(value)


def test_random_messages_both_ways():
    rng = random.Random(20261128)
    requests.post(f"{URL}/__admin/reset").raise_for_status()
    with grpc.insecure_channel(URL.removeprefix("http://")) as channel:
        record = channel.unary_unary(RECORD, pb.Everything.SerializeToString, pb.Everything.FromString)
        for round in range(ROUNDS):
            message = everything(rng)
            expected = json_format.MessageToDict(message)
            stub = requests.post(f"{URL}/__admin/mappings", json={
                "request": {"method": "POST", "urlPath": RECORD},
                "response": {"body": json_format.MessageToJson(message)}})
            assert stub.status_code == 201, stub.text
            reply = record(message)
            # JSON to bytes: protobuf's JSON of the message, through the stub, back to the message.
            assert reply == message, f"round {round}: fields that differ: {differing(reply, message)}"
            # Bytes to JSON: what the server journalled of the request.
            logged = requests.get(f"{URL}/__admin/requests", params={"limit": 1}).json()["requests"][0]
            ours = __import__("json").loads(logged["request"]["body"])
            assert normalized(ours) == normalized(expected), f"round {round}"
            requests.post(f"{URL}/__admin/reset").raise_for_status()
