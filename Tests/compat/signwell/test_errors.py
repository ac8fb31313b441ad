"""Errors as the SDK maps them (spec 1.1): 401 AuthenticationError, 404 NotFoundError with
`meta.error = record_not_found`, 422 UnprocessableEntityError with `{errors: {...}}`, and `me`.

The SDK parses each error body into its model before raising (ErrorResponse,
ValidationErrorResponse), so a wrong shape fails inside the SDK call.
"""

import pytest
from signwell_sdk import AuthenticationError, NotFoundError, UnprocessableEntityError
from signwell_sdk.models import ErrorResponse, SendReminderRequest, ValidationErrorResponse

from .builders import base64_file, document_request, field
from .client import Account, api_client, post_json, unique
from .pdfs import pdf_with_pages

CREATE_TYPES = {"201": "DocumentResponse", "400": "ValidationErrorResponse", "422": "ValidationErrorResponse"}


def assert_not_found(raised):
    """The error body SignWell sends for an unknown id (spec 1.1)."""
    data = raised.value.data
    assert isinstance(data, ErrorResponse), raised.value.body
    assert data.meta is not None and data.meta.error == "record_not_found", raised.value.body
    assert data.meta.message, raised.value.body


def assert_validation_error(raised, key_part):
    """A 422 `{errors: {...}}` with an entry whose key names `key_part`."""
    data = raised.value.data
    assert raised.value.status == 422
    assert isinstance(data, ValidationErrorResponse), raised.value.body
    assert any(key_part in key for key in data.errors), f"no error about {key_part!r}: {data.errors}"
    return data.errors


def anonymous(signing_server, key=None):
    """SDK objects sending `key` (None: no X-Api-Key header at all)."""
    return Account("anonymous", key, api_client(signing_server, key))


def test_no_key_is_an_authentication_error(signing_server):
    nobody = anonymous(signing_server)
    with pytest.raises(AuthenticationError) as raised:
        nobody.documents.list_documents()
    assert raised.value.status == 401
    assert isinstance(raised.value.data, ErrorResponse), raised.value.body
    assert raised.value.data.message or raised.value.data.meta, raised.value.body
    with pytest.raises(AuthenticationError):
        nobody.me.get_me()
    with pytest.raises(AuthenticationError):
        nobody.documents.get_document("anything")


def test_wrong_key_is_an_authentication_error(signing_server):
    with pytest.raises(AuthenticationError):
        anonymous(signing_server, "not-a-key-" + unique("x")).documents.list_documents()


def test_unknown_ids_are_record_not_found(account):
    with pytest.raises(NotFoundError) as raised:
        account.documents.get_document("no-such-document")
    assert_not_found(raised)
    with pytest.raises(NotFoundError) as raised:
        account.documents.delete_document("no-such-document")
    assert_not_found(raised)
    with pytest.raises(NotFoundError) as raised:
        account.documents.get_completed_pdf("no-such-document")
    assert_not_found(raised)
    with pytest.raises(NotFoundError) as raised:
        account.documents.send_reminder("no-such-document", SendReminderRequest())
    assert_not_found(raised)
    with pytest.raises(NotFoundError) as raised:
        account.templates.get_template("no-such-template")
    assert_not_found(raised)
    with pytest.raises(NotFoundError) as raised:
        account.hooks.delete_webhook("no-such-hook")
    assert_not_found(raised)


def test_another_accounts_document_is_not_found(account, other_account):
    document = account.documents.create_document(document_request(pdf_with_pages(1)))
    with pytest.raises(NotFoundError) as raised:
        other_account.documents.get_document(document.id)
    assert_not_found(raised)
    with pytest.raises(NotFoundError):
        other_account.documents.delete_document(document.id)
    assert document.id not in {d.id for d in other_account.documents.iterate_documents()}
    assert account.documents.get_document(document.id).id == document.id


def test_missing_recipients_is_a_validation_error(account):
    with pytest.raises(UnprocessableEntityError) as raised:
        account.documents.create_document(document_request(pdf_with_pages(1), recipients=[], fields=[]))
    assert_validation_error(raised, "recipients")


def test_a_sent_document_needs_a_field_or_a_signature_page(account):
    """Spec 1.3: with draft false there must be a field, unless with_signature_page is set."""
    with pytest.raises(UnprocessableEntityError) as raised:
        account.documents.create_document(document_request(pdf_with_pages(1), fields=[]))
    assert_validation_error(raised, "fields")
    with_page = account.documents.create_document(document_request(pdf_with_pages(1), fields=[],
                                                                   with_signature_page=True))
    assert with_page.status == "Sent"
    assert account.documents.create_document(document_request(pdf_with_pages(1), fields=[], draft=True)).status == "Draft"


def test_bad_date_format_is_rejected(account):
    """The SDK's enum would refuse "YYYY-MM-DD" before sending, so the body goes through the
    SDK's ApiClient as JSON."""
    body = document_request(pdf_with_pages(1), fields=[field("date", api_id="when")]).to_dict()
    body["fields"][0][0]["date_format"] = "YYYY-MM-DD"
    with pytest.raises(UnprocessableEntityError) as raised:
        post_json(account, "/api/v1/documents", body, CREATE_TYPES)
    assert_validation_error(raised, "date_format")


def test_unknown_field_type_is_rejected(account):
    body = document_request(pdf_with_pages(1)).to_dict()
    body["fields"][0][0]["type"] = "stamp"
    with pytest.raises(UnprocessableEntityError) as raised:
        post_json(account, "/api/v1/documents", body, CREATE_TYPES)
    assert_validation_error(raised, "type")


def test_bad_files_are_validation_errors(account):
    not_a_pdf = document_request(pdf_with_pages(1), files=[base64_file("broken.pdf", b"this is not a PDF at all")])
    with pytest.raises(UnprocessableEntityError) as raised:
        account.documents.create_document(not_a_pdf)
    assert_validation_error(raised, "file")

    body = document_request(pdf_with_pages(1)).to_dict()
    body["files"][0]["file_base64"] = "%%% not base64 %%%"
    with pytest.raises(UnprocessableEntityError) as raised:
        post_json(account, "/api/v1/documents", body, CREATE_TYPES)
    assert_validation_error(raised, "file")


def test_me_describes_the_keys_user(account, other_account):
    me = account.me.get_me()
    other = other_account.me.get_me()
    # Chancery users have no e-mail address, so `user.email` may be empty.
    assert me.id and me.role and me.user.id and me.account.id
    assert account.name in (me.user.name, me.user.email, me.contact.name), me.to_dict()
    assert me.user.id != other.user.id

