"""The web app for senders (/signing) in a real Chromium, against the real server.

A person signs in with the form (a wrong password first), finds their documents with who has
signed, filters them, opens one, reminds its recipients, cancels it, sees a document that its
recipient signed (through the signing page's JSON endpoints) as completed with its signed PDF,
and signs out, after which the pages lead back to the sign-in form. Another member's documents
never show. The pages are checked at phone width too: nothing wider than the screen.

A new document is uploaded with the form, its pages drawn with pdf.js, its fields dragged from
the palette onto the pages (and one moved), and sent; the fields are where they were dropped,
the recipients sign through their links, and the document shows as completed on the list.
"""

import base64
import secrets
import uuid

import pytest
import requests
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from notary.qed import api_key
from test_signing import letter_pdf, signature_png

TIMEOUT = 60
WAIT = 30
API = "/signwell/api/v1"


def member(server):
    """A fresh member: (name, password, API key)."""
    name = f"sender-{uuid.uuid4().hex[:8]}"
    password = f"pw-{secrets.token_hex(12)}"
    server.cli("user", "add", name, "--password-stdin", input=f"{password}\n")
    return name, password, api_key(server, name, f"{name}-key")


def create_document(server, key, name, recipients):
    """Sends a document for embedded signing, one signature field per recipient; returns its JSON."""
    body = {
        "test_mode": True,
        "name": name,
        "embedded_signing": True,
        "files": [{"name": f"{name}.pdf", "file_base64": base64.b64encode(letter_pdf(name)).decode()}],
        "recipients": recipients,
        "fields": [[{"x": 72, "y": 300 + 80 * index, "page": 1, "recipient_id": r["id"], "type": "signature"}
                    for index, r in enumerate(recipients)]],
    }
    response = requests.post(server.url(f"{API}/documents"), json=body, headers={"X-Api-Key": key}, timeout=TIMEOUT)
    assert response.status_code == 201, response.text[:2000]
    return response.json()


def sign(document, recipient_id):
    """Signs as the recipient through the signing page's JSON endpoints, with a drawn signature
    and a date in each of their date fields."""
    url = next(r for r in document["recipients"] if r["id"] == recipient_id)["embedded_signing_url"]
    session = requests.get(url + "/session", timeout=TIMEOUT)
    assert session.status_code == 200
    dates = {field["id"]: "01/02/2027" for field in session.json()["fields"] if field["type"] == "date"}
    submission = {
        "values": dates,
        "signature": {"method": "drawn", "image": "data:image/png;base64," + base64.b64encode(signature_png()).decode()},
    }
    response = requests.post(url + "/complete", json=submission, timeout=TIMEOUT)
    assert response.status_code == 200, response.text[:2000]


def shown(browser, element_id):
    """The element `element_id` once the page that has it has loaded: a click that submits a form
    returns before the next page is there."""
    WebDriverWait(browser, WAIT).until(lambda b: b.find_elements(By.ID, element_id))
    return browser.find_element(By.ID, element_id)


def row_of(browser, name):
    """The cells of the documents table's row whose link is `name`."""
    for row in browser.find_elements(By.CSS_SELECTOR, "#documents tbody tr"):
        if row.find_element(By.TAG_NAME, "a").text == name:
            return [cell.text for cell in row.find_elements(By.TAG_NAME, "td")]
    return None


def assert_no_page_errors(browser):
    """No script or style the policy blocked and no failed load, but the browser's favicon probe."""
    errors = [entry for entry in browser.get_log("browser")
              if entry["level"] == "SEVERE" and "/favicon.ico" not in entry["message"]]
    assert not errors, errors


def assert_fits(browser):
    """Nothing on the page is wider than the window."""
    assert browser.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")


def sign_in(server, browser, name, password):
    """Signs in with the form, from the documents' list."""
    browser.get(server.url("/signing/documents"))
    browser.find_element(By.ID, "username").send_keys(name)
    browser.find_element(By.ID, "password").send_keys(password)
    browser.find_element(By.CSS_SELECTOR, "form.sign-in button").click()
    WebDriverWait(browser, WAIT).until(lambda b: b.current_url == server.url("/signing/documents"))
    shown(browser, "user")


@pytest.fixture()
def signed_out(browser):
    """The suite's Chromium with no cookies, before and after the test."""
    browser.delete_all_cookies()
    yield browser
    browser.delete_all_cookies()
    browser.set_window_size(1280, 1000)


