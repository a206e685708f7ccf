"""grpcio (the C core) against `understudy serve` over h2c and h2 with TLS: stubs written as
WireMock's gRPC extension writes them, and Understudy's streams. The client stubs are generated
by protoc (grpcio-tools) from the extension's .proto files; a service added at run time is built
from a descriptor with protobuf's dynamic message classes."""
import glob
import os
import queue
import time

import grpc
import pytest
import requests
from google.protobuf import any_pb2, descriptor_pb2, descriptor_pool, empty_pb2, json_format, message_factory
from grpc_reflection.v1alpha.proto_reflection_descriptor_database import ProtoReflectionDescriptorDatabase

URL = os.environ["UNDERSTUDY_URL"]
TARGET = URL.removeprefix("http://")
SERVICE = "/com.example.grpc.GreetingService/"

pool = descriptor_pool.DescriptorPool()
for path in sorted(glob.glob(os.path.join(os.environ["GRPC_DESCRIPTORS"], "**", "*.d*sc"), recursive=True)):
    files = descriptor_pb2.FileDescriptorSet.FromString(open(path, "rb").read())
    for file in files.file:
        try:
            pool.Add(file)
        except TypeError:
            pass  # a file both sets import (google/protobuf/*.proto)
import ExampleServices_pb2_grpc as services  # noqa: E402 (generated into PYTHONPATH by the script)
import transcoding_pb2  # noqa: E402
import transcoding_pb2_grpc  # noqa: E402
from request.helloRequest_pb2 import HelloRequest  # noqa: E402
from response.helloResponse_pb2 import HelloResponse  # noqa: E402


def stub(path, response, body=None, headers=None):
    request = {"method": "POST", "urlPath": path}
    if body is not None:
        request["bodyPatterns"] = [{"equalToJson": body}]
    if headers:
        request["headers"] = headers
    answer = requests.post(f"{URL}/__admin/mappings", json={"request": request, "response": response})
    assert answer.status_code == 201, answer.text


@pytest.fixture(autouse=True)
def fresh():
    requests.post(f"{URL}/__admin/reset").raise_for_status()


@pytest.fixture
def channel():
    with grpc.insecure_channel(TARGET) as channel:
        yield channel


def unary(channel, method):
    return channel.unary_unary(SERVICE + method, HelloRequest.SerializeToString, HelloResponse.FromString)


def test_over_tls_with_alpn_h2():
    stub(SERVICE + "greeting", {"jsonBody": {"greeting": "secure"}})
    trust = grpc.ssl_channel_credentials(root_certificates=open(os.environ["UNDERSTUDY_CERT"], "rb").read())
    with grpc.secure_channel(os.environ["UNDERSTUDY_HTTPS_URL"].removeprefix("https://"), trust) as secure:
        assert unary(secure, "greeting")(HelloRequest(name="Tom")).greeting == "secure"
    logged = requests.get(f"{URL}/__admin/requests").json()["requests"][0]["request"]
    assert logged["absoluteUrl"].startswith("https://")


def test_a_templated_reply_and_the_journal(channel):
    stub(SERVICE + "greeting", {"jsonBody": {"greeting": "Hello {{jsonPath request.body '$.name'}}"},
                                "transformers": ["response-template"]})
    reply = unary(channel, "greeting")(HelloRequest(name="Tom", age=42, hobbies=["chess"]))
    assert reply.greeting == "Hello Tom"
    logged = requests.get(f"{URL}/__admin/requests").json()["requests"][0]["request"]
    assert logged["url"] == SERVICE + "greeting"
    assert json_format.Parse(logged["body"], HelloRequest()) == HelloRequest(name="Tom", age=42, hobbies=["chess"])


def test_a_miss_is_unimplemented_with_wiremocks_text(channel):
    stub(SERVICE + "greeting", {"jsonBody": {"greeting": "OK"}}, body={"name": "Tom"})
    with pytest.raises(grpc.RpcError) as failure:
        unary(channel, "greeting")(HelloRequest(name="Wrong"))
    assert failure.value.code() == grpc.StatusCode.UNIMPLEMENTED
    assert failure.value.details() == "No matching stub mapping found for gRPC request"


