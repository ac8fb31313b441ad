"""Permissions through the official client: the permissions, acls, hasFolderishChild and
breadcrumb enrichers, Document.AddPermission / RemovePermission with the exact ACE ids the
client's tests expect, inheritance and blocked inheritance, and what a second user (the member
`alice`, who gets Read from the root ACL's members:Read) can and cannot do (spec 1.6, 5.3).

ACE ids are `user:permission:granted:creator:begin:end` (spec 1.6)."""

from datetime import datetime, timedelta, timezone

import pytest
from nuxeo.exceptions import Forbidden, HTTPError
from nuxeo.models import Document, Group

from .support import assert_nuxeo_exception, create, doc_json, file_blob, query, titles, unique

ADMIN = "Administrator"
ISO = "%Y-%m-%dT%H:%M:%S.000Z"


def acl(acls, name):
    found = [entry for entry in acls if entry["name"] == name]
    assert len(found) <= 1, acls
    return found[0]["aces"] if found else None


def ace_ids(acls, name):
    return [ace["id"] for ace in acl(acls, name) or []]


def member_update(member_nx, uid, **properties):
    return member_nx.documents.put(Document(uid=uid, properties=properties))


# MARK: enrichers


def test_permissions_enricher(nx, member_nx, folder):
    doc = create(nx, folder.path, "File", unique("perm"))
    mine = nx.client.request("GET", f"api/v1/repo/default/id/{doc.uid}", enrichers=["permissions"]).json()
    assert {"Read", "Write", "ReadWrite", "Everything"} <= set(mine["contextParameters"]["permissions"])
    assert nx.documents.has_permission(doc.uid, "Write")
    assert not nx.documents.has_permission(doc.uid, "Foo")

    theirs = member_nx.client.request("GET", f"api/v1/repo/default/id/{doc.uid}", enrichers=["permissions"]).json()
    permissions = set(theirs["contextParameters"]["permissions"])
    assert "Read" in permissions, permissions
    assert not permissions & {"Write", "ReadWrite", "Everything"}, permissions
    assert member_nx.documents.has_permission(doc.uid, "Read")
    assert not member_nx.documents.has_permission(doc.uid, "Write")


def test_no_context_parameters_without_enrichers(nx, folder):
    body = nx.client.request("GET", f"api/v1/repo/default/id/{folder.uid}").json()
    assert not body.get("contextParameters"), body.get("contextParameters")
    doc = nx.documents.get(uid=folder.uid)
    with pytest.raises(KeyError):
        doc.contextParameters["permissions"]


def test_acls_of_a_fresh_document(nx, folder):
    """Only the inherited root ACL (the client's test_fetch_acls)."""
    doc = create(nx, folder.path, "File", unique("acl"))
    acls = nx.documents.fetch_acls(doc.uid)
    assert [entry["name"] for entry in acls] == ["inherited"], acls
    ids = ace_ids(acls, "inherited")
    assert "members:Read:true:::" in ids, ids
    assert any(ace.endswith(":Everything:true:::") for ace in ids), ids
    members = next(ace for ace in acl(acls, "inherited") if ace["id"] == "members:Read:true:::")
    assert (members["username"], members["permission"], members["granted"]) == ("members", "Read", True)


def test_hasfolderishchild_enricher(nx, folder):
    parent = create(nx, folder.path, "Folder", "parent")
    create(nx, parent.path, "Folder", "sub")
    files_only = create(nx, folder.path, "Folder", "files-only")
    create(nx, files_only.path, "File", "a-file")

    def enriched(doc):
        body = nx.client.request("GET", f"api/v1/repo/default/id/{doc.uid}", enrichers=["hasFolderishChild"]).json()
        return body["contextParameters"]["hasFolderishChild"]

    assert enriched(parent) is True
    assert enriched(files_only) is False
    assert enriched(folder) is True


