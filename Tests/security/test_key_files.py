"""Finding 7: key files are never silently replaced. Every key file is owner-only; one that is
damaged, cut short or unreadable stops `chancery serve` with a message that names it, and is
left exactly as it was; one missing from a set made together (the TSA's) stops it too. Once
the file is restored the server starts with the same keys: the log's verifier key is unchanged.

The tests share the keys of one server, started once and stopped: each damages one file, puts
it back (whatever the test's outcome) and, where the test says so, starts the server again on it."""

import os
import subprocess

import pytest
import requests

from chancery_server import Server, binary

START_TIMEOUT = 60

KEY_FILES = [
    "log.key", "tsa-root.key", "tsa.key", "tsa.pem", "tsa-root.pem", "oauth2-signing.pem",
    "repository-device-token.key", "signing/ca.key", "signing/ca.pem", "signing/seal.key",
    "signing/seal.pem", "signing/link.key", "signing/webhook.key",
]


def refused_start(server):
    """Runs `chancery serve` on the server's data; returns its output, asserting that it exits
    non-zero without ever listening."""
    command = [binary(), "serve", "--data", str(server.data_dir), "--host", "127.0.0.1", "--port", "0",
               *server._database_args()]
    result = subprocess.run(command, capture_output=True, text=True, timeout=START_TIMEOUT, stdin=subprocess.DEVNULL)
    output = result.stdout + result.stderr
    assert result.returncode != 0, f"the server started on a damaged key:\n{output}"
    assert "listening on" not in output
    return output


@pytest.fixture(scope="module")
def stopped_server(start_module_server):
    """A server that made its keys at start and has been stopped, and the log's verifier key
    it published while it ran."""
    server = start_module_server()
    public_key = server_public_key(server)
    server.stop()
    return server, public_key


def test_every_key_file_is_owner_only(stopped_server):
    server, _ = stopped_server
    keys = server.data_dir / "keys"
    for name in KEY_FILES:
        assert (keys / name).stat().st_mode & 0o777 == 0o600, name
    for directory in [keys, keys / "signing"]:
        assert directory.stat().st_mode & 0o077 == 0, directory


@pytest.mark.parametrize("name", ["log.key", "tsa-root.pem", "oauth2-signing.pem", "repository-device-token.key", "signing/link.key"])
def test_a_damaged_key_file_stops_start_up_and_is_left_alone(stopped_server, name):
    server, public_key = stopped_server
    path = server.data_dir / "keys" / name
    original = path.read_bytes()
    damaged = original[: len(original) // 2]
    path.write_bytes(damaged)
    try:
        output = refused_start(server)
        assert str(path) in output, output
        assert path.read_bytes() == damaged, "the damaged key file was replaced"
    finally:
        path.write_bytes(original)

    again = Server(binary(), server.data_dir, server.database)
    again.start()
    try:
        assert server_public_key(again) == public_key
    finally:
        again.stop()


def test_a_key_missing_from_the_tsa_set_stops_start_up(stopped_server):
    server, _ = stopped_server
    keys = server.data_dir / "keys"
    os.rename(keys / "tsa.key", keys / "tsa.key.moved")
    root = (keys / "tsa-root.pem").read_bytes()
    try:
        output = refused_start(server)
        assert str(keys / "tsa.key") in output, output
        assert not (keys / "tsa.key").exists(), "a new TSA key was made next to the pinned root"
        assert (keys / "tsa-root.pem").read_bytes() == root
    finally:
        os.replace(keys / "tsa.key.moved", keys / "tsa.key")


def server_public_key(server):
    """The transparency log's verifier key as the server publishes it."""
    answer = requests.get(server.url("/.well-known/chancery/log.vkey"), timeout=30)
    assert answer.status_code == 200, answer.text
    return answer.text.strip()
