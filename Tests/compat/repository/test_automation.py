"""Automation through the official client (spec 1.9): the operation registry the client checks
parameters against, and the document and blob operations it and its tests call, with their
inputs (`doc:`, `docs:`, bare path or uid), `properties` strings, outputs and error statuses."""

import hashlib
import os
import re
import threading
import uuid

import nuxeo.constants
import pytest
import requests
from nuxeo.exceptions import BadQuery, HTTPError, OngoingRequestError
from nuxeo.operations import PARAM_TYPES

from .support import create, create_with_blob, doc_json, file_blob, unique, upload

# The operations the spec lists (1.9) as used by the client, its tests and the iOS SDK.
OPERATIONS = [
    "Log", "Document.Create", "Document.Fetch", "Document.GetChild", "Document.GetParent", "Document.Update",
    "Document.Delete", "Document.Move", "Document.Query", "Document.FetchByProperty", "Blob.AttachOnDocument",
    "Blob.Attach", "Blob.Get", "FileManager.Import", "Document.Trash", "Document.Untrash", "Document.SetLifeCycle",
    "Document.FollowLifecycleTransition", "Document.Lock", "Document.Unlock", "Document.AddPermission",
    "Document.RemovePermission", "Document.CheckIn",
]


# MARK: registry


def test_registry_lists_the_operations(nx):
    ops = nx.operations.operations
    missing = [op for op in OPERATIONS if op not in ops]
    assert not missing, missing
    for op in OPERATIONS:
        assert ops[op]["id"] == op or op in ops[op].get("aliases", []), ops[op]
    assert ops["Repository.Query"]["id"] == "Document.Query"
    assert ops["Document.GetBlob"]["id"] == "Blob.Get"
    assert nx.can_use("FileManager.Import")
    assert not nx.can_use("FileManager.ImportAndKillTheServer")


def test_registry_parameter_types_are_the_clients(nx):
    """check_params looks every declared type up in PARAM_TYPES: an unknown one is a KeyError."""
    raw = nx.client.request("GET", "site/automation").json()
    assert raw["operations"], raw
    for op in raw["operations"]:
        assert op["id"] and isinstance(op.get("params"), list), op
        for param in op["params"]:
            assert param["type"] in PARAM_TYPES, (op["id"], param)
            assert isinstance(param["required"], bool), (op["id"], param)
            assert param["name"], (op["id"], param)


@pytest.mark.parametrize(
    "command, params, valid",
    [
        ("Document.Create", {"type": "File", "name": "x", "properties": {"dc:title": "x"}}, True),
        ("Document.Create", {"type": "File", "properties": 0}, False),
        ("Document.Create", {"name": "no type"}, False),
        ("Document.Fetch", {"value": "/default-domain"}, True),
        ("Document.Fetch", {"value": True}, False),
        ("Document.Fetch", {"value": "/", "alien": "x"}, False),
        ("Document.GetChild", {"name": "workspaces"}, True),
        ("Document.AddPermission", {"permission": "Read", "users": ["a", "b"], "blockInheritance": False}, True),
        ("Document.AddPermission", {"permission": "Read", "username": "a", "end": "2030-01-01"}, True),
        ("Document.AddPermission", {"permission": "Read", "blockInheritance": "false"}, False),
        ("Document.AddPermission", {"permission": "Read", "end": True}, False),
        ("Document.Query", {"query": "SELECT * FROM Document", "pageSize": 10}, True),
        ("Document.Query", {"query": "SELECT * FROM Document", "pageSize": "ten"}, False),
        ("Document.Query", {"query": 0}, False),
        ("Document.Query", {"alien": "alien"}, False),
        ("Document.Query", {"query": "SELECT * FROM Document", "queryParams": ["a", "b", "c"]}, True),
        ("Document.Query", {"query": "SELECT * FROM Document", "queryParams": "a"}, True),
        ("Document.Query", {"query": "SELECT * FROM Document", "queryParams": None}, True),
        ("Document.Query", {"query": "SELECT * FROM Document", "queryParams": 0}, False),
        ("Document.SetProperty", {"xpath": "dc:title", "value": "test"}, True),
        ("Document.SetProperty", {"xpath": "dc:subjects", "value": ["a", "b"]}, True),
        ("Document.SetProperty", {"xpath": "dc:title", "value": 0}, False),
        ("Document.FetchByProperty", {"property": "dc:title", "values": "Workspaces"}, True),
        ("Document.FetchByProperty", {"property": "dc:title"}, False),
        ("Document.CheckIn", {"version": "minor", "comment": "c"}, True),
        ("Document.CheckIn", {"comment": "no version"}, False),
        ("Document.Move", {"target": "/default-domain", "name": "n"}, True),
    ],
)
def test_check_params(nx, command, params, valid):
    if valid:
        nx.operations.check_params(command, params)
    else:
        with pytest.raises(BadQuery):
            nx.operations.check_params(command, params)


