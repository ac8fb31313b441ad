"""Instances of one deployment started at the same moment on an empty PostgreSQL database all
start, and make one administrator and one repository tree between them. PostgreSQL only:
instances share a database there."""

import os
import threading

import pytest
import requests
from chancery_server import Server, binary, shared_database

TIMEOUT = 30


@pytest.fixture()
def database():
    """A fresh PostgreSQL database of this test's own; the test is skipped on SQLite."""
    yield from shared_database()


def test_three_instances_started_together_make_one_administrator_and_one_tree(tmp_path, database):
    kek = tmp_path / "kek"
    kek.write_bytes(os.urandom(32))
    password = "chosen-for-the-deployment"
    servers = [Server(binary(), tmp_path / f"i{n}", database, args=("--key-encryption-key-file", str(kek))) for n in range(3)]
    for server in servers:
        server.admin_password = password
    starters = [threading.Thread(target=server.start) for server in servers]
    for starter in starters:
        starter.start()
    for starter in starters:
        starter.join(120)
    try:
        for server in servers:
            assert server.base_url is not None, server.output()
            answer = requests.get(
                server.url("/nuxeo/api/v1/path/default-domain/@children"), auth=("Administrator", password), timeout=TIMEOUT
            )
            assert answer.status_code == 200, answer.text
            assert sorted(entry["title"] for entry in answer.json()["entries"]) == ["Sections", "Templates", "Workspaces"]
        users = servers[0].cli("user", "list").stdout.split()
        assert users.count("Administrator") == 1
    finally:
        for server in servers:
            if server.base_url is not None:
                server.stop()
