"""Helpers of the Repository compat suite: clients of the official `nuxeo` Python package (7.1.0)
pointed at our server, documents made through its public API, and checks of the Nuxeo wire format.
"Spec N.N" in this suite refers to the sections of the Nuxeo wire-protocol research (nuxeo.md).

Everything goes through the client where it has an API; `client.request` (still the client: its
headers, auth and error mapping) covers the calls it has no method for, and plain `requests` is
used only where a test must see the raw error body or an exact status the client would hide.
"""

import hashlib
import uuid
from urllib.parse import quote, unquote

from nuxeo.client import Nuxeo
from nuxeo.constants import MAX_RETRY, RETRY_METHODS, RETRY_STATUS_CODES
from nuxeo.exceptions import HTTPError
from nuxeo.models import Document, FileBlob
from urllib3.util.retry import Retry

WORKSPACES = "/default-domain/workspaces"
# Every request of the client gets this timeout (the client's own default read timeout is 10 min).
TIMEOUT = 60
# Keys of the paginated `documents` entity (spec 3.3) that the tests read.
PAGINATION_KEYS = (
    "isPaginable", "resultsCount", "pageSize", "maxPageSize", "currentPageSize", "currentPageIndex",
    "currentPageOffset", "numberOfPages", "isPreviousPageAvailable", "isNextPageAvailable", "totalSize", "pageIndex",
    "pageCount",
)


def unique(prefix="t"):
    return f"{prefix}-{uuid.uuid4().hex[:10]}"


def connect(host, auth, schemas=None):
    """A `Nuxeo` client as an application would make one. The retry policy is the client's own
    (same statuses, methods and count) with a short backoff, as the client's own test suite sets
    it, so that a server error does not cost half a minute of sleeping before the test fails."""
    retries = Retry(
        total=MAX_RETRY,
        backoff_factor=0.01,
        allowed_methods=RETRY_METHODS,
        status_forcelist=RETRY_STATUS_CODES,
        raise_on_status=False,
    )
    client = Nuxeo(host=host, auth=auth, retries=retries, timeout=TIMEOUT)
    if schemas:
        client.client.set(schemas=schemas)
    return client


def create(nx, parent_path, doc_type="File", name=None, title=None, properties=None):
    """Creates a document with `documents.create` (POST .../path{parent}); `title` defaults to
    the name, `name` may be None (the server derives one)."""
    props = {"dc:title": title if title is not None else name}
    props.update(properties or {})
    return nx.documents.create(Document(name=name, type=doc_type, properties=props), parent_path=parent_path)


def delete_quietly(nx, uid):
    """Teardown: deletes a document unless a test already did."""
    try:
        nx.documents.delete(uid)
    except HTTPError as error:
        if error.status != 404:
            raise


def doc_json(nx, uid, headers=None, params=None):
    """The raw JSON of GET api/v1/repo/default/id/{uid}, for fields the `Document` model drops."""
    return nx.client.request("GET", f"api/v1/repo/default/id/{uid}", headers=headers, params=params).json()


def children_page(nx, uid, **params):
    """GET .../id/{uid}/@children with paging and sorting parameters, as raw JSON."""
    return nx.client.request("GET", f"api/v1/repo/default/id/{uid}/@children", params=params).json()


def file_blob(tmp_path, name, data, mimetype=None):
    """A `FileBlob` over a file called `name` holding `data` (bytes), in a folder of its own."""
    folder = tmp_path / uuid.uuid4().hex
    folder.mkdir()
    path = folder / name
    path.write_bytes(data)
    return FileBlob(str(path), mimetype=mimetype)


def upload(nx, tmp_path, name, data, mimetype=None, **kwargs):
    """Uploads `data` as one file of a new batch; returns (batch, uploaded blob)."""
    batch = nx.uploads.batch()
    blob = batch.upload(file_blob(tmp_path, name, data, mimetype), **kwargs)
    return batch, blob


