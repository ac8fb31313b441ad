"""Helpers for talking to the Notary's QED API and public log from a test: users and keys made
with the real CLI, report bodies, and fetching the log's key, checkpoint and entries."""

import hashlib
import uuid
from datetime import datetime, timezone

from .tlog import Checkpoint, VerifierKey, parse_entry_bundle, tile_index_path, tiles

REPORTS = "/qed/v1/reports/"
TIMEOUT = 30


def unique(prefix):
    return f"{prefix}-{uuid.uuid4().hex[:12]}"


def api_key(server, user, label):
    created = server.cli("apikey", "create", "--user", user, "--name", label)
    lines = created.stdout.splitlines()
    assert len(lines) == 1 and lines[0].strip(), f"expected exactly the key on stdout, got {created.stdout!r}"
    return lines[0].strip()


def new_user(server):
    """A fresh member with a password and an app-token key; returns (name, key)."""
    name = unique("qed")
    server.cli("user", "add", name, "--password-stdin", input=f"pw-{uuid.uuid4().hex}\n")
    return name, api_key(server, name, unique("qed-key"))


def token(key):
    return {"Authorization": f"app-token {key}"}


def file_digest(label):
    return hashlib.sha256(label.encode()).hexdigest()


def report_request(hash_hex=None, files=1, **fields):
    body = {
        "hash": hash_hex if hash_hex is not None else uuid.uuid4().hex,
        "provable_files": [
            {"hash": file_digest(f"{uuid.uuid4()}-{i}"), "file_name": f"file-{i}.pdf"} for i in range(files)
        ],
        "original_created_at": "2024-05-06T07:08:09Z",
    }
    body.update(fields)
    return body


def post_report(server, session, key, body):
    """POSTs a report and returns (request body, response body, time before, time after)."""
    before = datetime.now(timezone.utc)
    response = session.post(server.url(REPORTS), json=body, headers=token(key), timeout=TIMEOUT)
    after = datetime.now(timezone.utc)
    assert response.status_code == 201, f"expected 201, got {response.status_code}: {response.text[:500]}"
    return {"request": body, "response": response.json(), "before": before, "after": after}


def fetch_vkey(server, http):
    response = http.get(server.url("/.well-known/chancery/log.vkey"), timeout=TIMEOUT)
    assert response.status_code == 200, response.text[:500]
    text = response.text
    assert text.count("\n") <= 1 and (text.endswith("\n") or "\n" not in text), repr(text)
    return VerifierKey(text.rstrip("\n"))


def fetch_checkpoint(server, http, vkey):
    response = http.get(server.url("/log/checkpoint"), timeout=TIMEOUT)
    assert response.status_code == 200, response.text[:500]
    return Checkpoint(response.content.decode("utf-8"), vkey)


def fetch_entries(server, http, size):
    entries = []
    for index, width, suffix in tiles(size):
        path = f"/log/tile/entries/{tile_index_path(index)}{suffix}"
        response = http.get(server.url(path), timeout=TIMEOUT)
        assert response.status_code == 200, f"GET {path}: {response.status_code} {response.text[:300]}"
        entries += parse_entry_bundle(response.content, width)
    return entries
