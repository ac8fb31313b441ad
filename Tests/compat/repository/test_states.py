"""Document states through the official client: locks (`fetch-document: lock`), trash and untrash,
the default lifecycle (approve / backToProject ...), and versions made by Document.CheckIn
(spec 1.5, 1.6, 1.9, 5.3)."""

import pytest
from nuxeo.exceptions import HTTPError
from nuxeo.models import Document
from nuxeo.utils import version_lt

from .support import create, doc_json, query, titles, unique

ADMIN = "Administrator"


# MARK: locks


def test_lock_and_unlock(nx, member_nx, folder, server_version):
    """The client's test_locking, plus what the lock looks like on the wire and in NXQL."""
    doc = create(nx, folder.path, "File", unique("lock"))
    assert nx.documents.fetch_lock_status(doc.uid) == {}
    assert not doc.is_locked()

    locked = doc.lock()
    assert locked["uid"] == doc.uid
    status = doc.fetch_lock_status()
    assert status["lockOwner"] == ADMIN
    assert doc.is_locked()

    with_lock = doc_json(nx, doc.uid, headers={"fetch-document": "lock"})
    assert with_lock["lockOwner"] == ADMIN and with_lock["lockCreated"], with_lock
    plain = doc_json(nx, doc.uid)
    assert "lockOwner" not in plain and "lockCreated" not in plain, "lock fields only with fetch-document: lock"
    # Another user sees who holds the lock.
    assert member_nx.documents.fetch_lock_status(doc.uid)["lockOwner"] == ADMIN

    nxql = f"SELECT * FROM Document WHERE ecm:parentId = '{folder.uid}' AND ecm:lockOwner = '{ADMIN}'"
    assert titles(query(nx, nxql)) == [doc.title]

    if not version_lt(server_version, "11.1"):
        # Locking again as the same user succeeds since Nuxeo 11.1 (NXP-24359).
        assert doc.lock()["uid"] == doc.uid
        assert doc.fetch_lock_status()["lockOwner"] == ADMIN

    doc.unlock()
    assert not doc.is_locked()
    assert "lockOwner" not in doc_json(nx, doc.uid, headers={"fetch-document": "lock"})
    assert titles(query(nx, nxql)) == []


def test_lock_through_automation_returns_the_document(nx, folder):
    doc = create(nx, folder.path, "Note", unique("oplock"))
    answer = nx.operations.execute(command="Document.Lock", input_obj=doc.path, headers={"fetch-document": "lock"})
    assert answer["entity-type"] == "document" and answer["uid"] == doc.uid
    assert answer["lockOwner"] == ADMIN
    answer = nx.operations.execute(command="Document.Unlock", input_obj=f"doc:{doc.uid}", headers={"fetch-document": "lock"})
    assert answer["uid"] == doc.uid and "lockOwner" not in answer


# MARK: trash


def test_trash_and_untrash(nx, folder):
    """The client's test_document_trash, plus where a trashed document still shows."""
    doc = create(nx, folder.path, "File", unique("trash"))
    sibling = create(nx, folder.path, "File", unique("stays"))
    path = doc.path
    assert not doc.isTrashed

    doc.trash()
    assert doc.isTrashed is True
    assert nx.documents.get(uid=doc.uid).isTrashed is True
    assert [child.uid for child in nx.documents.get_children(uid=folder.uid)] == [sibling.uid]
    provider = nx.documents.query({"pageProvider": "CURRENT_DOC_CHILDREN", "queryParams": [folder.uid]})
    assert [entry.uid for entry in provider["entries"]] == [sibling.uid]
    trashed = f"SELECT * FROM Document WHERE ecm:parentId = '{folder.uid}' AND ecm:isTrashed = 1"
    assert [entry.uid for entry in query(nx, trashed)["entries"]] == [doc.uid]

    doc.untrash()
    assert doc.isTrashed is False
    again = nx.documents.get(uid=doc.uid)
    assert again.isTrashed is False and again.path == path
    assert sorted(child.uid for child in nx.documents.get_children(uid=folder.uid)) == sorted([doc.uid, sibling.uid])
    assert query(nx, trashed)["entries"] == []


def test_trash_operations(nx, folder):
    doc = create(nx, folder.path, "Note", unique("optrash"))
    answer = nx.operations.execute(command="Document.Trash", input_obj=doc.uid)
    assert answer["uid"] == doc.uid and answer["isTrashed"] is True
    answer = nx.operations.execute(command="Document.Untrash", input_obj=doc.uid)
    assert answer["uid"] == doc.uid and answer["isTrashed"] is False
    assert nx.documents.get(uid=doc.uid).path == doc.path


# MARK: lifecycle


def test_follow_transition(nx, folder):
    """The client's test_follow_transition."""
    doc = create(nx, folder.path, "File", unique("life"))
    assert doc.state == "project"
    doc.follow_transition("approve")
    assert doc.state == "approved"
    assert nx.documents.get(uid=doc.uid).state == "approved"
    nxql = f"SELECT * FROM Document WHERE ecm:parentId = '{folder.uid}' AND ecm:currentLifeCycleState = 'approved'"
    assert [entry.uid for entry in query(nx, nxql)["entries"]] == [doc.uid]
    doc.follow_transition("backToProject")
    assert doc.state == "project"
    assert nx.documents.get(uid=doc.uid).state == "project"
    assert query(nx, nxql)["entries"] == []


