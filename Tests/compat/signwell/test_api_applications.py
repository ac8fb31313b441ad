"""API applications (spec 1.2): the SDK's `ApiApplicationApi` reads and deletes them. SignWell
makes them in its dashboard; Chancery makes them with `POST /api_applications`, sent here through
the SDK's own ApiClient (`client.make_application`). A document, a template or a hook may name only an
application of its own account.
"""

import pytest
from signwell_sdk import ApiApplicationApi, BadRequestError, NotFoundError, UnprocessableEntityError
from signwell_sdk.models import CreateWebhookRequest, ValidationErrorResponse

from .builders import document_request
from .client import Timed, make_application
from .pdfs import pdf_with_pages


def test_an_application_is_read_and_deleted_through_the_sdk(account):
    made = make_application(account, callback_urls=["https://app.example.com/back"],
                            preferences={"primary_color": "#0a7d4f", "buttons_border_radius": 4})
    applications = Timed(ApiApplicationApi(account.client))

    fetched = applications.get_api_application(made.id)
    assert fetched.name == made.name
    assert fetched.callback_urls == ["https://app.example.com/back"]
    assert fetched.preferences.primary_color == "#0a7d4f"
    assert fetched.preferences.buttons_border_radius == 4
    assert fetched.owner.name == account.name
    assert fetched.created_at is not None

    applications.delete_api_application(made.id)
    with pytest.raises(NotFoundError):
        applications.get_api_application(made.id)
    with pytest.raises(NotFoundError):
        applications.delete_api_application(made.id)


def test_documents_and_hooks_name_only_their_own_accounts_applications(account, other_account):
    made = make_application(account)
    document = account.documents.create_document(document_request(pdf_with_pages(1), api_application_id=made.id))
    assert document.api_application_id == made.id

    with pytest.raises(UnprocessableEntityError) as raised:
        other_account.documents.create_document(document_request(pdf_with_pages(1), api_application_id=made.id))
    assert "api_application_id" in ValidationErrorResponse.from_json(raised.value.body).errors
    with pytest.raises(BadRequestError):
        other_account.hooks.create_webhook(CreateWebhookRequest(callback_url="https://example.com/hook", api_application_id=made.id))
    with pytest.raises(NotFoundError):
        Timed(ApiApplicationApi(other_account.client)).get_api_application(made.id)
