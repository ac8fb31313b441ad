"""Who is calling: Basic auth, API keys made with the CLI, bearer tokens, and groups."""

from helpers import assert_json_error


def me(server, http, **kwargs):
    return http.get(server.url("/api/v1/me"), timeout=10, **kwargs)


def test_me_without_credentials_is_401(server, http):
    assert_json_error(me(server, http), 401)


def test_me_with_admin_basic_auth(server, http, admin):
    response = me(server, http, auth=admin)
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["name"] == "Administrator", body
    assert "administrators" in body["groups"], body


def test_me_with_wrong_password_is_401(server, http, admin):
    assert_json_error(me(server, http, auth=(admin[0], admin[1] + "x")), 401)


def test_member_is_in_members_only(server, http, member):
    response = me(server, http, auth=member)
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["name"] == "alice", body
    assert "members" in body["groups"], body
    assert "administrators" not in body["groups"], body


def test_api_key_lifecycle(server, http):
    # Created while the server runs: the CLI and the server share the store.
    created = server.cli("apikey", "create", "--user", "Administrator", "--name", "ci")
    lines = created.stdout.splitlines()
    assert len(lines) == 1 and lines[0].strip(), f"expected exactly the key on stdout, got {created.stdout!r}"
    key = lines[0].strip()

    assert me(server, http, headers={"X-Api-Key": key}).status_code == 200
    response = me(server, http, headers={"Authorization": f"app-token {key}"})
    assert response.status_code == 200, response.text
    assert response.json()["name"] == "Administrator"

    listing = server.cli("apikey", "list").stdout
    rows = [line.split() for line in listing.splitlines() if "ci" in line.split()]
    assert len(rows) == 1, f"expected one key labelled 'ci' in:\n{listing}"
    assert key not in listing, "apikey list must not print the secret key"

    server.cli("apikey", "revoke", rows[0][0])
    # The CLI is another process: its change applies to the server's next request all the same.
    assert_json_error(me(server, http, headers={"X-Api-Key": key}), 401)
    assert_json_error(me(server, http, headers={"Authorization": f"app-token {key}"}), 401)


def test_bearer_token(server, http, admin):
    response = http.post(server.url("/api/v1/tokens"), auth=admin, timeout=10)
    assert response.status_code in (200, 201), response.text
    body = response.json()
    assert body["token_type"] == "Bearer", body
    assert isinstance(body["expires_in"], int) and body["expires_in"] > 0, body
    assert isinstance(body["access_token"], str) and body["access_token"], body

    response = me(server, http, headers={"Authorization": f"Bearer {body['access_token']}"})
    assert response.status_code == 200, response.text
    assert response.json()["name"] == "Administrator"


def test_bearer_token_honours_requested_lifetime(server, http, admin):
    response = http.post(server.url("/api/v1/tokens"), auth=admin, json={"expires_in": 60}, timeout=10)
    assert response.status_code in (200, 201), response.text
    assert 0 < response.json()["expires_in"] <= 60, response.text


def test_garbage_bearer_is_401(server, http):
    assert_json_error(me(server, http, headers={"Authorization": "Bearer not-a-token"}), 401)
