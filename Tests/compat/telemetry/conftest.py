"""Fixtures of the Telemetry compat suite: a `chancery serve` of its own and the intdash base
URL the official clients (`intdash` 2.1.1, `iscp` 1.0.1) are given.

The suite's server keeps the edges, measurements and realtime sessions its tests make apart from
the other suites' (its own data folder and, on PostgreSQL, a scratch database of its own), so
that lists and counts mean what the tests expect. Its administrator's password is
`server.admin_password`; people and edges are made with the CLI or the REST API by the tests.
"""

import secrets
import uuid

import pytest

from chancery_server import own_server


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """The Telemetry suite's own `chancery serve` (see the module doc)."""
    yield from own_server(tmp_path_factory, "telemetry-data")


@pytest.fixture(scope="session")
def intdash_url(server):
    """The base URL the intdash clients are given: `http://HOST:PORT/intdash`."""
    return server.url("/intdash")


@pytest.fixture(scope="session")
def admin_token(server):
    """An API key of the administrator, made with the CLI."""
    return server.cli("apikey", "create", "--user", "Administrator", "--name", "telemetry-admin").stdout.strip()


@pytest.fixture(scope="session")
def unique():
    """A name no other test uses: `prefix-<random>`."""
    return lambda prefix: f"{prefix}-{uuid.uuid4().hex[:10]}"


@pytest.fixture(scope="session")
def person(server):
    """A plain member, `telemetry-person`, with an API key: `(name, password, token)`."""
    password = secrets.token_urlsafe(18)
    server.cli("user", "add", "telemetry-person", "--password-stdin", input=password + "\n")
    token = server.cli("apikey", "create", "--user", "telemetry-person", "--name", "telemetry").stdout.strip()
    return ("telemetry-person", password, token)
