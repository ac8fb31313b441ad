"""Documents through the official SDK: create from base64 PDFs, get, list (paging and queries),
send a draft, remind, update recipients and delete (spec 1.2, 1.3, 1.5).

Every call goes through the SDK's strict response parser (spec 0.1), so a reply that parses is
already of the right types; the tests check the values.
"""

import datetime
from urllib.parse import urlsplit

import pytest
from signwell_sdk import NotFoundError, UnprocessableEntityError
from signwell_sdk.models import (
    LabelRequest, ReminderRecipientsInner, SendReminderRequest, UpdateDocumentAndSendRequest,
    UpdateRecipientsMapInner, UpdateRecipientsRequest,
)

from pdf.validators import assert_qpdf_clean

from .builders import base64_file, document_request, signature_fields, signers
from .client import raw_document, unique
from .pdfs import page_count, pdf_with_pages


def test_generated_pdfs_are_clean_and_have_their_pages(tmp_path):
    """The suite's own PDF writer, checked by qpdf, so that page counts below mean something."""
    for count in (1, 3, 5):
        path = tmp_path / f"{count}.pdf"
        path.write_bytes(pdf_with_pages(count))
        assert_qpdf_clean(path)
        assert page_count(path) == count


def test_create_from_base64_returns_the_whole_document(signing_server, account):
    recipients = signers(2)
    request = document_request(
        pdf_with_pages(3),
        recipients=recipients,
        subject="Please sign",
        message="Two files, two signers",
        metadata={"order": "A-1001", "customer": "ACME"},
        labels=[LabelRequest(name="compat")],
    )
    request.files = [base64_file("first.pdf", pdf_with_pages(3)), base64_file("second.pdf", pdf_with_pages(2))]
    # Fields per file: both recipients sign on file 1, recipient 2 also on page 2 of file 2.
    request.fields = [signature_fields(recipients), signature_fields(recipients[1:], page=2)]

    before = datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(seconds=5)
    response = account.documents.create_document_with_http_info(request)
    assert response.status_code == 201
    document = response.data

    assert document.id and document.test_mode is True
    assert document.name == request.name
    assert (document.subject, document.message) == ("Please sign", "Two files, two signers")
    assert document.status == "Sent", "spec 1.5: the document is returned populated and sent, not 'Created'"
    assert document.embedded_signing is True
    assert document.metadata == {"order": "A-1001", "customer": "ACME"}
    assert [label.name for label in document.labels or []] == ["compat"]
    assert document.created_at and document.created_at >= before
    assert document.updated_at and document.updated_at >= document.created_at

    assert [(f.name, f.pages_number) for f in document.files] == [("first.pdf", 3), ("second.pdf", 2)]
    assert [(r.id, r.name, r.email) for r in document.recipients] == [(r.id, r.name, r.email) for r in recipients]
    server_host = urlsplit(signing_server.base_url).netloc
    urls = [r.embedded_signing_url for r in document.recipients]
    assert len(set(urls)) == 2, urls
    for url in urls:
        assert urlsplit(url).netloc == server_host and urlsplit(url).path.startswith("/signwell/sign/"), url
        assert "'" not in url and "\\" not in url, "the iOS demo puts the URL in a single-quoted JS string (spec 0.2)"

    assert len(document.fields) == 2, "one inner array of fields per file"
    first, second = document.fields
    assert [(f.type.value, f.page, f.recipient_id, f.recipient.email) for f in first] == [
        ("signature", 1, "1", recipients[0].email), ("signature", 1, "2", recipients[1].email)]
    assert [(f.type.value, f.page, f.recipient_id) for f in second] == [("signature", 2, "2")]
    assert [(f.x, f.y) for f in first] == [(100, 200), (100, 320)]

    fetched = account.documents.get_document(document.id)
    assert fetched.id == document.id and fetched.status == "Sent"
    assert [(f.name, f.pages_number) for f in fetched.files] == [("first.pdf", 3), ("second.pdf", 2)]
    assert [r.embedded_signing_url for r in fetched.recipients] == urls, "signing links are stable (spec 1.5)"
    assert fetched.metadata == document.metadata


