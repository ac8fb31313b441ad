"""The SDK's embedded-signing helpers (`signwell_sdk.Embedded`) against our server: the document
it creates, the signing link it extracts, and the iframe script it builds from that link.

`Embedded.signing_iframe` accepts only https links on signwell.com or on a host passed in
`allowed_embed_hosts`. The test server speaks plain http on 127.0.0.1, so the link is checked in
the form a deployment behind TLS gives it (same host, port and path, scheme https).
"""

import json
import re
from urllib.parse import urlsplit

import pytest
from signwell_sdk import Embedded

from .builders import base64_file, signers
from .client import unique
from .pdfs import pdf_with_pages
from .signer import signing_session


def test_create_signing_document_helper(signing_server, account, http):
    people = signers(2)
    document = Embedded.create_signing_document(
        name=unique("embedded"),
        files=[{"name": "nda.pdf", "file_base64": base64_file("nda.pdf", pdf_with_pages(2)).file_base64}],
        recipients=[{"name": p.name, "email": p.email} for p in people],
        fields=[[{"x": 20, "y": 60, "page": 1, "type": "signature"},
                 {"x": 20, "y": 160, "page": 2, "type": "signature", "recipient_id": "2"}]],
        test_mode=True,
        options={"document_api": account.documents},
    )

    assert document.embedded_signing is True and document.test_mode is True
    assert [(r.id, r.email) for r in document.recipients] == [("1", people[0].email), ("2", people[1].email)]
    assert [(f.recipient_id, f.page, f.required) for f in document.fields[0]] == [("1", 1, True), ("2", 2, True)]

    urls = Embedded.embedded_signing_urls(document)
    assert set(urls) == {p.email for p in people}
    first = Embedded.embedded_signing_url(document)
    assert first == urls[people[0].email]
    assert urlsplit(first).netloc == urlsplit(signing_server.base_url).netloc

    session = signing_session(http, signing_server, first)
    assert session["document"]["id"] == document.id
    assert session["recipient"]["email"] == people[0].email and session["state"] == "ready"

    deployed = "https://" + first.split("://", 1)[1]
    host = urlsplit(deployed).hostname
    script = Embedded.signing_iframe(url=deployed, allowed_embed_hosts=[host], events={"completed": "onDone"})
    options = json.loads(re.search(r"new SignWellEmbed\((\{.*?\})\);", script).group(1))
    assert options["url"] == deployed, "the link survives the SDK's HTML-safe JSON unchanged"
    with pytest.raises(ValueError, match="SignWell-hosted"):
        Embedded.signing_iframe(url=deployed)


def test_signature_page_gives_every_recipient_a_signature(signing_server, account, http):
    """with_signature_page (spec 1.3) instead of fields: the server adds a page on which every
    recipient signs, so each one's signing session has a signature field."""
    people = signers(2)
    document = Embedded.create_signing_document(
        name=unique("signature-page"),
        files=[{"name": "nda.pdf", "file_base64": base64_file("nda.pdf", pdf_with_pages(1)).file_base64}],
        recipients=[{"name": p.name, "email": p.email} for p in people],
        with_signature_page=True,
        test_mode=True,
        options={"document_api": account.documents},
    )
    assert document.status == "Sent"
    assert [f.pages_number for f in document.files] == [1], "files[] describes the uploaded file"
    for url in Embedded.embedded_signing_urls(document).values():
        kinds = [f["type"] for f in signing_session(http, signing_server, url)["fields"]]
        assert kinds == ["signature"], kinds