def test_check_params_is_applied_on_execute(nx):
    """The client's test_check_params_constant."""
    operation = nx.operations.new("Document.GetChild")
    operation.params = {"name": "workspaces", "alien": "the return"}
    operation.input_obj = "/default-domain"
    assert operation.execute()["path"] == "/default-domain/workspaces"
    with pytest.raises(BadQuery):
        operation.execute(check_params=True)
    original = nuxeo.constants.CHECK_PARAMS
    try:
        nuxeo.constants.CHECK_PARAMS = True
        operation.params = {"name": "workspaces"}
        assert operation.execute()["path"] == "/default-domain/workspaces"
    finally:
        nuxeo.constants.CHECK_PARAMS = original


# MARK: basics


def test_log_is_void(nx):
    assert nx.operations.execute(command="Log", level="warn", message=">>> testing: repository compat") == b""
    response = nx.client.request(
        "POST", "site/automation/Log", data={"params": {"level": "info", "message": "m", "category": "compat"}}
    )
    assert response.status_code == 204 and response.content == b""


def test_unknown_operation_is_404(nx):
    with pytest.raises(HTTPError) as error:
        nx.operations.execute(command="No.Such.Operation")
    assert error.value.status == 404


def test_missing_required_parameter_is_400(nx, folder):
    with pytest.raises(HTTPError) as error:
        nx.operations.execute(command="Document.Create", input_obj=folder.path, params={"name": "no-type"})
    assert error.value.status == 400
    with pytest.raises(HTTPError) as error:
        nx.operations.execute(command="Document.Fetch", params={})
    assert error.value.status == 400
    assert nx.documents.get_children(uid=folder.uid) == []


def test_api_v1_automation_alias_and_nxrequest_content_type(nx, folder):
    answer = nx.client.request(
        "POST", "api/v1/automation/Document.Fetch", data={"params": {"value": folder.path}},
        headers={"Content-Type": "application/json+nxrequest; charset=UTF-8"},
    )
    assert answer.status_code == 200 and answer.json()["uid"] == folder.uid
    answer = nx.client.request(
        "POST", "site/automation/Document.Fetch", data={"params": {"value": folder.uid}},
        headers={"Content-Type": "application/json+nxrequest"},
    )
    assert answer.json()["path"] == folder.path


def test_void_operation_header(nx, folder):
    doc = create(nx, folder.path, "File", unique("void"))
    answer = nx.operations.execute(
        command="Document.Update", input_obj=doc.uid, params={"properties": {"dc:description": "silently"}}, void_op=True
    )
    assert answer == b""
    assert nx.documents.get(uid=doc.uid).properties["dc:description"] == "silently"
    response = nx.client.request(
        "POST", "site/automation/Document.Fetch", data={"params": {"value": doc.uid}}, headers={"X-NXVoidOperation": "true"}
    )
    assert response.status_code == 204 and response.content == b""


# MARK: document operations


def test_document_create(nx, folder):
    """The client's Document.Create calls: a `doc:` input, `properties` as a k=v string."""
    name = unique("created")
    doc = nx.operations.execute(
        command="Document.Create", input_obj=f"doc:{folder.path}", type="Note", name=name,
        properties={
            "dc:title": "Created by automation", "dc:description": "two words", "note:note": "some content",
            "dc:subjects": "art,science",
        },
    )
    assert doc["entity-type"] == "document"
    assert (doc["type"], doc["path"], doc["parentRef"]) == ("Note", f"{folder.path}/{name}", folder.uid)
    props = doc["properties"]
    assert props["dc:title"] == "Created by automation" and props["dc:description"] == "two words"
    assert props["note:note"] == "some content"
    assert props["dc:subjects"] == ["art", "science"]
    assert nx.documents.get(uid=doc["uid"]).title == "Created by automation"


