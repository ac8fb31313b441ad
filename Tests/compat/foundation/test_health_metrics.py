"""Health check and Prometheus metrics."""


def test_health_answers_without_auth(server, http):
    response = http.get(server.url("/health"), timeout=10)
    assert response.status_code == 200, response.text
    assert response.json()["status"] == "ok"


def test_metrics_requires_credentials(server, http):
    response = http.get(server.url("/metrics"), timeout=10)
    assert response.status_code == 401, response.text


def test_metrics_is_admin_only(server, http, member):
    response = http.get(server.url("/metrics"), auth=member, timeout=10)
    assert response.status_code == 403, response.text


def test_metrics_histogram_has_health_route(server, http, admin):
    for _ in range(3):
        assert http.get(server.url("/health"), timeout=10).status_code == 200

    response = http.get(server.url("/metrics"), auth=admin, timeout=10)
    assert response.status_code == 200, response.text
    assert response.headers["Content-Type"].startswith("text/plain"), response.headers

    buckets = [
        line
        for line in response.text.splitlines()
        if line.startswith("http_server_request_duration") and "_bucket{" in line
    ]
    assert buckets, f"no http_server_request_duration histogram buckets in:\n{response.text}"
    assert any('"/health"' in line for line in buckets), "no bucket labelled with route /health in:\n" + "\n".join(buckets)
