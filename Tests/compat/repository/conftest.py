"""Fixtures of the Repository compat suite: the official `nuxeo` client (7.1.0) against the
session's `chancery serve`, as the administrator and as a plain member, and a workspace of the
suite's own under /default-domain/workspaces so that nothing here touches the layout of a fresh
repository (spec 5.3) that other tests check.

Tests make their documents under `workspace` (or in a `folder` of their own) with unique names,
and delete them; users and groups get unique names too.
"""

import pytest

from .support import WORKSPACES, connect, create, delete_quietly, unique


@pytest.fixture(scope="session")
def host(server):
    """The client's base URL: the Nuxeo context path of our server."""
    return server.base_url + "/nuxeo/"


@pytest.fixture(scope="session")
def nx(host, admin):
    """The administrator's client, all schemas (the client's default `X-NXDocumentProperties: *`)."""
    return connect(host, admin)


@pytest.fixture(scope="session")
def member_nx(host, member):
    """The client of `alice`, a plain member (in `members`, which the root ACL grants Read)."""
    return connect(host, member)


@pytest.fixture(scope="session")
def server_version(nx):
    """productVersion from json/cmis: the client picks some code paths by it (spec 1.5)."""
    return nx.client.server_version


@pytest.fixture(scope="session")
def workspace(nx):
    """A Workspace of the suite's own, deleted (with everything left in it) at the end."""
    doc = create(nx, WORKSPACES, "Workspace", unique("compat"), title="Repository compat suite")
    yield doc
    nx.documents.delete(doc.uid)


@pytest.fixture
def folder(nx, workspace):
    """An empty Folder in the suite's workspace, for one test."""
    doc = create(nx, workspace.path, "Folder", unique("folder"))
    yield doc
    delete_quietly(nx, doc.uid)
