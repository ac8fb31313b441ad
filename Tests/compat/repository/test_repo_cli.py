"""`chancery repo`, the CLI built on NuxeoSDK, run as a process against the session's server: each
subcommand's output (tables and --json), files that round-trip byte for byte (one bigger than the
upload chunk size, so that it goes in chunks), progress on standard error for big files only, and
one-line errors with a non-zero exit (refused credentials, missing documents, bad input).

What the CLI did is checked through the official `nuxeo` client (`nx`) where it matters, so that
the CLI is never checked only against itself.
"""

import hashlib
import json
import os
import re
import socket
import subprocess

import pytest
import requests

from chancery_server import CLI_TIMEOUT

from .support import create, create_with_blob, doc_json, unique

# The CLI's default upload chunk size and the size from which it shows progress.
CHUNK = 8 << 20
PROGRESS_THRESHOLD = 16 << 20


def repo(server, *args, password=None, env=None, input=None, cwd=None, credentials=True):
    """Runs `chancery repo ARGS --server URL` as the administrator (CHANCERY_PASSWORD) unless told
    otherwise, with no other CHANCERY_* variable, and returns the CompletedProcess."""
    environment = {key: value for key, value in os.environ.items() if not key.startswith("CHANCERY_")}
    if credentials:
        environment["CHANCERY_PASSWORD"] = server.admin_password if password is None else password
    environment.update(env or {})
    command = [server.binary, "repo", *args, "--server", server.base_url]
    return subprocess.run(command, env=environment, input=input, cwd=cwd, capture_output=True, text=True, timeout=CLI_TIMEOUT)


def ok(server, *args, **kwargs):
    """`repo(...)` that must succeed; returns its standard output."""
    result = repo(server, *args, **kwargs)
    assert result.returncode == 0, f"repo {' '.join(args)} exited {result.returncode}\nstdout:\n{result.stdout}\nstderr:\n{result.stderr}"
    return result.stdout


def fails(server, *args, **kwargs):
    """`repo(...)` that must fail; returns its one-line error message, without `Error: `."""
    result = repo(server, *args, **kwargs)
    assert result.returncode != 0, f"repo {' '.join(args)} succeeded:\n{result.stdout}"
    assert result.stdout == "", result.stdout
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    return lines[0].removeprefix("Error: ")


def table(text):
    """The rows of a table the CLI printed, split on runs of two or more spaces."""
    return [re.split(r" {2,}", line.rstrip()) for line in text.splitlines()]


def pairs(text):
    """The rows of a two-column table the CLI printed, header left out, as a dict."""
    return {row[0]: (row + [""])[1] for row in table(text)[1:]}


def sha256(data):
    return hashlib.sha256(data).hexdigest()


# MARK: ls, tree, get


def test_ls_lists_children_with_name_type_title_modified_and_size(server, nx, folder, tmp_path):
    create(nx, folder.path, "Folder", "sub", title="A sub folder")
    create_with_blob(nx, folder.path, tmp_path, "notes.txt", b"twelve bytes")

    rows = table(ok(server, "ls", folder.path))
    assert rows[0] == ["NAME", "TYPE", "TITLE", "MODIFIED", "SIZE"]
    by_name = {row[0]: row for row in rows[1:]}
    assert set(by_name) == {"sub", "notes.txt"}
    assert by_name["sub"][1:3] == ["Folder", "A sub folder"] and by_name["sub"][4] == "-"
    assert by_name["notes.txt"][1:3] == ["File", "notes.txt"] and by_name["notes.txt"][4] == "12"
    assert by_name["notes.txt"][3].endswith("Z") and "T" in by_name["notes.txt"][3], "ISO 8601 in UTC"

    # The leading slash may be left out, and a uid names the folder as well.
    assert table(ok(server, "ls", folder.path.lstrip("/"))) == rows
    assert table(ok(server, "ls", folder.uid)) == rows


def test_ls_json_is_a_documents_entity_of_the_server_entries(server, nx, folder, tmp_path):
    doc = create_with_blob(nx, folder.path, tmp_path, "data.bin", b"\x00\x01\x02")
    listing = json.loads(ok(server, "ls", folder.path, "--json"))
    assert listing["entity-type"] == "documents"
    [entry] = listing["entries"]
    assert entry["entity-type"] == "document"
    assert entry["uid"] == doc.uid and entry["path"] == f"{folder.path}/data.bin" and entry["type"] == "File"
    assert entry["properties"]["dc:title"] == "data.bin"
    assert entry["properties"]["file:content"]["length"] == "3"

    assert json.loads(ok(server, "ls", f"{folder.path}/data.bin", "--json")) == {"entity-type": "documents", "entries": []}