def test_document_create_with_properties_object_and_uid_input(nx, folder):
    answer = nx.client.request(
        "POST", "site/automation/Document.Create",
        data={
            "input": folder.uid,
            "params": {"type": "File", "name": "obj", "properties": {"dc:title": "From an object", "dc:language": "en"}},
        },
    )
    doc = answer.json()
    assert doc["parentRef"] == folder.uid and doc["title"] == "From an object"
    assert doc["properties"]["dc:language"] == "en"


def test_document_fetch(nx, folder):
    by_path = nx.operations.execute(command="Document.Fetch", params={"value": folder.path})
    by_uid = nx.operations.execute(command="Document.Fetch", params={"value": folder.uid})
    assert by_path["uid"] == by_uid["uid"] == folder.uid
    with pytest.raises(HTTPError) as error:
        nx.operations.execute(command="Document.Fetch", params={"value": folder.path + "/missing"})
    assert error.value.status == 404


def test_document_get_child(nx):
    """The client's test_document_get_child(_unknown)."""
    operation = nx.operations.new("Document.GetChild")
    operation.params = {"name": "workspaces", "shouldbeignored": None}
    operation.input_obj = "/default-domain"
    answer = operation.execute()
    assert answer["entity-type"] == "document"
    assert answer["properties"]["dc:title"] == "Workspaces"

    operation = nx.operations.new("Document.GetChild")
    operation.params = {"name": "Workspaces"}
    operation.input_obj = "/default-domain"
    with pytest.raises(HTTPError) as error:
        operation.execute()
    assert error.value.status == 404


def test_document_get_parent(nx, folder):
    doc = create(nx, folder.path, "File", unique("child"))
    assert nx.operations.execute(command="Document.GetParent", input_obj=doc.uid)["uid"] == folder.uid
    assert nx.operations.execute(command="Document.GetParent", input_obj=f"doc:{doc.path}")["path"] == folder.path
    domain = nx.operations.execute(command="Document.GetParent", input_obj=doc.path, params={"type": "Domain"})
    assert domain["path"] == "/default-domain"
    with pytest.raises(HTTPError) as error:
        nx.operations.execute(command="Document.GetParent", input_obj=folder.path + "/missing")
    assert error.value.status == 404


def test_document_update_on_a_list(nx, folder):
    """The client's test_document_list_update: a `docs:` input gives a `documents` list in input
    order."""
    second = create(nx, folder.path, "Workspace", "ws-b")
    first = create(nx, folder.path, "Workspace", "ws-a")
    answer = nx.operations.execute(
        command="Document.Update", params={"properties": {"dc:description": "sample description"}},
        input_obj=[second.path, first.path],
    )
    assert answer["entity-type"] == "documents"
    assert [entry["path"] for entry in answer["entries"]] == [second.path, first.path]
    assert [entry["properties"]["dc:description"] for entry in answer["entries"]] == ["sample description"] * 2
    assert nx.documents.get(uid=first.uid).properties["dc:description"] == "sample description"


def test_document_update_one(nx, folder):
    doc = create(nx, folder.path, "File", unique("one"))
    answer = nx.operations.execute(
        command="Document.Update", input_obj=doc.uid, params={"properties": {"dc:title": "new title", "dc:rights": "none"}}
    )
    assert answer["entity-type"] == "document" and answer["title"] == "new title"
    assert nx.documents.get(uid=doc.uid).properties["dc:rights"] == "none"


def test_document_delete(nx, folder):
    doc = create(nx, folder.path, "File", unique("gone"))
    nx.operations.execute(command="Document.Delete", input_obj=doc.uid, void_op=True)
    assert not nx.documents.exists(uid=doc.uid)
    several = [create(nx, folder.path, "Note", unique("gone")) for _ in range(2)]
    nx.operations.execute(command="Document.Delete", input_obj=[doc.path for doc in several], void_op=True)
    assert not any(nx.documents.exists(uid=doc.uid) for doc in several)


def test_document_move(nx, folder):
    """The client's test_document_move: move and rename, then the old path is gone."""
    target = create(nx, folder.path, "Folder", "Test2")
    doc = create(nx, folder.path, "File", unique("moving"), title="bar.txt")
    old_path = doc.path
    doc.move(target.path, "new_name")
    assert doc.path == f"{target.path}/new_name"
    moved = nx.documents.get(uid=doc.uid)
    assert moved.parentRef == target.uid and moved.path == doc.path and moved.title == "bar.txt"
    assert not nx.documents.exists(path=old_path)
    assert [child.uid for child in nx.documents.get_children(path=target.path)] == [doc.uid]
    # Without a name it keeps its own; the target may be given by uid.
    answer = nx.documents.move(doc.uid, folder.uid)
    assert answer["path"] == f"{folder.path}/new_name"


