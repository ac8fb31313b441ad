"""Signing by mail in a real Chromium: the mail arrives, its link opens the signing page, and
signing through it completes the document.

A server of this module's own mails through a real SMTP server on loopback (aiosmtpd,
Tests/mail/smtp_server.py, which stores each message it accepts). A document is made through the
SignWell API with `embedded_signing` false, SignWell's default, so the server mails each
recipient their signing link when their turn comes. Chromium opens the link taken from the
mail's plain text, on its own (no widget), and the recipient signs there like a person; the
second recipient's mail comes only once the first has signed. Once both have, the document is
completed, and everyone who took part is mailed the completed PDF, attached and linked.

A member also prepares a document in the web app for senders (test_sender_app.py's helpers),
sends it by mail, and once Jane has signed from the mail sees it completed on their list.

The helpers that make documents and drive the signing page are test_signing.py's.
"""

import hashlib
import uuid
from urllib.parse import urlsplit

import pytest
import requests
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from mail_server import FILE_LINK, SENDER, SIGNING_LINK, link_in, mailbox_server, serve_mailing, text_of
from notary.qed import api_key
from test_sender_app import drag, member, row_of, sheet, shown, sign_in
from test_signing import (
    API,
    TIMEOUT,
    WAIT,
    adopt,
    assert_no_page_errors,
    create_document,
    dialog_open,
    draw_signature,
    field,
    field_values,
    finish,
    get_document,
    letter_pdf,
    progress,
    recipient,
    sent_requests,
    session_of,
    signing_url,
    wait_for_fields,
)



# MARK: the server that mails


@pytest.fixture(scope="module")
def mailbox(tmp_path_factory):
    """The test SMTP server's mailbox."""
    with mailbox_server(tmp_path_factory.mktemp("mailbox")) as mailbox:
        yield mailbox


@pytest.fixture(scope="module")
def mailing_server(tmp_path_factory, mailbox):
    """A server of this module's own that mails through the test SMTP server."""
    yield from serve_mailing(tmp_path_factory, mailbox, "browser-mail")


@pytest.fixture(scope="module")
def mail_key(mailing_server):
    return api_key(mailing_server, "Administrator", f"signing-mail-{uuid.uuid4().hex[:8]}")


# MARK: signing through the mailed link


def open_mailed_link(browser, link):
    """Opens the link from a mail in Chromium, as a click in a mail program would, and waits for
    the recipient's fields."""
    browser.get(link)
    wait_for_fields(browser)
    assert browser.current_url == link


def sign_with_a_drawn_signature(browser, session, name):
    """Types the full name into its field and draws the signature."""
    assert progress(browser) == "2 of 2 required fields left"
    field(browser, "jane_name", session, "input").send_keys(name)
    field(browser, "jane_signature", session, "button").click()
    WebDriverWait(browser, WAIT).until(lambda b: dialog_open(b, "signature-dialog"))
    draw_signature(browser)
    adopt(browser)
    assert field(browser, "jane_signature", session, "img").is_displayed()


def sign_with_a_typed_signature(browser, session, name):
    """Adopts the typed signature the dialog offers, the recipient's own name."""
    assert progress(browser) == "1 of 1 required field left"
    field(browser, "john_signature", session, "button").click()
    WebDriverWait(browser, WAIT).until(lambda b: dialog_open(b, "signature-dialog"))
    browser.find_element(By.ID, "tab-type").click()
    assert browser.find_element(By.ID, "type-text").get_attribute("value") == name
    adopt(browser)
    assert field(browser, "john_signature", session, "img").is_displayed()


def assert_only_the_server_was_asked(browser, server):
    """Every request the page made went to the signing server."""
    origins = {urlsplit(url)._replace(path="", query="", fragment="").geturl()
               for url in sent_requests(browser) if url.startswith("http")}
    assert origins == {server.base_url}, origins