@pytest.mark.parametrize("http,code,text", [
    (400, grpc.StatusCode.INTERNAL, "Bad Request"),
    (401, grpc.StatusCode.UNAUTHENTICATED, "You are not authorized to access this resource"),
    (403, grpc.StatusCode.PERMISSION_DENIED, "You are not authorized to access this resource"),
    (404, grpc.StatusCode.UNIMPLEMENTED, "No matching stub mapping found for gRPC request"),
    (429, grpc.StatusCode.UNAVAILABLE, "Too many requests"),
    (502, grpc.StatusCode.UNAVAILABLE, "Bad Gateway"),
    (503, grpc.StatusCode.UNAVAILABLE, "Service Unavailable"),
    (504, grpc.StatusCode.UNAVAILABLE, "Gateway Timeout"),
])
def test_an_http_status_becomes_a_grpc_status(channel, http, code, text):
    stub(SERVICE + "greeting", {"status": http})
    with pytest.raises(grpc.RpcError) as failure:
        unary(channel, "greeting")(HelloRequest(name="Tom"))
    assert (failure.value.code(), failure.value.details()) == (code, text)


def test_a_status_name_with_a_reason_that_needs_encoding(channel):
    stub(SERVICE + "greeting", {"headers": {"grpc-status-name": "FAILED_PRECONDITION",
                                            "grpc-status-reason": "100% not ready: café"}})
    with pytest.raises(grpc.RpcError) as failure:
        unary(channel, "greeting")(HelloRequest(name="Tom"))
    assert failure.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert failure.value.details() == "100% not ready: café"


def test_metadata_is_matched_and_binary_metadata_reads_as_java_prints_it(channel):
    stub(SERVICE + "greeting", {"jsonBody": {"greeting": "text"}}, headers={"x-my-header": {"equalTo": "match me"}})
    stub(SERVICE + "greeting", {"jsonBody": {"greeting": "binary"}},
         headers={"x-my-header-bin": {"equalTo": "[98, 105, 110, -1]"}})
    call = unary(channel, "greeting")
    assert call(HelloRequest(name="Tom"), metadata=[("x-my-header", "match me")]).greeting == "text"
    assert call(HelloRequest(name="Tom"), metadata=[("x-my-header-bin", b"bin\xff")]).greeting == "binary"


def test_a_client_stream_is_answered_by_its_first_matching_message(channel):
    stub(SERVICE + "manyGreetingsOneReply", {"jsonBody": {"greeting": "Hi Rob"}}, body={"name": "Rob"})
    greeter = services.GreetingServiceStub(channel)
    names = ["Tom", "Uri", "Rob", "Mark"]
    assert greeter.manyGreetingsOneReply(iter([HelloRequest(name=n) for n in names])).greeting == "Hi Rob"
    # Nothing matches: WireMock's text.
    with pytest.raises(grpc.RpcError) as failure:
        greeter.manyGreetingsOneReply(iter([HelloRequest(name="Jeff")]))
    assert failure.value.details() == "No matching stub mapping found for gRPC request"


def test_a_server_stream_of_several_messages_then_a_status(channel):
    stub(SERVICE + "oneGreetingManyReplies", {
        "bodyChunks": [{"json": {"greeting": "one"}}, {"json": {"greeting": "two"}, "delayMilliseconds": 30},
                       {"json": {"greeting": "three"}}]})
    replies = services.GreetingServiceStub(channel).oneGreetingManyReplies(HelloRequest(name="Tom"))
    assert [reply.greeting for reply in replies] == ["one", "two", "three"]


def add_chat_service():
    """WireMock's sets have no bidirectional method: write one more descriptor set into the
    server's grpc/ folder, then have it read the folder again (WireMock's reset route)."""
    chat = descriptor_pb2.FileDescriptorProto(
        name="chat.proto", package="understudy.test", syntax="proto3",
        dependency=["request/helloRequest.proto", "response/helloResponse.proto"])
    service = chat.service.add(name="Chat")
    service.method.add(name="Talk", input_type=".com.example.grpc.request.HelloRequest",
                       output_type=".com.example.grpc.response.HelloResponse",
                       client_streaming=True, server_streaming=True)
    files = descriptor_pb2.FileDescriptorSet(file=[chat])
    with open(os.path.join(os.environ["GRPC_DESCRIPTORS"], "chat.desc"), "wb") as out:
        out.write(files.SerializeToString())
    answer = requests.post(f"{URL}/__admin/ext/grpc/reset")
    assert (answer.status_code, answer.content) == (200, b"")


