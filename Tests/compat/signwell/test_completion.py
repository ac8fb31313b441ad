"""From sent to completed without a browser (signer.py drives the signing page's JSON endpoints),
then `completed_pdf` in its forms (PDF bytes, `audit_page=false`, `url_only`, `file_format=zip`), the
signatures checked by pyHanko against the server's CA, and the statuses in which a document
refuses changes (409) or has no completed PDF yet (404 record_not_found).
"""

import io
import zipfile
from dataclasses import dataclass
from urllib.parse import urlsplit

import pytest
from signwell_sdk import ConflictError, NotFoundError
from signwell_sdk.models import (
    CompletedPdfUrlResponse, DocumentResponse, FileFormat, UpdateRecipientsMapInner, UpdateRecipientsRequest,
)

from pdf.validators import assert_qpdf_clean

from .builders import document_request, field, signature_fields, signers
from .pdfs import assert_signed_by_platform, page_count, pdf_with_pages, saved
from .signer import TEXT_VALUES, complete_signing, decline_signing, signing_session

# The completion (sealing, notarization) may finish after the last signer's answer.
COMPLETION_TIMEOUT = 90


@dataclass(frozen=True)
class Completed:
    """A one-recipient document signed through the signing page, and what the server gives back."""

    created: DocumentResponse
    finished: DocumentResponse
    original: bytes
    pdf: bytes


def wait_until_completed(account, document_id):
    """The document once it reaches a terminal status, through the SDK's own poller."""
    return account.documents.wait_for_completion(document_id, interval=0.25, timeout=COMPLETION_TIMEOUT)


@pytest.fixture(scope="module")
def completed(signing_server, account, http):
    """A three-page document with a signature, two texts, a date and a checkbox, signed by its one
    recipient; shared by the module's tests, which only read it."""
    original = pdf_with_pages(3)
    document = account.documents.create_document(document_request(original, fields=[
        field("signature", x=100, y=600, api_id="signature"),
        field("text", x=100, y=700, api_id="company", label="Company"),
        field("text", x=400, y=700, api_id="zip", validation="us_zip_code"),
        field("date", x=100, y=800, api_id="date", date_format="MM/DD/YYYY"),
        field("checkbox", page=2, x=100, y=300, api_id="agree", name="agree", required=False),
    ]))
    answer = complete_signing(http, signing_server, document.recipients[0].embedded_signing_url).json()
    assert answer["state"] == "completed", answer
    finished = wait_until_completed(account, document.id)
    return Completed(document, finished, original, account.documents.get_completed_pdf(document.id))


def test_no_completed_pdf_before_completion(account):
    document = account.documents.create_document(document_request(pdf_with_pages(1)))
    for options in ({}, {"url_only": True}):
        with pytest.raises(NotFoundError) as raised:
            account.documents.get_completed_pdf(document.id, **options)
        assert raised.value.data.meta.error == "record_not_found", raised.value.body


def test_completion_shows_in_the_document(completed):
    finished = completed.finished
    assert finished.status == "Completed"
    assert [r.status for r in finished.recipients] == ["signed"]
    values = {f.api_id: f.value.actual_instance if f.value else None for f in finished.fields[0]}
    assert values["company"] == "Compat text"
    assert values["zip"] == TEXT_VALUES["us_zip_code"]
    assert values["agree"] == "t", "the SDK reads a checked box as SignWell's \"t\""
    assert values["date"], "the date the signer entered"


def test_completed_pdf_is_signed_for_the_recipient_and_sealed(completed, signing_ca, tmp_path):
    path = saved(completed.pdf, tmp_path, "completed.pdf")
    assert completed.pdf.startswith(completed.original), "a single uploaded file stays a byte-for-byte prefix"
    assert_qpdf_clean(path)
    assert page_count(path) == 3 + 1, "the file's pages and the audit trail page"
    assert_signed_by_platform(path, signing_ca, count=2)