def create_with_blob(nx, parent_path, tmp_path, name, data, mimetype="text/plain", doc_type="File"):
    """A document whose file:content is `data`, attached by an `upload-batch` reference in the
    POST body (spec 1.7)."""
    _, blob = upload(nx, tmp_path, name, data, mimetype)
    props = {"dc:title": name, "file:content": blob}
    return nx.documents.create(Document(name=name, type=doc_type, properties=props), parent_path=parent_path)


def query(nx, nxql, **params):
    """`documents.query` (GET api/v1/query/NXQL); returns the whole paginated answer."""
    return nx.documents.query({"query": nxql, **params})


def titles(answer):
    return [entry.title for entry in answer["entries"]]


def digest_of(data, digest):
    """The hex digest of `data` with the algorithm the client infers from the digest's length
    (nuxeo.utils.get_digest_algorithm): md5, sha1, sha256 or sha512."""
    algorithm = {32: "md5", 40: "sha1", 64: "sha256", 128: "sha512"}.get(len(digest))
    assert algorithm, f"digest {digest!r} is not a hex digest the client can check"
    return hashlib.new(algorithm, data).hexdigest()


def assert_blob_property(value, name, data, mime_prefix=None):
    """Checks a blob property as the spec (1.6) describes it: name, mime-type, hex digest of the
    content, length as a string, and a download URL."""
    assert isinstance(value, dict), value
    assert value["name"] == name, value
    if mime_prefix is not None:
        assert (value["mime-type"] or "").startswith(mime_prefix), value
    assert value["length"] == str(len(data)), f"length must be the string {str(len(data))!r}: {value}"
    assert value["digest"] == digest_of(data, value["digest"]), value
    if value.get("digestAlgorithm"):
        algorithm = {32: "md5", 40: "sha1", 64: "sha256", 128: "sha512"}[len(value["digest"])]
        assert value["digestAlgorithm"].lower().replace("-", "") == algorithm, value
    assert value.get("data"), value


def assert_paginated(answer, **expected):
    """Checks a paginated `documents` answer (spec 3.3): its keys, that the aliases the iOS SDK
    reads agree with the others, and the given pagination values."""
    assert answer.get("entity-type") == "documents", answer
    for key in PAGINATION_KEYS:
        assert key in answer, f"missing {key!r} in {sorted(answer)}"
    assert answer["totalSize"] == answer["resultsCount"], answer
    assert answer["pageIndex"] == answer["currentPageIndex"], answer
    assert answer["pageCount"] == answer["numberOfPages"], answer
    assert answer["currentPageSize"] == len(answer["entries"]), answer
    if answer["pageSize"]:
        assert answer["currentPageOffset"] == answer["pageSize"] * answer["currentPageIndex"], answer
    for key, value in expected.items():
        assert answer[key] == value, f"{key}: expected {value!r}, got {answer[key]!r}"


def assert_nuxeo_exception(response, status):
    """Checks a raw error answer against the spec (1.11): the status, and a JSON body
    {"entity-type": "exception", "status": N, "message": ...}."""
    assert response.status_code == status, f"expected {status}, got {response.status_code}: {response.text[:500]}"
    assert response.headers.get("Content-Type", "").startswith("application/json"), response.headers
    body = response.json()
    assert body.get("entity-type") == "exception", body
    assert body.get("status") == status, body
    assert isinstance(body.get("message"), str) and body["message"], body


def content_disposition_filename(header):
    """The file name of a Content-Disposition header, from its RFC 5987 `filename*=UTF-8''...`
    parameter."""
    for part in header.split(";"):
        key, _, value = part.strip().partition("=")
        if key.lower() == "filename*":
            charset, _, encoded = value.partition("''")
            assert charset.upper() == "UTF-8", header
            return unquote(encoded, encoding="utf-8")
    raise AssertionError(f"no filename*=UTF-8''... in Content-Disposition {header!r}")


def percent(name):
    """X-File-Name as the client sends it."""
    return quote(name)