def test_breadcrumb_enricher(nx, workspace, folder):
    """The ancestors below the root, from the top, ending with the document itself (NX
    BreadcrumbJsonEnricher(Test): getParentDocuments)."""
    doc = create(nx, folder.path, "File", unique("crumb"))
    body = nx.client.request("GET", f"api/v1/repo/default/id/{doc.uid}", enrichers=["breadcrumb"]).json()
    crumb = body["contextParameters"]["breadcrumb"]
    assert crumb["entity-type"] == "documents"
    assert [entry["path"] for entry in crumb["entries"]] == [
        "/default-domain", "/default-domain/workspaces", workspace.path, folder.path, doc.path,
    ]
    assert [entry["entity-type"] for entry in crumb["entries"]] == ["document"] * 5
    assert crumb["entries"][0]["title"] == "Domain"


def test_several_enrichers_at_once(nx, folder):
    body = nx.client.request(
        "GET", f"api/v1/repo/default/id/{folder.uid}", enrichers=["permissions", "acls", "breadcrumb", "hasFolderishChild"]
    ).json()
    assert {"permissions", "acls", "breadcrumb", "hasFolderishChild"} <= set(body["contextParameters"])


def test_other_spellings_of_enrichers_and_fetch(nx, folder):
    """Rendering parameters also come as query parameters, and enrichers as the legacy
    X-NXContext-Category header of the iOS SDK (spec 1.3)."""
    doc = create(nx, folder.path, "File", unique("spellings"))
    doc.lock()
    url = f"api/v1/repo/default/id/{doc.uid}"
    body = nx.client.request("GET", url, params={"enrichers-document": "acls", "fetch-document": "lock"}).json()
    assert "acls" in body["contextParameters"] and body["lockOwner"] == ADMIN
    body = nx.client.request("GET", url, headers={"X-NXContext-Category": "permissions"}).json()
    assert "Everything" in body["contextParameters"]["permissions"]
    body = nx.client.request("GET", url, headers={"enrichers-document": "breadcrumb"}).json()
    assert body["contextParameters"]["breadcrumb"]["entries"][0]["path"] == "/default-domain"
    doc.unlock()


# MARK: add and remove permissions


def test_add_and_remove_permission_with_exact_ace_ids(nx, member_nx, member, folder):
    """The client's test_add_remove_permission, for the member, with the effect checked."""
    user = member[0]
    doc = create(nx, folder.path, "File", unique("grant"))
    with pytest.raises(Forbidden):
        member_update(member_nx, doc.uid, **{"dc:description": "denied"})

    doc.add_permission({"username": user, "permission": "Write"})
    acls = doc.fetch_acls()
    assert [entry["name"] for entry in acls] == ["local", "inherited"], acls
    ace = acl(acls, "local")[0]
    assert ace["id"] == f"{user}:Write:true:{ADMIN}::"
    assert (ace["username"], ace["permission"], ace["granted"], ace["creator"]) == (user, "Write", True, ADMIN)
    assert ace["status"] == "effective", ace

    updated = member_update(member_nx, doc.uid, **{"dc:description": "written by the member"})
    assert updated.properties["dc:description"] == "written by the member"
    props = nx.documents.get(uid=doc.uid).properties
    assert props["dc:description"] == "written by the member"
    assert props["dc:lastContributor"] == user
    assert user in props["dc:contributors"] and props["dc:creator"] == ADMIN

    doc.remove_permission({"id": ace["id"]})
    acls = doc.fetch_acls()
    assert [entry["name"] for entry in acls] == ["inherited"], acls
    with pytest.raises(Forbidden):
        member_update(member_nx, doc.uid, **{"dc:description": "denied again"})
    assert nx.documents.get(uid=doc.uid).properties["dc:description"] == "written by the member"


