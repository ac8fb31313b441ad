"""Fields (spec 1.4): every field type, date format and text validation in one create, the
geometry defaults, per-file pages, and the request the SignWell iOS demo sends.

In requests `width`/`height` are numbers; in responses the SDK's parser insists on strings
(spec 0.1), so each of them is read back with float().
"""

from signwell_sdk.models import (
    AdditionalFieldsInnerInnerValue, DateFormat, DetailedOption, DocumentResponse, DropdownOption, FieldType,
    TextValidation,
)

from .builders import base64_file, document_request, field
from .client import post_json, unique
from .pdfs import pdf_with_pages

# The largest height SignWell allows (spec 1.4): signature and initials, everything else.
MAX_HEIGHT = {"signature": 200, "initials": 200}
MAX_OTHER_HEIGHT = 74

# Attributes each type gets besides its position; explicit sizes for signature and text only.
TYPE_ATTRIBUTES = {
    "signature": {"width": 250, "height": 60},
    "initials": {},
    "checkbox": {"name": "agree", "required": False},
    "date": {"date_format": "Month DD, YYYY", "label": "Start date"},
    "select": {"options": [DropdownOption("Yes"), DropdownOption("No")]},
    "text": {"label": "Company", "validation": "alphanumeric", "fixed_width": True, "width": 180, "height": 30,
             "value": AdditionalFieldsInnerInnerValue("ACME")},
    "dropdown": {"options": [DropdownOption("Red"), DropdownOption(DetailedOption(name="Blue", api_id="blue"))],
                 "default_option": "Red", "allow_other": True},
}


def sizes(response_field):
    """(width, height) of a response field as numbers; both must be strings on the wire."""
    assert isinstance(response_field.width, str) and isinstance(response_field.height, str), response_field
    return float(response_field.width), float(response_field.height)


def assert_default_size(response_field):
    """The server filled in a width and a height within SignWell's limits for the type."""
    width, height = sizes(response_field)
    kind = response_field.type.value
    assert width > 0 and 0 < height <= MAX_HEIGHT.get(kind, MAX_OTHER_HEIGHT), (kind, width, height)


def test_every_field_type_in_one_document(account):
    kinds = [kind.value for kind in FieldType]
    assert len(kinds) == 15, "the SDK's FieldType enum is spec 1.4's list"
    requested = [
        field(kind, x=60 + 3 * index, y=40 + 50 * index, api_id=f"{kind}_field", **TYPE_ATTRIBUTES.get(kind, {}))
        for index, kind in enumerate(kinds)
    ]
    document = account.documents.create_document(document_request(pdf_with_pages(1), fields=requested))

    recipient = document.recipients[0]
    returned = {f.api_id: f for f in document.fields[0]}
    assert sorted(returned) == sorted(f.api_id for f in requested), "every field comes back, under its api_id"
    for sent in requested:
        got = returned[sent.api_id]
        kind = sent.type.value
        assert got.type == sent.type
        assert (got.page, got.x, got.y) == (1, sent.x, sent.y), kind
        assert (got.recipient_id, got.recipient.email, got.recipient.name) == ("1", recipient.email, recipient.name)
        assert got.required is sent.required, kind
        if sent.width is not None:
            assert sizes(got) == (sent.width, sent.height), kind
        else:
            assert_default_size(got)

    assert returned["checkbox_field"].name == "agree"
    assert returned["date_field"].date_format == DateFormat("Month DD, YYYY")
    assert returned["date_field"].label == "Start date"
    text = returned["text_field"]
    assert (text.label, text.validation, text.fixed_width) == ("Company", TextValidation("alphanumeric"), True)
    assert text.value.actual_instance == "ACME"
    dropdown = returned["dropdown_field"]
    choices = [option for option in dropdown.options if not option.is_other]
    assert [option.name for option in choices] == ["Red", "Blue"] and choices[1].api_id == "blue"
    assert (dropdown.default_option, dropdown.allow_other) == ("Red", True)
    assert [o.name for o in returned["select_field"].options] == ["Yes", "No"]


def test_every_date_format_and_text_validation_round_trips(account):
    formats = list(DateFormat)
    validations = list(TextValidation)
    requested = [field("date", x=60, y=40 + 30 * i, api_id=f"date_{i}", date_format=f) for i, f in enumerate(formats)]
    requested += [field("text", x=400, y=40 + 30 * i, api_id=f"text_{i}", validation=v) for i, v in enumerate(validations)]
    document = account.documents.create_document(document_request(pdf_with_pages(1), fields=requested))

    returned = {f.api_id: f for f in document.fields[0]}
    assert [returned[f"date_{i}"].date_format for i in range(len(formats))] == formats
    assert [returned[f"text_{i}"].validation for i in range(len(validations))] == validations


def test_pages_are_counted_per_file_and_fields_beyond_a_file_are_dropped(account):
    """`page` is 1-based within its file; a field on a page the file does not have is silently not
    created, as SignWell does (spec 1.4)."""
    request = document_request(pdf_with_pages(2), fields=[
        field("signature", page=1, api_id="kept_1"),
        field("text", page=3, api_id="beyond_file_1"),  # file 1 has 2 pages: dropped
    ])
    request.files = [base64_file("two.pdf", pdf_with_pages(2)), base64_file("three.pdf", pdf_with_pages(3))]
    request.fields.append([field("text", page=3, api_id="kept_2"), field("date", page=99, api_id="beyond_file_2")])

    document = account.documents.create_document(request)

    assert [f.pages_number for f in document.files] == [2, 3]
    assert [[(f.api_id, f.page) for f in per_file] for per_file in document.fields] == [
        [("kept_1", 1)], [("kept_2", 3)]]


def test_the_ios_demo_request_is_accepted_as_it_is(account):
    """The exact body of the SignWell iOS demo (spec 1.3): no width or height on its fields, none of
    the defaults the Python SDK adds."""
    email = f"{unique('demo')}@example.com"
    body = {
        "name": unique("ios-demo"),
        "embedded_signing": True,
        "draft": False,
        "test_mode": True,
        "reminders": False,
        "files": [{"name": "file_1.pdf", "file_base64": base64_file("x", pdf_with_pages(1)).file_base64}],
        "recipients": [{"id": "1", "name": "John Doe", "email": email}],
        "fields": [[
            {"x": 200, "y": 550, "page": 1, "recipient_id": "1", "type": "signature", "required": True},
            {"x": 110, "y": 550, "page": 1, "recipient_id": "1", "type": "date", "date_format": "Month DD, YYYY",
             "lock_sign_date": False},
        ]],
    }
    document = post_json(account, "/api/v1/documents", body, {"201": "DocumentResponse", "200": "DocumentResponse"})

    assert isinstance(document, DocumentResponse)
    assert document.recipients[0].email == email and document.recipients[0].embedded_signing_url
    assert document.reminders is False
    signature, date = document.fields[0]
    assert (signature.type.value, date.type.value, date.date_format.value) == ("signature", "date", "Month DD, YYYY")
    assert_default_size(signature)
    assert_default_size(date)