def test_obsolete_and_back(nx, folder):
    doc = create(nx, folder.path, "Note", unique("obsolete"))
    for transition, state in (("obsolete", "obsolete"), ("backToProject", "project")):
        answer = nx.operations.execute(
            command="Document.FollowLifecycleTransition", input_obj=doc.uid, params={"value": transition}
        )
        assert answer["state"] == state


def test_set_lifecycle_operation(nx, folder):
    doc = create(nx, folder.path, "File", unique("setlife"))
    answer = nx.operations.execute(command="Document.SetLifeCycle", input_obj=f"doc:{doc.uid}", params={"value": "approve"})
    assert answer["uid"] == doc.uid and answer["state"] == "approved"
    assert nx.documents.get(uid=doc.uid).state == "approved"


def test_transition_not_allowed_from_the_current_state_fails(nx, folder):
    doc = create(nx, folder.path, "File", unique("badlife"))
    with pytest.raises(HTTPError) as error:
        doc.follow_transition("backToProject")
    assert 400 <= error.value.status < 600
    with pytest.raises(HTTPError):
        doc.follow_transition("no-such-transition")
    assert nx.documents.get(uid=doc.uid).state == "project"


# MARK: versions


def check_in(nx, uid, version):
    return nx.operations.execute(
        command="Document.CheckIn", input_obj=uid, params={"version": version, "comment": f"{version} check-in"},
        headers={"fetch-document": "versionLabel"},
    )


def test_check_in_minor_then_major(nx, folder):
    title = unique("versioned")
    doc = create(nx, folder.path, "File", title)
    fresh = doc_json(nx, doc.uid, headers={"fetch-document": "versionLabel"})
    assert fresh["versionLabel"] == "0.0" and fresh["isCheckedOut"] is True and fresh["isVersion"] is False
    assert "versionLabel" not in doc_json(nx, doc.uid), "versionLabel only with fetch-document: versionLabel"

    minor = check_in(nx, doc.uid, "minor")
    assert minor["uid"] == doc.uid, "Document.CheckIn returns the live document"
    assert minor["isCheckedOut"] is False and minor["isVersion"] is False
    assert minor["versionLabel"] == "0.1"
    assert (minor["properties"]["uid:major_version"], minor["properties"]["uid:minor_version"]) == (0, 1)
    checked_in = f"SELECT * FROM Document WHERE ecm:uuid = '{doc.uid}' AND ecm:isCheckedIn = 1"
    assert [entry.uid for entry in query(nx, checked_in)["entries"]] == [doc.uid]

    # Editing checks the document out again.
    live = nx.documents.get(uid=doc.uid)
    live.set({"dc:description": "second"})
    live.save()
    assert doc_json(nx, doc.uid)["isCheckedOut"] is True
    assert query(nx, checked_in)["entries"] == []

    major = check_in(nx, doc.uid, "major")
    assert major["uid"] == doc.uid and major["versionLabel"] == "1.0"
    assert (major["properties"]["uid:major_version"], major["properties"]["uid:minor_version"]) == (1, 0)

    versions = nx.documents.query(
        {"query": f"SELECT * FROM Document WHERE ecm:isVersion = 1 AND dc:title = '{title}' ORDER BY uid:major_version"},
        headers={"fetch-document": "versionLabel"},
    )
    entries = versions["entries"]
    assert [entry.versionLabel for entry in entries] == ["0.1", "1.0"]
    assert all(entry.isVersion is True and entry.isCheckedOut is False for entry in entries)
    assert doc.uid not in [entry.uid for entry in entries] and len({entry.uid for entry in entries}) == 2
    assert [entry.properties.get("dc:description") for entry in entries] == [None, "second"]

    # A version by id is the frozen state; the live document is apart from its versions.
    frozen = doc_json(nx, entries[0].uid, headers={"fetch-document": "versionLabel"})
    assert frozen["isVersion"] is True and frozen["versionLabel"] == "0.1"
    assert frozen["properties"]["dc:title"] == title
    live_only = query(nx, f"SELECT * FROM Document WHERE ecm:isVersion = 0 AND dc:title = '{title}'")
    assert [entry.uid for entry in live_only["entries"]] == [doc.uid]
    label = query(nx, f"SELECT * FROM Document WHERE ecm:isVersion = 1 AND ecm:versionLabel = '1.0' AND dc:title = '{title}'")
    assert [entry.uid for entry in label["entries"]] == [entries[1].uid]
    latest = query(nx, f"SELECT * FROM Document WHERE ecm:isLatestVersion = 1 AND dc:title = '{title}'")
    assert [entry.uid for entry in latest["entries"]] == [entries[1].uid]
    numbers = query(nx, f"SELECT * FROM Document WHERE ecm:isVersion = 1 AND uid:major_version >= 1 AND dc:title = '{title}'")
    assert [entry.uid for entry in numbers["entries"]] == [entries[1].uid]

    # Versions are not children.
    assert [child.uid for child in nx.documents.get_children(uid=folder.uid)] == [doc.uid]


def test_check_in_of_a_note_twice_minor(nx, folder):
    doc = create(nx, folder.path, "Note", unique("note-version"))
    assert check_in(nx, doc.uid, "minor")["versionLabel"] == "0.1"
    nx.documents.put(Document(uid=doc.uid, properties={"note:note": "edited"}))
    assert check_in(nx, doc.path, "minor")["versionLabel"] == "0.2"
