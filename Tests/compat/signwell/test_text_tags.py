"""`text_tags` (spec 1.3): the server finds `{{type:recipient:...}}` tags in the files' text and
makes fields where they are drawn. Chancery's tag grammar is documented in
docs/signing-text-tags.md. Positions are checked against poppler's own text layout
(`pdftotext -bbox`), and a tagged HTML file goes through LibreOffice first, as a Word or HTML
contract would.
"""

import base64
import re
import subprocess

import pytest
from signwell_sdk import UnprocessableEntityError
from signwell_sdk.models import ValidationErrorResponse

from .builders import base64_file, document_request, signers
from .client import TIMEOUT
from .pdfs import LETTER, pdf_with_pages, saved
from .signer import complete_signing

# CSS pixels (SignWell's 96 dpi) per point.
PIXELS_PER_POINT = 96 / 72


def word_boxes(pdf_path):
    """Each word of the first page with its box in points from the top-left, per pdftotext."""
    html = subprocess.run(["pdftotext", "-bbox", "-f", "1", "-l", "1", str(pdf_path), "-"],
                          check=True, capture_output=True, text=True, timeout=TIMEOUT).stdout
    pattern = r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>'
    return [(word, float(x0), float(y0), float(x1), float(y1)) for x0, y0, x1, y1, word in re.findall(pattern, html)]


def test_tags_become_fields_where_poppler_draws_them(account, tmp_path):
    pdf = pdf_with_pages(1, label="Signature {{s:1}} Title {{t:2:Job title:api_id=title}}")
    recipients = signers(2)
    request = document_request(pdf, recipients=recipients, fields=[], text_tags=True)
    document = account.documents.create_document(request)

    fields = document.fields[0]
    assert [(f.type, f.recipient_id) for f in fields] == [("signature", "1"), ("text", "2")]
    assert fields[1].label == "Job title" and fields[1].api_id == "title"
    words = {word: (x0, y0) for word, x0, y0, _, _ in word_boxes(saved(pdf, tmp_path, "tagged.pdf"))}
    for field, word in zip(fields, ["{{s:1}}", "{{t:2:Job"]):
        x0, y0 = words[word]
        assert abs(field.x - x0 * PIXELS_PER_POINT) < 1, f"{field.type} at x {field.x}, poppler's word at {x0} pt"
        # poppler's box starts at the font's ascent (0.718 em for Helvetica), a field at the font
        # size (1 em) above the baseline: a little higher, by less than a third of the 18 pt size.
        above = y0 * PIXELS_PER_POINT - field.y
        assert 0 <= above < 18 / 3 * PIXELS_PER_POINT, f"{field.type} at y {field.y}, poppler's word at {y0} pt"
        assert field.page == 1


def test_a_tagged_document_can_be_signed_to_completion(account, signing_server):
    import requests
    pdf = pdf_with_pages(1, label="Agreed {{signature:1}} on {{date:1:date_format=YYYY/MM/DD}}")
    document = account.documents.create_document(document_request(pdf, recipients=signers(1), fields=[], text_tags=True))
    assert [f.type for f in document.fields[0]] == ["signature", "date"]
    with requests.Session() as http:
        complete_signing(http, signing_server, document.recipients[0].embedded_signing_url)
    assert account.documents.get_document(document.id).status == "Completed"


def test_tags_in_an_html_contract_survive_libreoffice(account):
    html = (b"<html><body><h1>Services agreement</h1>"
            b"<p>Client: {{signature:1}}</p><p>Initials: {{i:2}}</p>"
            b"<p>Colour: {{dropdown:2:n:options=Red|Green}}</p></body></html>")
    request = document_request(b"", recipients=signers(2), fields=[], text_tags=True)
    request.files = [base64_file("agreement.html", html)]
    document = account.documents.create_document(request)

    fields = document.fields[0]
    assert [(f.type, f.recipient_id, f.required) for f in fields] == [
        ("signature", "1", True), ("initials", "2", True), ("dropdown", "2", False)]
    assert [option.name if hasattr(option, "name") else option for option in fields[2].options] == ["Red", "Green"]
    width, height = (side * PIXELS_PER_POINT for side in LETTER)
    for field in fields:
        assert 0 < field.x < width and 0 < field.y < height, f"{field.type} off the page: ({field.x}, {field.y})"
    assert fields[0].y < fields[1].y < fields[2].y, "the tags' order down the page"


def test_bad_tags_are_validation_errors_naming_them(account):
    pdf = pdf_with_pages(1, label="{{s:5}} and {{t:1:colour=red}}")
    with pytest.raises(UnprocessableEntityError) as raised:
        account.documents.create_document(document_request(pdf, recipients=signers(1), fields=[], text_tags=True))
    errors = ValidationErrorResponse.from_json(raised.value.body).errors
    assert "who is not a recipient" in errors["files[0].text_tags[0]"][0]
    assert "unknown option colour" in errors["files[0].text_tags[1]"][0]


def test_text_tags_without_any_tag_and_no_fields_is_refused(account):
    with pytest.raises(UnprocessableEntityError) as raised:
        account.documents.create_document(document_request(pdf_with_pages(1), recipients=signers(1), fields=[], text_tags=True))
    assert "found no text tags" in ValidationErrorResponse.from_json(raised.value.body).errors["text_tags"][0]
