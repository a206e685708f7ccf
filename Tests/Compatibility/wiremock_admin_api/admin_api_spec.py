"""WireMock's own OpenAPI description of its admin API, as WireMock ships it inside its standalone
jar (which the PyPI package `wiremock` carries), with the places where WireMock's answers differ
from its description written down as exceptions.

Usage: python admin_api_spec.py OUT.json [--positive]   (run in a venv with `wiremock` installed)

With --positive the description is also narrowed where WireMock itself refuses what it calls valid
(see `narrowed_to_what_wiremock_reads`), for schemathesis's positive-data check: every request the
narrowed description calls valid must be accepted.

Nothing from the jar is committed: it is read at run time. Every exception below is a status the
description leaves out but WireMock itself answers (checked against wiremock-standalone 2.35.1),
or where WireMock's answer is a server error and ours is the client error that "no server error"
requires; each says which.
"""

import json
import pathlib
import sys
import zipfile

import wiremock

# WireMock answers a body it cannot read with 422 and a JSON:API error list whose `source` is an
# object holding a JSON pointer (not the string some descriptions show).
ERRORS_422 = {
    "description": "Exception (WireMock's own answer, undocumented): the body does not parse or is not a valid value",
    "content": {
        "application/json": {
            "schema": {
                "type": "object",
                "required": ["errors"],
                "properties": {
                    "errors": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "required": ["title"],
                            "properties": {
                                "code": {"type": "integer"},
                                "source": {"type": "object", "properties": {"pointer": {"type": "string"}}},
                                "title": {"type": "string"},
                                "detail": {"type": "string"},
                            },
                        },
                    }
                },
            }
        }
    },
}

# WireMock answers a malformed stub or request id, or a `limit` that is not a number, with 500
# (and a malformed `since` with 400). A server error is never right for a client's mistake, so
# Understudy answers 400 for all of them; documented here so the conformance check accepts it.
ERROR_400 = {"description": "Exception (WireMock answers 500 here): a malformed id or query parameter"}

# Two property schemas narrower than WireMock itself, which stores and returns what was sent (as
# Understudy does):
# - a stub's `priority` has a minimum of 1, but 0 and negative priorities are kept;
# - a lognormal delay's `median` is an integer, but WireMock reads it as a double.
def with_wiremocks_property_rules(node: object) -> None:
    if isinstance(node, dict):
        properties = node.get("properties")
        if isinstance(properties, dict):
            if isinstance(properties.get("priority"), dict):
                properties["priority"].pop("minimum", None)
            if isinstance(properties.get("median"), dict) and properties["median"].get("type") == "integer":
                properties["median"]["type"] = "number"
        for value in node.values():
            with_wiremocks_property_rules(value)
    elif isinstance(node, list):
        for value in node:
            with_wiremocks_property_rules(value)


# Operations left out: they stop the server, need a live proxy target, or belong to other work.
SKIPPED_PATH_REGEX = r"^/__admin/(shutdown|recordings/.*)$"


def jar_path() -> pathlib.Path:
    jars = sorted((pathlib.Path(wiremock.__file__).parent / "server").glob("wiremock-standalone-*.jar"))
    if not jars:
        sys.exit("the wiremock package carries no standalone jar")
    return jars[-1]


def description() -> dict:
    with zipfile.ZipFile(jar_path()) as jar:
        return json.loads(jar.read("swagger/wiremock-admin-api.json"))


def with_exceptions(spec: dict) -> dict:
    for item in spec["paths"].values():
        shared = item.get("parameters", [])
        for method, operation in item.items():
            if method not in ("get", "put", "post", "delete", "patch"):
                continue
            responses = operation.setdefault("responses", {})
            if "requestBody" in operation:
                responses.setdefault("422", ERRORS_422)
            parameters = shared + operation.get("parameters", [])
            if any(p.get("in") in ("path", "query") for p in parameters):
                responses.setdefault("400", ERROR_400)
    with_wiremocks_property_rules(spec)
    return spec


# A value matcher as WireMock reads one: an object with one matcher key. The description says only
# `{"type": "object"}`, and WireMock refuses `{}` or `{"x": 1}` ("... is not a valid match operation").
# Matchers whose operand must itself parse (a regex, JSON, XML, an XPath or JSONPath) are left out:
# a random string is not one, and WireMock refuses those too.
MATCHER = {
    "oneOf": [
        {"type": "object", "required": ["equalTo"], "additionalProperties": False,
         "properties": {"equalTo": {"type": "string"}, "caseInsensitive": {"type": "boolean"}}},
        {"type": "object", "required": ["contains"], "additionalProperties": False,
         "properties": {"contains": {"type": "string"}}},
        {"type": "object", "required": ["doesNotContain"], "additionalProperties": False,
         "properties": {"doesNotContain": {"type": "string"}}},
        {"type": "object", "required": ["absent"], "additionalProperties": False,
         "properties": {"absent": {"type": "boolean", "const": True}}},
    ]
}