def test_a_sender_signs_in_follows_their_documents_and_signs_out(server, signed_out):
    browser = signed_out
    name, password, key = member(server)
    _, _, other_key = member(server)
    lease = create_document(server, key, f"Lease {uuid.uuid4().hex[:6]}", [
        {"id": "1", "name": "Jane Doe", "email": "jane@example.com"},
        {"id": "2", "name": "John Roe", "email": "john@example.com"},
    ])
    receipt = create_document(server, key, f"Receipt {uuid.uuid4().hex[:6]}", [
        {"id": "1", "name": "Ann Poe", "email": "ann@example.com"},
    ])
    sign(receipt, "1")
    others = create_document(server, other_key, f"Other {uuid.uuid4().hex[:6]}", [
        {"id": "1", "name": "Max Moe", "email": "max@example.com"},
    ])

    # Not signed in: the app leads to the form, which comes back after sign-in.
    browser.get(server.url("/signing/documents"))
    assert browser.current_url.startswith(server.url("/sign-in?next="))
    browser.find_element(By.ID, "username").send_keys(name)
    browser.find_element(By.ID, "password").send_keys("not the password")
    browser.find_element(By.CSS_SELECTOR, "form.sign-in button").click()
    assert shown(browser, "message").text == "Wrong user name or password."
    assert browser.find_element(By.ID, "username").get_attribute("value") == name
    browser.find_element(By.ID, "password").send_keys(password)
    browser.find_element(By.CSS_SELECTOR, "form.sign-in button").click()
    WebDriverWait(browser, WAIT).until(lambda b: b.current_url == server.url("/signing/documents"))
    assert shown(browser, "user").text == name
    session = browser.get_cookie("chancery_session")
    assert session["httpOnly"] and session["sameSite"] == "Lax"

    # The list: each document with who has signed; another member's never.
    assert row_of(browser, lease["name"])[1:3] == ["Sent", "0 of 2"]
    assert row_of(browser, receipt["name"])[1:3] == ["Completed", "1 of 1"]
    assert row_of(browser, others["name"]) is None
    Select(browser.find_element(By.ID, "status")).select_by_visible_text("Completed")
    browser.find_element(By.CSS_SELECTOR, "form.filter button").click()
    WebDriverWait(browser, WAIT).until(lambda b: "status=completed" in b.current_url)
    shown(browser, "documents")
    assert row_of(browser, receipt["name"]) is not None and row_of(browser, lease["name"]) is None
    assert_no_page_errors(browser)

    # The completed document: its signed PDF.
    browser.find_element(By.LINK_TEXT, receipt["name"]).click()
    WebDriverWait(browser, WAIT).until(lambda b: b.current_url.endswith(f"/signing/documents/{receipt['id']}"))
    assert shown(browser, "document-status").text == "Completed"
    pdf_link = browser.find_element(By.ID, "completed-pdf").get_attribute("href")
    cookies = {"chancery_session": browser.get_cookie("chancery_session")["value"]}
    pdf = requests.get(pdf_link, cookies=cookies, timeout=TIMEOUT)
    assert pdf.status_code == 200 and pdf.headers["Content-Type"] == "application/pdf" and pdf.content.startswith(b"%PDF-")
    assert requests.get(pdf_link, timeout=TIMEOUT, allow_redirects=False).status_code == 303

    # The document waiting for signatures: remind, then cancel.
    browser.get(server.url(f"/signing/documents/{lease['id']}"))
    recipients = [row.text for row in browser.find_elements(By.CSS_SELECTOR, "#recipients tbody tr")]
    assert "Jane Doe" in recipients[0] and "John Roe" in recipients[1]
    browser.find_element(By.ID, "remind").click()
    WebDriverWait(browser, WAIT).until(lambda b: "done=reminded" in b.current_url)
    assert "reminded" in shown(browser, "notice").text
    trail = browser.find_element(By.ID, "events").text
    assert "reminded · Jane Doe" in trail and "reminded · John Roe" in trail
    browser.find_element(By.ID, "cancel").click()
    WebDriverWait(browser, WAIT).until(lambda b: "done=canceled" in b.current_url)
    assert shown(browser, "document-status").text == "Canceled"
    assert not browser.find_elements(By.ID, "remind")
    state = requests.get(server.url(f"{API}/documents/{lease['id']}"), headers={"X-Api-Key": key}, timeout=TIMEOUT).json()
    assert state["status"] == "Canceled"

    # Phone width: the list and a document's page fit the screen.
    browser.set_window_size(390, 844)
    for path in ("/signing/documents", f"/signing/documents/{lease['id']}", "/signing/documents/new"):
        browser.get(server.url(path))
        assert_fits(browser)
    assert_no_page_errors(browser)

    # Signing out ends the session: the pages lead to the form again, even with the old cookie.
    browser.find_element(By.CSS_SELECTOR, "form.sign-out button").click()
    WebDriverWait(browser, WAIT).until(lambda b: b.current_url.startswith(server.url("/sign-in")))
    assert browser.get_cookie("chancery_session") is None
    old = requests.get(server.url("/signing/documents"), cookies=cookies, timeout=TIMEOUT, allow_redirects=False)
    assert old.status_code == 303 and old.headers["Location"].startswith("/sign-in")


