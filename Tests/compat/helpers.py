"""Assertions shared by the compat suites."""


def assert_json_error(response, status):
    """Checks the status and the error body every failure shares: {"error": {"message": ...}}."""
    assert response.status_code == status, f"expected {status}, got {response.status_code}: {response.text[:500]}"
    assert response.headers.get("Content-Type", "").startswith("application/json"), response.headers
    body = response.json()
    assert isinstance(body.get("error"), dict), body
    assert isinstance(body["error"].get("message"), str) and body["error"]["message"], body
