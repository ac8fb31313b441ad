"""Mail to recipients, with the official SDK against a server that sends mail through a real SMTP
server on loopback (aiosmtpd): a document not signed embedded (`embedded_signing` false,
SignWell's default) mails each recipient their signing link when their turn comes, and
`POST …/remind` mails the recipients who have still to sign, and a decline is mailed to the
document's sender. The link in the mail is the one the recipient signs with (signer.py drives the
signing page's JSON endpoints)."""

import hashlib
import uuid

import pytest
from signwell_sdk.models import CopiedContactsInner, SendReminderRequest

from mail_server import FILE_LINK, SENDER, SIGNING_LINK, link_in, mailbox_server, serve_mailing, text_of

from .builders import document_request, signature_fields, signers
from .client import make_application, new_account, raw_document
from .pdfs import pdf_with_pages
from .signer import complete_signing, decline_signing



@pytest.fixture(scope="module")
def mailbox(tmp_path_factory):
    """The test SMTP server's mailbox."""
    with mailbox_server(tmp_path_factory.mktemp("mailbox")) as mailbox:
        yield mailbox


@pytest.fixture(scope="module")
def mailing_server(tmp_path_factory, mailbox):
    """A server of this module's own that mails through the test SMTP server."""
    yield from serve_mailing(tmp_path_factory, mailbox, "signwell-mail")


@pytest.fixture(scope="module")
def account(mailing_server):
    return new_account(mailing_server)


def test_each_recipient_is_asked_to_sign_when_their_turn_comes(mailing_server, account, mailbox, http):
    first, second = signers(2)
    copied = f"copied-{uuid.uuid4().hex[:8]}@example.com"
    requester = f"requester-{uuid.uuid4().hex[:8]}@example.com"
    document = account.documents.create_document(document_request(
        pdf_with_pages(1), recipients=[first, second], fields=signature_fields([first, second]),
        embedded_signing=False, apply_signing_order=True, subject="Our agreement", message="Please sign by Friday.",
        copied_contacts=[CopiedContactsInner(email=copied, name="Legal")], custom_requester_email=requester,
    ))
    links = {recipient.email: recipient.embedded_signing_url for recipient in document.recipients}
    assert raw_document(account, document.id)["email_sent"] is True

    [request] = mailbox.mail_to(first.email)
    assert request["mail_from"] == "signing@example.com"
    assert request["headers"]["From"] == SENDER
    assert request["headers"]["To"] == f"{first.name} <{first.email}>"
    assert request["headers"]["Subject"] == "Our agreement"
    assert "Please sign by Friday." in request["parts"][0]["text"]
    assert link_in(request, SIGNING_LINK) == links[first.email]

    # The second recipient's turn comes when the first has signed through the mailed link.
    complete_signing(http, mailing_server, link_in(request, SIGNING_LINK))
    [second_request] = mailbox.mail_to(second.email)
    assert link_in(second_request, SIGNING_LINK) == links[second.email]
    complete_signing(http, mailing_server, link_in(second_request, SIGNING_LINK))
    assert account.documents.get_document(document.id).status == "Completed"

    # Everyone who took part, the sender too, gets the completed PDF, attached and linked;
    # nobody was asked twice.
    for address in (first.email, second.email, copied, requester):
        completed = mailbox.mail_to(address, count=1 if address in (copied, requester) else 2)[-1]
        assert completed["headers"]["Subject"] == f"Completed: “{document.name}”"
        [pdf] = [part for part in completed["parts"] if part["content_type"] == "application/pdf"]
        download = http.get(link_in(completed, FILE_LINK), timeout=30)
        assert download.status_code == 200 and download.content.startswith(b"%PDF-")
        assert hashlib.sha256(download.content).hexdigest() == pdf["sha256"]


def test_a_reminder_goes_to_those_who_have_still_to_sign(mailing_server, account, mailbox, http):
    first, second = signers(2)
    document = account.documents.create_document(document_request(
        pdf_with_pages(1), recipients=[first, second], fields=signature_fields([first, second]), embedded_signing=False,
    ))
    [request] = mailbox.mail_to(first.email)
    mailbox.mail_to(second.email)
    complete_signing(http, mailing_server, link_in(request, SIGNING_LINK))

    account.documents.send_reminder(document.id, SendReminderRequest())
    [_, reminder] = mailbox.mail_to(second.email, count=2)
    assert reminder["headers"]["Subject"].startswith("Reminder: ")
    assert "still waiting for your signature" in reminder["parts"][0]["text"]
    assert link_in(reminder, SIGNING_LINK) == document.recipients[1].embedded_signing_url
    # The one who signed gets no reminder.
    assert len(mailbox.mail_to(first.email)) == 1


def test_embedded_signing_mails_only_recipients_with_send_email(mailing_server, account, mailbox):
    silent, mailed = signers(2)
    unmailed = account.documents.create_document(document_request(
        pdf_with_pages(1), recipients=[silent], fields=signature_fields([silent]), embedded_signing=True,
    ))
    assert raw_document(account, unmailed.id)["email_sent"] is False, "nobody of an embedded document takes mail"
    mailed.send_email = True
    document = account.documents.create_document(document_request(
        pdf_with_pages(1), recipients=[silent, mailed], fields=signature_fields([silent, mailed]), embedded_signing=True,
    ))
    assert raw_document(account, document.id)["email_sent"] is True
    # Both messages would have been queued together: once the one is in, the other would be too.
    [request] = mailbox.mail_to(mailed.email)
    assert link_in(request, SIGNING_LINK)
    assert mailbox.so_far(silent.email) == []


def test_a_decline_is_mailed_to_the_sender_with_the_reason(mailing_server, account, mailbox, http):
    [signer] = signers(1)
    requester = f"deals-{uuid.uuid4().hex[:8]}@example.com"
    document = account.documents.create_document(document_request(
        pdf_with_pages(1), recipients=[signer], embedded_signing=False, allow_decline=True,
        custom_requester_name="Deals Desk", custom_requester_email=requester,
    ))
    [request] = mailbox.mail_to(signer.email)
    decline_signing(http, mailing_server, link_in(request, SIGNING_LINK), "Clause 4 is wrong.")

    [declined] = mailbox.mail_to(requester)
    assert declined["headers"]["To"] == f"Deals Desk <{requester}>"
    assert declined["headers"]["Subject"] == f"Declined: “{document.name}”"
    text = text_of(declined)
    assert f"{signer.name} ({signer.email}) declined to sign “{document.name}”." in text
    assert "Their reason:\r\nClause 4 is wrong." in text


def test_a_request_wears_its_api_applications_name_and_colours(mailing_server, account, mailbox):
    application = make_application(account, preferences={"primary_color": "#0a7d4f", "button_text_color": "#fafafa"})
    [signer] = signers(1)
    account.documents.create_document(document_request(
        pdf_with_pages(1), recipients=[signer], embedded_signing=False, api_application_id=application.id,
        message="Read <b>clause 4</b> first.",
    ))
    [request] = mailbox.mail_to(signer.email)
    assert request["headers"]["From"] == f"{application.name} <signing@example.com>"
    [html] = [part["text"] for part in request["parts"] if part["content_type"] == "text/html"]
    link = link_in(request, SIGNING_LINK)
    assert f'href="{link}"' in html
    assert "background:#0a7d4f;color:#fafafa" in html
    assert f">{application.name}</p>" in html
    assert "Read &lt;b&gt;clause 4&lt;/b&gt; first." in html, "the sender's message is text, not HTML"

