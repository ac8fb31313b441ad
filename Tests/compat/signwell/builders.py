"""Request models of the SDK as the tests build them: files, recipients, fields and whole
create-document requests with everything a test does not care about left at the SDK's defaults."""

import base64
import uuid

from signwell_sdk.models import DocumentRequest, FieldsInnerInner, FilesInner, RecipientsInner

from .client import unique


def base64_file(name, data):
    """A `files[]` entry carrying the bytes as base64."""
    return FilesInner(name=name, file_base64=base64.b64encode(data).decode("ascii"))


def signers(count):
    """`count` recipients with ids "1".."count" and unique e-mail addresses."""
    tag = uuid.uuid4().hex[:8]
    return [
        RecipientsInner(id=str(number), name=f"Signer {number}", email=f"signer{number}-{tag}@example.com")
        for number in range(1, count + 1)
    ]


def field(kind, recipient_id="1", page=1, x=100, y=100, **attributes):
    """One field of `kind` (a FieldType value) for the recipient."""
    return FieldsInnerInner(type=kind, recipient_id=recipient_id, page=page, x=x, y=y, **attributes)


def signature_fields(recipients, page=1):
    """A signature field for each recipient, stacked down the page."""
    return [field("signature", r.id, page=page, x=100, y=200 + 120 * index) for index, r in enumerate(recipients)]


def document_request(pdf, recipients=None, fields=None, **attributes):
    """A test-mode, embedded-signing request for one file: by default one recipient with one
    signature field. `fields` is the list for that file; `attributes` override the rest."""
    recipients = recipients if recipients is not None else signers(1)
    values = {
        "name": unique("compat-doc"),
        "test_mode": True,
        "embedded_signing": True,
        "files": [base64_file("contract.pdf", pdf)],
        "recipients": recipients,
        "fields": [fields if fields is not None else signature_fields(recipients)],
    }
    values.update(attributes)
    return DocumentRequest(**values)
