"""Fixtures of the compat suite: one real `chancery serve` for the session (see chancery_server.py
for the environment it reads), the administrator, a member, and an HTTP session.

One server runs for the whole session (starting it migrates a store, which is the slow part);
tests that change state (API keys, users) use names of their own so they don't interfere.
"""

import secrets

import pytest
import requests

from chancery_server import session_server


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    yield from session_server(tmp_path_factory)


@pytest.fixture(scope="session")
def admin(server):
    """Basic-auth credentials of the administrator the server created at start."""
    return ("Administrator", server.admin_password)


@pytest.fixture(scope="session")
def member(server):
    """Basic-auth credentials of `alice`, a plain member added with the CLI."""
    password = secrets.token_urlsafe(18)
    server.cli("user", "add", "alice", "--password-stdin", input=password + "\n")
    return ("alice", password)


@pytest.fixture(scope="session")
def http():
    with requests.Session() as session:
        yield session

