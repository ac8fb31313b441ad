"""Finding 4 (second half) of issue 23: a per-file upload cap (--max-upload-bytes) that holds
however a file arrives (whole, in Nuxeo chunks, in a multipart automation call), and per-user
storage quotas set with `chancery quota`. A refusal is 413 (over the cap) or 507 (over the
quota) in Nuxeo's error format, and leaves nothing of the refused file behind.

The tests of the cap share one server with a cap of 4 KiB; those of quotas use the session's."""

import base64
import os
import re
import secrets

import pytest

from conftest import add_user

API = "/nuxeo/api/v1"
KIB = 1024
CAP = 4 * KIB


@pytest.fixture(scope="module")
def capped_server(start_module_server):
    """A server that stores no file larger than CAP."""
    return start_module_server("--max-upload-bytes", str(CAP))


def nuxeo(server, http, method, path, auth, **kwargs):
    return http.request(method, server.url(API + path), auth=auth, timeout=30, **kwargs)


def new_batch(server, http, auth):
    return nuxeo(server, http, "POST", "/upload", auth).json()["batchId"]


def send(server, http, auth, batch, data, index=0, chunk=None):
    headers = {"X-File-Name": "data.bin", "Content-Type": "application/octet-stream"}
    if chunk is not None:
        headers.update({"X-Upload-Type": "chunked", "X-Upload-Chunk-Index": str(chunk[0]),
                        "X-Upload-Chunk-Count": str(chunk[1])})
    return nuxeo(server, http, "POST", f"/upload/{batch}/{index}", auth, data=data, headers=headers)


def batch_sizes(server, http, auth, batch):
    listed = nuxeo(server, http, "GET", f"/upload/{batch}", auth)
    return [] if listed.status_code == 204 else [file["size"] for file in listed.json()]


def assert_nuxeo_error(answer, status):
    assert answer.status_code == status, answer.text
    error = answer.json()
    assert error["entity-type"] == "exception" and error["status"] == status, error


def stored_blob_files(server):
    root = server.data_dir / "blobs"
    return sorted(str(path) for path in root.rglob("*") if path.is_file())


def used_bytes(server, user):
    """The USED BYTES `chancery quota list` shows for `user`."""
    listing = server.cli("quota", "list").stdout
    match = re.search(rf"^{re.escape(user)}\s+(\d+)\s+(\d+)\s*$", listing, re.MULTILINE)
    assert match, listing
    return int(match.group(1))


def test_upload_over_the_cap_refused_with_nothing_stored(capped_server, http):
    server = capped_server
    admin = ("Administrator", server.admin_password)
    batch = new_batch(server, http, admin)
    before = stored_blob_files(server)
    assert_nuxeo_error(send(server, http, admin, batch, os.urandom(CAP + 1)), 413)
    assert batch_sizes(server, http, admin, batch) == []
    assert stored_blob_files(server) == before
    # The cap refuses only what is over it.
    assert send(server, http, admin, batch, os.urandom(CAP)).status_code == 201
    assert batch_sizes(server, http, admin, batch) == [CAP]


def test_cap_holds_across_chunks_and_multipart_automation(capped_server, http):
    server = capped_server
    admin = ("Administrator", server.admin_password)
    batch = new_batch(server, http, admin)
    chunk = CAP * 5 // 8
    assert send(server, http, admin, batch, os.urandom(chunk), chunk=(0, 3)).status_code == 202
    # Each chunk is under the cap; the file they make is not.
    assert_nuxeo_error(send(server, http, admin, batch, os.urandom(chunk), chunk=(1, 3)), 413)
    assert batch_sizes(server, http, admin, batch) == []
    # Announced over the cap: refused before any byte is stored.
    announced = nuxeo(server, http, "POST", f"/upload/{batch}/1", admin, data=b"x",
                      headers={"X-File-Name": "big.bin", "X-File-Size": str(CAP + 1)})
    assert_nuxeo_error(announced, 413)
    multipart = http.post(
        server.url(API + "/automation/FileManager.Import"), auth=admin, timeout=30,
        files={"request": (None, '{"params": {}, "context": {"currentDocument": "/default-domain/workspaces"}}',
                           "application/json"),
               "file": ("big.bin", os.urandom(CAP + 1), "application/octet-stream")},
    )
    assert_nuxeo_error(multipart, 413)
    children = nuxeo(server, http, "GET", "/path/default-domain/workspaces/@children", admin).json()
    assert [entry["title"] for entry in children["entries"]] == []


