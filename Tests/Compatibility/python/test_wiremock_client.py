"""python-wiremock 2.7.0 against Understudy's admin API.

Run through Scripts/python-compat.sh, which starts `understudy serve` and sets
UNDERSTUDY_URL to its base URL (no trailing `/__admin`).

Every client call passes `parameters={}` explicitly: the client's methods use a shared
mutable default dict, and `get_all_received_requests` writes `limit` into it.
"""
import os
import uuid

import pytest
import requests

from wiremock.constants import Config
from wiremock.exceptions import NotFoundException
from wiremock.resources.mappings import HttpMethods, Mapping, MappingRequest, MappingResponse
from wiremock.resources.mappings.resource import Mappings
from wiremock.resources.near_misses import NearMissMatchPatternRequest, NearMissMatchRequest
from wiremock.resources.near_misses.resource import NearMisses
from wiremock.resources.requests.resource import Requests
from wiremock.resources.scenarios.resource import Scenarios
from wiremock.resources.settings import GlobalSetting
from wiremock.resources.settings.resource import GlobalSettings

BASE = os.environ.get("UNDERSTUDY_URL", "").rstrip("/")
if not BASE:
    pytest.skip("UNDERSTUDY_URL is not set (run Scripts/python-compat.sh)", allow_module_level=True)


def get(path, **kwargs):
    return requests.get(BASE + path, timeout=10, **kwargs)


def stub(url, body="ok", status=200, method=HttpMethods.GET, **extra):
    mapping = Mapping(
        request=MappingRequest(method=method, url=url),
        response=MappingResponse(status=status, body=body),
        **extra,
    )
    return Mappings.create_mapping(mapping, parameters={})


@pytest.fixture(autouse=True)
def clean_server():
    Config.base_url = BASE + "/__admin"
    Mappings.delete_all_mappings(parameters={})
    Requests.reset_request_journal(parameters={})
    GlobalSettings.update_global_settings(GlobalSetting(), parameters={})
    yield
    Mappings.delete_all_mappings(parameters={})


def test_create_retrieve_update_and_delete_a_mapping():
    created = stub("/py/hello", body="hi")
    assert uuid.UUID(created.id)
    assert created.response.body == "hi"

    answer = get("/py/hello")
    assert answer.status_code == 200
    assert answer.text == "hi"
    assert answer.headers["Matched-Stub-Id"] == created.id

    everything = Mappings.retrieve_all_mappings(parameters={})
    assert everything.meta.total == 1
    assert [m.id for m in everything.mappings] == [created.id]

    fetched = Mappings.retrieve_mapping(created.id, parameters={})
    assert fetched.id == created.id
    assert fetched.request.url == "/py/hello"
    assert fetched.request.method == "GET"

    fetched.response = MappingResponse(status=201, body="updated")
    updated = Mappings.update_mapping(fetched, parameters={})
    assert updated.id == created.id
    assert updated.response.status == 201
    assert get("/py/hello").status_code == 201
    assert Mappings.retrieve_all_mappings(parameters={}).meta.total == 1

    Mappings.delete_mapping(created.id, parameters={})
    assert get("/py/hello").status_code == 404
    with pytest.raises(NotFoundException):
        Mappings.retrieve_mapping(created.id, parameters={})


def test_list_is_in_match_order():
    low = stub("/py/order", body="low", priority=10)
    newest = stub("/py/order", body="newest")
    high = stub("/py/order", body="high", priority=1)
    listed = Mappings.retrieve_all_mappings(parameters={})
    assert [m.id for m in listed.mappings] == [high.id, newest.id, low.id]
    assert get("/py/order").text == "high"


def test_delete_all_and_reset_mappings():
    stub("/py/a")
    stub("/py/b")
    Mappings.delete_all_mappings(parameters={})
    assert Mappings.retrieve_all_mappings(parameters={}).meta.total == 0

    stub("/py/c")
    get("/py/c")
    Mappings.reset_mappings(parameters={})
    assert Mappings.retrieve_all_mappings(parameters={}).meta.total == 0
    # Resetting mappings resets the journal too.
    assert Requests.get_all_received_requests(parameters={}).meta.total == 0


def test_persisted_mappings_survive_a_reset_until_deleted():
    saved = stub("/py/persisted", body="still here")
    Mappings.persist_mappings(parameters={})
    assert Mappings.retrieve_mapping(saved.id, parameters={}).persistent is True

    Mappings.reset_mappings(parameters={})
    assert get("/py/persisted").text == "still here"

    Mappings.delete_all_mappings(parameters={})
    Mappings.reset_mappings(parameters={})
    assert Mappings.retrieve_all_mappings(parameters={}).meta.total == 0


