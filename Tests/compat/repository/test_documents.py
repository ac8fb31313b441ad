"""Documents through the official client: create, get, update and delete by id and by path (the
client's repo-qualified URLs and the unqualified and site/ aliases), the document entity, names
(unicode, spaces, collisions), schema selection, children with paging and sorting, and blob
downloads (spec 1.6, 1.7, 5)."""

import re
import time
from datetime import datetime, timedelta, timezone

import pytest
from nuxeo.exceptions import HTTPError
from nuxeo.models import Document

from .support import (
    assert_blob_property, assert_paginated, children_page, connect, content_disposition_filename, create,
    create_with_blob, doc_json, file_blob, unique, upload,
)

FILE_FACETS = {"Downloadable", "Versionable", "Publishable", "Commentable", "HasRelatedText"}
FILE_SCHEMAS = {"common", "file", "dublincore", "uid", "files"}
# Dates are ISO-8601 in UTC (spec 1.6), e.g. 2024-01-02T10:00:00.123Z.
ISO_UTC = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,9})?(Z|[+-]00:?00)")


def parse_utc(text):
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


# MARK: the document entity


def test_created_file_entity(nx, folder):
    name = unique("entity") + ".txt"
    doc = create(nx, folder.path, "File", name, title="Entity title", properties={"dc:description": "described"})
    assert isinstance(doc, Document)
    assert doc.uid and doc.path == f"{folder.path}/{name}"
    assert (doc.type, doc.title, doc.state, doc.parentRef) == ("File", "Entity title", "project", folder.uid)

    body = doc_json(nx, doc.uid)
    assert body["entity-type"] == "document"
    assert body["repository"] == "default"
    assert body["uid"] == doc.uid and body["path"] == doc.path
    assert body["isCheckedOut"] is True
    assert body["isVersion"] is False and body["isProxy"] is False and body["isTrashed"] is False
    assert body["changeToken"], body
    assert body["lastModified"], body
    # No `name` field (the name is the last path segment), no contextParameters without enrichers.
    assert "name" not in body, sorted(body)
    assert not body.get("contextParameters"), body.get("contextParameters")
    assert FILE_FACETS <= set(body["facets"]), body["facets"]
    assert "Folderish" not in body["facets"]
    assert FILE_SCHEMAS <= {schema["name"] for schema in body["schemas"]}, body["schemas"]

    props = body["properties"]
    assert props["dc:title"] == "Entity title" and props["dc:description"] == "described"
    assert props["dc:creator"] == "Administrator"
    assert props["dc:lastContributor"] == "Administrator"
    assert "Administrator" in props["dc:contributors"]
    assert props["dc:created"] and props["dc:modified"]
    assert props["file:content"] is None
    assert not props["dc:subjects"]


def wait_until_wall_clock_passes(instant):
    """Returns once the wall clock, which the server on this machine reads too, is past `instant`:
    an update made after it gets a later time than one made at `instant`."""
    while (left := (instant - datetime.now(timezone.utc)).total_seconds()) >= 0:
        time.sleep(left + 0.001)


def test_timestamps_and_change_token_move_on_update(nx, folder):
    doc = create(nx, folder.path, "File", unique("stamps"))
    before = doc_json(nx, doc.uid)
    assert ISO_UTC.fullmatch(before["lastModified"]), before["lastModified"]
    assert ISO_UTC.fullmatch(before["properties"]["dc:created"]), before["properties"]["dc:created"]
    assert parse_utc(before["lastModified"]) == parse_utc(before["properties"]["dc:modified"])
    assert abs(parse_utc(before["lastModified"]) - datetime.now(timezone.utc)) < timedelta(minutes=5)
    wait_until_wall_clock_passes(parse_utc(before["lastModified"]))

    nx.documents.put(Document(uid=doc.uid, properties={"dc:description": "changed"}))
    after = doc_json(nx, doc.uid)
    assert parse_utc(after["lastModified"]) > parse_utc(before["lastModified"])
    assert after["properties"]["dc:created"] == before["properties"]["dc:created"]
    assert after["changeToken"] != before["changeToken"]