def test_a_bidirectional_call_is_answered_message_by_message(channel):
    add_chat_service()
    path = "/understudy.test.Chat/Talk"
    stub(path, {"jsonBody": {"greeting": "Hello {{jsonPath request.body '$.name'}}"},
                "transformers": ["response-template"]})
    stub(path, {"headers": {"grpc-status-name": "INVALID_ARGUMENT", "grpc-status-reason": "no Mallory"}},
         body={"name": "Mallory"})
    call = channel.stream_stream(path, HelloRequest.SerializeToString, HelloResponse.FromString)
    # Each message goes out only once the reply to the one before has come back.
    turns = queue.Queue()

    def talk(names):
        for name in names:
            yield HelloRequest(name=name)
            turns.get(timeout=5)

    replies = []
    for reply in call(talk(["Ann", "Bob", "Cid"])):
        replies.append(reply.greeting)
        turns.put(True)
    assert replies == ["Hello Ann", "Hello Bob", "Hello Cid"]
    # The first status other than OK ends the call.
    turns = queue.Queue()
    stream = call(talk(["Ann", "Mallory", "Bob"]))
    got = []
    with pytest.raises(grpc.RpcError) as failure:
        for reply in stream:
            got.append(reply.greeting)
            turns.put(True)
    assert got == ["Hello Ann"]
    assert (failure.value.code(), failure.value.details()) == (grpc.StatusCode.INVALID_ARGUMENT, "no Mallory")


def test_a_generated_bidirectional_stub(channel):
    path = "/understudy.test.Transcoding/Talk"
    stub(path, {"jsonBody": {"label": "re: {{jsonPath request.body '$.label'}}"}, "transformers": ["response-template"]})
    talk = transcoding_pb2_grpc.TranscodingStub(channel).Talk
    replies = talk(iter([transcoding_pb2.Inner(label=name) for name in ["a", "b", "c"]]))
    assert [reply.label for reply in replies] == ["re: a", "re: b", "re: c"]
    # One journal entry per message, in order.
    bodies = [e["request"]["body"] for e in requests.get(f"{URL}/__admin/requests").json()["requests"]]
    assert [json_format.Parse(b, transcoding_pb2.Inner()).label for b in reversed(bodies)] == ["a", "b", "c"]


def test_an_unknown_method_is_unimplemented(channel):
    call = channel.unary_unary("/com.example.grpc.NoSuchService/nothing", HelloRequest.SerializeToString,
                               HelloResponse.FromString)
    with pytest.raises(grpc.RpcError) as failure:
        call(HelloRequest(name="Tom"))
    assert failure.value.code() == grpc.StatusCode.UNIMPLEMENTED
    assert failure.value.details().startswith("Method not found: com.example.grpc.NoSuchService/nothing")


def test_a_delay_holds_the_reply(channel):
    stub(SERVICE + "greeting", {"jsonBody": {"greeting": "Delayed hello"}, "fixedDelayMilliseconds": 300})
    started = time.monotonic()
    assert unary(channel, "greeting")(HelloRequest(name="Tom")).greeting == "Delayed hello"
    assert time.monotonic() - started >= 0.29
    with pytest.raises(grpc.RpcError) as failure:
        unary(channel, "greeting")(HelloRequest(name="Tom"), timeout=0.05)
    assert failure.value.code() == grpc.StatusCode.DEADLINE_EXCEEDED


def test_server_reflection_lists_services_and_serves_their_descriptors(channel):
    # grpcio-reflection's client speaks v1alpha, as grpcurl falls back to; the Swift suite asks v1.
    database = ProtoReflectionDescriptorDatabase(channel)
    services = set(database.get_services())
    assert {"com.example.grpc.GreetingService", "com.example.grpc.AnotherGreetingService",
            "com.example.grpc.BookingService", "grpc.reflection.v1.ServerReflection"} <= services
    remote = descriptor_pool.DescriptorPool(database)
    service = remote.FindServiceByName("com.example.grpc.GreetingService")
    greeting = service.FindMethodByName("greeting")
    assert greeting.input_type.full_name == "com.example.grpc.request.HelloRequest"
    assert [f.name for f in greeting.input_type.fields] == ["name", "age", "hobbies", "bagOfTricks", "sentiment"]
    assert remote.FindEnumTypeByName("com.example.grpc.request.models.Sentiment").values_by_name["ANGRY"].number == 2
    with pytest.raises(KeyError):
        remote.FindMessageTypeByName("com.example.grpc.NoSuchThing")


def test_imported_types_any_and_empty(channel):
    stub(SERVICE + "oneGreetingEmptyReply", {"body": "{\n}"})
    stub(SERVICE + "greetingAnyRequest", {"jsonBody": {"greeting": "Hiya"}})
    stub(SERVICE + "greetingAnyResponse", {"jsonBody": {
        "@type": "type.googleapis.com/com.example.grpc.response.HelloResponse", "greeting": "Hiya"}})
    empty = channel.unary_unary(SERVICE + "oneGreetingEmptyReply", HelloRequest.SerializeToString,
                                empty_pb2.Empty.FromString)
    assert empty(HelloRequest(name="Tom")) == empty_pb2.Empty()
    packed = any_pb2.Any()
    packed.Pack(HelloRequest(name="Tom"))
    any_request = channel.unary_unary(SERVICE + "greetingAnyRequest", any_pb2.Any.SerializeToString,
                                      HelloResponse.FromString)
    assert any_request(packed).greeting == "Hiya"
    any_response = channel.unary_unary(SERVICE + "greetingAnyResponse", HelloRequest.SerializeToString,
                                       any_pb2.Any.FromString)
    reply = any_response(HelloRequest(name="Tom"))
    assert reply.type_url == "type.googleapis.com/com.example.grpc.response.HelloResponse"
    unpacked = HelloResponse()
    assert reply.Unpack(unpacked) and unpacked.greeting == "Hiya"


