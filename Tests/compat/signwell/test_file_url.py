"""`files[].file_url` (spec 1.3): the server downloads the file itself. Our file server is on
127.0.0.1, which the suite's server may reach (`--signing-allow-private-file-urls`) and a server
with the default policy refuses before connecting (SSRF guard, docs/architecture.md "Security rules").
"""

import pytest
from signwell_sdk import UnprocessableEntityError
from signwell_sdk.models import FilesInner, ValidationErrorResponse

from .builders import document_request
from .client import new_account, unique
from .pdfs import pdf_with_pages


def url_request(files, name, pages):
    """A create request whose one file is a `pages`-page PDF served by `files` as `name`."""
    files.files[name] = pdf_with_pages(pages)
    request = document_request(pdf_with_pages(1))
    request.files = [FilesInner(name=name, file_url=files.url(name))]
    return request


def test_file_url_is_downloaded(account, files):
    name = unique("by-url") + ".pdf"
    document = account.documents.create_document(url_request(files, name, pages=4))

    assert [(f.name, f.pages_number) for f in document.files] == [(name, 4)]
    fetched = [r for r in files.requests if r.path == f"/{name}"]
    assert [r.method for r in fetched] == ["GET"], "the server fetched the file once"
    assert document.status == "Sent"


def test_private_file_url_is_refused_by_default(server, files):
    """The session's shared server runs with the default intake policy."""
    default_policy_account = new_account(server, "signwell-ssrf")
    name = unique("private") + ".pdf"
    with pytest.raises(UnprocessableEntityError) as raised:
        default_policy_account.documents.create_document(url_request(files, name, pages=1))

    data = raised.value.data
    assert isinstance(data, ValidationErrorResponse), raised.value.body
    assert any("file" in key for key in data.errors), data.errors
    assert not [r for r in files.requests if r.path == f"/{name}"], "refused before any connection was made"


def test_file_url_answering_404_is_a_validation_error(account, files):
    request = document_request(pdf_with_pages(1))
    request.files = [FilesInner(name="missing.pdf", file_url=files.url(unique("missing") + ".pdf"))]
    with pytest.raises(UnprocessableEntityError) as raised:
        account.documents.create_document(request)
    assert any("file" in key for key in raised.value.data.errors), raised.value.body