def test_folder_entity(nx, folder):
    body = doc_json(nx, folder.uid)
    assert body["type"] == "Folder"
    assert "Folderish" in body["facets"], body["facets"]
    assert body["parentRef"] == nx.documents.get(path=folder.path.rsplit("/", 1)[0]).uid


def test_get_by_id_and_by_path_are_the_same_document(nx, folder):
    doc = create(nx, folder.path, "Note", unique("note"))
    by_id, by_path = nx.documents.get(uid=doc.uid), nx.documents.get(path=doc.path)
    assert by_id.uid == by_path.uid == doc.uid
    assert by_id.path == by_path.path == doc.path
    assert by_id.properties["dc:title"] == by_path.properties["dc:title"] == doc.title


def test_root_and_fresh_layout(nx):
    root = nx.documents.get(path="/")
    assert root.type == "Root" and root.path == "/"
    domain = nx.documents.get(path="/default-domain")
    assert (domain.type, domain.title, domain.parentRef) == ("Domain", "Domain", root.uid)
    for name, doc_type, title in (
        ("sections", "SectionRoot", "Sections"),
        ("templates", "TemplateRoot", "Templates"),
        ("workspaces", "WorkspaceRoot", "Workspaces"),
    ):
        doc = nx.documents.get(path=f"/default-domain/{name}")
        assert (doc.type, doc.title, doc.parentRef) == (doc_type, title, domain.uid)


def test_scalar_and_list_properties_round_trip(nx, folder):
    doc = create(
        nx, folder.path, "File", unique("props"),
        properties={"dc:subjects": ["art", "science"], "dc:language": "fr", "dc:nature": "article"},
    )
    props = nx.documents.get(uid=doc.uid).properties
    assert props["dc:subjects"] == ["art", "science"]
    assert (props["dc:language"], props["dc:nature"]) == ("fr", "article")
    assert props["uid:major_version"] == 0 and props["uid:minor_version"] == 0, "longs are JSON numbers"


# MARK: create, update, delete on every URL form


def test_create_answers_201_and_delete_204_repo_qualified(nx, folder):
    name = unique("raw")
    body = {"entity-type": "document", "type": "File", "name": name, "properties": {"dc:title": name}}
    created = nx.client.request("POST", f"api/v1/repo/default/path{folder.path}", data=body)
    assert created.status_code == 201, created.text[:300]
    uid = created.json()["uid"]
    assert created.json()["path"] == f"{folder.path}/{name}"
    deleted = nx.client.request("DELETE", f"api/v1/repo/default/id/{uid}")
    assert deleted.status_code == 204 and deleted.content == b""
    assert not nx.documents.exists(uid=uid)


def test_create_by_parent_id(nx, folder):
    doc = nx.documents.create(
        Document(name=unique("byid"), type="Note", properties={"dc:title": "by parent id"}), parent_id=folder.uid
    )
    assert doc.parentRef == folder.uid and doc.path.startswith(folder.path + "/")
    assert doc.type == "Note" and doc.title == "by parent id"


def test_unqualified_urls(nx, folder):
    """The unqualified forms api/v1/path/{p} and api/v1/id/{uid} (the repository from
    X-NXRepository), and the site/api/v1 alias."""
    name = unique("plain")
    body = {"entity-type": "document", "type": "File", "name": name, "properties": {"dc:title": "plain"}}
    created = nx.client.request("POST", f"api/v1/path{folder.path}", data=body)
    assert created.status_code == 201, created.text[:300]
    uid = created.json()["uid"]
    path = f"{folder.path}/{name}"

    assert nx.client.request("GET", f"api/v1/path{path}").json()["uid"] == uid
    assert nx.client.request("GET", f"api/v1/id/{uid}").json()["path"] == path
    assert nx.client.request("GET", f"site/api/v1/id/{uid}").json()["path"] == path
    assert nx.client.request("GET", f"site/api/v1/repo/default/path{path}").json()["uid"] == uid

    change = {"entity-type": "document", "properties": {"dc:title": "renamed"}}
    updated = nx.client.request("PUT", f"api/v1/id/{uid}", data=change)
    assert updated.status_code == 200 and updated.json()["title"] == "renamed"
    assert nx.documents.get(uid=uid).title == "renamed"

    created = nx.client.request("POST", f"api/v1/id/{folder.uid}", data=dict(body, name=name + "-2"))
    assert created.status_code == 201 and created.json()["parentRef"] == folder.uid
    deleted = nx.client.request("DELETE", f"api/v1/id/{created.json()['uid']}")
    assert deleted.status_code == 204
    deleted = nx.client.request("DELETE", f"api/v1/path{path}")
    assert deleted.status_code == 204
    assert not nx.documents.exists(uid=uid)