def test_completed_pdf_without_audit_page_is_the_revision_before_the_seal(completed, account, signing_ca, tmp_path):
    data = account.documents.get_completed_pdf(completed.created.id, audit_page=False)
    assert len(data) < len(completed.pdf) and completed.pdf.startswith(data), "an earlier revision of the same file"
    assert data.startswith(completed.original)
    assert_signed_by_platform(saved(data, tmp_path, "before-seal.pdf"), signing_ca, count=1)


def test_completed_pdf_url_only_points_at_the_same_file(completed, account, http):
    answer = account.documents.get_completed_pdf(completed.created.id, url_only=True)
    assert isinstance(answer, CompletedPdfUrlResponse)
    url = answer.file_url
    assert urlsplit(url).scheme in ("http", "https") and urlsplit(url).netloc, url
    response = http.get(url, timeout=60)
    assert response.status_code == 200, f"GET {url}: {response.status_code} {response.text[:300]}"
    assert response.content == completed.pdf


def test_completed_pdf_as_zip(completed, account):
    data = account.documents.get_completed_pdf(completed.created.id, file_format=FileFormat("zip"))
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        assert archive.testzip() is None
        pdfs = [name for name in archive.namelist() if name.lower().endswith(".pdf")]
        assert pdfs, archive.namelist()
        for name in pdfs:
            assert archive.read(name).startswith(b"%PDF-"), name


def test_completed_document_refuses_changes(completed, account, http, signing_server):
    with pytest.raises(ConflictError) as raised:
        account.documents.update_recipients(completed.created.id, UpdateRecipientsRequest(recipients=[
            UpdateRecipientsMapInner(id="1", name="Too Late", email="late@example.com")]))
    assert raised.value.status == 409
    complete_signing(http, signing_server, completed.created.recipients[0].embedded_signing_url, expected_status=409)


def test_two_signers_in_order(signing_server, account, http, signing_ca, tmp_path):
    people = signers(2)
    document = account.documents.create_document(
        document_request(pdf_with_pages(2), recipients=people, fields=signature_fields(people), apply_signing_order=True))
    first, second = (r.embedded_signing_url for r in document.recipients)

    assert signing_session(http, signing_server, second)["state"] == "waiting"
    complete_signing(http, signing_server, second, expected_status=409)

    assert complete_signing(http, signing_server, first).json()["state"] == "signed"
    halfway = account.documents.get_document(document.id)
    assert halfway.status == "Pending", "spec 1.6: in progress shows as pending"
    assert [r.status for r in halfway.recipients][0] == "signed"
    with pytest.raises(NotFoundError):
        account.documents.get_completed_pdf(document.id)

    assert complete_signing(http, signing_server, second).json()["state"] == "completed"
    assert wait_until_completed(account, document.id).status == "Completed"
    path = saved(account.documents.get_completed_pdf(document.id), tmp_path, "two-signers.pdf")
    assert_signed_by_platform(path, signing_ca, count=3)


def test_declined_document(signing_server, account, http):
    people = signers(2)
    document = account.documents.create_document(
        document_request(pdf_with_pages(1), recipients=people, fields=signature_fields(people)))

    answer = decline_signing(http, signing_server, document.recipients[1].embedded_signing_url, "Wrong amount")
    assert answer["state"] == "declined"
    declined = wait_until_completed(account, document.id)
    assert declined.status == "Declined"
    assert declined.recipients[1].status == "declined"

    with pytest.raises(ConflictError):
        account.documents.update_recipients(document.id, UpdateRecipientsRequest(recipients=[
            UpdateRecipientsMapInner(id="1", name="Someone Else", email="else@example.com")]))
    with pytest.raises(NotFoundError) as raised:
        account.documents.get_completed_pdf(document.id)
    assert raised.value.data.meta.error == "record_not_found"
    assert signing_session(http, signing_server, document.recipients[0].embedded_signing_url)["state"] == "declined"