def test_tree_shows_the_subtree_down_to_depth(server, nx, folder):
    a = create(nx, folder.path, "Folder", "a")
    b = create(nx, a.path, "Folder", "b")
    create(nx, b.path, "File", "deep.txt")
    create(nx, folder.path, "File", "top.txt")

    lines = ok(server, "tree", folder.path).splitlines()
    assert lines[0] == f"{folder.path} (Folder)"
    # The server lists the two children in an order of its own; the tree follows it.
    if lines[1] == "├── a (Folder)":
        assert lines[2:] == ["│   └── b (Folder)", "│       └── deep.txt (File)", "└── top.txt (File)"]
    else:
        assert lines[1:] == ["├── top.txt (File)", "└── a (Folder)", "    └── b (Folder)", "        └── deep.txt (File)"]

    shallow = ok(server, "tree", folder.path, "--depth", "1").splitlines()
    # Match the tree entry, not the root line, whose random folder name may end in "b".
    assert len(shallow) == 3 and not any(line.endswith("── b (Folder)") for line in shallow)
    assert ok(server, "tree", folder.uid, "--depth", "0").splitlines() == [f"{folder.path} (Folder)"]


def test_get_shows_metadata_and_properties_and_json_is_the_entity(server, nx, folder, tmp_path):
    doc = create_with_blob(nx, folder.path, tmp_path, "report.txt", b"the report")
    text = ok(server, "get", doc.path)
    fields, properties = text.split("\n\n")
    fields = pairs(fields)
    assert fields["path"] == doc.path and fields["uid"] == doc.uid
    assert fields["type"] == "File" and fields["title"] == "report.txt" and fields["state"] == "project"
    assert "Downloadable" in fields["facets"]
    properties = pairs(properties)
    assert properties["dc:title"] == "report.txt"
    assert json.loads(properties["file:content"])["digest"] == sha256(b"the report")
    assert "dc:description" not in properties, "unset properties are left out"

    entity = json.loads(ok(server, "get", doc.uid, "--json"))
    raw = doc_json(nx, doc.uid, headers={"X-NXDocumentProperties": "*"})
    assert entity["entity-type"] == "document"
    assert {key: entity[key] for key in ("uid", "path", "type", "title", "changeToken")} == {
        key: raw[key] for key in ("uid", "path", "type", "title", "changeToken")
    }
    assert entity["properties"] == raw["properties"], "every schema, as the server sends it"


# MARK: put and download


def test_put_and_download_round_trip_a_small_file(server, nx, folder, tmp_path):
    data = "Grüße, Chancery!\n".encode() + bytes(range(256))
    local = tmp_path / "greeting.txt"
    local.write_bytes(data)

    result = repo(server, "put", str(local), folder.path)
    assert result.returncode == 0, result.stderr
    assert result.stderr == "", "no progress for a small file"
    verb, path, uid = result.stdout.split()
    assert (verb, path) == ("created", f"{folder.path}/greeting.txt")
    doc = nx.documents.get(uid=uid)
    assert doc.type == "File" and doc.title == "greeting.txt"
    assert doc.properties["file:content"]["digest"] == sha256(data)
    assert doc.properties["file:content"]["name"] == "greeting.txt"

    downloads = tmp_path / "downloads"
    downloads.mkdir()
    result = repo(server, "download", path, cwd=downloads)
    assert result.returncode == 0 and result.stderr == "", result.stderr
    saved = downloads / "greeting.txt"
    assert result.stdout.split() == ["saved", str(saved), str(len(data)), "bytes"]
    assert saved.read_bytes() == data

    # -o a file, -o a directory, and a uid for the document.
    ok(server, "download", uid, "-o", str(tmp_path / "copy.bin"))
    assert (tmp_path / "copy.bin").read_bytes() == data
    ok(server, "download", uid, "--output", str(downloads))
    assert saved.read_bytes() == data


