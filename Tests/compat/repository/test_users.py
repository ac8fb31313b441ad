"""Users and groups through the official client (spec 1.10): CRUD, changing a password and
logging in with the new one, `fetch-group`, and who may create users."""

import pytest
from nuxeo.exceptions import BadQuery, Forbidden, HTTPError, Unauthorized
from nuxeo.models import Group, User

from .support import connect, unique

PASSWORD = "Test-passw0rd"


@pytest.fixture
def georges(nx):
    """A user made through the API (the client's Georges fixture), deleted afterwards."""
    name = unique("georges")
    user = nx.users.create(User(properties={
        "lastName": "Abitbol", "firstName": "Georges", "username": name, "email": f"{name}@example.com",
        "company": "Pom Pom Gali resort", "password": PASSWORD,
    }))
    yield user
    if nx.users.exists(name):
        nx.users.delete(name)


def test_create_and_fetch_user(nx, georges):
    assert georges.uid == georges.properties["username"]
    assert georges.properties["firstName"] == "Georges"
    assert georges.properties["lastName"] == "Abitbol"
    assert georges.properties["company"] == "Pom Pom Gali resort"
    assert georges.isAdministrator is False and georges.isAnonymous is False
    assert nx.users.exists(georges.uid)

    fetched = nx.users.get(georges.uid)
    assert fetched.uid == georges.uid
    assert fetched.properties["email"] == f"{georges.uid}@example.com"
    raw = nx.client.request("GET", f"api/v1/user/{georges.uid}").json()
    assert raw["entity-type"] == "user" and raw["id"] == georges.uid
    assert PASSWORD not in str(raw), "the password must not be served back"


def test_create_answers_201(nx):
    name = unique("raw-user")
    response = nx.client.request("POST", "api/v1/user", data={
        "entity-type": "user", "extendedGroups": [], "isAdministrator": False, "isAnonymous": False,
        "properties": {"username": name, "password": PASSWORD},
    })
    try:
        assert response.status_code == 201, response.text[:300]
        assert response.json()["id"] == name
    finally:
        deleted = nx.client.request("DELETE", f"api/v1/user/{name}")
        assert deleted.status_code == 204
    assert not nx.users.exists(name)


def test_lazy_loading(nx, georges):
    user = User(service=nx.users, id=georges.uid)
    with pytest.raises(KeyError):
        user.properties["firstName"]
    user.load()
    assert user.properties["firstName"] == "Georges"
    assert user.properties["company"] == "Pom Pom Gali resort"


def test_update_keeps_the_password(nx, host, georges):
    """The client's test_update_user: save() PUTs the whole user again; the password stays."""
    georges.properties["company"] = "Classe Américaine"
    georges.save()
    assert nx.users.get(georges.uid).properties["company"] == "Classe Américaine"
    assert connect(host, (georges.uid, PASSWORD)).users.current_user().uid == georges.uid


def test_change_password_then_log_in(nx, host, georges):
    """The client's test_update_user_autoset_change_password."""
    fetched = nx.users.get(georges.uid)
    fetched.change_password("Test2-passw0rd")
    me = connect(host, (georges.uid, "Test2-passw0rd")).users.current_user()
    assert me.uid == georges.uid and me.isAdministrator is False
    with pytest.raises(Unauthorized):
        connect(host, (georges.uid, PASSWORD)).users.current_user()
    assert nx.users.get(georges.uid).properties["company"] == "Pom Pom Gali resort"


def test_delete_user(nx, host):
    name = unique("short-lived")
    nx.users.create(User(properties={"username": name, "password": PASSWORD}))
    assert connect(host, (name, PASSWORD)).users.current_user().uid == name
    nx.users.get(name).delete()
    assert not nx.users.exists(name)
    with pytest.raises(Unauthorized):
        connect(host, (name, PASSWORD)).users.current_user()
    with pytest.raises(HTTPError) as error:
        nx.users.delete(name)
    assert error.value.status == 404


def test_administrator_entity(nx):
    admin = nx.users.get("Administrator")
    assert admin.uid == "Administrator"
    assert "administrators" in admin.properties["groups"]
    assert admin.isAdministrator is True


def test_unknown_user(nx):
    assert not nx.users.exists("Administrator2")
    assert not nx.users.exists(unique("nobody"))


def test_wrong_arguments_never_reach_the_server(nx):
    with pytest.raises(BadQuery):
        nx.users.create(1)
    with pytest.raises(BadQuery):
        nx.groups.create(1)