def test_document_query_operation(nx, folder):
    for name in ("q-c", "q-a", "q-b"):
        create(nx, folder.path, "File", name)
    nxql = f"SELECT * FROM Document WHERE ecm:parentId = '{folder.uid}'"
    params = {"query": nxql, "pageSize": 2, "currentPageIndex": 0, "sortBy": "dc:title", "sortOrder": "asc"}
    answer = nx.operations.execute(command="Document.Query", params=params)
    assert answer["entity-type"] == "documents"
    assert answer["resultsCount"] == 3 and answer["numberOfPages"] == 2 and answer["isNextPageAvailable"] is True
    assert [entry["title"] for entry in answer["entries"]] == ["q-a", "q-b"]
    alias = nx.operations.execute(
        command="Repository.Query",
        params={"query": "SELECT * FROM Document WHERE ecm:parentId = ? AND dc:title <> ?", "queryParams": [folder.uid, "q-b"],
                "sortBy": "dc:title", "sortOrder": "desc"},
    )
    assert [entry["title"] for entry in alias["entries"]] == ["q-c", "q-a"]


def test_document_fetch_by_property(nx, folder):
    """The client's test_document_fetch_by_property, and several values."""
    answer = nx.operations.execute(command="Document.FetchByProperty", params={"property": "dc:title", "values": "Workspaces"})
    assert answer["entity-type"] == "documents"
    workspaces = [entry for entry in answer["entries"] if entry["path"] == "/default-domain/workspaces"]
    assert len(workspaces) == 1 and workspaces[0]["properties"]["dc:title"] == "Workspaces"

    first, second = unique("fbp"), unique("fbp")
    create(nx, folder.path, "File", first)
    create(nx, folder.path, "Note", second)
    answer = nx.operations.execute(
        command="Document.FetchByProperty", params={"property": "dc:title", "values": f"{first},{second}"}
    )
    assert sorted(entry["title"] for entry in answer["entries"]) == sorted([first, second])


def test_blob_attach_to_files_and_get_by_xpath(nx, folder, tmp_path):
    doc = create(nx, folder.path, "File", unique("attach"))
    batch = nx.uploads.batch()
    batch.upload(file_blob(tmp_path, "x.txt", b"x-data", "text/plain"))
    batch.upload(file_blob(tmp_path, "y.txt", b"y-data", "text/plain"))
    batch.attach(doc.path)
    files = doc_json(nx, doc.uid)["properties"]["files:files"]
    assert [item["file"]["name"] for item in files] == ["x.txt", "y.txt"]
    answer = nx.operations.execute(command="Blob.Get", input_obj=doc.path, params={"xpath": "files:files/1/file"}, json=False)
    assert answer == b"y-data"


def test_file_manager_import(nx, folder, tmp_path):
    batch = nx.uploads.batch()
    blob = batch.upload(file_blob(tmp_path, "report.txt", b"imported text", "text/plain"))
    doc = nx.operations.execute(command="FileManager.Import", context={"currentDocument": folder.path}, input_obj=blob)
    assert doc["entity-type"] == "document" and doc["type"] == "File"
    assert doc["title"] == "report.txt" and doc["parentRef"] == folder.uid
    assert doc["properties"]["file:content"]["name"] == "report.txt"
    assert [child.title for child in nx.documents.get_children(path=folder.path)] == ["report.txt"]
    assert nx.documents.fetch_blob(uid=doc["uid"]) == b"imported text"


