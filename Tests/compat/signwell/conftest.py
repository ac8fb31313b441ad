"""Fixtures of the SignWell compat suite: the official `signwell-sdk-python` (0.1.0, unmodified)
against a real `chancery serve`.

The suite runs a server of its own, started with `--signing-allow-private-file-urls`: its tests
fetch `file_url`s from, and deliver webhooks to, small servers on 127.0.0.1, which a server with
the default policy refuses (SSRF guard). The test of that refusal uses the session's shared
server, which runs with the default policy. On PostgreSQL (CHANCERY_TEST_DATABASE set) the own
server gets a scratch database of its own next to the suite's.

Accounts are fresh users with API keys made with the real CLI (client.py); tests that count what
an account has (lists, hooks) use an account of their own.
"""


import pytest
import requests

from chancery_server import own_server

from .client import TIMEOUT, new_account
from .pdfs import pdf_with_pages
from .receivers import FileServer, hook_receiver

ALLOW_PRIVATE_FILE_URLS = "--signing-allow-private-file-urls"


@pytest.fixture(scope="session")
def signing_server(tmp_path_factory):
    """The suite's `chancery serve`, allowed to reach loopback addresses (see the module doc)."""
    yield from own_server(tmp_path_factory, "signwell-data", args=[ALLOW_PRIVATE_FILE_URLS])


@pytest.fixture(scope="session")
def account(signing_server):
    """The account most tests act as."""
    return new_account(signing_server)


@pytest.fixture(scope="session")
def other_account(signing_server):
    """A second, unrelated account: it must not see the first one's documents."""
    return new_account(signing_server, "signwell-other")


@pytest.fixture
def fresh_account(signing_server):
    """An account of the test's own, for counts that other tests must not disturb."""
    return new_account(signing_server, "signwell-fresh")


@pytest.fixture(scope="session")
def pdf3():
    """A three-page PDF."""
    return pdf_with_pages(3)


@pytest.fixture(scope="session")
def signing_ca(signing_server, tmp_path_factory):
    """The server's signing CA certificate (PEM, from the public GET /signwell/ca.pem), the one
    trust root of the completed PDFs' signatures."""
    response = requests.get(signing_server.url("/signwell/ca.pem"), timeout=TIMEOUT)
    assert response.status_code == 200, f"GET /signwell/ca.pem: {response.status_code} {response.text[:300]}"
    assert b"-----BEGIN CERTIFICATE-----" in response.content, response.text[:300]
    path = tmp_path_factory.mktemp("signwell-ca") / "ca.pem"
    path.write_bytes(response.content)
    return path


@pytest.fixture(scope="session")
def files():
    """A file server on 127.0.0.1: tests put bytes in `files.files[name]` and pass
    `files.url(name)` as file_url."""
    with FileServer() as server:
        yield server


@pytest.fixture
def receiver():
    """A webhook receiver on 127.0.0.1 for one test."""
    with hook_receiver() as server:
        yield server