def drag(browser, source, target, offset=(0, 0)):
    """Presses the pointer on `source`, moves it to `offset` screen pixels from `target`'s centre in
    steps, and releases it there."""
    ActionChains(browser, duration=50).click_and_hold(source).move_by_offset(5, 5) \
        .move_to_element_with_offset(target, *offset).release().perform()


def move(browser, element, dx, dy):
    """Drags `element` by (dx, dy) screen pixels, in two steps."""
    ActionChains(browser, duration=50).click_and_hold(element).move_by_offset(dx // 2, dy // 2) \
        .move_by_offset(dx - dx // 2, dy - dy // 2).release().perform()


def sheet(browser, number):
    """Page `number`'s sheet, scrolled to the middle of the window."""
    element = browser.find_element(By.CSS_SELECTOR, f"#pages section[aria-label^='Page {number} of'] .page")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    return element


def scale_of(browser, element):
    """How many screen pixels a 96-dpi pixel of the page is."""
    return browser.execute_script("return arguments[0].getBoundingClientRect().width", element) / 816


def test_a_new_document_is_uploaded_its_fields_dragged_onto_its_pages_and_it_is_signed(server, signed_out, tmp_path):
    browser = signed_out
    name, password, key = member(server)
    title = f"Offer {uuid.uuid4().hex[:6]}"
    pdf = tmp_path / "offer.pdf"
    pdf.write_bytes(letter_pdf(title))
    sign_in(server, browser, name, password)

    browser.find_element(By.ID, "new-document").click()
    shown(browser, "name").send_keys(title)
    browser.find_element(By.ID, "file").send_keys(str(pdf))
    for number, (person, email) in enumerate([("Jane Doe", "jane@example.com"), ("John Roe", "john@example.com")], 1):
        browser.find_element(By.ID, f"recipient-name-{number}").send_keys(person)
        browser.find_element(By.ID, f"recipient-email-{number}").send_keys(email)
    browser.find_element(By.ID, "delivery-links").click()
    browser.find_element(By.ID, "upload").click()
    WebDriverWait(browser, WAIT).until(lambda b: b.current_url.endswith("/prepare"))
    shown(browser, "send")
    document_id = browser.current_url.split("/")[-2]
    WebDriverWait(browser, WAIT).until(lambda b: len(b.find_elements(By.CSS_SELECTOR, "canvas.page-image.drawn")) >= 1)

    # Jane's signature dropped on the middle of page 2: centred there, whatever the scale.
    signature = browser.find_element(By.CSS_SELECTOR, ".field-kind[data-type='signature']")
    drag(browser, signature, sheet(browser, 2))
    # John's date 150 page pixels below the middle of page 1, then moved 100 to the left.
    Select(browser.find_element(By.ID, "field-recipient")).select_by_visible_text("John Roe")
    page_one = sheet(browser, 1)
    scale = scale_of(browser, page_one)
    drag(browser, browser.find_element(By.CSS_SELECTOR, ".field-kind[data-type='date']"), page_one, (0, round(150 * scale)))
    date = browser.find_element(By.CSS_SELECTOR, ".placed-field[data-type='date']")
    move(browser, date, round(-100 * scale), 0)
    # John signs too: a signature clicked in, which lands near the top of page 1.
    signature.click()
    placed = browser.find_elements(By.CSS_SELECTOR, ".placed-field")
    assert sorted((f.get_attribute("data-type"), f.get_attribute("data-page")) for f in placed) == \
        [("date", "1"), ("signature", "1"), ("signature", "2")]
    assert browser.find_element(By.ID, "field-count").text == "3 fields placed."
    assert_no_page_errors(browser)

    browser.find_element(By.ID, "send").click()
    WebDriverWait(browser, WAIT).until(lambda b: "done=sent" in b.current_url)
    assert shown(browser, "document-status").text == "Sent"
    links = [a.get_attribute("href") for a in browser.find_elements(By.CSS_SELECTOR, "#signing-links a")]
    assert len(links) == 2

    document = requests.get(server.url(f"{API}/documents/{document_id}"), headers={"X-Api-Key": key}, timeout=TIMEOUT).json()
    fields = {(f["type"], f["recipient_id"], f["page"]): f for f in document["fields"][0]}
    jane = fields[("signature", "1", 2)]
    assert abs(jane["x"] - (408 - 90)) <= 2 and abs(jane["y"] - (528 - 24)) <= 2
    john_date = fields[("date", "2", 1)]
    assert abs(john_date["x"] - (408 - 60 - 100)) <= 2 and abs(john_date["y"] - (528 + 150 - 12)) <= 2
    assert ("signature", "2", 1) in fields

    for recipient_id in ("1", "2"):
        sign(document, recipient_id)
    browser.get(server.url("/signing/documents"))
    assert row_of(browser, title)[1:3] == ["Completed", "2 of 2"]