def test_delete_mapping_by_metadata():
    stub("/py/tagged", metadata={"team": "py"})
    kept = stub("/py/untagged")
    Mappings.delete_mapping_by_metadata(
        {"matchesJsonPath": {"expression": "$.team", "equalTo": "py"}}, parameters={}
    )
    assert [m.id for m in Mappings.retrieve_all_mappings(parameters={}).mappings] == [kept.id]


def test_received_requests_newest_first_with_limit_and_since():
    stub("/py/journal?a=1")
    get("/py/journal?a=1")
    get("/py/missing")

    everything = Requests.get_all_received_requests(parameters={})
    assert everything.meta.total == 2
    assert everything.request_journal_disabled is False
    assert [r.request.url for r in everything.requests] == ["/py/missing", "/py/journal?a=1"]
    assert everything.requests[0].response_definition.status == 404
    assert everything.requests[0].response_definition.from_configured_stub is False
    assert everything.requests[1].response_definition.status == 200

    limited = Requests.get_all_received_requests(limit=1, parameters={})
    assert [r.request.url for r in limited.requests] == ["/py/missing"]
    assert limited.meta.total == 2

    since = Requests.get_all_received_requests(since="2000-01-01T00:00:00Z", parameters={})
    assert len(since.requests) == 2

    one = Requests.get_request(everything.requests[1].id, parameters={})
    assert one.id == everything.requests[1].id
    assert one.request.url == "/py/journal?a=1"
    assert one.request.method == "GET"

    Requests.reset_request_journal(parameters={})
    assert Requests.get_all_received_requests(parameters={}).meta.total == 0


def test_matching_request_count_and_requests():
    stub("/py/count")
    get("/py/count")
    get("/py/count")
    requests.post(BASE + "/py/count", data="body", timeout=10)

    pattern = NearMissMatchPatternRequest(url="/py/count", method="GET")
    assert Requests.get_matching_request_count(pattern, parameters={}).count == 2

    found = Requests.get_matching_requests(NearMissMatchPatternRequest(url="/py/count", method="POST"), parameters={})
    assert [r.url for r in found.requests] == ["/py/count"]
    assert found.requests[0].body == "body"


def test_unmatched_requests_and_their_near_misses():
    stub("/py/somewhere")
    get("/py/somewhere")
    assert get("/py/somewhere-else").status_code == 404

    unmatched = Requests.get_unmatched_requests(parameters={})
    assert [r.url for r in unmatched.requests] == ["/py/somewhere-else"]

    misses = Requests.get_unmatched_requests_near_misses(parameters={})
    assert len(misses.near_misses) == 1
    assert misses.near_misses[0].request.url == "/py/somewhere-else"
    assert 0 < misses.near_misses[0].match_result.distance < 1


def test_nearest_misses_by_request_and_by_pattern():
    stub("/py/thing")
    stub("/py/elsewhere/entirely", method=HttpMethods.POST)
    get("/py/thin")

    by_request = NearMisses.find_nearest_misses_by_request(
        NearMissMatchRequest(url="/py/thin", method="GET"), parameters={}
    )
    assert 1 <= len(by_request.near_misses) <= 3
    distances = [m.match_result.distance for m in by_request.near_misses]
    assert distances == sorted(distances)
    assert distances[0] < 1

    by_pattern = NearMisses.find_nearest_misses_by_request_pattern(
        NearMissMatchPatternRequest(url="/py/thin", method="GET"), parameters={}
    )
    assert by_pattern.near_misses[0].request.url == "/py/thin"
    assert by_pattern.near_misses[0].match_result.distance == 0


def test_reset_all_scenarios():
    stub("/py/scenario", body="first", scenario_name="py", required_scenario_state="Started", new_scenario_state="done")
    stub("/py/scenario", body="second", scenario_name="py", required_scenario_state="done")
    assert get("/py/scenario").text == "first"
    assert get("/py/scenario").text == "second"
    Scenarios.reset_all_scenarios(parameters={})
    assert get("/py/scenario").text == "first"


def test_update_global_settings():
    updated = GlobalSettings.update_global_settings(GlobalSetting(fixed_delay=5), parameters={})
    assert updated.fixed_delay == 5
    assert get("/__admin/settings").json()["settings"]["fixedDelay"] == 5
    stub("/py/delayed")
    assert get("/py/delayed").status_code == 200