def test_update_and_delete_by_path(nx, folder):
    doc = create(nx, folder.path, "File", unique("bypath"))
    change = {"entity-type": "document", "properties": {"dc:description": "via path"}}
    answer = nx.client.request("PUT", f"api/v1/repo/default/path{doc.path}", data=change)
    assert answer.status_code == 200 and answer.json()["uid"] == doc.uid
    assert nx.documents.get(uid=doc.uid).properties["dc:description"] == "via path"
    assert nx.client.request("DELETE", f"api/v1/repo/default/path{doc.path}").status_code == 204
    assert not nx.documents.exists(path=doc.path)
    with pytest.raises(HTTPError) as error:
        nx.documents.get(uid=doc.uid)
    assert error.value.status == 404
    # Updating or deleting what is gone is 404 too.
    with pytest.raises(HTTPError) as error:
        nx.documents.put(Document(uid=doc.uid, properties={"dc:title": "ghost"}))
    assert error.value.status == 404
    with pytest.raises(HTTPError) as error:
        nx.documents.delete(doc.uid)
    assert error.value.status == 404
    with pytest.raises(HTTPError) as error:
        nx.client.request("DELETE", f"api/v1/repo/default/path{doc.path}")
    assert error.value.status == 404


def test_put_ignores_unknown_keys(nx, folder):
    """A PUT applies the properties the document has and skips the rest, top-level keys
    (the iOS SDK's stray "entityType") and unknown properties alike."""
    doc = create(nx, folder.path, "File", unique("lenient"))
    change = {
        "entity-type": "document", "entityType": "document", "somethingElse": 1,
        "properties": {"dc:description": "kept", "zz:unknown": "skipped"},
    }
    answer = nx.client.request("PUT", f"api/v1/repo/default/id/{doc.uid}", data=change)
    assert answer.status_code == 200
    properties = nx.documents.get(uid=doc.uid).properties
    assert properties["dc:description"] == "kept"
    assert "zz:unknown" not in properties


def test_save_sends_the_whole_entity(nx, folder):
    """doc.save() PUTs every field it got, read-only ones included (spec 1.7): the server
    applies the properties and ignores the rest, and the secured dc fields keep their values."""
    doc = create(nx, folder.path, "Workspace", unique("ws"))
    before = nx.documents.get(uid=doc.uid)
    created, token = before.properties["dc:created"], before.changeToken
    before.set({"dc:title": "bar", "dc:creator": "mallory", "dc:created": "2001-01-01T00:00:00.000Z"})
    before.path = "/somewhere/else"
    before.save()

    after = nx.documents.get(path=doc.path)
    assert after.uid == doc.uid and after.path == doc.path
    assert after.title == "bar" and after.get("dc:title") == "bar"
    assert after.properties["dc:creator"] == "Administrator"
    assert after.properties["dc:created"] == created
    assert after.changeToken != token


def test_partial_update_keeps_other_properties(nx, folder):
    doc = create(nx, folder.path, "File", unique("partial"), title="kept", properties={"dc:description": "old"})
    answer = nx.documents.put(Document(uid=doc.uid, properties={"dc:description": "new"}))
    assert answer.properties["dc:description"] == "new"
    assert answer.properties["dc:title"] == "kept"
    assert nx.documents.get(uid=doc.uid).properties["dc:title"] == "kept"


