"""Assertions shared by the compat suites."""

import time

# How long a server trusts what it looked up about a secret (an API key, a token): a change
# made through the server applies at once, one made by the CLI or another instance within this.
SECRET_LOOKUP_LIFETIME = 1.0


def assert_json_error(response, status):
    """Checks the status and the error body every failure shares: {"error": {"message": ...}}."""
    assert response.status_code == status, f"expected {status}, got {response.status_code}: {response.text[:500]}"
    assert response.headers.get("Content-Type", "").startswith("application/json"), response.headers
    body = response.json()
    assert isinstance(body.get("error"), dict), body
    assert isinstance(body["error"].get("message"), str) and body["error"]["message"], body


def wait_out_secret_lookups(last_accepted):
    """Returns once no server still trusts a lookup of a secret made before `last_accepted`, a
    time.monotonic() reading taken after the last request with the secret was answered: every
    such lookup was made before it, and is trusted for SECRET_LOOKUP_LIFETIME at most."""
    deadline = last_accepted + SECRET_LOOKUP_LIFETIME
    while (left := deadline - time.monotonic()) > 0:
        time.sleep(left + 0.001)
