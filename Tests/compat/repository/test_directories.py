"""Directories through the official client (`nuxeo.directories`, `Directory`, `DirectoryEntry`):
the vocabularies Nuxeo ships for `dc:nature`, `dc:subjects`, `dc:coverage` and `dc:language`,
with their ids and labels; paging; an administrator's create, update and delete; and what a plain
member, a duplicate id, an unknown name or a malformed body get.

Tests write only entries of their own, with unique ids, and delete them: the shipped entries stay
as they are for every other test and instance sharing the database."""

import pytest
from nuxeo.exceptions import Conflict, Forbidden, HTTPError
from nuxeo.models import DirectoryEntry

from .support import unique


@pytest.fixture
def topic_entry(nx):
    """An entry of its own in `topic`, deleted afterwards unless the test did."""
    entry_id = unique("topic")
    entry = nx.directories.get("topic").create(DirectoryEntry(properties={"id": entry_id, "label": "Woodwork"}))
    yield entry
    if nx.directories.exists("topic", entry_id):
        nx.directories.delete("topic", entry_id)


def test_directories_are_listed(nx):
    listing = nx.client.request("GET", "api/v1/directory").json()
    assert listing["entity-type"] == "directories"
    by_name = {entry["name"]: entry for entry in listing["entries"]}
    assert {"nature", "l10nsubjects", "l10ncoverage", "language", "subject", "topic"} <= set(by_name)
    assert by_name["nature"] == {
        "entity-type": "directory", "name": "nature", "schema": "vocabulary", "idField": "id", "readOnly": False, "parent": None,
    }
    assert by_name["l10ncoverage"]["schema"] == "l10nxvocabulary" and by_name["l10ncoverage"]["parent"] == "l10ncoverage"
    vocabularies = nx.client.request("GET", "api/v1/directory", params={"types": "vocabulary"}).json()["entries"]
    assert {entry["name"] for entry in vocabularies} == set(by_name)


def test_nature_has_nuxeo_entries(nx):
    nature = nx.directories.get("nature")
    assert nature.directoryName == "nature"
    ids = {entry.uid for entry in nature.entries}
    assert {"article", "contract", "invoice", "letter", "report", "CDRom", "pressReview"} <= ids
    article = nature.get("article")
    assert article.entity_type == "directoryEntry" and article.directoryName == "nature"
    assert article.properties == {"id": "article", "label": "label.directories.nature.article", "obsolete": 0, "ordering": 10000000}
    assert nature.exists("invoice") and not nature.exists("Abitbol")


def test_hierarchical_vocabularies_name_their_parents(nx):
    astronomy = nx.directories.get("l10nsubjects", "astronomy")
    assert astronomy.properties["parent"] == "sciences"
    assert (astronomy.properties["label_en"], astronomy.properties["label_fr"]) == ("Astronomy", "Astronomie")
    assert nx.directories.get("l10nsubjects", "sciences").properties["parent"] == ""
    assert nx.directories.get("l10ncoverage", "France").properties["parent"] == "europe"
    assert nx.directories.get("l10ncoverage", "europe").properties["label_fr"] == "Europe"
    # An id with a space, as the client sends it in the URL.
    assert nx.directories.get("l10nsubjects", "daily life").properties["label_en"] == "Daily life"
    assert nx.directories.get("language", "fr").properties["label"] == "label.directories.french"
    assert nx.directories.get("language", "sp").properties["obsolete"] == 1


def test_entries_are_paged(nx):
    whole = nx.client.request("GET", "api/v1/directory/l10ncoverage").json()
    assert whole["entity-type"] == "directoryEntries" and whole["resultsCount"] == len(whole["entries"]) >= 251
    first = nx.directories.get("l10ncoverage", pageSize=10, currentPageIndex=0).entries
    second = nx.directories.get("l10ncoverage", pageSize=10, currentPageIndex=1).entries
    assert len(first) == len(second) == 10
    assert [entry.uid for entry in first + second] == [entry["id"] for entry in whole["entries"][:20]]
    page = nx.client.request("GET", "api/v1/directory/l10ncoverage", params={"pageSize": 10, "currentPageIndex": 1}).json()
    assert page["currentPageIndex"] == 1 and page["pageSize"] == 10 and page["isNextPageAvailable"] is True
    capped = nx.client.request("GET", "api/v1/directory/l10ncoverage", params={"maxResults": 5}).json()
    assert len(capped["entries"]) == 5
    by_label = nx.directories.get("language", sortBy="label", sortOrder="desc", pageSize=1).entries
    assert by_label[0].properties["label"] == "label.directories.spanish"