def test_save_of_a_fetched_document_keeps_its_blob(nx, folder, tmp_path):
    """The blob property the client got back (name, digest, data URL...) is PUT back unchanged
    by save(): the blob stays."""
    data = b"blob that must survive a save"
    doc = create_with_blob(nx, folder.path, tmp_path, "keep.txt", data)
    fetched = nx.documents.get(uid=doc.uid)
    assert fetched.properties["file:content"]["name"] == "keep.txt"
    fetched.set({"dc:description": "edited"})
    fetched.save()
    again = nx.documents.get(uid=doc.uid)
    assert again.properties["dc:description"] == "edited"
    assert_blob_property(again.properties["file:content"], "keep.txt", data, "text/plain")
    assert again.fetch_blob() == data


def test_delete_folder_deletes_descendants(nx, workspace):
    parent = create(nx, workspace.path, "Folder", unique("tree"))
    child = create(nx, parent.path, "Folder", "child")
    leaf = create(nx, child.path, "File", "leaf.txt")
    nx.documents.delete(parent.uid)
    for doc in (parent, child, leaf):
        assert not nx.documents.exists(uid=doc.uid), doc.path
        assert not nx.documents.exists(path=doc.path), doc.path


# MARK: names


def test_create_at_root_with_unicode_name(nx):
    """The client's own test_document_create: a File named 日本.txt at /, a Cyrillic description."""
    doc = nx.documents.create(
        Document(type="File", name="日本.txt", properties={"dc:title": "日本.txt", "dc:description": "ру́сский"}),
        parent_path="/",
    )
    try:
        assert doc.entity_type == "document"
        assert (doc.type, doc.title) == ("File", "日本.txt")
        assert doc.get("dc:title") == "日本.txt"
        assert doc.properties["dc:description"] == "ру́сский"
        assert doc.path.startswith("/")
        assert nx.documents.get(path=doc.path).uid == doc.uid
    finally:
        doc.delete()
    assert not nx.documents.exists(doc.uid)


def test_unicode_and_space_names_in_paths(nx, folder):
    for name in ("日本.txt", "a b (2).txt", "Ça été ½ «ok».txt"):
        doc = create(nx, folder.path, "File", name)
        assert doc.path == f"{folder.path}/{name}", doc.path
        assert doc.title == name
        got = nx.documents.get(path=doc.path)
        assert got.uid == doc.uid and got.title == name
    names = sorted(child.path.rsplit("/", 1)[1] for child in nx.documents.get_children(path=folder.path))
    assert names == sorted(("日本.txt", "a b (2).txt", "Ça été ½ «ok».txt"))


def test_name_is_optional(nx, folder):
    doc = nx.documents.create(Document(type="File", properties={"dc:title": "No name given"}), parent_path=folder.path)
    assert doc.title == "No name given"
    parent, _, name = doc.path.rpartition("/")
    assert parent == folder.path and name
    assert nx.documents.get(path=doc.path).uid == doc.uid


def test_name_collision_renames_the_newcomer(nx, folder):
    first = create(nx, folder.path, "File", "same.txt", title="first")
    second = create(nx, folder.path, "File", "same.txt", title="second")
    third = create(nx, folder.path, "Note", "same.txt", title="third")
    assert first.path == f"{folder.path}/same.txt"
    assert len({first.path, second.path, third.path}) == 3, (first.path, second.path, third.path)
    for doc in (first, second, third):
        assert doc.path.rpartition("/")[0] == folder.path, doc.path
        got = nx.documents.get(path=doc.path)
        assert (got.uid, got.title) == (doc.uid, doc.title)
    assert sorted(child.title for child in nx.documents.get_children(uid=folder.uid)) == ["first", "second", "third"]


# MARK: schemas


