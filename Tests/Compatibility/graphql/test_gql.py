"""Python's gql (the client, with graphql-core parsing and re-printing each document) against
`understudy serve` on stubs using WireMock's graphql-body-matcher. GRAPHQL_URL names the endpoint.

gql sends the document as graphql-core prints it, not as written here: white space and commas
differ from the stubs', which is what the matcher must see past.
"""

import os

import pytest
from gql import Client, GraphQLRequest, gql
from gql.transport.exceptions import TransportQueryError, TransportServerError
from gql.transport.requests import RequestsHTTPTransport

URL = os.environ["GRAPHQL_URL"]


def client(method="POST"):
    return Client(transport=RequestsHTTPTransport(url=URL, method=method, timeout=10), fetch_schema_from_transport=False)


def test_a_query_written_differently_matches_the_stub():
    with client() as session:
        result = session.execute(gql("query { allFilms { films { releaseDate, title } } }"))
    assert result == {"allFilms": {"films": [{"title": "A New Hope", "releaseDate": "1977-05-25"}]}}


def test_variables_and_operation_name():
    query = gql("""
        query Person($id: ID!) {
          person(id: $id) { name homeworld { name } }
        }
    """)
    with client() as session:
        luke = session.execute(GraphQLRequest(query, variable_values={"id": "cGVvcGxlOjE="}, operation_name="Person"))
        assert luke == {"person": {"name": "Luke Skywalker", "homeworld": {"name": "Tatooine"}}}
        with pytest.raises(TransportServerError) as missed:
            session.execute(GraphQLRequest(query, variable_values={"id": "cGVvcGxlOjI="}, operation_name="Person"))
        assert missed.value.code == 404


def test_get_sends_the_query_in_the_url():
    with client(method="GET") as session:
        result = session.execute(gql("{ allFilms { films { title releaseDate } } }"))
    assert result["allFilms"]["films"][0]["title"] == "A New Hope"


def test_a_graphql_error_answer_reaches_the_client_as_one():
    with client() as session, pytest.raises(TransportQueryError) as error:
        session.execute(gql("mutation { deleteFilm(id: 1) { ok } }"))
    assert "not allowed" in str(error.value)


def test_a_batch():
    with client() as session:
        results = session.execute_batch([
            GraphQLRequest(gql("{ allFilms { films { title releaseDate } } }")),
            GraphQLRequest(gql("{ hero { name } }")),
        ])
    assert results[1] == {"hero": {"name": "R2-D2"}}


async def subscribe(query):
    # Imported here: the other tests need only the requests transport.
    from gql.transport.websockets import WebsocketsTransport

    ws_url = URL.replace("http://", "ws://", 1)
    transport = WebsocketsTransport(url=ws_url, subprotocols=[WebsocketsTransport.GRAPHQLWS_SUBPROTOCOL])
    async with Client(transport=transport) as session:
        return [result async for result in session.subscribe(gql(query))]


def test_a_subscription_over_graphql_transport_ws_from_message_stubs():
    import asyncio

    results = asyncio.run(subscribe("subscription { reviewAdded(episode: JEDI) { stars } }"))
    assert results == [{"reviewAdded": {"stars": 5}}, {"reviewAdded": {"stars": 3}}]
