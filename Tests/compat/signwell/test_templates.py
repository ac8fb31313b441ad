"""Templates (spec 1.2): create with placeholders, get, update, list, delete, and documents made
from a template with recipients matched by `placeholder_name` and values by `template_fields`."""

import pytest
from signwell_sdk import NotFoundError, UnprocessableEntityError
from signwell_sdk.models import (
    DocumentFromTemplateRequest, DocumentTemplateRequest, DocumentTemplateUpdateRequest, PlaceholdersInner,
    TemplateFieldsInnerInner, TemplateFieldValuesInner, TemplateFieldValuesInnerValue, TemplateRecipientsInner,
    ValidationErrorResponse,
)

from .builders import base64_file
from .client import unique
from .pdfs import pdf_with_pages


def template_field(kind, placeholder_id, page=1, x=100, y=100, **attributes):
    """A template field of `kind` for a placeholder."""
    return TemplateFieldsInnerInner(type=kind, placeholder_id=placeholder_id, page=page, x=x, y=y, **attributes)


def template_request(name=None):
    """Two placeholders on a two-page file: the Client signs and gives a company name, the
    Witness signs and dates."""
    return DocumentTemplateRequest(
        name=name or unique("compat-template"),
        subject="Agreement",
        files=[base64_file("agreement.pdf", pdf_with_pages(2))],
        placeholders=[PlaceholdersInner(id="client", name="Client"), PlaceholdersInner(id="witness", name="Witness")],
        fields=[[
            template_field("signature", "client", x=100, y=600, api_id="client_signature"),
            template_field("text", "client", x=100, y=700, api_id="client_company", label="Company"),
            template_field("signature", "witness", page=2, x=100, y=600, api_id="witness_signature"),
            template_field("date", "witness", page=2, x=400, y=600, api_id="witness_date", date_format="DD/MM/YYYY"),
        ]],
    )


def by_api_id(fields):
    """{api_id: field} over every file's fields."""
    return {f.api_id: f for per_file in fields for f in per_file}


def test_template_lifecycle(fresh_account):
    templates = fresh_account.templates
    request = template_request()
    response = templates.create_template_with_http_info(request)
    assert response.status_code == 201
    template = response.data

    assert template.id and template.name == request.name and template.subject == "Agreement"
    assert [p.name for p in template.placeholders] == ["Client", "Witness"]
    assert [(f.name, f.pages_number) for f in template.files] == [("agreement.pdf", 2)]
    fields = by_api_id(template.fields)
    assert sorted(fields) == ["client_company", "client_signature", "witness_date", "witness_signature"]
    assert {api_id: f.placeholder_name for api_id, f in fields.items()} == {
        "client_signature": "Client", "client_company": "Client", "witness_signature": "Witness",
        "witness_date": "Witness"}
    assert (fields["witness_date"].page, fields["witness_date"].date_format.value) == (2, "DD/MM/YYYY")

    fetched = templates.get_template(template.id)
    assert (fetched.id, fetched.name) == (template.id, template.name)
    assert sorted(by_api_id(fetched.fields)) == sorted(fields)

    renamed = unique("renamed-template")
    updated = templates.update_template(template.id, DocumentTemplateUpdateRequest(name=renamed, subject="Renamed"))
    assert (updated.id, updated.name, updated.subject) == (template.id, renamed, "Renamed")
    assert templates.get_template(template.id).name == renamed

    listed = templates.list_templates()
    assert [t.id for t in listed.templates] == [template.id]
    assert (listed.total_count, listed.current_page, listed.total_pages) == (1, 1, 1)

    assert templates.delete_template_with_http_info(template.id).status_code == 204
    with pytest.raises(NotFoundError):
        templates.get_template(template.id)
    assert templates.list_templates().total_count == 0


def test_document_from_template(account):
    template = account.templates.create_template(template_request())
    client_email, witness_email = f"{unique('client')}@example.com", f"{unique('witness')}@example.com"
    request = DocumentFromTemplateRequest(
        template_id=template.id,
        name=unique("from-template"),
        test_mode=True,
        embedded_signing=True,
        recipients=[
            TemplateRecipientsInner(id="1", name="Carla Client", email=client_email, placeholder_name="Client"),
            TemplateRecipientsInner(id="2", name="Will Witness", email=witness_email, placeholder_name="Witness"),
        ],
        template_fields=[TemplateFieldValuesInner(api_id="client_company",
                                                  value=TemplateFieldValuesInnerValue("ACME Corp"))],
        metadata={"source": "template"},
    )
    response = account.documents.create_document_from_template_with_http_info(request)
    assert response.status_code == 201
    document = response.data

    assert document.template_id == template.id or document.template_ids == [template.id]
    assert document.status == "Sent" and document.name == request.name
    assert document.metadata == {"source": "template"}
    assert [(r.email, r.placeholder_name) for r in document.recipients] == [
        (client_email, "Client"), (witness_email, "Witness")]
    assert all(r.embedded_signing_url for r in document.recipients)
    assert [f.pages_number for f in document.files] == [2]
    fields = by_api_id(document.fields)
    assert fields["client_company"].value.actual_instance == "ACME Corp"
    assert {api_id: f.recipient.email for api_id, f in fields.items()} == {
        "client_signature": client_email, "client_company": client_email,
        "witness_signature": witness_email, "witness_date": witness_email}

    # The document lives on its own: the DocumentResponse parser reads it, deleting the template
    # leaves it alone.
    account.templates.delete_template(template.id)
    fetched = account.documents.get_document(document.id)
    assert sorted(by_api_id(fetched.fields)) == sorted(fields)


def test_template_recipient_for_an_unknown_placeholder_is_rejected(account):
    template = account.templates.create_template(template_request())
    request = DocumentFromTemplateRequest(template_id=template.id, test_mode=True, recipients=[
        TemplateRecipientsInner(id="1", name="Nobody", email="nobody@example.com", placeholder_name="Stranger")])
    with pytest.raises(UnprocessableEntityError) as raised:
        account.documents.create_document_from_template(request)
    assert isinstance(raised.value.data, ValidationErrorResponse), raised.value.body


def test_template_needs_placeholders(account):
    request = template_request()
    request.placeholders = []
    request.fields = None
    with pytest.raises(UnprocessableEntityError) as raised:
        account.templates.create_template(request)
    assert any("placeholder" in key for key in raised.value.data.errors), raised.value.body