def test_dublincore_only(host, admin, folder):
    client = connect(host, admin, schemas=["dublincore"])
    doc = client.documents.get(path=folder.path)
    assert doc.properties["dc:title"] == folder.title
    assert doc.properties and all(key.startswith("dc:") for key in doc.properties), sorted(doc.properties)


def test_dublincore_and_file(host, admin, nx, folder, tmp_path):
    doc = create_with_blob(nx, folder.path, tmp_path, "schemas.txt", b"x")
    client = connect(host, admin, schemas=["dublincore", "file"])
    props = client.documents.get(uid=doc.uid).properties
    assert "dc:title" in props and props["file:content"]["name"] == "schemas.txt"
    assert not any(key.startswith(("uid:", "files:", "common:")) for key in props), sorted(props)


def test_schema_header_and_query_parameter_are_unioned(host, admin, nx, folder, tmp_path):
    doc = create_with_blob(nx, folder.path, tmp_path, "union.txt", b"x")
    client = connect(host, admin, schemas=["dublincore"])
    answer = client.client.request("GET", f"api/v1/repo/default/id/{doc.uid}", params={"properties": "file"})
    props = answer.json()["properties"]
    assert "dc:title" in props and "file:content" in props, sorted(props)
    assert "uid:major_version" not in props, sorted(props)
    answer = client.client.request("GET", f"api/v1/repo/default/id/{doc.uid}", headers={"X-NXproperties": "uid"})
    props = answer.json()["properties"]
    assert "dc:title" in props and "uid:major_version" in props and "file:content" not in props, sorted(props)


# MARK: children


def test_children_of_root(nx):
    children = nx.documents.get_children(path="/")
    assert [child.path for child in children] == ["/default-domain"]
    with pytest.raises(KeyError):
        children[0].contextParameters["permissions"]
    enriched = nx.documents.get_children(path="/", enrichers=["permissions"])
    assert [child.uid for child in enriched] == [children[0].uid]
    assert "ReadWrite" in enriched[0].contextParameters["permissions"]


def test_children_of_domain(nx):
    children = nx.documents.get_children(path="/default-domain")
    assert sorted(child.title for child in children) == ["Sections", "Templates", "Workspaces"]
    domain = nx.documents.get(path="/default-domain")
    assert {child.parentRef for child in children} == {domain.uid}


def test_children_paging_and_sorting(nx, folder):
    names = ["mike", "kilo", "oscar", "lima", "november"]
    for name in names:
        create(nx, folder.path, "File", name)

    everything = children_page(nx, folder.uid)
    assert_paginated(everything, resultsCount=5, currentPageIndex=0, currentPageSize=5, numberOfPages=1)
    assert everything["isNextPageAvailable"] is False
    assert sorted(entry["title"] for entry in everything["entries"]) == sorted(names)

    page = children_page(nx, folder.uid, pageSize=2, currentPageIndex=1, sortBy="dc:title", sortOrder="asc")
    assert_paginated(page, resultsCount=5, pageSize=2, currentPageIndex=1, currentPageSize=2, numberOfPages=3)
    assert [entry["title"] for entry in page["entries"]] == ["mike", "november"]
    assert page["isPreviousPageAvailable"] is True and page["isNextPageAvailable"] is True

    last = children_page(nx, folder.uid, pageSize=2, currentPageIndex=2, sortBy="dc:title", sortOrder="asc")
    assert [entry["title"] for entry in last["entries"]] == ["oscar"]
    assert last["currentPageSize"] == 1 and last["isNextPageAvailable"] is False

    first = children_page(nx, folder.uid, pageSize=2, currentPageIndex=0, sortBy="dc:title", sortOrder="desc")
    assert [entry["title"] for entry in first["entries"]] == ["oscar", "november"]
    assert first["isPreviousPageAvailable"] is False and first["isNextPageAvailable"] is True


