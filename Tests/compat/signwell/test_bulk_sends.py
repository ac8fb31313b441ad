"""Bulk sends (spec 1.2): the CSV template of a document template, validating a filled CSV,
creating the bulk send (one document per row), and reading it back (list, get, documents).

The CSV template's column names are the server's; the rows are filled by what each column says
it wants (an e-mail address, a name, or a field's value).
"""

import base64
import csv
import io

import pytest
from signwell_sdk import UnprocessableEntityError
from signwell_sdk.models import (
    BulkSendCsvRequest, BulkSendCsvTemplateResponse, CreateBulkSendRequest, DocumentTemplateRequest,
    PlaceholdersInner, TemplateFieldsInnerInner, ValidationErrorResponse,
)

from .builders import base64_file
from .client import unique
from .pdfs import pdf_with_pages


def customer_template(account):
    """A template with one placeholder, Customer, who signs and fills in an address."""
    return account.templates.create_template(DocumentTemplateRequest(
        name=unique("bulk-template"),
        files=[base64_file("offer.pdf", pdf_with_pages(1))],
        placeholders=[PlaceholdersInner(id="customer", name="Customer")],
        fields=[[
            TemplateFieldsInnerInner(type="signature", placeholder_id="customer", page=1, x=100, y=600),
            TemplateFieldsInnerInner(type="text", placeholder_id="customer", page=1, x=100, y=700,
                                     api_id="customer_address", label="Address"),
        ]],
    ))


def filled_csv(header, rows):
    """The CSV with a row per (name, email, address), each column filled by its name."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(header)
    for name, email, address in rows:
        writer.writerow([
            email if "email" in column.lower() else name if "name" in column.lower() else address
            for column in header
        ])
    return out.getvalue()


def encoded(text):
    """UTF-8 text as the base64 string bulk sends take."""
    return base64.b64encode(text.encode("utf-8")).decode("ascii")


def test_bulk_send_from_csv(fresh_account):
    template = customer_template(fresh_account)
    bulk = fresh_account.bulk_sends

    raw = bulk.get_bulk_send_csv_template(template_ids=[template.id])
    header = next(csv.reader(io.StringIO(bytes(raw).decode("utf-8"))))
    assert any("customer" in c.lower() and "email" in c.lower() for c in header), header
    assert any("customer" in c.lower() and "name" in c.lower() for c in header), header
    as_base64 = bulk.get_bulk_send_csv_template(template_ids=[template.id], var_base64=True)
    assert isinstance(as_base64, BulkSendCsvTemplateResponse)
    assert base64.b64decode(as_base64.data) == bytes(raw)

    tag = unique("bulk")
    rows = [(f"Customer {n}", f"{tag}-{n}@example.com", f"{n} Main Street") for n in (1, 2)]
    csv_base64 = encoded(filled_csv(header, rows))

    checked = bulk.validate_bulk_send_csv(BulkSendCsvRequest(template_ids=[template.id], bulk_send_csv=csv_base64))
    assert checked.template_ids == [template.id]
    assert base64.b64decode(checked.bulk_send_csv).decode("utf-8") == base64.b64decode(csv_base64).decode("utf-8")

    response = bulk.create_bulk_send_with_http_info(
        CreateBulkSendRequest(template_ids=[template.id], bulk_send_csv=csv_base64, name=tag))
    assert response.status_code == 201
    created = response.data
    assert (created.template_ids, created.documents_count) == ([template.id], 2)
    assert created.id and created.status and created.created_at

    listed = bulk.list_bulk_sends()
    assert [(b.id, b.documents_count, b.template_ids) for b in listed.bulk_sends] == [(created.id, 2, [template.id])]
    assert (listed.total_count, listed.current_page) == (1, 1)

    fetched = bulk.get_bulk_send(created.id)
    assert (fetched.id, fetched.documents_count) == (created.id, 2)
    assert [(t.id, t.name) for t in fetched.templates] == [(template.id, template.name)]
    assert fetched.documents_completed == 0 and fetched.documents_not_completed == 2

    documents = bulk.get_bulk_send_documents(created.id)
    assert documents.total_count == 2 and len(documents.documents) == 2
    sent_to = sorted(r.email for d in documents.documents for r in d.recipients)
    assert sent_to == sorted(email for _, email, _ in rows)
    for document in documents.documents:
        assert document.name == tag
        address = {f.api_id: f for per_file in document.fields for f in per_file}["customer_address"]
        row = next(r for r in rows if r[1] == document.recipients[0].email)
        assert address.value.actual_instance == row[2], "the CSV value pre-fills the field"
        assert fresh_account.documents.get_document(document.id).status == "Sent"


def test_csv_with_a_missing_email_is_invalid(account):
    template = customer_template(account)
    header = next(csv.reader(io.StringIO(bytes(account.bulk_sends.get_bulk_send_csv_template(
        template_ids=[template.id])).decode("utf-8"))))
    csv_base64 = encoded(filled_csv(header, [("No Email", "", "Nowhere")]))

    with pytest.raises(UnprocessableEntityError) as raised:
        account.bulk_sends.validate_bulk_send_csv(BulkSendCsvRequest(template_ids=[template.id],
                                                                     bulk_send_csv=csv_base64))
    assert isinstance(raised.value.data, ValidationErrorResponse), raised.value.body
    with pytest.raises(UnprocessableEntityError):
        account.bulk_sends.create_bulk_send(CreateBulkSendRequest(template_ids=[template.id],
                                                                  bulk_send_csv=csv_base64))