def test_add_permission_for_a_user_list_and_remove_by_user(nx, member, folder):
    """users as a stringlist, checked against the registry first (the client's test_add_permission,
    NXPY-84), and RemovePermission by user + permission."""
    user = member[0]
    doc = create(nx, folder.path, "File", unique("users"))
    nx.operations.execute(
        command="Document.AddPermission", input_obj=doc.uid, params={"permission": "ReadWrite", "users": [user]},
        check_params=True,
    )
    assert ace_ids(nx.documents.fetch_acls(doc.uid), "local") == [f"{user}:ReadWrite:true:{ADMIN}::"]
    doc.add_permission({"username": "members", "permission": "Write"})
    assert ace_ids(nx.documents.fetch_acls(doc.uid), "local") == [
        f"{user}:ReadWrite:true:{ADMIN}::", f"members:Write:true:{ADMIN}::",
    ]
    nx.documents.remove_permission(doc.uid, {"user": user, "permission": "ReadWrite"})
    assert ace_ids(nx.documents.fetch_acls(doc.uid), "local") == [f"members:Write:true:{ADMIN}::"]


def test_permission_is_inherited(nx, member_nx, member, folder):
    user = member[0]
    child = create(nx, folder.path, "File", unique("child"))
    nx.documents.add_permission(folder.uid, {"username": user, "permission": "Write"})
    acls = nx.documents.fetch_acls(child.uid)
    assert acl(acls, "local") is None, acls
    assert f"{user}:Write:true:{ADMIN}::" in ace_ids(acls, "inherited")
    assert "members:Read:true:::" in ace_ids(acls, "inherited")

    updated = member_update(member_nx, child.uid, **{"dc:description": "inherited write"})
    assert updated.properties["dc:description"] == "inherited write"
    # Write on the folder lets the member create in it.
    made = member_nx.documents.create(
        Document(name="by-member", type="Note", properties={"dc:title": "by member"}), parent_path=folder.path
    )
    assert made.properties["dc:creator"] == user

    nx.documents.remove_permission(folder.uid, {"id": f"{user}:Write:true:{ADMIN}::"})
    assert f"{user}:Write:true:{ADMIN}::" not in ace_ids(nx.documents.fetch_acls(child.uid), "inherited")
    with pytest.raises(Forbidden):
        member_update(member_nx, child.uid, **{"dc:description": "no longer"})


def test_a_permission_for_an_unknown_user_or_group_is_404(nx, folder):
    """Granting to a name that is neither a user nor a group is a 404 in Nuxeo's format that
    names it, and the ACL stays as it was; Everyone and existing groups are granted."""
    missing = unique("nobody")
    before = ace_ids(folder.fetch_acls(), "local")
    with pytest.raises(HTTPError) as error:
        folder.add_permission({"username": missing, "permission": "Read"})
    assert error.value.status == 404
    assert missing in error.value.message
    with pytest.raises(HTTPError) as error:
        nx.operations.execute(command="Document.AddPermission", input_obj=folder.path,
                              params={"users": ["members", missing], "permission": "Read"})
    assert error.value.status == 404
    assert ace_ids(folder.fetch_acls(), "local") == before
    folder.add_permission({"users": ["Everyone", "members"], "permission": "Read"})
    assert ace_ids(folder.fetch_acls(), "local") == before + [f"Everyone:Read:true:{ADMIN}::", f"members:Read:true:{ADMIN}::"]


def test_permission_granted_to_a_group(nx, member_nx, member, folder):
    """An ACE for a group applies to its members, and stops applying when they leave it."""
    user = member[0]
    name = unique("editors")
    group = nx.groups.create(Group(groupname=name, grouplabel="Editors", memberUsers=[user]))
    try:
        doc = create(nx, folder.path, "File", unique("group"))
        doc.add_permission({"username": name, "permission": "ReadWrite"})
        assert ace_ids(doc.fetch_acls(), "local") == [f"{name}:ReadWrite:true:{ADMIN}::"]
        updated = member_update(member_nx, doc.uid, **{"dc:description": "as an editor"})
        assert updated.properties["dc:description"] == "as an editor"
        group.memberUsers = []
        group.save()
        with pytest.raises(Forbidden):
            member_update(member_nx, doc.uid, **{"dc:description": "no longer an editor"})
    finally:
        nx.groups.delete(name)