def test_non_administrator_cannot_create_users(nx, host):
    """The client's test_forbidden: a user with a unicode name made through the API logs in with
    Basic auth and is refused (403, not 401) when creating a user."""
    name = unique("ミカエル")
    nx.users.create(User(properties={"username": name, "password": PASSWORD}))
    try:
        client = connect(host, (name, PASSWORD))
        assert client.users.current_user().uid == name
        with pytest.raises(Forbidden) as error:
            client.users.create(User(properties={"username": unique("another_one"), "password": PASSWORD}))
        assert str(error.value).startswith("Forbidden(403)")
        with pytest.raises(Forbidden):
            client.users.delete("Administrator")
    finally:
        nx.users.delete(name)
    assert nx.users.get("Administrator").isAdministrator is True


# MARK: groups


@pytest.fixture
def plops(nx):
    """The client's get_group: members that need not exist are kept as given."""
    name = unique("plops")
    group = nx.groups.create(
        Group(groupname=name, grouplabel="Group Test", memberUsers=["Administrator"], memberGroups=["Administrators"])
    )
    yield group
    if nx.groups.exists(name):
        nx.groups.delete(name)


def test_create_and_fetch_group(nx, plops):
    assert (plops.groupname, plops.grouplabel) == (plops.uid, "Group Test")
    assert plops.memberUsers == ["Administrator"] and plops.memberGroups == ["Administrators"]
    group = nx.groups.get(plops.uid)
    assert group.groupname == plops.uid
    assert group.grouplabel == "Group Test"
    assert group.memberUsers == ["Administrator"]
    assert group.memberGroups == ["Administrators"]


def test_fetch_group_parameter(nx, plops):
    raw = nx.client.request("GET", f"api/v1/group/{plops.uid}", params={"fetch-group": ["memberUsers", "memberGroups"]}).json()
    assert raw["entity-type"] == "group" and raw["groupname"] == plops.uid
    assert raw["memberUsers"] == ["Administrator"] and raw["memberGroups"] == ["Administrators"]


def test_update_group(nx, plops, georges):
    plops.grouplabel = "renamed label"
    plops.memberUsers = ["Administrator", georges.uid]
    plops.save()
    group = nx.groups.get(plops.uid)
    assert group.grouplabel == "renamed label"
    assert sorted(group.memberUsers) == sorted(["Administrator", georges.uid])
    assert plops.uid in nx.users.get(georges.uid).properties["groups"]


def test_subgroup(nx):
    parent, child = unique("ParentGroup"), unique("SubGroup")
    first = nx.groups.create(Group(groupname=parent, grouplabel="ParentGroup Test"))
    second = nx.groups.create(Group(groupname=child, grouplabel="SubGroup Test"))
    try:
        first.memberGroups = [second.groupname]
        first.save()
        assert nx.groups.get(parent).memberGroups == [child]
    finally:
        second.delete()
        first.delete()
    assert not nx.groups.exists(parent) and not nx.groups.exists(child)


def test_delete_group(nx):
    name = unique("gone")
    group = nx.groups.create(Group(groupname=name, grouplabel="gone"))
    response = nx.client.request("DELETE", f"api/v1/group/{group.uid}")
    assert response.status_code == 204
    assert not nx.groups.exists(name)


def test_builtin_and_unknown_groups(nx):
    administrators = nx.groups.get("administrators")
    assert administrators.groupname == "administrators"
    assert "Administrator" in administrators.memberUsers
    assert not nx.groups.exists("admins")
    with pytest.raises(HTTPError) as error:
        nx.groups.get(unique("nogroup"))
    assert error.value.status == 404


def test_a_group_that_does_not_exist_is_404_wherever_it_is_named(nx, georges):
    """Updating or deleting it, and making a user a member of it (on creation or update): each
    a 404 in Nuxeo's format that names the group, and nothing changed. (A group's member groups
    are kept as given, as Nuxeo keeps them: the client's own tests name one that does not
    exist.)"""
    missing = unique("nogroup")

    def refused(method, path, body=None):
        with pytest.raises(HTTPError) as error:
            nx.client.request(method, path, data=body)
        assert error.value.status == 404, (method, path, error.value)
        assert missing in error.value.message, error.value.message

    refused("PUT", f"api/v1/group/{missing}", {"entity-type": "group", "groupname": missing, "grouplabel": "x"})
    refused("DELETE", f"api/v1/group/{missing}")
    name = unique("member")
    refused("POST", "api/v1/user", {"entity-type": "user", "id": name, "properties": {
        "username": name, "password": PASSWORD, "groups": [missing]}})
    assert not nx.users.exists(name)
    refused("PUT", f"api/v1/user/{georges.uid}", {"entity-type": "user", "id": georges.uid, "properties": {
        "username": georges.uid, "groups": [missing]}})
    assert missing not in nx.users.get(georges.uid).properties["groups"]
    assert not nx.groups.exists(missing)