def test_the_mailed_links_open_the_signing_page_and_signing_completes_the_document(mailing_server, mail_key, mailbox, browser):
    """Jane is mailed her link and signs through it in Chromium; only then is John mailed his, and
    once he has signed through it the document is completed and Jane, John and the copied
    contact each get the completed PDF attached, and a link to the same file."""
    suffix = uuid.uuid4().hex[:8]
    jane = {"id": "1", "name": "Jane Doe", "email": f"jane-{suffix}@example.com"}
    john = {"id": "2", "name": "John Roe", "email": f"john-{suffix}@example.com"}
    copied = f"legal-{suffix}@example.com"
    fields = [
        {"type": "text", "recipient_id": "1", "page": 1, "x": 100, "y": 200, "width": 220, "height": 24,
         "label": "Full name", "required": True, "api_id": "jane_name"},
        {"type": "signature", "recipient_id": "1", "page": 1, "x": 100, "y": 700, "width": 240, "height": 60,
         "required": True, "api_id": "jane_signature"},
        {"type": "signature", "recipient_id": "2", "page": 2, "x": 450, "y": 700, "width": 240, "height": 60,
         "required": True, "api_id": "john_signature"},
    ]
    document = create_document(
        mailing_server, mail_key, "Mailed NDA", [jane, john], fields, embedded_signing=False, apply_signing_order=True,
        subject="Please sign the NDA", message="Both of us, in turn.", copied_contacts=[{"email": copied, "name": "Legal"}],
    )
    document_id = document["id"]

    # Jane's mail arrives, from the configured sender, with the link the API gave for her.
    [request] = mailbox.mail_to(jane["email"])
    assert request["mail_from"] == "signing@example.com"
    assert request["headers"]["From"] == SENDER
    assert request["headers"]["To"] == f"{jane['name']} <{jane['email']}>"
    assert request["headers"]["Subject"] == "Please sign the NDA"
    assert "Both of us, in turn." in text_of(request)
    jane_link = link_in(request, SIGNING_LINK)
    assert jane_link == signing_url(document, "1")
    assert urlsplit(jane_link).netloc == urlsplit(mailing_server.base_url).netloc

    # Chromium opens it, and Jane fills and signs. By the time she is ready to finish John has
    # still had nothing: his turn has not come.
    browser.get_log("browser")
    browser.get_log("performance")
    open_mailed_link(browser, jane_link)
    sign_with_a_drawn_signature(browser, session_of(jane_link), "Jane Q. Doe")
    assert mailbox.so_far(john["email"]) == []
    assert "Thank you for signing" in finish(browser)
    assert_no_page_errors(browser)
    assert_only_the_server_was_asked(browser, mailing_server)
    signed_once = get_document(mailing_server, mail_key, document_id)
    assert recipient(signed_once, "1")["status"] == "signed"
    assert signed_once["status"] != "Completed"

    # Now John is mailed his link, and signs through it with his typed name.
    [john_request] = mailbox.mail_to(john["email"])
    assert john_request["headers"]["To"] == f"{john['name']} <{john['email']}>"
    john_link = link_in(john_request, SIGNING_LINK)
    assert john_link == signing_url(document, "2") and john_link != jane_link
    open_mailed_link(browser, john_link)
    sign_with_a_typed_signature(browser, session_of(john_link), john["name"])
    assert "Everyone has signed" in finish(browser)
    assert_no_page_errors(browser)
    assert_only_the_server_was_asked(browser, mailing_server)

    completed = get_document(mailing_server, mail_key, document_id)
    assert completed["status"] == "Completed"
    assert [recipient(completed, number)["status"] for number in ("1", "2")] == ["signed", "signed"]
    values = field_values(completed)
    assert values["jane_name"] == "Jane Q. Doe"
    assert values["jane_signature"] == "drawn" and values["john_signature"] == "typed", values

    # Everyone who took part is mailed the completed PDF, attached, and a link to the same file;
    # nobody was asked to sign twice.
    response = requests.get(mailing_server.url(f"{API}/documents/{document_id}/completed_pdf"),
                            headers={"X-Api-Key": mail_key, "Accept": "application/octet-stream"}, timeout=TIMEOUT)
    assert response.status_code == 200 and response.content.startswith(b"%PDF-"), response.text[:500]
    for address in (jane["email"], john["email"], copied):
        messages = mailbox.mail_to(address, count=1 if address == copied else 2)
        assert sum(bool(SIGNING_LINK.search(text_of(message))) for message in messages) == (0 if address == copied else 1)
        done = messages[-1]
        assert done["headers"]["Subject"] == "Completed: “Mailed NDA”"
        assert not SIGNING_LINK.search(text_of(done))
        [pdf] = [part for part in done["parts"] if part["content_type"] == "application/pdf"]
        download = requests.get(link_in(done, FILE_LINK), timeout=TIMEOUT)
        assert download.status_code == 200 and download.content.startswith(b"%PDF-")
        assert hashlib.sha256(download.content).hexdigest() == pdf["sha256"]
        assert pdf["sha256"] == hashlib.sha256(response.content).hexdigest()


def test_a_document_prepared_in_the_web_app_is_mailed_signed_from_the_mail_and_completed_on_the_list(
    mailing_server, mailbox, browser, tmp_path
):
    """A member prepares a document in the web app (upload, a signature dragged onto the page,
    sent by mail), Jane signs from the mail in Chromium, and the member's list shows it
    completed."""
    suffix = uuid.uuid4().hex[:8]
    jane = f"jane-app-{suffix}@example.com"
    title = f"App NDA {suffix}"
    name, password, _ = member(mailing_server)
    pdf = tmp_path / "nda.pdf"
    pdf.write_bytes(letter_pdf(title))
    browser.delete_all_cookies()
    try:
        sign_in(mailing_server, browser, name, password)
        browser.get(mailing_server.url("/signing/documents/new"))
        assert browser.find_element(By.ID, "delivery-email").is_selected()
        browser.find_element(By.ID, "file").send_keys(str(pdf))
        browser.find_element(By.ID, "name").send_keys(title)
        browser.find_element(By.ID, "recipient-name-1").send_keys("Jane Doe")
        browser.find_element(By.ID, "recipient-email-1").send_keys(jane)
        browser.find_element(By.ID, "upload").click()
        WebDriverWait(browser, WAIT).until(lambda b: b.current_url.endswith("/prepare"))
        shown(browser, "send")
        drag(browser, browser.find_element(By.CSS_SELECTOR, ".field-kind[data-type='signature']"), sheet(browser, 1))
        assert browser.find_element(By.ID, "field-count").text == "1 field placed."
        browser.find_element(By.ID, "send").click()
        WebDriverWait(browser, WAIT).until(lambda b: "done=sent" in b.current_url)
        shown(browser, "document-status")
        assert not browser.find_elements(By.ID, "signing-links")

        [request] = mailbox.mail_to(jane)
        assert request["headers"]["Subject"] == f"Please sign “{title}”"
        link = link_in(request, SIGNING_LINK)
        open_mailed_link(browser, link)
        browser.find_element(By.CSS_SELECTOR, ".page .field button").click()
        WebDriverWait(browser, WAIT).until(lambda b: dialog_open(b, "signature-dialog"))
        draw_signature(browser)
        adopt(browser)
        assert "Everyone has signed" in finish(browser)

        browser.get(mailing_server.url("/signing/documents"))
        assert row_of(browser, title)[1:3] == ["Completed", "1 of 1"]
    finally:
        browser.delete_all_cookies()