def test_time_bounded_permissions(nx, member_nx, member, folder):
    """A grant that ended yesterday or starts tomorrow is kept in the ACL but not effective."""
    user = member[0]
    now = datetime.now(timezone.utc)
    ended = create(nx, folder.path, "File", unique("ended"))
    ended.add_permission({"username": user, "permission": "Write", "end": (now - timedelta(days=1)).strftime(ISO)})
    future = create(nx, folder.path, "File", unique("future"))
    future.add_permission({"username": user, "permission": "Write", "begin": (now + timedelta(days=1)).strftime(ISO)})
    for doc, bound in ((ended, "end"), (future, "begin")):
        aces = acl(doc.fetch_acls(), "local")
        assert len(aces) == 1 and aces[0]["username"] == user and aces[0][bound], aces
        assert aces[0]["status"] != "effective", aces
        with pytest.raises(Forbidden):
            member_update(member_nx, doc.uid, **{"dc:description": "out of time"})
    current = create(nx, folder.path, "File", unique("current"))
    current.add_permission({
        "username": user, "permission": "Write",
        "begin": (now - timedelta(days=1)).strftime(ISO), "end": (now + timedelta(days=1)).strftime(ISO),
    })
    assert acl(current.fetch_acls(), "local")[0]["status"] == "effective"
    updated = member_update(member_nx, current.uid, **{"dc:description": "in time"})
    assert updated.properties["dc:description"] == "in time"


def test_lock_keeps_other_writers_out(nx, member_nx, member, folder):
    """A document locked by one user cannot be modified by another who may otherwise write it."""
    doc = create(nx, folder.path, "File", unique("locked"))
    doc.add_permission({"username": member[0], "permission": "Write"})
    doc.lock()
    with pytest.raises(HTTPError) as error:
        member_update(member_nx, doc.uid, **{"dc:description": "while locked"})
    assert error.value.status in (403, 409), error.value
    assert nx.documents.get(uid=doc.uid).properties["dc:description"] is None
    doc.unlock()
    assert member_update(member_nx, doc.uid, **{"dc:description": "after"}).properties["dc:description"] == "after"


# MARK: what a reader cannot do


def test_reader_cannot_write(nx, member_nx, folder, host, http, member):
    doc = create(nx, folder.path, "File", unique("readonly"), properties={"dc:description": "original"})
    fetched = member_nx.documents.get(uid=doc.uid)
    assert fetched.properties["dc:description"] == "original"

    fetched.set({"dc:description": "changed by a reader"})
    with pytest.raises(Forbidden):
        fetched.save()
    response = http.put(
        host + f"api/v1/repo/default/id/{doc.uid}", auth=member, timeout=10,
        json={"entity-type": "document", "properties": {"dc:description": "again"}},
    )
    assert_nuxeo_exception(response, 403)
    with pytest.raises(Forbidden):
        member_nx.documents.create(Document(name="nope", type="File", properties={"dc:title": "nope"}), parent_path=folder.path)
    with pytest.raises(Forbidden):
        member_nx.documents.delete(doc.uid)
    with pytest.raises(Forbidden):
        member_nx.operations.execute(
            command="Document.Update", input_obj=doc.uid, params={"properties": {"dc:description": "op"}}
        )
    assert nx.documents.get(uid=doc.uid).properties["dc:description"] == "original"
    assert [child.uid for child in member_nx.documents.get_children(uid=folder.uid)] == [doc.uid]