@pytest.mark.parametrize("command", ["Document.SetBlob", "Blob.Set"])
def test_set_blob_puts_the_file_parameter_on_the_input_document(nx, folder, tmp_path, command):
    """Nuxeo's Document.SetBlob (alias Blob.Set): a document input, the blob as the `file`
    parameter (an upload-batch reference, as the client serializes a batch blob), an xpath."""
    doc = create(nx, folder.path, "File", unique("set"))
    _, main = upload(nx, tmp_path, "main.txt", b"the main blob", "text/plain")
    changed = nx.operations.execute(command=command, input_obj=doc.path, params={"file": main})
    assert changed["entity-type"] == "document" and changed["uid"] == doc.uid
    assert nx.documents.fetch_blob(uid=doc.uid) == b"the main blob"
    _, extra = upload(nx, tmp_path, "extra.txt", b"an attachment", "text/plain")
    nx.operations.execute(command=command, input_obj=doc.uid, params={"file": extra, "xpath": "files:files"})
    assert nx.documents.fetch_blob(uid=doc.uid, xpath="files:files/0/file") == b"an attachment"
    with pytest.raises(HTTPError) as refused:
        nx.operations.execute(command=command, input_obj=doc.path, params={"file": "not-a-batch"}, check_params=False)
    assert refused.value.status == 400


def test_an_import_repeated_with_its_idempotency_key_makes_one_document(nx, folder, tmp_path):
    """The client's own scenario (its test_idempotent_requests): five imports of one 10 MiB file
    with one Idempotency-Key at once make one document; each call gets it or, while the first
    runs, OngoingRequestError (409 with the key); ten more calls all get the same document."""
    batch = nx.uploads.batch()
    blob = batch.upload(file_blob(tmp_path, "big.bin", os.urandom(10 * 1024 * 1024), "application/octet-stream"),
                        chunked=True, chunk_size=1024 * 1024)
    key = str(uuid.uuid4())
    results = []

    def run():
        try:
            doc = nx.operations.execute(
                command="FileManager.Import", context={"currentDocument": folder.path}, input_obj=blob,
                headers={nuxeo.constants.IDEMPOTENCY_KEY: key, "X-Batch-No-Drop": "true"},
            )
            results.append(doc["uid"])
        except OngoingRequestError as error:
            results.append(str(error))

    threads = [threading.Thread(target=run) for _ in range(5)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    [child] = nx.documents.get_children(path=folder.path)
    ongoing = f"OngoingRequestError: a request with the idempotency key {key!r} is already being processed."
    assert len(results) == 5 and set(results) <= {child.uid, ongoing}, results
    assert child.uid in results
    for _ in range(10):
        run()
    assert results[5:] == [child.uid] * 10
    assert len(nx.documents.get_children(path=folder.path)) == 1


def test_blob_get_of_the_main_blob(nx, folder, tmp_path):
    doc = create_with_blob(nx, folder.path, tmp_path, "main.txt", b"main blob")
    assert nx.operations.execute(command="Blob.Get", input_obj=doc.path, json=False) == b"main blob"
    response = nx.client.request("POST", "site/automation/Blob.Get", data={"input": doc.uid, "params": {}})
    assert response.status_code == 200 and response.content == b"main blob"
    assert response.headers["Content-Type"].startswith("text/plain")


# MARK: notarization


def test_document_notarize_notarizes_the_file_as_the_caller(nx, member_nx, server, admin, folder, tmp_path):
    data = f"minutes {uuid.uuid4().hex}\n".encode()
    doc = create_with_blob(nx, folder.path, tmp_path, unique("notarized"), data)
    answer = nx.operations.execute(command="Document.Notarize", input_obj=doc.uid)
    assert answer["uid"] == doc.uid

    page = requests.get(server.url(f"/repository/document/{doc.uid}"), auth=admin, timeout=30)
    assert page.status_code == 200
    found = re.search(r'<code class="sha256">([0-9a-f]{64})</code>.*?by Administrator: <a href="([^"]+)">report ([^<]+)</a>', page.text)
    assert found and found.group(1) == hashlib.sha256(data).hexdigest(), page.text[:2000]
    report = requests.get(server.url(f"/qed/v1/reports/{found.group(3)}"), auth=admin, timeout=30)
    assert report.status_code == 200 and hashlib.sha256(data).hexdigest() in report.text, report.text[:500]

    note = create(nx, folder.path, "Note", unique("no-file"))
    with pytest.raises(HTTPError) as refused:
        nx.operations.execute(command="Document.Notarize", input_obj=note.uid)
    assert refused.value.status == 400 and "no file" in str(refused.value.message)

    # A member who cannot read the document cannot notarize it.
    nx.operations.execute(
        command="Document.AddPermission", input_obj=folder.uid, permission="Everything", username="Administrator", blockInheritance=True
    )
    with pytest.raises(HTTPError) as hidden:
        member_nx.operations.execute(command="Document.Notarize", input_obj=doc.uid)
    assert hidden.value.status in (403, 404)