def test_verification_through_the_admin_api(channel):
    # What WireMockGrpcService.verify(...).withRequestMessage(equalToJson(...)) asks WireMock.
    stub(SERVICE + "greeting", {"jsonBody": {"greeting": "Hi"}})
    greeter = services.GreetingServiceStub(channel)
    for _ in range(2):
        greeter.greeting(HelloRequest(name="Peter"))
    def count(name):
        pattern = {"method": "POST", "urlPath": SERVICE + "greeting", "bodyPatterns": [{"equalToJson": {"name": name}}]}
        return requests.post(f"{URL}/__admin/requests/count", json=pattern).json()["count"]
    assert (count("Peter"), count("Chris")) == (2, 0)


@pytest.mark.parametrize("http,code", [(401, grpc.StatusCode.UNAUTHENTICATED), (404, grpc.StatusCode.UNIMPLEMENTED)])
def test_a_client_stream_gets_the_error_its_messages_got(channel, http, code):
    greeter = services.GreetingServiceStub(channel)
    stub(SERVICE + "manyGreetingsOneReply", {"headers": {"grpc-status-name": "INVALID_ARGUMENT",
                                                         "grpc-status-reason": "Jerf is not a valid name"}},
         body={"name": "Jerf"})
    with pytest.raises(grpc.RpcError) as failure:
        greeter.manyGreetingsOneReply(iter([HelloRequest(name=n) for n in ["Tom", "Jerf", "Rob"]]))
    assert (failure.value.code(), failure.value.details()) == (grpc.StatusCode.INVALID_ARGUMENT,
                                                                "Jerf is not a valid name")
    # A stub that answers only an HTTP status, for every message: that status's row of the table.
    requests.post(f"{URL}/__admin/reset").raise_for_status()
    stub(SERVICE + "manyGreetingsOneReply", {"status": http})
    with pytest.raises(grpc.RpcError) as failure:
        greeter.manyGreetingsOneReply(iter([HelloRequest(name=n) for n in ["Tom", "Jerf", "Rob"]]))
    assert failure.value.code() == code


def test_a_fault_is_unknown(channel):
    stub(SERVICE + "greeting", {"fault": "CONNECTION_RESET_BY_PEER"})
    with pytest.raises(grpc.RpcError) as failure:
        unary(channel, "greeting")(HelloRequest(name="Tom"))
    assert failure.value.code() == grpc.StatusCode.UNKNOWN


def test_one_services_stubs_and_requests_are_removed_as_the_extensions_client_does(channel):
    # WireMockGrpcService.removeAllStubs() and resetRequests() are admin API calls.
    another = "/com.example.grpc.AnotherGreetingService/"
    stub(SERVICE + "greeting", {"jsonBody": {"greeting": "Hi"}})
    stub(another + "anotherGreeting", {"jsonBody": {"greeting": "Hello"}})
    greeter = services.GreetingServiceStub(channel)
    other = services.AnotherGreetingServiceStub(channel)
    greeter.greeting(HelloRequest(name="Tom"))
    other.anotherGreeting(HelloRequest(name="Tom"))
    for mapping in requests.get(f"{URL}/__admin/mappings").json()["mappings"]:
        if mapping["request"].get("urlPath", "").startswith(SERVICE):
            requests.delete(f"{URL}/__admin/mappings/{mapping['id']}").raise_for_status()
    removed = requests.post(f"{URL}/__admin/requests/remove",
                            json={"method": "POST", "urlPathPattern": SERVICE + ".+"})
    removed.raise_for_status()
    with pytest.raises(grpc.RpcError):
        greeter.greeting(HelloRequest(name="Tom"))
    assert other.anotherGreeting(HelloRequest(name="Tom")).greeting == "Hello"
    urls = [e["request"]["url"] for e in requests.get(f"{URL}/__admin/requests").json()["requests"]]
    assert urls.count(another + "anotherGreeting") == 2
    assert urls.count(SERVICE + "greeting") == 1  # the call after the reset, unmatched