def test_reader_cannot_change_state_permissions_or_place(nx, member_nx, member, folder, tmp_path):
    """Locking, trashing, lifecycle transitions, check-ins, moves, attaching a file and granting
    permissions are all writes: 403 for a reader, and nothing changes."""
    doc = create(nx, folder.path, "File", unique("guarded"))
    target = create(nx, folder.path, "Folder", unique("target"))
    attempts = {
        "lock": lambda: member_nx.documents.lock(doc.uid),
        "trash": lambda: member_nx.operations.execute(command="Document.Trash", input_obj=doc.uid),
        "transition": lambda: member_nx.documents.follow_transition(doc.uid, "approve"),
        "check-in": lambda: member_nx.operations.execute(
            command="Document.CheckIn", input_obj=doc.uid, params={"version": "major"}
        ),
        "move": lambda: member_nx.documents.move(doc.uid, target.path),
        "grant": lambda: member_nx.documents.add_permission(doc.uid, {"username": member[0], "permission": "Everything"}),
    }
    for name, attempt in attempts.items():
        with pytest.raises(Forbidden):
            attempt()
            pytest.fail(f"{name} by a reader succeeded")

    batch = member_nx.uploads.batch()
    batch.upload(file_blob(tmp_path, "intruder.txt", b"intruder", "text/plain"))
    with pytest.raises(Forbidden):
        batch.execute("Blob.AttachOnDocument", file_idx=0, params={"document": doc.path})

    after = doc_json(nx, doc.uid, headers={"fetch-document": "lock"})
    assert "lockOwner" not in after
    assert (after["isTrashed"], after["state"], after["isCheckedOut"], after["path"]) == (False, "project", True, doc.path)
    assert after["properties"]["file:content"] is None
    assert acl(nx.documents.fetch_acls(doc.uid), "local") is None


def test_blocked_inheritance_hides_documents_from_a_reader(nx, member_nx, member, folder, host, http):
    user = member[0]
    visible = create(nx, folder.path, "File", "visible")
    hidden = create(nx, folder.path, "Folder", "hidden")
    inner = create(nx, hidden.path, "File", "inner")
    assert member_nx.documents.get(uid=inner.uid).uid == inner.uid

    hidden.add_permission({"username": ADMIN, "permission": "Everything", "blockInheritance": True})
    local = acl(nx.documents.fetch_acls(hidden.uid), "local")
    assert any(
        (ace["username"], ace["permission"], ace["granted"]) == ("Everyone", "Everything", False) for ace in local
    ), local

    # GET is 403 for the reader, on the folder and below it; the administrator still reads both.
    for doc in (hidden, inner):
        with pytest.raises(Forbidden):
            member_nx.documents.get(uid=doc.uid)
        with pytest.raises(Forbidden):
            member_nx.documents.get(path=doc.path)
        assert nx.documents.get(uid=doc.uid).uid == doc.uid
    assert_nuxeo_exception(http.get(host + f"api/v1/repo/default/id/{inner.uid}", auth=member, timeout=10), 403)
    with pytest.raises(Forbidden):
        member_nx.documents.fetch_blob(uid=inner.uid)
    with pytest.raises(Forbidden):
        member_nx.documents.get_children(uid=hidden.uid)
    with pytest.raises(Forbidden):
        member_nx.operations.execute(command="Document.Fetch", params={"value": inner.path})

    # Absent from the reader's children, queries and page providers, present in the administrator's.
    assert [child.uid for child in member_nx.documents.get_children(uid=folder.uid)] == [visible.uid]
    assert sorted(child.title for child in nx.documents.get_children(uid=folder.uid)) == ["hidden", "visible"]
    nxql = f"SELECT * FROM Document WHERE ecm:path STARTSWITH '{folder.path}' ORDER BY dc:title"
    assert titles(query(member_nx, nxql)) == ["visible"]
    assert query(member_nx, nxql)["resultsCount"] == 1
    assert titles(query(nx, nxql)) == ["hidden", "inner", "visible"]
    assert titles(query(member_nx, f"SELECT * FROM Document WHERE ecm:uuid = '{inner.uid}'")) == []
    assert member_nx.client.query(f"SELECT * FROM Document WHERE ecm:uuid = '{hidden.uid}'").get("entries") == []
    provider = member_nx.documents.query({"pageProvider": "CURRENT_DOC_CHILDREN", "queryParams": [folder.uid]})
    assert titles(provider) == ["visible"]

    # A grant below the block applies again: the reader sees `inner`, still not `hidden`.
    inner.add_permission({"username": user, "permission": "Read"})
    assert member_nx.documents.get(uid=inner.uid).title == "inner"
    assert titles(query(member_nx, nxql)) == ["inner", "visible"]
    with pytest.raises(Forbidden):
        member_nx.documents.get(uid=hidden.uid)