def test_children_default_page_is_50(nx, folder):
    """@children pages by 50 unless told otherwise (NX PaginableAdapter, spec 1.7): the client's
    get_children gets the first 50."""
    for index in range(55):
        create(nx, folder.path, "Note", f"n{index:02d}")
    page = children_page(nx, folder.uid, sortBy="dc:title", sortOrder="asc")
    assert_paginated(page, resultsCount=55, pageSize=50, currentPageSize=50, numberOfPages=2, currentPageIndex=0)
    assert page["isNextPageAvailable"] is True
    assert len(nx.documents.get_children(uid=folder.uid)) == 50
    rest = children_page(nx, folder.uid, sortBy="dc:title", sortOrder="asc", currentPageIndex=1)
    assert [entry["title"] for entry in rest["entries"]] == [f"n{index:02d}" for index in range(50, 55)]


def test_children_are_only_direct_children(nx, folder):
    sub = create(nx, folder.path, "Folder", "sub")
    create(nx, sub.path, "File", "grandchild")
    create(nx, folder.path, "Note", "sibling")
    assert sorted(child.title for child in nx.documents.get_children(uid=folder.uid)) == ["sibling", "sub"]
    assert [child.title for child in nx.documents.get_children(path=sub.path)] == ["grandchild"]
    assert nx.documents.get_children(uid=nx.documents.get(path=sub.path + "/grandchild").uid) == []


def test_children_of_unknown_document_is_404(nx):
    with pytest.raises(HTTPError) as error:
        nx.documents.get_children(path="/default-domain/no-such-folder")
    assert error.value.status == 404


# MARK: blob downloads


def blob_url(uid, xpath="file:content"):
    return f"api/v1/repo/default/id/{uid}/@blob/{xpath}"


def test_fetch_blob(nx, folder, tmp_path):
    data = "contenu é 日本\n".encode()
    doc = create_with_blob(nx, folder.path, tmp_path, "fetch.txt", data)
    assert_blob_property(doc.properties["file:content"], "fetch.txt", data, "text/plain")
    assert nx.documents.fetch_blob(uid=doc.uid) == data
    assert nx.documents.fetch_blob(uid=doc.uid, xpath="file:content") == data
    assert nx.documents.fetch_blob(path=doc.path) == data


def test_blob_headers(nx, folder, tmp_path):
    name = "résumé 1 (final).txt"
    data = b"0123456789abcdef"
    doc = create_with_blob(nx, folder.path, tmp_path, name, data)
    response = nx.client.request("GET", blob_url(doc.uid))
    assert response.status_code == 200
    assert response.content == data
    assert response.headers["Content-Type"].startswith("text/plain"), response.headers
    disposition = response.headers["Content-Disposition"]
    assert disposition.lower().startswith("attachment"), disposition
    assert content_disposition_filename(disposition) == name


@pytest.mark.parametrize(
    "header, status, body, content_range",
    [
        ("bytes=4-7", 206, b"4567", "bytes 4-7/16"),
        ("bytes=10-", 206, b"abcdef", "bytes 10-15/16"),
        ("bytes=-3", 206, b"def", "bytes 13-15/16"),
        ("bytes=0-0", 206, b"0", "bytes 0-0/16"),
        ("bytes=12-100", 206, b"cdef", "bytes 12-15/16"),
    ],
)
def test_blob_range(nx, folder, tmp_path, header, status, body, content_range):
    doc = create_with_blob(nx, folder.path, tmp_path, "range.bin", b"0123456789abcdef", "application/octet-stream")
    response = nx.client.request("GET", blob_url(doc.uid), headers={"Range": header})
    assert response.status_code == status, response.status_code
    assert response.content == body
    assert response.headers["Content-Range"] == content_range


def test_blob_unsatisfiable_range_is_416(nx, folder, tmp_path):
    doc = create_with_blob(nx, folder.path, tmp_path, "short.bin", b"0123", "application/octet-stream")
    with pytest.raises(HTTPError) as error:
        nx.client.request("GET", blob_url(doc.uid), headers={"Range": "bytes=100-200"})
    assert error.value.status == 416