def test_user_quota_refuses_with_507_and_leaves_usage_unchanged(server, http):
    carol = add_user(server, f"carol-{secrets.token_hex(4)}")
    server.cli("quota", "set", "--user", carol[0], "100KiB")
    batch = new_batch(server, http, carol)
    assert send(server, http, carol, batch, os.urandom(60 * KIB)).status_code == 201
    assert used_bytes(server, carol[0]) == 60 * KIB

    assert_nuxeo_error(send(server, http, carol, batch, os.urandom(60 * KIB), index=1), 507)
    assert batch_sizes(server, http, carol, batch) == [60 * KIB]
    assert used_bytes(server, carol[0]) == 60 * KIB

    # In chunks: the chunk that crosses the quota takes the file's earlier chunks with it.
    assert send(server, http, carol, batch, os.urandom(30 * KIB), index=2, chunk=(0, 2)).status_code == 202
    assert used_bytes(server, carol[0]) == 90 * KIB
    assert_nuxeo_error(send(server, http, carol, batch, os.urandom(30 * KIB), index=2, chunk=(1, 2)), 507)
    assert batch_sizes(server, http, carol, batch) == [60 * KIB]
    assert used_bytes(server, carol[0]) == 60 * KIB

    # Dropping the batch frees its bytes; clearing the quota lifts the limit.
    assert nuxeo(server, http, "DELETE", f"/upload/{batch}", carol).status_code == 204
    assert used_bytes(server, carol[0]) == 0
    server.cli("quota", "clear", "--user", carol[0])
    assert send(server, http, carol, new_batch(server, http, carol), os.urandom(120 * KIB)).status_code == 201


def test_group_quota_governs_its_members(server, http):
    suffix = secrets.token_hex(4)
    dave = add_user(server, f"dave-{suffix}")
    group = f"staff-{suffix}"
    server.cli("group", "add", group)
    server.cli("group", "add-member", group, dave[0])
    server.cli("quota", "set", "--group", group, "50KiB")
    batch = new_batch(server, http, dave)
    assert_nuxeo_error(send(server, http, dave, batch, os.urandom(60 * KIB)), 507)
    assert batch_sizes(server, http, dave, batch) == []
    # A quota of the user's own wins over the group's.
    server.cli("quota", "set", "--user", dave[0], "1MiB")
    assert send(server, http, dave, batch, os.urandom(60 * KIB)).status_code == 201
    assert used_bytes(server, dave[0]) == 60 * KIB


def test_cap_holds_for_signwell_files(capped_server, http):
    """A SignWell file over the cap is refused with 413 in SignWell's format, naming the file."""
    from signwell.pdfs import pdf_with_pages

    server = capped_server
    key = server.cli("apikey", "create", "--user", "Administrator", "--name", "limits").stdout.strip()
    pdf = pdf_with_pages(40)
    assert len(pdf) > CAP
    answer = http.post(server.url("/signwell/api/v1/documents"), headers={"X-Api-Key": key}, timeout=60, json={
        "test_mode": True, "draft": True,
        "files": [{"name": "big.pdf", "file_base64": base64.b64encode(pdf).decode()}],
        "recipients": [{"id": "1", "name": "A", "email": "a@example.com"}],
    })
    assert answer.status_code == 413, answer.text
    assert list(answer.json()["errors"]) == ["files[0]"], answer.text
    listed = http.get(server.url("/signwell/api/v1/documents"), headers={"X-Api-Key": key}, timeout=30)
    assert listed.status_code == 200 and listed.json()["documents"] == [], listed.text