# A response header as WireMock reads one: a value or a list of values (scalars it turns into text).
HEADER_VALUES = {"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}

# URL regexes that compile in Java and in ICU alike.
URL_REGEX = {"type": "string", "pattern": "^[a-z0-9/]*$"}


def java_ints(node: object) -> None:
    if isinstance(node, dict):
        if node.get("type") == "integer":
            node.setdefault("minimum", -(2**31))
            node.setdefault("maximum", 2**31 - 1)
        for value in node.values():
            java_ints(value)
    elif isinstance(node, list):
        for value in node:
            java_ints(value)


def narrowed_to_what_wiremock_reads(spec: dict) -> dict:
    """Only POST /__admin/mappings and PUT /__admin/mappings/{id}, with the stub's schema narrowed
    where WireMock refuses what its description allows (each checked against WireMock):
    - a body is required: WireMock refuses an empty one ("No content to map");
    - request matchers (`headers`, `queryParameters`, `cookies`, `bodyPatterns`) are MATCHER, and
      response headers HEADER_VALUES (a list holding a list is refused);
    - `urlPattern` and `urlPathPattern` are regexes WireMock compiles when it reads the stub;
    - integers are Java ints (Jackson refuses a number out of their range), a status three digits
      (WireMock keeps any int, and fails when it serves one; Understudy refuses it when it reads it);
    - a delay distribution names its `type`, which is how Jackson picks the kind, and a uniform
      one's `lower` is at most its `upper` (WireMock keeps the stub and fails every request to it;
      Understudy refuses it when it reads it), here lower in 0...1000 and upper in 1000...2000;
    - `base64Body` is base64, which WireMock decodes when it reads the stub;
    - `bodyFileName` names a file inside `__files` (WireMock keeps an empty name or `../x` and fails
      when it serves it; Understudy refuses them when it reads the stub);
    - a stub's `id` (alias `uuid`) is a java.util.UUID, and since WireMock 3.7 a second stub with an
      id in use is refused (422), as Understudy refuses it: POST's examples all carry one id, so
      POST is sent without one (PUT takes its id from the path).
    """
    paths = {}
    for path, methods in (("/__admin/mappings", ("post",)), ("/__admin/mappings/{stubMappingId}", ("put",))):
        item = spec["paths"][path]
        kept = {key: value for key, value in item.items() if key == "parameters" or key in methods}
        for method in methods:
            kept[method]["requestBody"]["required"] = True
            media = kept[method]["requestBody"]["content"]["application/json"]
            stub = media["schema"]
            java_ints(stub)
            base64 = {"type": "string", "pattern": "^([A-Za-z0-9+/]{4})*$"}
            for part in stub["properties"]["response"].get("allOf", []):
                if "bodyFileName" in part.get("properties", {}):
                    part["properties"]["bodyFileName"] = {"type": "string", "pattern": "^[a-z0-9_/-]*[a-z0-9_-]$"}
                if "base64Body" in part.get("properties", {}):
                    part["properties"]["base64Body"] = base64
                if "status" in part.get("properties", {}):
                    part["properties"]["status"] = {"type": "integer", "minimum": 100, "maximum": 999}
                for branch in part.get("properties", {}).get("delayDistribution", {}).get("oneOf", []):
                    branch["required"] = ["type"]
                    if "lower" in branch.get("properties", {}):
                        branch["properties"]["lower"] = {"type": "integer", "minimum": 0, "maximum": 1000}
                        branch["properties"]["upper"] = {"type": "integer", "minimum": 1000, "maximum": 2000}
                for key in ("headers", "additionalProxyRequestHeaders"):
                    if key in part.get("properties", {}):
                        part["properties"][key] = {"type": "object", "additionalProperties": HEADER_VALUES}
            request = stub["properties"]["request"]["properties"]
            for key in ("headers", "queryParameters", "cookies"):
                request[key] = {"type": "object", "additionalProperties": MATCHER}
            request["bodyPatterns"] = {"type": "array", "items": MATCHER}
            request["urlPattern"] = URL_REGEX
            request["urlPathPattern"] = URL_REGEX
            for key in ("id", "uuid"):
                if method == "post":
                    stub["properties"].pop(key, None)
                else:
                    stub["properties"][key] = {"type": "string", "format": "uuid"}
            for holder in [media, stub] + list(media.get("examples", {}).values()):
                for name in ("example", "value"):
                    if isinstance(holder.get(name), dict):
                        holder[name].pop("id", None)
                        holder[name].pop("uuid", None)
        paths[path] = kept
    spec["paths"] = paths
    return spec


if __name__ == "__main__":
    out = pathlib.Path(sys.argv[1])
    spec = with_exceptions(description())
    if "--positive" in sys.argv[2:]:
        spec = narrowed_to_what_wiremock_reads(spec)
    out.write_text(json.dumps(spec, indent=1))
    print(f"WireMock's admin API description from {jar_path().name}, with exceptions, in {out}")
