"""Fixtures of the security suite: the real `chancery serve`, started by the compat suite's
harness (Tests/compat/chancery_server.py, which says what environment it reads), attacked over
real sockets on loopback.

`server` is one server for the whole session, with default settings. A test that needs other
settings (short timeouts, a low connection limit, a quota) starts its own with `start_server`,
which stops it at the end of the test; tests of a module that can share such a server start it
with `start_module_server`, which stops it after the module's last test. On PostgreSQL each
such server gets a scratch database.
"""

import secrets
import sys
from pathlib import Path

import pytest
import requests

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "compat"))

from chancery_server import Server, binary, scratch_database, session_server  # noqa: E402


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    yield from session_server(tmp_path_factory)


@pytest.fixture(scope="session")
def admin(server):
    """Basic-auth credentials of the administrator the server created at start."""
    return ("Administrator", server.admin_password)


@pytest.fixture(scope="session")
def http():
    with requests.Session() as session:
        yield session


def add_user(server, name):
    """Adds the member `name` with the CLI and returns its Basic-auth credentials."""
    password = secrets.token_urlsafe(18)
    server.cli("user", "add", name, "--password-stdin", input=password + "\n")
    return (name, password)


def server_starter(tmp_path_factory):
    """The body of `start_server` and `start_module_server`: yields a function that starts a
    server with extra `chancery serve` arguments and returns it running, then stops the servers
    still running (checking a clean exit) and drops their scratch databases."""
    started = []
    databases = []

    def start(*args):
        database_fixture = scratch_database()
        database = next(database_fixture)
        databases.append(database_fixture)
        server = Server(binary(), tmp_path_factory.mktemp("own"), database, args)
        server.start()
        started.append(server)
        return server

    yield start
    for server in started:
        if server.process.poll() is None:
            server.stop()
    for database_fixture in databases:
        next(database_fixture, None)


@pytest.fixture
def start_server(tmp_path_factory):
    """Starts a server of the test's own with extra `chancery serve` arguments; returns it
    running. `stop()` on it checks a clean exit; servers still running at the end of the test
    are stopped that way."""
    yield from server_starter(tmp_path_factory)


@pytest.fixture(scope="module")
def start_module_server(tmp_path_factory):
    """`start_server` for a module's fixtures: a server that several tests of the module
    share, stopped after the module's last test."""
    yield from server_starter(tmp_path_factory)