def test_administrator_creates_updates_and_deletes_an_entry(nx):
    nature = nx.directories.get("nature")
    entry_id = unique("nature")
    created = nature.create(DirectoryEntry(properties={"id": entry_id, "label": "Blueprint"}))
    try:
        assert created.entity_type == "directoryEntry" and created.directoryName == "nature"
        assert created.properties == {"id": entry_id, "label": "Blueprint", "obsolete": 0, "ordering": 10000000}

        fetched = nature.get(entry_id)
        fetched.properties["label"] = "Blueprints"
        fetched.properties["obsolete"] = 1
        fetched.save()
        again = nature.get(entry_id)
        assert (again.properties["label"], again.properties["obsolete"]) == ("Blueprints", 1)
        assert entry_id in {entry.uid for entry in nx.directories.get("nature").entries}

        again.delete()
        assert not nature.exists(entry_id)
    finally:
        if nature.exists(entry_id):
            nature.delete(entry_id)


def test_directory_delete_removes_an_entry(nx, topic_entry):
    nx.directories.get("topic").delete(topic_entry.uid)
    with pytest.raises(HTTPError) as error:
        nx.directories.get("topic", topic_entry.uid)
    assert error.value.status == 404


def test_child_entry_needs_an_existing_parent(nx):
    entry_id = unique("subject")
    with pytest.raises(HTTPError) as error:
        nx.directories.get("l10nsubjects").create(
            DirectoryEntry(properties={"id": entry_id, "label_en": "Orphan", "parent": unique("nowhere")})
        )
    assert error.value.status == 400
    child = nx.directories.get("l10nsubjects").create(
        DirectoryEntry(properties={"id": entry_id, "label_en": "Knitting", "label_fr": "Tricot", "parent": "daily life"})
    )
    try:
        assert nx.directories.get("l10nsubjects", entry_id).properties["parent"] == "daily life"
    finally:
        child.delete()


def test_member_reads_but_may_not_write(nx, member_nx, topic_entry):
    assert member_nx.directories.get("topic", topic_entry.uid).properties["label"] == "Woodwork"
    assert member_nx.directories.get("nature").get("article").properties["id"] == "article"

    with pytest.raises(Forbidden) as error:
        member_nx.directories.get("topic").create(DirectoryEntry(properties={"id": unique("topic"), "label": "Mine"}))
    assert error.value.status == 403
    mine = member_nx.directories.get("topic", topic_entry.uid)
    mine.properties["label"] = "Changed"
    with pytest.raises(Forbidden):
        mine.save()
    with pytest.raises(Forbidden):
        mine.delete()
    assert nx.directories.get("topic", topic_entry.uid).properties["label"] == "Woodwork"


def test_unknown_directory_and_entry_are_not_found(nx):
    with pytest.raises(HTTPError) as error:
        nx.directories.get(unique("nodirectory"))
    assert error.value.status == 404
    with pytest.raises(HTTPError) as error:
        nx.directories.get("nature", unique("noentry"))
    assert error.value.status == 404
    assert "not found" in error.value.message
    with pytest.raises(HTTPError) as error:
        nx.directories.delete("nature", unique("noentry"))
    assert error.value.status == 404


def test_duplicate_id_conflicts(nx, topic_entry):
    with pytest.raises(Conflict) as error:
        nx.directories.get("topic").create(DirectoryEntry(properties={"id": topic_entry.uid, "label": "Again"}))
    assert error.value.status == 409
    with pytest.raises(Conflict):
        nx.directories.get("nature").create(DirectoryEntry(properties={"id": "article", "label": "Mine"}))
    assert nx.directories.get("nature", "article").properties["label"] == "label.directories.nature.article"


@pytest.mark.parametrize("body", [
    b"{not json",
    b'["directoryEntry"]',
    b'{"entity-type": "document", "properties": {"id": "x"}}',
    b'{"entity-type": "directoryEntry", "properties": "x"}',
    b'{"entity-type": "directoryEntry", "properties": {"label": "no id"}}',
    b'{"entity-type": "directoryEntry", "properties": {"id": "x", "colour": "red"}}',
    b'{"entity-type": "directoryEntry", "properties": {"id": "x", "ordering": "first"}}',
    b'{"entity-type": "directoryEntry", "properties": {"id": "a/b"}}',
])
def test_malformed_entries_are_rejected(nx, body):
    with pytest.raises(HTTPError) as error:
        nx.client.request("POST", "api/v1/directory/topic", data=body)
    assert error.value.status == 400


def test_oversized_values_are_rejected(nx, topic_entry):
    topic_entry.properties["label"] = "x" * 1001
    with pytest.raises(HTTPError) as error:
        topic_entry.save()
    assert error.value.status == 400
    with pytest.raises(HTTPError) as error:
        nx.directories.get("topic").create(DirectoryEntry(properties={"id": "y" * 256}))
    assert error.value.status == 400
    assert nx.directories.get("topic", topic_entry.uid).properties["label"] == "Woodwork"