def test_draft_is_sent_by_send_document(account, pdf3):
    draft = account.documents.create_document(document_request(pdf3, draft=True))
    assert draft.status == "Draft"

    new_name = unique("sent-draft")
    response = account.documents.send_document_with_http_info(
        draft.id, UpdateDocumentAndSendRequest(name=new_name, test_mode=True, embedded_signing=True,
                                               metadata={"sent": "yes"}))
    assert response.status_code == 201
    sent = response.data
    assert (sent.id, sent.status, sent.name) == (draft.id, "Sent", new_name)
    assert sent.metadata == {"sent": "yes"}
    assert account.documents.get_document(draft.id).status == "Sent"

    with pytest.raises(UnprocessableEntityError) as raised:
        account.documents.send_document(draft.id, UpdateDocumentAndSendRequest(test_mode=True))
    assert raised.value.data is not None and raised.value.data.errors, raised.value.body


def test_remind_answers_201_with_no_body(account, pdf3):
    recipients = signers(2)
    document = account.documents.create_document(document_request(pdf3, recipients=recipients))

    everyone = account.documents.send_reminder_with_http_info(document.id, SendReminderRequest())
    assert everyone.status_code == 201 and everyone.data is None
    one = account.documents.send_reminder_with_http_info(
        document.id, SendReminderRequest(recipients=[ReminderRecipientsInner(email=recipients[1].email)]))
    assert one.status_code == 201

    with pytest.raises(NotFoundError):
        account.documents.send_reminder("no-such-document", SendReminderRequest())


def test_update_recipients_changes_only_the_named_recipient(account, pdf3):
    recipients = signers(2)
    document = account.documents.create_document(document_request(pdf3, recipients=recipients))

    response = account.documents.update_recipients_with_http_info(document.id, UpdateRecipientsRequest(recipients=[
        UpdateRecipientsMapInner(id="1", name="Corrected Name", email="corrected@example.com")]))
    assert response.status_code == 200
    updated = response.data
    assert [(r.id, r.name, r.email) for r in updated.recipients] == [
        ("1", "Corrected Name", "corrected@example.com"), ("2", recipients[1].name, recipients[1].email)]
    fetched = account.documents.get_document(document.id)
    assert [(r.id, r.name, r.email) for r in fetched.recipients] == [(r.id, r.name, r.email) for r in updated.recipients]
    assert fetched.fields[0][0].recipient.email == "corrected@example.com"


def test_delete_removes_the_document(account, pdf3):
    document = account.documents.create_document(document_request(pdf3))

    response = account.documents.delete_document_with_http_info(document.id)
    assert response.status_code == 204
    with pytest.raises(NotFoundError):
        account.documents.get_document(document.id)
    with pytest.raises(NotFoundError):
        account.documents.delete_document(document.id)
    assert document.id not in {d.id for d in account.documents.iterate_documents()}


def test_list_pages_through_the_accounts_documents(fresh_account, pdf3):
    ids = [fresh_account.documents.create_document(document_request(pdf3)).id for _ in range(3)]

    first = fresh_account.documents.list_documents(page=1, limit=2)
    assert (first.current_page, first.next_page, first.previous_page) == (1, 2, None)
    assert (first.total_count, first.total_pages, len(first.documents)) == (3, 2, 2)
    second = fresh_account.documents.list_documents(page=2, limit=2)
    assert (second.current_page, second.next_page, second.previous_page) == (2, None, 1)
    assert (second.total_count, second.total_pages, len(second.documents)) == (3, 2, 1)

    listed = [d.id for d in first.documents + second.documents]
    assert sorted(listed) == sorted(ids), "two pages hold every document exactly once"
    assert [d.id for d in fresh_account.documents.iterate_documents(limit=2)] == listed
    assert fresh_account.documents.list_documents(page=1, limit=50).total_pages == 1


def test_list_query_filters_by_name_and_status(fresh_account, pdf3):
    classic, other = unique("Classic"), unique("Other")
    draft = fresh_account.documents.create_document(document_request(pdf3, name=classic, draft=True))
    sent = fresh_account.documents.create_document(document_request(pdf3, name=classic))
    fresh_account.documents.create_document(document_request(pdf3, name=other))

    def found(query):
        result = fresh_account.documents.list_documents(query=query)
        assert result.total_count == len(result.documents), query
        return sorted(d.id for d in result.documents)

    assert found(f"name:{classic}") == sorted([draft.id, sent.id])
    assert found(f"name:{classic} AND status:draft") == [draft.id]
    assert found(f"name:{classic} AND status:sent") == [sent.id]
    assert found(f"name:{other} AND status:draft") == []


def test_a_server_without_mail_says_that_no_email_was_sent(account, pdf3):
    [signer] = signers(1)
    document = account.documents.create_document(document_request(pdf3, recipients=[signer], embedded_signing=False))
    assert raw_document(account, document.id)["email_sent"] is False

