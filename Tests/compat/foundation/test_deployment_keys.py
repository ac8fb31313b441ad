"""Instances of one deployment share their keys through PostgreSQL, sealed with the
key-encryption key every instance is given (--key-encryption-key-file): two servers with data
folders of their own on one database publish the same transparency-log key and TSA root, and
an instance whose own keys differ from the deployment's refuses to start rather than replace
either; the key-encryption key itself rotates one instance at a time, and so does the OAuth2
token-signing key (`chancery keys rotate`). PostgreSQL only: instances share a database there."""

import base64
import json
import os
import subprocess

import pytest
import requests
from chancery_server import Server, binary, shared_database

TIMEOUT = 30


@pytest.fixture()
def database():
    """A fresh PostgreSQL database of this test's own; the test is skipped on SQLite."""
    yield from shared_database()


@pytest.fixture()
def kek(tmp_path):
    path = tmp_path / "kek"
    path.write_bytes(os.urandom(32))
    path.chmod(0o600)
    return path


def key_files(data_dir):
    root = data_dir / "keys"
    return {str(path.relative_to(root)): path.read_bytes() for path in sorted(root.rglob("*")) if path.is_file()}


def serve_refused(data_dir, database, kek):
    """Runs `chancery serve` on `data_dir` with `kek`, which must refuse to start; returns what
    it printed on stderr."""
    command = [binary(), "serve", "--data", str(data_dir), "--host", "127.0.0.1", "--port", "0",
               "--database", database, "--key-encryption-key-file", str(kek)]
    result = subprocess.run(command, capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert result.returncode != 0
    return result.stderr


def test_two_instances_publish_the_same_keys(tmp_path, database, kek):
    args = ("--key-encryption-key-file", str(kek))
    first = Server(binary(), tmp_path / "a", database, args=args)
    first.start()
    try:
        second = Server(binary(), tmp_path / "b", database, args=args)
        second.start()
        try:
            for path in ("/.well-known/chancery/log.vkey", "/.well-known/chancery/tsa-root.pem"):
                a = requests.get(first.url(path), timeout=TIMEOUT)
                b = requests.get(second.url(path), timeout=TIMEOUT)
                assert a.status_code == 200 and b.status_code == 200
                assert a.content == b.content, path
        finally:
            second.stop()
    finally:
        first.stop()
    first_keys, second_keys = key_files(tmp_path / "a"), key_files(tmp_path / "b")
    assert "log.key" in first_keys and "signing/link.key" in first_keys
    assert first_keys == second_keys
    for path in (tmp_path / "b" / "keys").rglob("*"):
        if path.is_file():
            assert path.stat().st_mode & 0o777 == 0o600, path


def test_an_instance_with_other_keys_refuses_to_join(tmp_path, database, kek):
    alone = Server(binary(), tmp_path / "alone", database)
    alone.start()
    alone.stop()
    before = key_files(tmp_path / "alone")

    joined = Server(binary(), tmp_path / "joined", database, args=("--key-encryption-key-file", str(kek)))
    joined.start()
    joined.stop()

    assert "differs from the deployment's key" in serve_refused(tmp_path / "alone", database, kek)
    assert key_files(tmp_path / "alone") == before


def test_the_key_encryption_key_rotates_one_instance_at_a_time(tmp_path, database, kek):
    """An instance restarted with a new key-encryption key and the previous one
    (--previous-key-encryption-key-file) seals the deployment's keys again with the new one; an
    instance that joins with the new key alone gets the same keys, and the previous key alone
    no longer opens them."""
    first = Server(binary(), tmp_path / "a", database, args=("--key-encryption-key-file", str(kek)))
    first.start()
    vkey = requests.get(first.url("/.well-known/chancery/log.vkey"), timeout=TIMEOUT).content
    first.stop()

    new = tmp_path / "new-kek"
    new.write_bytes(os.urandom(32))
    new.chmod(0o600)
    rotating = Server(binary(), tmp_path / "a", database,
                      args=("--key-encryption-key-file", str(new), "--previous-key-encryption-key-file", str(kek)))
    rotating.start()
    rotating.stop()

    joined = Server(binary(), tmp_path / "b", database, args=("--key-encryption-key-file", str(new)))
    joined.start()
    try:
        assert requests.get(joined.url("/.well-known/chancery/log.vkey"), timeout=TIMEOUT).content == vkey
    finally:
        joined.stop()

    assert "does not open with this key-encryption key" in serve_refused(tmp_path / "c", database, kek)


def test_the_oauth2_token_key_rotates_with_no_token_refused_on_the_way(tmp_path, database, kek):
    """`chancery keys rotate oauth2-token`, run twice with the instances restarted one at a time
    after each run, moves the deployment to a new token-signing key: at every moment every
    running instance accepts every token issued so far, whichever instance and key issued it;
    tokens signed by the new key appear only after the second run."""
    args = ("--key-encryption-key-file", str(kek))
    servers = {}

    def start(name):
        servers[name] = Server(binary(), tmp_path / name, database, args=args)
        servers[name].start()

    def restart(name):
        servers[name].stop()
        start(name)

    def key_ids(server):
        answer = requests.get(server.url("/intdash/api/auth/oauth2/jwks"), timeout=TIMEOUT)
        assert answer.status_code == 200, answer.text
        return [key["kid"] for key in answer.json()["keys"]]

    def signing_key_id(token):
        header = token.split(".")[0]
        return json.loads(base64.urlsafe_b64decode(header + "=" * (-len(header) % 4)))["kid"]

    tokens = []

    def issue_and_check_all():
        for server in servers.values():
            answer = requests.post(
                server.url("/intdash/api/auth/oauth2/token"),
                data={"grant_type": "client_credentials", "client_id": edge["uuid"], "client_secret": edge["client_secret"]},
                timeout=TIMEOUT,
            )
            assert answer.status_code == 200, answer.text
            tokens.append(answer.json()["access_token"])
        for server in servers.values():
            for token in tokens:
                me = requests.get(server.url("/intdash/api/v1/edges/me"), headers={"Authorization": "Bearer " + token}, timeout=TIMEOUT)
                assert me.status_code == 200, (server.base_url, signing_key_id(token), me.text)

    start("a")
    start("b")
    try:
        edge = json.loads(servers["a"].cli("edge", "create", "--name", "rotation", "--nickname", "R", "--owner", "Administrator").stdout)
        [original] = key_ids(servers["a"])
        issue_and_check_all()

        assert "Prepared" in servers["a"].cli("keys", "rotate", "oauth2-token", *args).stdout
        for name in ("a", "b"):
            restart(name)
            issue_and_check_all()
        prepared = key_ids(servers["b"])
        assert prepared[0] == original and len(prepared) == 2
        assert {signing_key_id(token) for token in tokens} == {original}

        assert "now current" in servers["b"].cli("keys", "rotate", "oauth2-token", *args).stdout
        for name in ("a", "b"):
            restart(name)
            issue_and_check_all()
        assert key_ids(servers["a"]) == key_ids(servers["b"]) == [prepared[1], original]
        assert signing_key_id(tokens[-1]) == prepared[1]
    finally:
        for server in servers.values():
            server.stop()
