"""The write endpoints' OpenAPI (``/api/v1/schema``): every answer they give is declared with
its JSON schema, so that a client generated from the schema, or a schema-based fuzzer, meets no
undocumented answer (the success, 400, 401, 403, 404, 409, 429)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db

TOURNAMENT = "/api/v1/clubs/{number}/tournaments/{pk}"
#: (method, path, success): the write endpoints and the entries' list.
OPERATIONS = [
    ("post", f"{TOURNAMENT}/entries", "201"),
    ("get", f"{TOURNAMENT}/entries", "200"),
    ("post", f"{TOURNAMENT}/rounds/{{round_number}}/pair", "202"),
    ("get", f"{TOURNAMENT}/jobs/{{job_id}}", "200"),
    ("post", f"{TOURNAMENT}/rounds/{{round_number}}/publish", "200"),
    ("put", f"{TOURNAMENT}/rounds/{{round_number}}/boards/{{game}}", "200"),
    ("post", f"{TOURNAMENT}/rounds/{{round_number}}/results", "200"),
]
ERRORS = ["400", "401", "403", "404", "429"]


@pytest.mark.parametrize(("method", "path", "success"), OPERATIONS)
def test_api_every_answer_of_a_write_endpoint_is_declared(client, method, path, success):
    schema = client.get("/api/v1/schema").json()
    operation = schema["paths"][path][method]
    codes = [success, *ERRORS] + ([] if path.endswith("/entries") and method == "get" else ["409"])
    for code in codes:
        declared = operation["responses"][code]["content"]["application/json"]["schema"]
        assert declared, (path, code)
    error = schema["components"]["schemas"]["ErrorOut"]
    assert set(error["required"]) == {"error"}
    assert {"error", "field", "board"} <= set(error["properties"])
    if method != "get":
        assert operation["security"] == [{"TokenAuth": []}]


def test_api_a_stale_board_s_answer_is_declared_with_the_stored_boards(client):
    schema = client.get("/api/v1/schema").json()
    put = schema["paths"][f"{TOURNAMENT}/rounds/{{round_number}}/boards/{{game}}"]["put"]
    conflict = put["responses"]["409"]["content"]["application/json"]["schema"]
    refs = {part["$ref"].rsplit("/", 1)[-1] for part in conflict["anyOf"]}
    assert refs == {"StaleOut", "ErrorOut"}
    stale = schema["components"]["schemas"]["StaleOut"]
    assert "stale" in stale["required"]
