"""Finding 10 of issue 23: control characters (NUL included) in a Nuxeo document name are
refused with a 400 in Nuxeo's format, and the database and blob files are readable by the
server's user only (0600), wherever --database and --blobs put them."""

import os
import stat

import pytest

API = "/nuxeo/api/v1"
CONTROL = ["\x00", "\x01", "\t", "\n", "\x1b", "\x1f", "\x7f"]


def nuxeo(server, http, method, path, auth, **kwargs):
    return http.request(method, server.url(API + path), auth=auth, timeout=30, **kwargs)


def assert_refused(answer):
    assert answer.status_code == 400, answer.text
    error = answer.json()
    assert error["entity-type"] == "exception" and error["status"] == 400, error
    assert "control characters" in error["message"], error


@pytest.fixture(scope="module")
def folder(server, http, admin):
    created = nuxeo(server, http, "POST", "/path/default-domain/workspaces", admin, json={
        "entity-type": "document", "type": "Workspace", "name": "names", "properties": {"dc:title": "names"},
    })
    assert created.status_code == 201, created.text
    return created.json()["uid"]


def children(server, http, admin, folder):
    page = nuxeo(server, http, "GET", f"/id/{folder}/@children", admin).json()
    return sorted(entry["title"] for entry in page["entries"])


def test_control_characters_in_names_refused(server, http, admin, folder):
    for character in CONTROL:
        named = nuxeo(server, http, "POST", f"/id/{folder}", admin, json={
            "entity-type": "document", "type": "Note", "name": f"bad{character}name", "properties": {"dc:title": "bad"},
        })
        assert_refused(named)
        titled = nuxeo(server, http, "POST", f"/id/{folder}", admin, json={
            "entity-type": "document", "type": "Note", "properties": {"dc:title": f"title{character}as name"},
        })
        assert_refused(titled)
        automated = nuxeo(server, http, "POST", f"/id/{folder}/@op/Document.Create", admin, json={
            "params": {"type": "Note", "name": f"op{character}name", "properties": {"dc:title": "op"}},
        })
        assert_refused(automated)
    assert children(server, http, admin, folder) == []


def test_control_characters_refused_when_renaming_and_in_upload_file_names(server, http, admin, folder):
    note = nuxeo(server, http, "POST", f"/id/{folder}", admin, json={
        "entity-type": "document", "type": "Note", "name": "plain", "properties": {"dc:title": "plain"},
    })
    assert note.status_code == 201, note.text
    moved = nuxeo(server, http, "POST", f"/id/{note.json()['uid']}/@op/Document.Move", admin,
                  json={"params": {"target": folder, "name": "re\x00named"}})
    assert_refused(moved)
    batch = nuxeo(server, http, "POST", "/upload", admin).json()["batchId"]
    sent = nuxeo(server, http, "POST", f"/upload/{batch}/0", admin, data=b"bytes",
                 headers={"X-File-Name": "evil%00.txt", "Content-Type": "text/plain"})
    assert_refused(sent)
    assert nuxeo(server, http, "GET", f"/upload/{batch}", admin).status_code == 204
    assert children(server, http, admin, folder) == ["plain"]


def test_database_and_blob_files_are_owner_only(start_server, http, tmp_path):
    """Outside the data directory, with a permissive umask, every file is still 0600."""
    blobs = tmp_path / "elsewhere" / "blobs"
    args = ["--blobs", str(blobs)]
    sqlite = not os.environ.get("CHANCERY_TEST_DATABASE")
    database = tmp_path / "elsewhere" / "chancery.sqlite"
    database.parent.mkdir()
    if sqlite:
        args += ["--database", f"sqlite:{database}"]
    previous = os.umask(0o022)
    try:
        server = start_server(*args)
    finally:
        os.umask(previous)
    admin = ("Administrator", server.admin_password)
    batch = nuxeo(server, http, "POST", "/upload", admin).json()["batchId"]
    sent = nuxeo(server, http, "POST", f"/upload/{batch}/0", admin, data=os.urandom(4096),
                 headers={"X-File-Name": "mode.bin", "Content-Type": "application/octet-stream"})
    assert sent.status_code == 201, sent.text

    files = [path for path in blobs.rglob("*") if path.is_file()]
    assert files, "the upload stored no blob file"
    if sqlite:
        files += [path for path in database.parent.glob("chancery.sqlite*")]
        assert {path.name for path in files} >= {"chancery.sqlite", "chancery.sqlite-wal", "chancery.sqlite-shm"}
    modes = {str(path): oct(stat.S_IMODE(path.stat().st_mode)) for path in files}
    assert set(modes.values()) == {"0o600"}, modes