def test_blob_of_several_files(nx, folder, tmp_path):
    """Four blobs attached to files:files by the client's batch.attach (Blob.Attach with
    xpath files:files), read back by @blob/files:files/{i}/file (the client's
    test_document_get_blobs)."""
    doc = create(nx, folder.path, "File", unique("multi"))
    batch = nx.uploads.batch()
    for index in range(4):
        batch.upload(file_blob(tmp_path, f"foo-{index}.txt", f"foo {index}".encode(), "text/plain"))
    batch.attach(doc.path)
    for index in range(4):
        assert nx.documents.fetch_blob(uid=doc.uid, xpath=f"files:files/{index}/file") == f"foo {index}".encode()
    files = nx.documents.get(uid=doc.uid).properties["files:files"]
    assert [item["file"]["name"] for item in files] == [f"foo-{index}.txt" for index in range(4)]
    assert nx.documents.get(uid=doc.uid).properties["file:content"] is None


def test_missing_blob_is_404(nx, folder):
    doc = create(nx, folder.path, "File", unique("noblob"))
    with pytest.raises(HTTPError) as error:
        nx.documents.fetch_blob(uid=doc.uid)
    assert error.value.status == 404
    with pytest.raises(HTTPError) as error:
        nx.documents.fetch_blob(uid=doc.uid, xpath="files:files/0/file")
    assert error.value.status == 404


@pytest.mark.parametrize(
    "suffix",
    ["@blob/file:content/@nonsense", "@blob/file:content/extra/more/segments", "@children/extra", "@acl/local", "@versions/1",
     "@convert/more"],
)
def test_an_adapter_path_that_goes_on_is_404_not_its_prefix(nx, folder, tmp_path, suffix):
    doc = create_with_blob(nx, folder.path, tmp_path, "prefix.txt", b"prefix")
    with pytest.raises(HTTPError) as error:
        nx.client.request("GET", f"api/v1/repo/default/id/{doc.uid}/{suffix}")
    assert error.value.status == 404, suffix


def test_blobholder_indexes_count_the_attachments_after_the_main_blob(nx, folder, tmp_path):
    doc = create_with_blob(nx, folder.path, tmp_path, "main.txt", b"main")
    _, attachment = upload(nx, tmp_path, "first.txt", b"first attachment", "text/plain")
    nx.operations.execute(command="Document.SetBlob", input_obj=doc.path, params={"file": attachment, "xpath": "files:files"})
    assert nx.documents.fetch_blob(uid=doc.uid, xpath="blobholder:0") == b"main"
    assert nx.documents.fetch_blob(uid=doc.uid, xpath="blobholder:1") == b"first attachment"
    with pytest.raises(HTTPError) as error:
        nx.documents.fetch_blob(uid=doc.uid, xpath="blobholder:2")
    assert error.value.status == 404


def test_blob_of_file_attached_by_put(nx, folder, tmp_path):
    """An `upload-batch` reference in a PUT body attaches the uploaded file (the client's
    Doc(with_blob=True): doc.properties["file:content"] = blob; doc.save())."""
    doc = create(nx, folder.path, "File", unique("put"))
    _, blob = upload(nx, tmp_path, "put.txt", b"attached by PUT", "text/plain")
    doc.properties["file:content"] = blob
    doc.save()
    assert nx.documents.fetch_blob(uid=doc.uid) == b"attached by PUT"
    assert_blob_property(nx.documents.get(uid=doc.uid).properties["file:content"], "put.txt", b"attached by PUT")


def test_blob_reference_in_files_list(nx, folder, tmp_path):
    _, first = upload(nx, tmp_path, "one.txt", b"one", "text/plain")
    _, second = upload(nx, tmp_path, "two.txt", b"two", "text/plain")
    doc = nx.documents.create(
        Document(
            name=unique("files"), type="File",
            properties={"dc:title": "files", "files:files": [{"file": first}, {"file": second}]},
        ),
        parent_path=folder.path,
    )
    files = nx.documents.get(uid=doc.uid).properties["files:files"]
    assert [item["file"]["name"] for item in files] == ["one.txt", "two.txt"]
    assert nx.documents.fetch_blob(uid=doc.uid, xpath="files:files/1/file") == b"two"