def test_a_file_bigger_than_a_chunk_goes_in_chunks_with_progress_and_round_trips(server, nx, folder, tmp_path):
    data = os.urandom(PROGRESS_THRESHOLD + CHUNK // 2)
    local = tmp_path / "big.bin"
    local.write_bytes(data)

    result = repo(server, "put", str(local), folder.path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[:2] == ["created", f"{folder.path}/big.bin"]
    progress = result.stderr.splitlines()
    assert progress and all(line.startswith("uploading big.bin (3 chunks)  [") for line in progress), result.stderr
    assert progress[-1].split("]")[1].split()[0] == "100%", progress[-1]
    doc = nx.documents.get(path=f"{folder.path}/big.bin")
    assert doc.properties["file:content"]["length"] == str(len(data))
    assert doc.properties["file:content"]["digest"] == sha256(data)

    target = tmp_path / "big.copy"
    result = repo(server, "download", doc.path, "-o", str(target))
    assert result.returncode == 0, result.stderr
    progress = result.stderr.splitlines()
    assert progress and all(line.startswith("downloading big.bin  [") for line in progress), result.stderr
    assert progress[-1].split("]")[1].split()[0] == "100%", progress[-1]
    assert result.stdout.split() == ["saved", str(target), str(len(data)), "bytes"]
    assert target.read_bytes() == data


def test_chunk_size_option_cuts_a_small_file(server, nx, folder, tmp_path):
    data = os.urandom((5 << 20) // 2)
    local = tmp_path / "two-and-a-half.bin"
    local.write_bytes(data)
    result = repo(server, "put", str(local), folder.uid, "--chunk-size", "1", "--name", "cut.bin")
    assert result.returncode == 0 and result.stderr == "", result.stderr
    assert result.stdout.split()[:2] == ["created", f"{folder.path}/cut.bin"]
    assert nx.documents.get(path=f"{folder.path}/cut.bin").properties["file:content"]["digest"] == sha256(data)
    ok(server, "download", f"{folder.path}/cut.bin", "-o", str(tmp_path / "cut.copy"))
    assert (tmp_path / "cut.copy").read_bytes() == data
    assert "--chunk-size must be at least 1" in repo(server, "put", str(local), folder.path, "--chunk-size", "0").stderr


def test_put_refuses_an_existing_name_unless_replace(server, nx, folder, tmp_path):
    first, second = tmp_path / "v1.txt", tmp_path / "v2.txt"
    first.write_bytes(b"version 1")
    second.write_bytes(b"version 2, longer")
    _, path, uid = ok(server, "put", str(first), folder.path, "--name", "doc.txt", "--type", "Workspace").split()
    assert nx.documents.get(uid=uid).type == "Workspace"

    assert fails(server, "put", str(second), folder.path, "--name", "doc.txt") == f"{path} exists: pass --replace to replace its content"
    assert nx.documents.get(uid=uid).properties["file:content"]["digest"] == sha256(b"version 1")

    assert ok(server, "put", str(second), folder.path, "--name", "doc.txt", "--replace").split() == ["replaced", path, uid]
    doc = nx.documents.get(uid=uid)
    assert doc.type == "Workspace", "a replaced document keeps its type"
    assert doc.properties["file:content"]["digest"] == sha256(b"version 2, longer")
    assert [child.uid for child in nx.documents.get_children(path=folder.path)] == [uid]

    # --replace with no document of that name creates one.
    assert ok(server, "put", str(first), folder.path, "--replace").split()[0] == "created"


def test_put_checks_its_file_and_folder(server, nx, folder, tmp_path):
    assert fails(server, "put", str(tmp_path / "missing.txt"), folder.path) == f"{tmp_path / 'missing.txt'} is not a readable file"
    assert fails(server, "put", str(tmp_path), folder.path) == f"{tmp_path} is not a readable file"
    local = tmp_path / "x.txt"
    local.write_bytes(b"x")
    assert fails(server, "put", str(local), f"{folder.path}/nowhere") == f"no document at {folder.path}/nowhere"
    file_doc = create(nx, folder.path, "File", "plain")
    assert fails(server, "put", str(local), file_doc.path) == f"{file_doc.path} is not a folder"


def test_download_without_a_blob_fails(server, nx, folder, tmp_path):
    note = create_with_blob(nx, folder.path, tmp_path, "n.txt", b"n")
    before = sorted(os.listdir(tmp_path))
    assert fails(server, "download", folder.path, cwd=tmp_path) == f"{folder.path} has no file at file:content"
    assert fails(server, "download", note.path, "--xpath", "files:files/0/file", cwd=tmp_path) == f"{note.path} has no file at files:files/0/file"
    assert sorted(os.listdir(tmp_path)) == before, "nothing was written"


# MARK: mkdir, mv, rm


def test_mkdir_needs_the_parent_unless_p(server, nx, folder):
    path = f"{folder.path}/reports"
    assert ok(server, "mkdir", path) == f"created {path}\n"
    doc = nx.documents.get(path=path)
    assert doc.type == "Folder" and doc.title == "reports"
    assert fails(server, "mkdir", path) == f"{path} exists"

    deep = f"{folder.path}/a/b/c"
    assert fails(server, "mkdir", deep) == f"no document at {folder.path}/a/b"
    assert ok(server, "mkdir", "-p", deep, "--type", "Workspace").splitlines() == [
        f"created {folder.path}/a", f"created {folder.path}/a/b", f"created {deep}",
    ]
    assert nx.documents.get(path=deep).type == "Workspace"
    assert nx.documents.get(path=f"{folder.path}/a").type == "Workspace"
    assert ok(server, "mkdir", "-p", deep) == "", "an existing folder is fine with -p"

    assert "is not a path" in fails(server, "mkdir", "no-slash-here")


def test_mv_moves_into_a_folder_and_can_rename(server, nx, folder, tmp_path):
    doc = create_with_blob(nx, folder.path, tmp_path, "draft.txt", b"draft")
    target = create(nx, folder.path, "Folder", "archive")

    assert ok(server, "mv", doc.path, target.path) == f"moved {doc.path} to {target.path}/draft.txt\n"
    assert nx.documents.get(uid=doc.uid).path == f"{target.path}/draft.txt"
    assert ok(server, "mv", doc.uid, folder.uid, "--name", "final.txt") == f"moved {target.path}/draft.txt to {folder.path}/final.txt\n"
    moved = nx.documents.get(uid=doc.uid)
    assert moved.path == f"{folder.path}/final.txt"
    assert moved.properties["file:content"]["digest"] == sha256(b"draft")

    assert fails(server, "mv", f"{folder.path}/nothing", target.path) == f"no document at {folder.path}/nothing"
    assert fails(server, "mv", moved.path, f"{folder.path}/nowhere") == f"no document at {folder.path}/nowhere"
    assert fails(server, "mv", target.path, moved.path) == f"{moved.path} is not a folder"


def test_rm_deletes_or_trashes(server, nx, folder):
    gone = create(nx, folder.path, "File", "gone")
    assert ok(server, "rm", gone.path) == f"deleted {gone.path}\n"
    assert fails(server, "get", gone.uid) == f"no document at {gone.uid}"

    trashed = create(nx, folder.path, "Folder", "trashed")
    assert ok(server, "rm", trashed.uid, "--trash") == f"trashed {trashed.path}\n"
    assert doc_json(nx, trashed.uid)["isTrashed"] is True
    assert table(ok(server, "ls", folder.path)) == [["NAME", "TYPE", "TITLE", "MODIFIED", "SIZE"]], "trashed documents are not listed"

    assert fails(server, "rm", f"{folder.path}/nothing") == f"no document at {folder.path}/nothing"


# MARK: query


def test_query_prints_every_page_and_json(server, nx, folder, tmp_path):
    tag = unique("q")
    for index in range(3):
        create(nx, folder.path, "File", f"{tag}-{index}", title=f"{tag} {index}")
    create_with_blob(nx, folder.path, tmp_path, "other.txt", b"not in the query")
    nxql = f"SELECT * FROM Document WHERE ecm:parentId = '{folder.uid}' AND dc:title LIKE '{tag}%'"

    rows = table(ok(server, "query", nxql))
    assert rows[0] == ["PATH", "TYPE", "TITLE", "MODIFIED", "SIZE"]
    assert sorted(row[0] for row in rows[1:]) == [f"{folder.path}/{tag}-{index}" for index in range(3)]
    assert all(row[1] == "File" and row[4] == "-" for row in rows[1:])

    paged = table(ok(server, "query", nxql, "--page-size", "1"))
    assert sorted(paged) == sorted(rows), "one document a page, every page followed"

    answer = json.loads(ok(server, "query", nxql, "--page-size", "2", "--json"))
    assert answer["entity-type"] == "documents"
    assert sorted(entry["title"] for entry in answer["entries"]) == [f"{tag} {index}" for index in range(3)]
    assert all(entry["entity-type"] == "document" and "dc:title" in entry["properties"] for entry in answer["entries"])

    assert json.loads(ok(server, "query", f"SELECT * FROM Document WHERE dc:title = '{unique('none')}'", "--json"))["entries"] == []
    assert "SELECT" in fails(server, "query", "SELEKT * FROM Document")
    assert "--page-size must be at least 1" in repo(server, "query", nxql, "--page-size", "0").stderr


# MARK: connection and errors


def test_a_wrong_password_is_one_clear_line(server, folder):
    for args in (("ls", folder.path), ("get", folder.path), ("query", "SELECT * FROM Document"), ("mkdir", f"{folder.path}/x")):
        assert fails(server, *args, password="not the password") == "wrong user name or password", args


def test_a_missing_path_is_named(server, folder, tmp_path):
    missing = f"{folder.path}/{unique('missing')}"
    for args in (("ls", missing), ("tree", missing), ("get", missing), ("download", missing), ("rm", missing), ("mkdir", f"{missing}/child")):
        assert fails(server, *args, cwd=tmp_path) == f"no document at {missing}", args
    assert fails(server, "get", "0000-no-such-uid") == "no document at 0000-no-such-uid"


def test_credentials_from_stdin_env_user_and_token(server, member, folder):
    expected = ok(server, "ls", folder.path)
    assert ok(server, "ls", folder.path, "--password-stdin", input=server.admin_password + "\n", credentials=False) == expected
    assert ok(server, "ls", folder.path, "--password-stdin", input=server.admin_password + "\n", password="wrong") == expected, (
        "standard input wins over CHANCERY_PASSWORD"
    )
    name, password = member
    assert ok(server, "ls", "/", "--user", name, password=password).startswith("NAME")
    assert ok(server, "ls", "/", password=password, env={"CHANCERY_USER": name}).startswith("NAME")
    assert fails(server, "ls", "/", "--user", name) == "wrong user name or password"

    token = requests.get(
        server.url("/nuxeo/authentication/token"), auth=("Administrator", server.admin_password), timeout=CLI_TIMEOUT,
        params={"applicationName": "chancery repo tests", "deviceId": unique("device"), "permission": "ReadWrite"},
    ).text.strip()
    assert ok(server, "ls", folder.path, credentials=False, env={"CHANCERY_NUXEO_TOKEN": token}) == expected
    assert fails(server, "ls", folder.path, credentials=False, env={"CHANCERY_NUXEO_TOKEN": "not-a-token"}) == (
        "the server refused the token in CHANCERY_NUXEO_TOKEN"
    )

    assert fails(server, "ls", "/", credentials=False) == (
        "no credentials: set CHANCERY_PASSWORD, pass --password-stdin, or set CHANCERY_NUXEO_TOKEN"
    )
    assert fails(server, "ls", "/", "--password-stdin", input="", credentials=False) == (
        "--password-stdin was given but standard input has no password"
    )


def test_server_url_is_checked_and_unreachable_servers_are_named(server):
    environment = {key: value for key, value in os.environ.items() if not key.startswith("CHANCERY_")}
    environment["CHANCERY_PASSWORD"] = server.admin_password
    run = lambda *args, **env: subprocess.run(  # noqa: E731
        [server.binary, "repo", "ls", "/", *args], env={**environment, **env}, capture_output=True, text=True, timeout=CLI_TIMEOUT
    )
    from_env = run(CHANCERY_SERVER=server.base_url + "/")
    assert from_env.returncode == 0 and from_env.stdout.startswith("NAME"), from_env.stderr

    bad = run("--server", "ftp://example.com")
    assert bad.returncode != 0 and bad.stderr.strip() == "Error: 'ftp://example.com' is not an http or https URL"

    # A port nobody listens on: the one of a socket bound and closed.
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    down = run("--server", f"http://127.0.0.1:{port}")
    assert down.returncode != 0 and down.stderr.strip() == f"Error: cannot reach http://127.0.0.1:{port}: connection refused"
