"""Connecting with the official client: health and server info without documents, Basic and
token authentication, `me`, and the statuses of failed calls (spec 1.4, 1.5, 1.11)."""

import re
import uuid

import pytest
from nuxeo.auth import TokenAuth
from nuxeo.exceptions import Forbidden, HTTPError, Unauthorized
from nuxeo.models import User
from nuxeo.utils import version_lt

from .support import assert_nuxeo_exception, connect, unique


def test_runningstatus_needs_no_credentials(host, http):
    anonymous = connect(host, None)
    assert anonymous.client.is_reachable()
    response = http.get(host + "runningstatus", timeout=10)
    assert 200 <= response.status_code < 300, response.text[:300]


def test_runningstatus_of_a_wrong_host_is_unreachable(host):
    # The same call against a path that is not a Nuxeo context must not look reachable, so
    # that the check above means something.
    assert not connect(host.replace("/nuxeo/", "/not-nuxeo/"), None).client.is_reachable()


def test_json_cmis_server_info(nx):
    info = nx.client.server_info(force=True)
    assert isinstance(info, dict), info
    assert info["repositoryId"] == "default", info
    assert info["rootFolderId"] == nx.documents.get(path="/").uid, info
    version = nx.client.server_version
    assert re.match(r"\d+(\.\d+)+", version), f"productVersion {version!r}"
    # The client compares versions to pick code paths (trash, locks): this must not raise.
    assert version_lt(version, "999999.0"), version


def test_me_as_administrator(nx):
    me = nx.users.current_user()
    assert isinstance(me, User)
    assert me.uid == "Administrator"
    assert me.isAdministrator is True
    assert me.isAnonymous is False
    assert "administrators" in [group["name"] for group in me.extendedGroups], me.extendedGroups
    assert me.properties["username"] == "Administrator", me.properties


def test_me_as_member(member_nx, member):
    me = member_nx.users.current_user()
    assert me.uid == member[0]
    assert me.properties["username"] == member[0]
    assert me.isAdministrator is False
    assert "members" in me.properties["groups"], me.properties
    assert "administrators" not in [group["name"] for group in me.extendedGroups], me.extendedGroups


def test_wrong_password_is_401(host):
    client = connect(host, ("Administrator", "not-the-password"))
    with pytest.raises(Unauthorized) as error:
        client.users.current_user()
    assert str(error.value).startswith("Unauthorized(401)")


def test_unknown_user_is_401(host):
    client = connect(host, (unique("nobody"), "test"))
    with pytest.raises(Unauthorized):
        client.documents.get(path="/default-domain")


def test_no_credentials_is_401(host):
    anonymous = connect(host, None)
    with pytest.raises(Unauthorized):
        anonymous.documents.get(path="/default-domain")
    with pytest.raises(Unauthorized):
        anonymous.uploads.batch()
    with pytest.raises(Unauthorized):
        anonymous.operations.execute(command="Document.Fetch", params={"value": "/default-domain"})
    with pytest.raises(Unauthorized):
        anonymous.users.current_user()


def test_member_creating_a_user_is_403(member_nx):
    with pytest.raises(Forbidden) as error:
        member_nx.users.create(User(properties={"username": unique("another"), "password": "test-Passw0rd"}))
    assert str(error.value).startswith("Forbidden(403)")


def test_unknown_url_is_404(nx):
    with pytest.raises(HTTPError) as error:
        nx.client.request("GET", "test")
    assert error.value.status == 404
    with pytest.raises(HTTPError) as error:
        nx.client.request("GET", "api/v1/no-such-resource")
    assert error.value.status == 404


def test_unknown_document_is_404(nx, host, http, admin):
    assert not nx.documents.exists(path="/zone51")
    assert not nx.documents.exists(uid=str(uuid.uuid4()))
    with pytest.raises(HTTPError) as error:
        nx.documents.get(path="/default-domain/zone51")
    assert error.value.status == 404
    assert error.value.message
    assert_nuxeo_exception(http.get(host + "api/v1/repo/default/path/zone51", auth=admin, timeout=10), 404)
    assert_nuxeo_exception(http.get(host + f"api/v1/id/{uuid.uuid4()}", auth=admin, timeout=10), 404)


# MARK: token authentication


def token_params(device, app, revoke=False):
    return {
        "deviceId": device, "applicationName": app, "permission": "ReadWrite",
        "revoke": "true" if revoke else "false", "deviceDescription": "compat suite",
    }


def test_token_is_stable_per_user_app_and_device_then_revoked(host, admin):
    device, app = str(uuid.uuid4()), unique("app")

    # Acquiring answers 201 with the bare token as text/plain.
    basic = connect(host, admin)
    response = basic.client.request("GET", "authentication/token", params=token_params(device, app))
    assert response.status_code == 201, response.text[:300]
    assert response.headers["Content-Type"].startswith("text/plain"), response.headers
    token = response.text
    assert token and "\n" not in token, repr(token)

    # The client's own call gets the same token for the same (user, app, device), and uses it.
    client = connect(host, admin)
    assert client.client.request_auth_token(device, "ReadWrite", app_name=app, device="compat suite") == token
    assert client.client.request_auth_token(device, "ReadWrite", app_name=app, device="compat suite") == token
    assert client.client.auth == TokenAuth(token)
    assert client.users.current_user().uid == "Administrator"
    assert client.documents.get(path="/default-domain").title == "Domain"

    # Another device gets another token.
    other = connect(host, admin).client.request_auth_token(str(uuid.uuid4()), "ReadWrite", app_name=app)
    assert other and other != token

    # Revoked: the client clears it, and the token no longer authenticates.
    assert basic.client.request_auth_token(device, "ReadWrite", app_name=app, revoke=True) == ""
    with pytest.raises(Unauthorized):
        client.users.current_user()
    with pytest.raises(Unauthorized):
        connect(host, TokenAuth(token)).documents.get(path="/default-domain")
    # The other device's token is untouched.
    assert connect(host, TokenAuth(other)).users.current_user().uid == "Administrator"


def test_revoking_an_unknown_token_is_400(host, admin):
    basic = connect(host, admin)
    with pytest.raises(HTTPError) as error:
        basic.client.request("GET", "authentication/token", params=token_params(str(uuid.uuid4()), unique("app"), True))
    assert error.value.status == 400


def test_token_request_without_credentials_is_401(host):
    with pytest.raises(Unauthorized):
        connect(host, None).client.request_auth_token(str(uuid.uuid4()), "ReadWrite", app_name=unique("app"))


def test_token_request_without_device_is_400(host, admin):
    basic = connect(host, admin)
    with pytest.raises(HTTPError) as error:
        basic.client.request("GET", "authentication/token", params={"applicationName": "x", "permission": "ReadWrite"})
    assert error.value.status == 400


def test_member_token_authenticates_the_member(host, member):
    client = connect(host, member)
    token = client.client.request_auth_token(str(uuid.uuid4()), "ReadWrite", app_name=unique("app"))
    assert token
    assert connect(host, TokenAuth(token)).users.current_user().uid == member[0]


def test_bogus_token_is_401(host):
    with pytest.raises(Unauthorized):
        connect(host, TokenAuth("not-a-token-" + uuid.uuid4().hex)).users.current_user()
