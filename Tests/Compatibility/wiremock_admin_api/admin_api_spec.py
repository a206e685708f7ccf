"""WireMock's own OpenAPI description of its admin API, as WireMock ships it inside its standalone
jar (which the PyPI package `wiremock` carries), with the places where WireMock's answers differ
from its description written down as exceptions.

Usage: python admin_api_spec.py OUT.json   (run in a venv with `wiremock` installed)

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


if __name__ == "__main__":
    out = pathlib.Path(sys.argv[1])
    out.write_text(json.dumps(with_exceptions(description()), indent=1))
    print(f"WireMock's admin API description from {jar_path().name}, with exceptions, in {out}")
