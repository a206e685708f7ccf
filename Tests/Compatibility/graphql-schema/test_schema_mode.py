"""Python's gql against `understudy serve --graphql-schema` on the public Star Wars schema
(../shared/realworld/graphql/swapi). GRAPHQL_URL names the endpoint.

With fetch_schema_from_transport, gql loads the schema by introspection, builds it with
graphql-core (which checks every part of the answer) and validates each query locally before
sending it: the server's introspection must be complete and right for that to work.
"""

import os

import pytest
from gql import Client, GraphQLRequest, gql
from gql.transport.exceptions import TransportQueryError
from gql.transport.requests import RequestsHTTPTransport

URL = os.environ["GRAPHQL_URL"]


def client(fetch_schema=True):
    return Client(
        transport=RequestsHTTPTransport(url=URL, timeout=10), fetch_schema_from_transport=fetch_schema
    )


def test_introspection_builds_the_schema_in_graphql_core():
    with client() as session:
        schema = session.client.schema
        assert schema.query_type.name == "Root"
        film = schema.get_type("Film")
        assert film.fields["title"].type.name == "String"
        assert str(film.fields["id"].type) == "ID!"
        node = schema.get_type("Node")
        assert sorted(t.name for t in schema.get_possible_types(node)) == [
            "Film", "Person", "Planet", "Species", "Starship", "Vehicle"]


def test_a_query_no_stub_covers_gets_data_of_its_shape():
    query = gql("""
        query Films($first: Int) {
          allFilms(first: $first) {
            totalCount
            pageInfo { hasNextPage endCursor }
            films { id title episodeID producers }
          }
        }
    """)
    with client() as session:
        result = session.execute(GraphQLRequest(query, variable_values={"first": 2}))
        again = session.execute(GraphQLRequest(query, variable_values={"first": 2}))
    films = result["allFilms"]["films"]
    assert len(films) == 2
    assert all(isinstance(f["title"], str) and isinstance(f["episodeID"], int) for f in films)
    assert isinstance(result["allFilms"]["pageInfo"]["hasNextPage"], bool)
    assert result == again


def test_the_stub_answers_first_and_an_interface_names_its_member():
    with client() as session:
        luke = session.execute(GraphQLRequest(
            gql("query Person($id: ID!) { person(id: $id) { name homeworld { name } } }"),
            variable_values={"id": "cGVvcGxlOjE="}, operation_name="Person"))
        node = session.execute(gql('{ node(id: "cGxhbmV0czox") { __typename id ... on Planet { name } } }'))
    assert luke == {"person": {"name": "Luke Skywalker", "homeworld": {"name": "Tatooine"}}}
    assert node["node"]["id"] == "cGxhbmV0czox"
    assert node["node"]["__typename"] in {"Film", "Person", "Planet", "Species", "Starship", "Vehicle"}


def test_the_server_refuses_what_the_schema_does_not_allow():
    # Without the schema, gql sends the query as it is and the server must refuse it.
    with client(fetch_schema=False) as session:
        with pytest.raises(TransportQueryError) as unknown:
            session.execute(gql("{ allFilms { films { rating } } }"))
        assert 'Cannot query field "rating" on type "Film"' in str(unknown.value)
        # gql sends the document as graphql-core re-prints it, on several lines.
        location = unknown.value.errors[0]["locations"][0]
        assert location["line"] > 1 and location["column"] > 1
        with pytest.raises(TransportQueryError) as missing:
            session.execute(gql("query ($id: ID!) { person(id: $id) { name } }"))
        assert 'Variable "$id" of required type "ID!" was not provided.' in str(missing.value)


def test_a_batch_no_stub_answers_is_answered_operation_by_operation():
    with client() as session:
        results = session.execute_batch([
            GraphQLRequest(gql("{ allPlanets(first: 1) { planets { name climates } } }")),
            GraphQLRequest(gql("query One($id: ID!) { starship(id: $id) { id name } }"),
                           variable_values={"id": "c3RhcnNoaXBzOjU="}, operation_name="One"),
        ])
    assert len(results[0]["allPlanets"]["planets"]) == 2
    assert results[1]["starship"]["id"] == "c3RhcnNoaXBzOjU="
