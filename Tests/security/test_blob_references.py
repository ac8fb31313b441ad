"""Finding 1 of issue 23: a blob is attached only through a reference that proves the caller
may use it (an upload batch of its own, or a blob the document already holds), never through
a bare digest, which the public transparency log hands to anyone. A reference to someone
else's blob and a reference to nothing get the same answer, so the answer is no oracle."""

import base64
import hashlib
import secrets
import uuid

import pytest

from conftest import add_user

API = "/nuxeo/api/v1"


def nuxeo(server, http, method, path, auth, **kwargs):
    """A Nuxeo API call whose document answers carry every property."""
    headers = {"properties": "*", **kwargs.pop("headers", {})}
    return http.request(method, server.url(API + path), auth=auth, headers=headers, timeout=30, **kwargs)


def workspace_for(server, http, admin, member):
    """A workspace the administrator makes for `member` alone (inheritance blocked, so other
    members cannot read it) and grants it ReadWrite on; its id."""
    name = f"ws-{member[0]}"
    created = nuxeo(server, http, "POST", "/path/default-domain/workspaces", admin, json={
        "entity-type": "document", "type": "Workspace", "name": name, "properties": {"dc:title": name},
    })
    assert created.status_code == 201, created.text
    workspace = created.json()["uid"]
    granted = nuxeo(server, http, "POST", f"/id/{workspace}/@op/Document.AddPermission", admin,
                    json={"params": {"permission": "ReadWrite", "username": member[0], "blockInheritance": True}})
    assert granted.status_code == 200, granted.text
    return workspace


def uploaded(server, http, auth, data, name="secret.bin"):
    """Uploads `data` into a new batch of `auth`'s; returns the batch id."""
    batch = nuxeo(server, http, "POST", "/upload", auth).json()["batchId"]
    sent = nuxeo(server, http, "POST", f"/upload/{batch}/0", auth, data=data,
                 headers={"X-File-Name": name, "Content-Type": "application/octet-stream"})
    assert sent.status_code == 201, sent.text
    return batch


def create_file(server, http, auth, parent, name, content):
    return nuxeo(server, http, "POST", f"/id/{parent}", auth, json={
        "entity-type": "document", "type": "File", "name": name,
        "properties": {"dc:title": name, "file:content": content},
    })


@pytest.fixture(scope="module")
def people(server, http, admin):
    """alice, whose file is the target, and bob, a member writing in his own workspace."""
    suffix = secrets.token_hex(4)
    alice = add_user(server, f"alice-{suffix}")
    bob = add_user(server, f"bob-{suffix}")
    alice_space = workspace_for(server, http, admin, alice)
    bob_space = workspace_for(server, http, admin, bob)
    secret = b"alice's signed contract " + secrets.token_bytes(64)
    batch = uploaded(server, http, alice, secret)
    created = create_file(server, http, alice, alice_space, "contract",
                          {"upload-batch": batch, "upload-fileId": "0"})
    assert created.status_code == 201, created.text
    blob = created.json()["properties"]["file:content"]
    assert blob["digest"] == hashlib.sha256(secret).hexdigest()
    return {"alice": alice, "bob": bob, "alice_space": alice_space, "bob_space": bob_space,
            "secret": secret, "doc": created.json()["uid"], "blob": blob}


def bare(digest, length):
    return {"name": "x.bin", "mime-type": "application/octet-stream", "digest": digest, "length": length}


def assert_same_refusal(stolen, unknown):
    assert stolen.status_code == unknown.status_code == 400, (stolen.text, unknown.text)
    assert stolen.json() == unknown.json()
    assert stolen.json()["entity-type"] == "exception"


def test_bare_digest_of_another_users_file_refused_like_an_unknown_one(server, http, people):
    bob, blob = people["bob"], people["blob"]
    stolen = create_file(server, http, bob, people["bob_space"], "loot", bare(blob["digest"], blob["length"]))
    unknown = create_file(server, http, bob, people["bob_space"], "loot",
                          bare(secrets.token_hex(32), blob["length"]))
    assert_same_refusal(stolen, unknown)
    # Nothing was created that could hand out alice's bytes.
    children = nuxeo(server, http, "GET", f"/id/{people['bob_space']}/@children", bob).json()
    assert [entry["title"] for entry in children["entries"]] == []
    assert nuxeo(server, http, "GET", f"/id/{people['doc']}/@blob/file:content", bob).status_code in (403, 404)


def test_bare_digest_refused_on_update_and_through_automation(server, http, people):
    """Every way of setting properties: PUT, Document.Update, Document.SetProperty, Document.Create."""
    bob, blob = people["bob"], people["blob"]
    own = create_file(server, http, bob, people["bob_space"], "mine", None)
    assert own.status_code == 201, own.text
    own_id = own.json()["uid"]
    for digest_label in ("stolen", "unknown"):
        digest = blob["digest"] if digest_label == "stolen" else secrets.token_hex(32)
        value = bare(digest, blob["length"])
        answers = [
            nuxeo(server, http, "PUT", f"/id/{own_id}", bob,
                  json={"entity-type": "document", "properties": {"file:content": value}}),
            nuxeo(server, http, "POST", f"/id/{own_id}/@op/Document.Update", bob,
                  json={"params": {"properties": {"file:content": value}}}),
            nuxeo(server, http, "POST", f"/id/{own_id}/@op/Document.SetProperty", bob,
                  json={"params": {"xpath": "file:content", "value": value}}),
            nuxeo(server, http, "POST", f"/id/{people['bob_space']}/@op/Document.Create", bob,
                  json={"params": {"type": "File", "name": "loot", "properties": {"file:content": value}}}),
        ]
        if digest_label == "stolen":
            stolen_answers = answers
        else:
            for stolen, unknown in zip(stolen_answers, answers):
                assert_same_refusal(stolen, unknown)
    after = nuxeo(server, http, "GET", f"/id/{own_id}", bob).json()
    assert after["properties"]["file:content"] is None
    assert nuxeo(server, http, "GET", f"/id/{own_id}/@blob/file:content", bob).status_code == 404


