"""The audit adapter through the official client (`Document.fetch_audit`, GET .../@audit): each
change to a document is in its history, newest first, with who made it and the document as it
was after it; paging, the filters Nuxeo's adapter takes, and who may read the history."""

import pytest
from nuxeo.exceptions import Forbidden

from .support import assert_nuxeo_exception, create, create_with_blob, unique

LOG_ENTRY_KEYS = {
    "entity-type", "id", "category", "principalName", "comment", "docLifeCycle", "docPath", "docType", "docUUID",
    "eventId", "repositoryId", "eventDate", "logDate", "extended",
}


def audit(nx, uid, **params):
    """GET api/v1/id/{uid}/@audit with query parameters, as raw JSON."""
    return nx.client.request("GET", f"api/v1/id/{uid}/@audit", params=params).json()


@pytest.fixture
def doc(nx, folder, tmp_path):
    return create_with_blob(nx, folder.path, tmp_path, unique("audited") + ".txt", b"audited bytes")


def test_a_new_document_has_its_creation_only(nx, folder):
    """As the client's own test_fetch_audit reads it: at once, no waiting for an asynchronous log."""
    doc = create(nx, folder.path, "File", unique("fresh"))
    entries = doc.fetch_audit()["entries"]
    assert len(entries) == 1, entries
    assert entries[0]["eventId"] == "documentCreated" and entries[0]["entity-type"] == "logEntry"
    assert (entries[0]["docType"], entries[0]["docPath"]) == (doc.type, doc.path)
    assert entries[0]["principalName"] == "Administrator" and entries[0]["docLifeCycle"] == "project"


def test_history_holds_every_change_newest_first(nx, member_nx, member, doc):
    doc.add_permission({"username": member[0], "permission": "ReadWrite"})
    mine = member_nx.documents.get(uid=doc.uid)
    mine.properties["dc:description"] = "edited by a member"
    mine.save()
    doc.lock()
    doc.unlock()
    doc.follow_transition("approve")
    nx.operations.execute(command="Document.CheckIn", input_obj=doc.uid, params={"version": "minor"})
    assert doc.fetch_blob() == b"audited bytes"

    history = doc.fetch_audit()
    assert history["entity-type"] == "logEntries"
    entries = history["entries"]
    assert [entry["eventId"] for entry in entries] == [
        "download", "documentCheckedIn", "lifecycle_transition_event", "documentUnlocked", "documentLocked",
        "documentModified", "documentSecurityUpdated", "documentCreated",
    ]
    assert [entry["id"] for entry in entries] == sorted((entry["id"] for entry in entries), reverse=True)
    for entry in entries:
        assert set(entry) == LOG_ENTRY_KEYS, entry
        assert entry["entity-type"] == "logEntry"
        assert (entry["docUUID"], entry["docPath"], entry["docType"]) == (doc.uid, doc.path, "File"), entry
        assert entry["repositoryId"] == "default" and entry["eventDate"] and entry["logDate"], entry
    by_event = {entry["eventId"]: entry for entry in entries}
    assert by_event["documentModified"]["principalName"] == member[0]
    assert {entry["principalName"] for entry in entries if entry["eventId"] != "documentModified"} == {"Administrator"}
    transition = by_event["lifecycle_transition_event"]
    assert transition["category"] == "eventLifeCycleCategory" and transition["docLifeCycle"] == "approved", transition
    assert transition["extended"] == {"transition": "approve", "from": "project", "to": "approved"}, transition
    assert by_event["documentLocked"]["docLifeCycle"] == "project"
    assert by_event["documentCheckedIn"]["comment"] == "0.1", by_event["documentCheckedIn"]
    download = by_event["download"]
    assert download["category"] == "eventDocumentCategory"
    assert download["extended"]["downloadReason"] == "download" and download["extended"]["blobXPath"] == "blobholder:0"
    assert download["extended"]["blobFilename"] == doc.properties["file:content"]["name"], download


def test_history_is_paged_and_filtered(nx, doc):
    for index in range(3):
        doc.properties["dc:description"] = f"revision {index}"
        doc.save()
    doc.lock()
    everything = [entry["id"] for entry in doc.fetch_audit()["entries"]]
    assert len(everything) == 5

    first = audit(nx, doc.uid, pageSize=2, currentPageIndex=0)
    third = audit(nx, doc.uid, pageSize=2, currentPageIndex=2)
    assert [entry["id"] for entry in first["entries"]] == everything[:2]
    assert [entry["id"] for entry in third["entries"]] == everything[4:]
    assert first["resultsCount"] == first["totalSize"] == 5 and first["numberOfPages"] == 3
    assert first["isNextPageAvailable"] is True and third["isNextPageAvailable"] is False
    assert third["currentPageIndex"] == 2 and third["currentPageSize"] == 1

    modified = audit(nx, doc.uid, eventId="documentModified")
    assert [entry["eventId"] for entry in modified["entries"]] == ["documentModified"] * 3 and modified["resultsCount"] == 3
    both = nx.client.request(
        "GET", f"api/v1/id/{doc.uid}/@audit", params=[("eventId", "documentLocked"), ("eventId", "documentCreated")]
    ).json()
    assert [entry["eventId"] for entry in both["entries"]] == ["documentLocked", "documentCreated"]
    assert audit(nx, doc.uid, principalName="nobody-at-all")["entries"] == []
    assert audit(nx, doc.uid, category="eventLifeCycleCategory")["entries"] == []
    assert audit(nx, doc.uid, endEventDate="2001-01-01")["entries"] == []
    assert len(audit(nx, doc.uid, startEventDate="2001-01-01")["entries"]) == 5
    by_path = nx.client.request("GET", f"api/v1/path{doc.path}/@audit").json()
    assert [entry["id"] for entry in by_path["entries"]] == everything


def test_readers_only_see_the_history(nx, member_nx, member, doc, host, http):
    assert member_nx.documents.fetch_audit(doc.uid)["entries"], "a member who may read the document reads its history"
    doc.add_permission({"username": "Administrator", "permission": "Everything", "blockInheritance": True})
    with pytest.raises(Forbidden):
        member_nx.documents.fetch_audit(doc.uid)
    # As for the document itself.
    assert_nuxeo_exception(http.get(host + f"api/v1/id/{doc.uid}/@audit", auth=member, timeout=10), 403)
    assert_nuxeo_exception(http.get(host + f"api/v1/id/{doc.uid}", auth=member, timeout=10), 403)


def test_a_deleted_documents_history_is_gone(nx, doc, admin, host, http):
    uid = doc.uid
    doc.delete()
    assert_nuxeo_exception(http.get(host + f"api/v1/id/{uid}/@audit", auth=admin, timeout=10), 404)


@pytest.mark.parametrize("params", [
    {"pageSize": "many"}, {"currentPageIndex": "-1"}, {"pageSize": "-5"}, {"startEventDate": "yesterday"},
    {"endEventDate": "2024-13-45"},
])
def test_malformed_parameters_are_refused(doc, admin, host, http, params):
    answer = http.get(host + f"api/v1/id/{doc.uid}/@audit", params=params, auth=admin, timeout=10)
    assert_nuxeo_exception(answer, 400)


def test_only_get_is_allowed(doc, admin, host, http):
    answer = http.post(host + f"api/v1/id/{doc.uid}/@audit", json={}, auth=admin, timeout=10)
    assert answer.status_code == 405, answer.text
