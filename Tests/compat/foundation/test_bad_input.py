"""Malformed, oversized and misrouted requests get clean errors and leave the server healthy."""

import json

import requests

from helpers import assert_json_error


def test_malformed_json_is_400(server, http, admin):
    response = http.post(
        server.url("/api/v1/tokens"),
        auth=admin,
        data=b"{not json",
        headers={"Content-Type": "application/json"},
        timeout=10,
    )
    assert_json_error(response, 400)


def test_oversized_body_is_413(server, http, admin):
    body = json.dumps({"expires_in": 60, "padding": "x" * (3 * 1024 * 1024)}).encode()
    try:
        response = http.post(
            server.url("/api/v1/tokens"),
            auth=admin,
            data=body,
            headers={"Content-Type": "application/json"},
            timeout=30,
        )
    except requests.ConnectionError as error:
        raise AssertionError(f"server dropped the connection instead of answering 413: {error}") from error
    assert response.status_code == 413, response.text[:500]


def test_unknown_route_is_404(server, http):
    assert_json_error(http.get(server.url("/no/such/route"), timeout=10), 404)


def test_server_still_healthy_after_bad_input(server, http):
    # Runs last in this module: pytest keeps the order of definition.
    response = http.get(server.url("/health"), timeout=10)
    assert response.status_code == 200, response.text