def test_owner_echoing_the_document_back_keeps_its_blob(server, http, people):
    """The Nuxeo clients send the whole document back on update: its own blob must pass."""
    alice = people["alice"]
    current = nuxeo(server, http, "GET", f"/id/{people['doc']}", alice).json()
    echoed = dict(current["properties"]["file:content"], name="renamed.bin")
    saved = nuxeo(server, http, "PUT", f"/id/{people['doc']}", alice, json={
        "entity-type": "document", "properties": {"dc:description": "echoed", "file:content": echoed},
    })
    assert saved.status_code == 200, saved.text
    assert saved.json()["properties"]["file:content"]["name"] == "renamed.bin"
    download = nuxeo(server, http, "GET", f"/id/{people['doc']}/@blob/file:content", alice)
    assert download.status_code == 200 and download.content == people["secret"]


def test_upload_batch_of_another_user_refused_like_an_unknown_batch(server, http, people):
    alice, bob = people["alice"], people["bob"]
    batch = uploaded(server, http, alice, b"alice's draft")
    unknown_batch = "batchId-" + secrets.token_hex(16)

    def attempts(batch_id):
        created = create_file(server, http, bob, people["bob_space"], "loot",
                              {"upload-batch": batch_id, "upload-fileId": "0"})
        listed = nuxeo(server, http, "GET", f"/upload/{batch_id}", bob)
        executed = nuxeo(server, http, "POST", f"/upload/{batch_id}/0/execute/Blob.AttachOnDocument", bob,
                         json={"params": {"document": people["bob_space"]}})
        return [created, listed, executed]

    for stolen, unknown in zip(attempts(batch), attempts(unknown_batch)):
        assert stolen.status_code == unknown.status_code and stolen.status_code in (400, 404), stolen.text
        assert stolen.text.replace(batch, "ID") == unknown.text.replace(unknown_batch, "ID")
    # alice's batch is untouched by bob's tries.
    files = nuxeo(server, http, "GET", f"/upload/{batch}", alice).json()
    assert [file["size"] for file in files] == [len(b"alice's draft")]


def api_key(server, user):
    """A new API key of `user`, made with `chancery apikey create`."""
    created = server.cli("apikey", "create", "--user", user[0], "--name", f"key-{secrets.token_hex(4)}")
    return created.stdout.strip()


def signwell(server, http, method, path, key, **kwargs):
    return http.request(method, server.url("/signwell/api/v1" + path), headers={"X-Api-Key": key}, timeout=60, **kwargs)


def test_signwell_references_of_another_user_refused_like_unknown_ones(server, http, people):
    """SignWell takes files only as bytes or URLs, never as a stored blob's name; what it does
    take by reference (templates, documents) answers another user's id as it answers none."""
    from signwell.pdfs import pdf_with_pages

    alice_key, bob_key = api_key(server, people["alice"]), api_key(server, people["bob"])
    template = signwell(server, http, "POST", "/document_templates", alice_key, json={
        "name": "alice's template",
        "files": [{"name": "t.pdf", "file_base64": base64.b64encode(pdf_with_pages(1)).decode()}],
        "placeholders": [{"id": "client", "name": "Client"}],
        "fields": [[{"type": "signature", "placeholder_id": "client", "page": 1, "x": 100, "y": 100}]],
    })
    assert template.status_code == 201, template.text
    document = signwell(server, http, "POST", "/documents", alice_key, json={
        "test_mode": True, "draft": True,
        "files": [{"name": "c.pdf", "file_base64": base64.b64encode(pdf_with_pages(1)).decode()}],
        "recipients": [{"id": "1", "name": "A", "email": "a@example.com"}],
    })
    assert document.status_code == 201, document.text
    alices = {"template": template.json()["id"], "document": document.json()["id"]}
    unknowns = {"template": str(uuid.uuid4()), "document": str(uuid.uuid4())}

    def attempts(ids):
        return [
            signwell(server, http, "GET", f"/document_templates/{ids['template']}", bob_key),
            signwell(server, http, "POST", "/document_templates/documents", bob_key, json={
                "template_id": ids["template"], "test_mode": True,
                "recipients": [{"id": "1", "name": "B", "email": "b@example.com", "placeholder_name": "Client"}],
            }),
            signwell(server, http, "GET", f"/documents/{ids['document']}", bob_key),
            signwell(server, http, "GET", f"/documents/{ids['document']}/completed_pdf", bob_key),
        ]

    def masked(answer, ids):
        return answer.text.replace(ids["template"], "ID").replace(ids["document"], "ID")

    for stolen, nothing in zip(attempts(alices), attempts(unknowns)):
        assert stolen.status_code == nothing.status_code == 404, (stolen.text, nothing.text)
        assert masked(stolen, alices) == masked(nothing, unknowns)
