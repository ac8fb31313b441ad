"""The signing page and embedded.js in a real Chromium, against the real server.

Documents are made through the SignWell API with `requests` and an API key made with the CLI.
An integrator's page on another origin (a Python http.server on another loopback port) loads
`<server>/signwell/embedded.js` and opens the widget for a recipient's `embedded_signing_url`;
its script records every widget event in `window.__events`, and every message the window
receives in `window.__messages`. In the widget the signer draws, types, uploads, fills and
chooses like a person, with clicks, keys and pointer drags.

After both recipients have signed in turn, the completed PDF is checked by independent
validators: pyHanko and pdfsig trust only the server's signing CA (`GET /signwell/ca.pem`),
and `openssl ts -verify` checks the notarization's time-stamp reply against the Notary's TSA
root.
"""

import base64
import functools
import http.server
import json
import struct
import subprocess
import threading
import time
import uuid
import zlib
from pathlib import Path
from urllib.parse import parse_qs, urljoin, urlsplit

import pytest
import requests
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from notary.qed import api_key
from pdf.corpus import classic_file, stream, text_string
from pdf.validators import pdfsig, pyhanko_statuses, tool

WAIT = 30
TIMEOUT = 60
API = "/signwell/api/v1"
PDFJS_DIRECTORY = Path("/usr/share/javascript/pdf/build")
# Letter pages: 612 x 792 points, 816 x 1056 pixels at 96 dpi (the units of SignWell's fields).
PAGE_POINTS = (612, 792)
PAGE_PIXELS = (816, 1056)

PARENT_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Integrator</title>
<script src="{server}/signwell/embedded.js"></script>
<script src="parent.js"></script>
</head>
<body>
<h1>An integrator's app</h1>
<div id="slot"></div>
</body>
</html>
"""

# Records the widget's events and, separately, every message the window receives, so that a
# test can wait for a forged message to arrive and then check that the widget ignored it.
PARENT_SCRIPT = """
window.__events = [];
window.__messages = [];
window.addEventListener("message", function (message) {
  window.__messages.push({ origin: message.origin, data: message.data });
});
window.openSigning = function (options) {
  function record(name) {
    return function (data) { window.__events.push({ name: name, data: data }); };
  }
  var settings = Object.assign({}, options, { events: { completed: record("completed"), declined: record("declined") } });
  var embed = new SignWellEmbed(settings);
  ["loaded", "signed", "closed", "error"].forEach(function (name) { embed.on(name, record(name)); });
  window.__embed = embed.open();
};
"""

# A page on the integrator's origin that pretends to be the signing page: once the widget's
# iframe is sent here, its messages come from the iframe's window but from the wrong origin.
FORGED_PAGE = """<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Forged</title><script src="forged.js"></script></head>
<body>Not the signing page</body>
</html>
"""
FORGED_SCRIPT = """
window.parent.postMessage({ source: "signwell-embed", version: 1, event: "completed", data: { id: "forged-by-iframe" } }, "*");
"""

# Raw iframes of the signing page, without embedded.js: the page on its own must stay out of
# another origin's page, the widget's address (with the flag) must not.
RAW_FRAME_PAGE = """<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Raw frames</title></head>
<body>
<iframe id="alone" title="alone" src="{alone}" width="600" height="400"></iframe>
<iframe id="embedded" title="embedded" src="{embedded}" width="600" height="400"></iframe>
</body>
</html>
"""


# MARK: files


def letter_pdf(title):
    """A two-page Letter PDF with a line of text at the top of each page."""
    objects = [
        (1, b"<< /Type /Catalog /Pages 2 0 R >>"),
        (3, b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"),
        (4, b"<< /Title " + text_string(title) + b" /Producer (Chancery browser suite) >>"),
    ]
    kids = []
    for index in range(2):
        page, content = 5 + 2 * index, 6 + 2 * index
        body = b"BT /F1 28 Tf 72 %d Td " % (PAGE_POINTS[1] - 90) + text_string(f"{title}, page {index + 1}") + b" Tj ET\n"
        objects.append((page, b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %d %d] /Contents %d 0 R"
                        b" /Resources << /Font << /F1 3 0 R >> >> >>" % (*PAGE_POINTS, content)))
        objects.append((content, stream(b"", body)))
        kids.append(page)
    objects.append((2, b"<< /Type /Pages /Kids [" + b" ".join(b"%d 0 R" % kid for kid in kids) + b"] /Count 2 >>"))
    return classic_file(sorted(objects), 1, 4)


def signature_png(width=240, height=80):
    """An RGBA PNG of a dark zig-zag on transparency: a scanned signature to upload."""
    rows = []
    for y in range(height):
        row = bytearray([0])  # filter type None
        for x in range(width):
            line = height // 2 + int((height // 3) * (1 if (x // 30) % 2 == 0 else -1) * ((x % 30) / 30 - 0.5))
            row += bytes((20, 30, 60, 255)) if abs(y - line) <= 2 else bytes((0, 0, 0, 0))
        rows.append(bytes(row))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"".join(rows))) + chunk(b"IEND", b"")


# MARK: the API


@pytest.fixture(scope="module")
def key(server):
    return api_key(server, "Administrator", f"signing-browser-{uuid.uuid4().hex[:8]}")


def api_headers(key):
    return {"X-Api-Key": key, "Accept": "application/json"}


def create_document(server, key, name, recipients, fields, **options):
    """Creates and sends a document of letter_pdf(name); returns the document JSON."""
    body = {
        "test_mode": True,
        "name": name,
        "embedded_signing": True,
        "files": [{"name": f"{name}.pdf", "file_base64": base64.b64encode(letter_pdf(name)).decode()}],
        "recipients": recipients,
        "fields": [fields],
        **options,
    }
    response = requests.post(server.url(f"{API}/documents"), json=body, headers=api_headers(key), timeout=TIMEOUT)
    assert response.status_code == 201, response.text[:2000]
    return response.json()


def get_document(server, key, document_id):
    response = requests.get(server.url(f"{API}/documents/{document_id}"), headers=api_headers(key), timeout=TIMEOUT)
    assert response.status_code == 200, response.text[:2000]
    return response.json()


def signing_url(document, recipient_id):
    """The recipient's embedded_signing_url, which the SignWell iOS demo puts into a single-quoted
    JavaScript string: it must be absolute and free of quotes and backslashes."""
    recipient = next(r for r in document["recipients"] if r["id"] == recipient_id)
    url = recipient["embedded_signing_url"]
    assert urlsplit(url).scheme in ("http", "https") and "'" not in url and "\\" not in url, url
    return url


def field_values(document):
    """{api_id: value} of the document's fields."""
    return {field["api_id"]: field.get("value") for file in document["fields"] for field in file if field.get("api_id")}


def recipient(document, recipient_id):
    return next(r for r in document["recipients"] if r["id"] == recipient_id)


# MARK: the integrator's page


@pytest.fixture(scope="module")
def parent_site(server, tmp_path_factory):
    """The integrator's site: a static http.server on another loopback port, so another origin
    than the signing server's. Yields its base URL."""
    folder = tmp_path_factory.mktemp("integrator")
    (folder / "index.html").write_text(PARENT_PAGE.format(server=server.base_url))
    (folder / "parent.js").write_text(PARENT_SCRIPT)
    (folder / "forged.html").write_text(FORGED_PAGE)
    (folder / "forged.js").write_text(FORGED_SCRIPT)
    handler = functools.partial(QuietHandler, directory=str(folder))
    site = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=site.serve_forever, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{site.server_address[1]}"
    assert urlsplit(base).netloc != urlsplit(server.base_url).netloc
    yield {"url": base, "folder": folder}
    site.shutdown()
    site.server_close()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the integrator's files without logging each request to stderr."""

    def log_message(self, *args):
        pass


def open_widget(browser, parent_site, url, **options):
    """Opens the integrator's page, opens the widget for `url` from it and waits for `loaded`."""
    browser.get(parent_site["url"] + "/index.html")
    browser.execute_script("openSigning(arguments[0])", {"url": url, **options})
    wait_for_event(browser, "loaded")


def events(browser):
    return browser.execute_script("return window.__events")


def wait_for_event(browser, name):
    """Waits on the integrator's page until the widget fired `name`; returns its data."""
    def fired(_):
        found = [event for event in events(browser) if event["name"] == name]
        return found[-1] if found else None
    try:
        return WebDriverWait(browser, WAIT).until(fired)["data"]
    except TimeoutException:
        pytest.fail(f"the widget did not fire {name!r} within {WAIT} s; events: {events(browser)}")


def enter_widget(browser):
    """Switches the driver into the widget's iframe."""
    browser.switch_to.frame(browser.find_element(By.ID, "SignWell-Embedded-Iframe"))


# MARK: the signing page


def session_of(url):
    """The signing session behind a signing URL, as the page reads it: the recipient's fields
    with their ids on the page (the API's fields carry only the caller's api_id)."""
    response = requests.get(url + "/session", timeout=TIMEOUT)
    assert response.status_code == 200, response.text[:2000]
    return response.json()


def field(browser, api_id, session, selector):
    """The element `selector` inside the box of the session's field with `api_id`."""
    field_id = next(f["id"] for f in session["fields"] if f.get("api_id") == api_id)
    return browser.find_element(By.CSS_SELECTOR, f'[data-field-id="{field_id}"] {selector}')


def wait_for_fields(browser):
    WebDriverWait(browser, WAIT).until(lambda b: b.find_elements(By.CSS_SELECTOR, ".page .field"))


def bounds(browser, element):
    """Where `element` is drawn, in CSS pixels of the viewport, transforms included."""
    return browser.execute_script("const r = arguments[0].getBoundingClientRect(); return {x: r.x, y: r.y, width: r.width, height: r.height}", element)


def progress(browser):
    return browser.find_element(By.ID, "progress").text


def dialog_open(browser, dialog_id):
    return browser.find_element(By.ID, dialog_id).get_attribute("open") is not None


def draw_signature(browser):
    """Draws a stroke on the signature pad with the mouse: press, three moves, release."""
    pad = browser.find_element(By.ID, "draw-pad")
    (ActionChains(browser).move_to_element_with_offset(pad, -150, 20).click_and_hold()
     .move_by_offset(60, -40).move_by_offset(60, 50).move_by_offset(90, -30).release().perform())


def adopt(browser):
    adopt_button = browser.find_element(By.ID, "signature-adopt")
    WebDriverWait(browser, WAIT).until(lambda _: adopt_button.is_enabled())
    adopt_button.click()
    WebDriverWait(browser, WAIT).until(lambda b: not dialog_open(b, "signature-dialog"))


def finish(browser):
    """Chooses Finish and waits for the page's thank-you message; returns its text."""
    button = browser.find_element(By.ID, "finish")
    WebDriverWait(browser, WAIT).until(lambda _: button.is_enabled())
    button.click()
    outcome = browser.find_element(By.ID, "outcome")
    WebDriverWait(browser, WAIT).until(lambda _: outcome.is_displayed())
    return outcome.text


def assert_no_page_errors(browser):
    """No script error and no blocked resource in any frame; the browser's own /favicon.ico probe
    does not count."""
    errors = [e for e in browser.get_log("browser") if e["level"] == "SEVERE" and "/favicon.ico" not in e["message"]]
    assert not errors, errors


def sent_requests(browser):
    """Every URL the browser requested since its performance log was last read."""
    urls = []
    for entry in browser.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return urls


def assert_pages_drawn(browser):
    """With pdf.js installed (scripts/test installs Debian's libjs-pdf) the first page is drawn:
    its canvas has dark pixels, the document's text. Without it the page says it shows blank pages."""
    notice = browser.find_element(By.ID, "notice")
    if not PDFJS_DIRECTORY.joinpath("pdf.worker.js").exists():
        assert notice.is_displayed() and "blank" in notice.text, notice.text
        return
    canvas = browser.find_element(By.CSS_SELECTOR, ".page-frame .page-image")
    WebDriverWait(browser, WAIT).until(lambda _: "drawn" in canvas.get_attribute("class") or notice.is_displayed())
    assert not notice.is_displayed(), notice.text
    dark = browser.execute_script("""
        const canvas = arguments[0];
        const pixels = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
        let dark = 0;
        for (let i = 0; i < pixels.length; i += 4) if (pixels[i + 3] > 0 && pixels[i] < 128) dark++;
        return dark;""", canvas)
    assert dark > 200, f"the first page's canvas has only {dark} dark pixels"


# MARK: the document both recipients sign


JANE = {"id": "1", "name": "Jane Doe", "email": "jane.doe@example.com"}
JOHN = {"id": "2", "name": "John Roe", "email": "john.roe@example.com"}

TWO_SIGNER_FIELDS = [
    {"type": "text", "recipient_id": "1", "page": 1, "x": 100, "y": 200, "width": 220, "height": 24,
     "label": "Full name", "required": True, "api_id": "jane_name"},
    {"type": "date", "recipient_id": "1", "page": 1, "x": 420, "y": 200, "width": 160, "height": 24,
     "date_format": "MM/DD/YYYY", "required": True, "api_id": "jane_date"},
    {"type": "text", "recipient_id": "1", "page": 1, "x": 100, "y": 250, "width": 120, "height": 24,
     "label": "ZIP code", "validation": "us_zip_code", "required": False, "api_id": "jane_zip"},
    {"type": "checkbox", "recipient_id": "1", "page": 1, "x": 100, "y": 300, "width": 20, "height": 20,
     "required": True, "api_id": "jane_agrees"},
    {"type": "signature", "recipient_id": "1", "page": 1, "x": 100, "y": 700, "width": 240, "height": 60,
     "required": True, "api_id": "jane_signature"},
    {"type": "dropdown", "recipient_id": "1", "page": 2, "x": 100, "y": 150, "width": 160, "height": 24,
     "options": ["Red", "Blue"], "required": True, "api_id": "jane_colour"},
    {"type": "initials", "recipient_id": "1", "page": 2, "x": 100, "y": 800, "width": 80, "height": 40,
     "required": True, "api_id": "jane_initials"},
    {"type": "signature", "recipient_id": "2", "page": 2, "x": 450, "y": 700, "width": 240, "height": 60,
     "required": True, "api_id": "john_signature"},
    {"type": "date", "recipient_id": "2", "page": 2, "x": 450, "y": 780, "width": 200, "height": 24,
     "date_format": "Month DD, YYYY", "lock_sign_date": True, "api_id": "john_date"},
    {"type": "autofill_name", "recipient_id": "2", "page": 2, "x": 450, "y": 820, "width": 200, "height": 24,
     "api_id": "john_name"},
]


def sign_as_jane(browser, session):
    """Fills Jane's fields in the widget like a person: the guide first, a drawn signature, typed
    text with a ZIP code that is wrong before it is right, a date, a checkbox, a choice, and typed
    initials."""
    wait_for_fields(browser)
    assert progress(browser) == "6 of 6 required fields left"
    assert not browser.find_element(By.ID, "finish").is_enabled()

    # The guide takes the signer to the first required field in reading order.
    browser.find_element(By.ID, "next-field").click()
    assert browser.switch_to.active_element.get_attribute("aria-label") == "Full name"
    browser.switch_to.active_element.send_keys("Jane Q. Doe")
    assert progress(browser) == "5 of 6 required fields left"

    field(browser, "jane_date", session, "input").send_keys("03152026")
    zip_code = field(browser, "jane_zip", session, "input")
    zip_code.send_keys("1234")
    field(browser, "jane_agrees", session, "input").click()  # leaving the ZIP field shows its problem
    message = field(browser, "jane_zip", session, ".field-message")
    assert message.is_displayed() and "ZIP code" in message.text, message.text
    zip_code.send_keys("5")
    assert not message.is_displayed()

    field(browser, "jane_signature", session, "button").click()
    WebDriverWait(browser, WAIT).until(lambda b: dialog_open(b, "signature-dialog"))
    assert browser.find_element(By.ID, "signature-title").text == "Your signature"
    draw_signature(browser)
    adopt(browser)
    assert field(browser, "jane_signature", session, "img").is_displayed()

    Select(field(browser, "jane_colour", session, "select")).select_by_visible_text("Blue")

    field(browser, "jane_initials", session, "button").click()
    WebDriverWait(browser, WAIT).until(lambda b: dialog_open(b, "signature-dialog"))
    assert browser.find_element(By.ID, "signature-title").text == "Your initials"
    browser.find_element(By.ID, "tab-type").click()
    assert browser.find_element(By.ID, "type-text").get_attribute("value") == "JD"
    adopt(browser)

    assert progress(browser) == "All 6 required fields are done. Choose Finish to sign.", [
        (e.get_attribute("data-field-id"), e.get_attribute("class")) for e in browser.find_elements(By.CSS_SELECTOR, ".field")]


def sign_as_john(browser, session, png):
    """John's part: his signing date is locked, his name filled in; he uploads his signature."""
    wait_for_fields(browser)
    assert progress(browser) == "1 of 1 required field left"
    locked = field(browser, "john_date", session, "input")
    assert locked.get_attribute("readonly") is not None and locked.get_attribute("value")
    assert field(browser, "john_name", session, "input").get_attribute("value") == JOHN["name"]

    field(browser, "john_signature", session, "button").click()
    WebDriverWait(browser, WAIT).until(lambda b: dialog_open(b, "signature-dialog"))
    browser.find_element(By.ID, "tab-upload").click()
    browser.find_element(By.ID, "upload-file").send_keys(str(png))
    adopt(browser)
    assert field(browser, "john_signature", session, "img").is_displayed()


def download(server, key, url, path):
    """Downloads `url` (absolute, or a path on the server) with the API key into `path`."""
    response = requests.get(urljoin(server.base_url, url), headers={"X-Api-Key": key}, timeout=TIMEOUT)
    assert response.status_code == 200, f"GET {url}: {response.status_code} {response.text[:500]}"
    path.write_bytes(response.content)
    return path


def nss_trusting(folder, ca):
    """An NSS database (for pdfsig -nssdir) in which `ca` is a trusted issuer."""
    folder.mkdir()
    for command in (
        ["certutil", "-N", "-d", f"sql:{folder}", "--empty-password"],
        ["certutil", "-A", "-d", f"sql:{folder}", "-n", "Chancery signing CA", "-t", "CT,C,C", "-i", str(ca)],
    ):
        result = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT)
        assert result.returncode == 0, f"{' '.join(command)}:\n{result.stdout}{result.stderr}"
    return f"sql:{folder}"


def assert_pdfsig_fields_valid(path, nssdir, names):
    """pdfsig finds the signature fields `names` and says of each "Signature is Valid." with a
    trusted certificate, and only the last one signs the whole document. pdfsig reports a field
    once per widget, and a signer's field has a widget for each of their marks."""
    report = pdfsig(path, nssdir)
    raw = tool("pdfsig", "-nssdir", nssdir, path, codes=(0, 2)).stdout
    found = [signature.fields.get("Signature Field Name") for signature in report]
    assert sorted(set(found)) == sorted(names), f"pdfsig found the fields {found}, expected {names}:\n{raw}"
    for signature in report:
        assert signature.valid and signature.trusted, f"pdfsig on {path}, signature #{signature.number}:\n{raw}"
        assert signature.total == (signature.fields["Signature Field Name"] == names[-1]), f"pdfsig on {path}:\n{raw}"


def wait_for_notarization(server, key, document_id):
    """The completed document's notarization object; sealing and notarizing may finish after the
    last signer's answer."""
    deadline = time.monotonic() + WAIT
    while True:
        document = get_document(server, key, document_id)
        if document.get("notarization"):
            return document
        assert time.monotonic() < deadline, f"no notarization within {WAIT} s: {json.dumps(document)[:2000]}"
        time.sleep(0.5)


def test_two_recipients_sign_in_turn_in_the_widget_and_the_pdf_validates(server, key, browser, parent_site, tmp_path):
    document = create_document(server, key, "Browser NDA", [JANE, JOHN], TWO_SIGNER_FIELDS, apply_signing_order=True)
    document_id = document["id"]

    # John's link opens, but it is not his turn yet.
    browser.get(signing_url(document, "2"))
    outcome = browser.find_element(By.ID, "outcome")
    WebDriverWait(browser, WAIT).until(lambda _: outcome.is_displayed())
    assert "not your turn" in outcome.text
    assert not browser.find_elements(By.CSS_SELECTOR, ".page .field")

    # Jane signs in the widget on the integrator's page.
    browser.get_log("browser")
    browser.get_log("performance")
    open_widget(browser, parent_site, signing_url(document, "1"))
    frame_query = parse_qs(urlsplit(browser.find_element(By.ID, "SignWell-Embedded-Iframe").get_attribute("src")).query)
    assert frame_query["signwell_embedded_iframe"] == ["1"] and frame_query["parent_origin"] == [parent_site["url"]], frame_query
    enter_widget(browser)
    sign_as_jane(browser, session_of(signing_url(document, "1")))
    assert_pages_drawn(browser)
    assert "Thank you for signing" in finish(browser)
    browser.switch_to.default_content()
    completed = wait_for_event(browser, "completed")
    assert completed == {"id": document_id, "recipient_id": "1"}
    assert [e["name"] for e in events(browser)] == ["loaded", "signed", "completed"]
    assert_no_page_errors(browser)
    # Nothing was fetched from anywhere but the two origins.
    origins = {urlsplit(url)._replace(path="", query="", fragment="").geturl() for url in sent_requests(browser) if url.startswith("http")}
    assert origins <= {server.base_url, parent_site["url"]}, origins

    signed_once = get_document(server, key, document_id)
    assert recipient(signed_once, "1")["status"] == "signed"
    values = field_values(signed_once)
    assert values["jane_name"] == "Jane Q. Doe"
    assert values["jane_date"] == "03/15/2026"
    assert values["jane_zip"] == "12345"
    assert values["jane_agrees"] is True
    assert values["jane_colour"] == "Blue"
    assert values["jane_signature"] == "drawn"
    assert values["jane_initials"] == "typed"

    # Now John: the same widget, his own link; he uploads an image of his signature.
    png = tmp_path / "john-signature.png"
    png.write_bytes(signature_png())
    open_widget(browser, parent_site, signing_url(document, "2"))
    enter_widget(browser)
    sign_as_john(browser, session_of(signing_url(document, "2")), png)
    assert "Everyone has signed" in finish(browser)
    browser.switch_to.default_content()
    assert wait_for_event(browser, "completed") == {"id": document_id, "recipient_id": "2"}
    assert_no_page_errors(browser)

    completed_document = wait_for_notarization(server, key, document_id)
    assert completed_document["status"] == "Completed"
    assert field_values(completed_document)["john_signature"] == "uploaded"

    # The completed PDF: two signers' signatures and the platform's seal, all valid and trusted
    # by the server's CA alone; each later one only adds to the file.
    final = tmp_path / "final.pdf"
    response = requests.get(server.url(f"{API}/documents/{document_id}/completed_pdf"),
                            headers={"X-Api-Key": key, "Accept": "application/octet-stream"}, timeout=TIMEOUT)
    assert response.status_code == 200 and response.content.startswith(b"%PDF-"), response.text[:500]
    final.write_bytes(response.content)
    ca = download(server, key, "/signwell/ca.pem", tmp_path / "signing-ca.pem")
    notarization = completed_document["notarization"]
    tsa_root = download(server, key, notarization["tsa_certificate_url"], tmp_path / "tsa-root.pem")

    from pyhanko.sign.diff_analysis import ModificationLevel
    from pyhanko.sign.validation.status import SignatureCoverageLevel

    statuses = pyhanko_statuses(final, [ca, tsa_root])
    assert len(statuses) == 3, [name for name, _ in statuses]
    for index, (name, status) in enumerate(statuses):
        report = f"pyHanko, field {name}:\n{status.pretty_print_details()}"
        assert status.intact and status.valid and status.trusted, report
        assert status.docmdp_ok and status.modification_level != ModificationLevel.OTHER, report
        coverage = SignatureCoverageLevel.ENTIRE_FILE if index == len(statuses) - 1 else SignatureCoverageLevel.ENTIRE_REVISION
        assert status.coverage == coverage, report
    signers = [status.signing_cert.subject.native["common_name"] for _, status in statuses]
    assert signers[:2] == [JANE["name"], JOHN["name"]], signers

    # The notarization's time-stamp reply covers exactly this file.
    proof = download(server, key, notarization["tsr_url"], tmp_path / "proof.tsr")
    result = subprocess.run(["openssl", "ts", "-verify", "-data", str(final), "-in", str(proof), "-CAfile", str(tsa_root)],
                            capture_output=True, text=True, timeout=TIMEOUT)
    assert result.returncode == 0 and "Verification: OK" in result.stdout, result.stdout + result.stderr

    # poppler's pdfsig, with only the signing CA trusted in its NSS database.
    assert_pdfsig_fields_valid(final, nss_trusting(tmp_path / "nss", ca), [f"Signature{n}" for n in (1, 2, 3)])


def test_a_recipient_declines_with_a_reason(server, key, browser, parent_site):
    fields = [{"type": "signature", "recipient_id": "1", "page": 1, "x": 100, "y": 700, "width": 240, "height": 60,
               "required": True}]
    document = create_document(server, key, "Browser decline", [JANE], fields)
    reason = "The amount on page 2 is wrong."
    open_widget(browser, parent_site, signing_url(document, "1"))
    enter_widget(browser)
    wait_for_fields(browser)
    browser.find_element(By.ID, "decline").click()
    WebDriverWait(browser, WAIT).until(lambda b: dialog_open(b, "decline-dialog"))
    # Declining needs a reason.
    browser.find_element(By.ID, "decline-confirm").click()
    assert browser.find_element(By.ID, "decline-error").text
    assert dialog_open(browser, "decline-dialog")
    browser.find_element(By.ID, "decline-reason").send_keys(reason)
    browser.find_element(By.ID, "decline-confirm").click()
    outcome = browser.find_element(By.ID, "outcome")
    WebDriverWait(browser, WAIT).until(lambda _: outcome.is_displayed())
    assert "declined" in outcome.text
    browser.switch_to.default_content()
    assert wait_for_event(browser, "declined") == {"id": document["id"], "recipient_id": "1", "declineReason": reason}
    assert "completed" not in [e["name"] for e in events(browser)]

    # The widget's own Close button closes it.
    enter_widget(browser)
    browser.find_element(By.ID, "close").click()
    browser.switch_to.default_content()
    wait_for_event(browser, "closed")
    assert not browser.find_elements(By.ID, "SignWell-Embedded-Iframe-Container")

    declined = get_document(server, key, document["id"])
    assert declined["status"] == "Declined"
    assert recipient(declined, "1")["status"] == "declined"
    assert recipient(declined, "1")["decline_reason"] == reason


def test_the_servers_objections_show_next_to_the_field(server, key, browser, parent_site):
    """A value the page lets through but the server refuses (longer than 1000 characters) comes
    back as a 422 and is shown under its field; once corrected, the signer finishes."""
    fields = [{"type": "text", "recipient_id": "1", "page": 1, "x": 100, "y": 200, "width": 300, "height": 24,
               "label": "Comment", "required": True, "api_id": "comment"}]
    document = create_document(server, key, "Browser objections", [JANE], fields)
    # In the integrator's own element this time, without the header, Decline or Download.
    open_widget(browser, parent_site, signing_url(document, "1"),
                containerId="slot", showHeader=False, allowDecline=False, allowDownload=False)
    container = browser.find_element(By.ID, "SignWell-Embedded-Iframe-Container")
    assert container.find_element(By.XPATH, "..").get_attribute("id") == "slot"
    enter_widget(browser)
    wait_for_fields(browser)
    for hidden in ("document-title", "decline", "download"):
        assert not browser.find_element(By.ID, hidden).is_displayed(), hidden
    assert browser.find_element(By.ID, "close").is_displayed()
    session = session_of(signing_url(document, "1"))
    comment = field(browser, "comment", session, "input")
    browser.execute_script("""
        arguments[0].value = "x".repeat(1001);
        arguments[0].dispatchEvent(new Event("input", { bubbles: true }));""", comment)
    browser.find_element(By.ID, "finish").click()
    message = field(browser, "comment", session, ".field-message")
    WebDriverWait(browser, WAIT).until(lambda _: message.is_displayed())
    assert "Comment is too long" in message.text, message.text
    assert browser.find_element(By.ID, "form-error").is_displayed()
    assert comment.get_attribute("aria-invalid") == "true"

    comment.clear()
    comment.send_keys("Fine now")
    assert not message.is_displayed()
    finish(browser)
    browser.switch_to.default_content()
    assert wait_for_event(browser, "completed")["id"] == document["id"]
    assert field_values(get_document(server, key, document["id"]))["comment"] == "Fine now"


def test_signing_on_a_phone_sized_screen(server, key, browser):
    """At 375 x 740 CSS pixels the page fits the screen's width, the fields stay on their pages
    in proportion, and the whole flow works with the page on its own (no widget)."""
    fields = [
        {"type": "text", "recipient_id": "1", "page": 1, "x": 500, "y": 300, "width": 250, "height": 24,
         "label": "Full name", "required": True, "api_id": "name"},
        {"type": "signature", "recipient_id": "1", "page": 1, "x": 500, "y": 800, "width": 240, "height": 60,
         "required": True, "api_id": "signature"},
    ]
    document = create_document(server, key, "Browser phone", [JANE], fields)
    session = session_of(signing_url(document, "1"))
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 375, "height": 740, "deviceScaleFactor": 2, "mobile": True})
    try:
        browser.get(signing_url(document, "1"))
        wait_for_fields(browser)
        viewport = browser.execute_script("return [window.innerWidth, document.documentElement.scrollWidth]")
        assert viewport == [375, 375], f"the page scrolls sideways: {viewport}"
        page = bounds(browser, browser.find_element(By.CSS_SELECTOR, ".page-frame"))
        assert page["width"] <= 375 and page["x"] >= 0
        scale = page["width"] / PAGE_PIXELS[0]
        name = field(browser, "name", session, "input")
        box = bounds(browser, name.find_element(By.XPATH, ".."))
        assert abs(box["x"] - (page["x"] + 500 * scale)) < 2 and abs(box["width"] - 250 * scale) < 2, (box, page)
        assert box["x"] + box["width"] <= 375

        browser.find_element(By.ID, "next-field").click()
        assert browser.switch_to.active_element == name
        name.send_keys("Jane Doe")
        signature = field(browser, "signature", session, "button")
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", signature)
        signature.click()
        WebDriverWait(browser, WAIT).until(lambda b: dialog_open(b, "signature-dialog"))
        dialog = bounds(browser, browser.find_element(By.ID, "signature-dialog"))
        assert dialog["x"] >= 0 and dialog["x"] + dialog["width"] <= 375, dialog
        pad = browser.find_element(By.ID, "draw-pad")
        (ActionChains(browser).move_to_element_with_offset(pad, -100, 0).click_and_hold()
         .move_by_offset(50, -20).move_by_offset(50, 30).move_by_offset(60, -20).release().perform())
        adopt(browser)
        assert "Thank you for signing" in finish(browser)
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    assert recipient(get_document(server, key, document["id"]), "1")["status"] == "signed"


def test_embedded_js_believes_only_the_signing_page(server, key, browser, parent_site):
    """Messages in the widget's format are ignored when they come from another window (the
    integrator's page itself) or from the widget's iframe showing another origin's page."""
    fields = [{"type": "signature", "recipient_id": "1", "page": 1, "x": 100, "y": 700, "width": 240, "height": 60}]
    document = create_document(server, key, "Browser forged", [JANE], fields)
    open_widget(browser, parent_site, signing_url(document, "1"))
    assert events(browser)[0]["data"] == {"id": document["id"], "recipient_id": "1"}

    forged = {"source": "signwell-embed", "version": 1, "event": "completed", "data": {"id": "forged-by-parent"}}
    browser.execute_script("window.postMessage(arguments[0], '*')", forged)
    browser.execute_script("document.getElementById('SignWell-Embedded-Iframe').src = arguments[0]",
                           parent_site["url"] + "/forged.html")
    WebDriverWait(browser, WAIT).until(lambda b: {"forged-by-parent", "forged-by-iframe"} <= {
        (m["data"] or {}).get("data", {}).get("id") for m in b.execute_script("return window.__messages")
        if isinstance(m["data"], dict)})
    assert [e["name"] for e in events(browser)] == ["loaded"]
    # The widget is still open: nothing it believed closed it.
    assert browser.find_element(By.ID, "SignWell-Embedded-Iframe-Container")

    # close() removes the widget and fires `closed`.
    browser.execute_script("window.__embed.close()")
    assert not browser.find_elements(By.ID, "SignWell-Embedded-Iframe-Container")
    assert [e["name"] for e in events(browser)] == ["loaded", "closed"]


# MARK: the SignWell iOS demo

IOS_DEMO = Path(__file__).resolve().parent / "ios_demo"
SIGNWELL_SCRIPT = "https://static.signwell.com/assets/embedded.js"


def ios_demo_page(server, url, folder):
    """The iOS demo's bundled page.html as the app loads it: the app replaces `$SIGNING_URL$` with
    the signing URL; the integrator points the script at Chancery's embedded.js instead of
    SignWell's. Nothing else changes. Returns the path of the written page."""
    html = (IOS_DEMO / "page.html").read_text()
    assert html.count(SIGNWELL_SCRIPT) == 1 and html.count("$SIGNING_URL$") == 1
    html = html.replace(SIGNWELL_SCRIPT, server.url("/signwell/embedded.js")).replace("$SIGNING_URL$", url)
    page = folder / "page.html"
    page.write_text(html)
    return page


def load_like_a_web_view(browser, page):
    """Opens `page` as WKWebView's `loadHTMLString(html, baseURL: fileURL)` does: a `file:` page
    whose origin is opaque, with webkit_bridge.js (the stand-in for the app's
    `jsMessageHandler`) and message_log.js in place before its first script, as WebKit's bridge
    is. Returns the identifiers of the injected scripts."""
    injected = []
    for name in ("webkit_bridge.js", "message_log.js"):
        source = (IOS_DEMO / name).read_text()
        injected.append(browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": source})["identifier"])
    browser.get(page.as_uri())
    return injected


def native_messages(browser):
    return browser.execute_script("return window.__nativeMessages")


def test_the_ios_demo_page_from_a_file_url_tells_the_app_that_signing_completed(server, key, browser, tmp_path):
    """The SignWell iOS demo, with Chromium in the WKWebView's place: the document is created
    with the demo's request, its page.html runs from a `file:` URL with no web origin, the
    recipient signs in the widget, and the app's message handler gets exactly
    "signing_completed". The signing page answers such a parent with the target "*" and tells it
    only the event and the ids, never the signing link."""
    recipient_json = {"id": "1", "name": "John Doe", "email": "user@host.com"}
    demo_fields = [
        {"x": 200, "y": 550, "page": 1, "recipient_id": "1", "required": True, "type": "signature"},
        {"x": 110, "y": 550, "page": 1, "recipient_id": "1", "required": True, "type": "date",
         "date_format": "Month DD, YYYY", "lock_sign_date": False},
    ]
    document = create_document(server, key, "Sample Document", [recipient_json], demo_fields, draft=False, reminders=False)
    url = signing_url(document, "1")
    session = session_of(url)
    field_ids = {f["type"]: f["id"] for f in session["fields"]}
    assert set(field_ids) == {"signature", "date"}, session["fields"]

    injected = load_like_a_web_view(browser, ios_demo_page(server, url, tmp_path))
    try:
        assert browser.execute_script("return [location.protocol, self.origin]") == ["file:", "null"]
        frame = WebDriverWait(browser, WAIT).until(lambda b: b.find_element(By.ID, "SignWell-Embedded-Iframe"))
        frame_query = parse_qs(urlsplit(frame.get_attribute("src")).query)
        # No origin to name: embedded.js sends none, and the page may be framed by a file: page.
        assert frame_query["signwell_embedded_iframe"] == ["1"] and "parent_origin" not in frame_query, frame_query

        WebDriverWait(browser, WAIT).until(lambda b: any(
            (m["data"] or {}).get("event") == "loaded" for m in b.execute_script("return window.__receivedMessages")
            if isinstance(m["data"], dict)))
        assert native_messages(browser) == []

        browser.switch_to.frame(frame)
        wait_for_fields(browser)
        assert progress(browser) == "2 of 2 required fields left"
        browser.find_element(By.CSS_SELECTOR, f'[data-field-id="{field_ids["date"]}"] input').send_keys("03152026")
        browser.find_element(By.CSS_SELECTOR, f'[data-field-id="{field_ids["signature"]}"] button').click()
        WebDriverWait(browser, WAIT).until(lambda b: dialog_open(b, "signature-dialog"))
        draw_signature(browser)
        adopt(browser)
        assert "Thank you for signing" in finish(browser)
        browser.switch_to.default_content()

        # The app's handler, and nothing else, heard of it, once.
        received = WebDriverWait(browser, WAIT).until(lambda b: native_messages(b) or None)
        assert received == [{"name": "jsMessageHandler", "body": "signing_completed"}]

        signed = wait_for_notarization(server, key, document["id"])
        assert signed["status"] == "Completed"
        assert recipient(signed, "1")["status"] == "signed"
        values = {field["type"]: field.get("value") for file in signed["fields"] for field in file}
        assert values["date"] == "March 15, 2026" and values["signature"] == "drawn", values
        assert native_messages(browser) == received

        # Every message the page got came from the signing server, in the widget's format, and
        # none of them carries the link: only the event and the ids went to "*".
        messages = browser.execute_script("return window.__receivedMessages")
        assert {m["origin"] for m in messages} == {server.base_url}, messages
        assert [m["data"]["event"] for m in messages] == ["loaded", "signed", "completed"], messages
        token = urlsplit(url).path.rsplit("/", 1)[-1]
        for message in messages:
            assert message["data"]["source"] == "signwell-embed" and message["data"]["version"] == 1, message
            assert message["data"]["data"] == {"id": document["id"], "recipient_id": "1"}, message
            assert token not in json.dumps(message), message
        assert_no_page_errors(browser)
    finally:
        browser.switch_to.default_content()
        for identifier in injected:
            browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": identifier})


def test_the_page_on_its_own_cannot_be_framed_by_another_origin(server, key, browser, parent_site):
    fields = [{"type": "signature", "recipient_id": "1", "page": 1, "x": 100, "y": 700, "width": 240, "height": 60}]
    document = create_document(server, key, "Browser framing", [JANE], fields)
    url = signing_url(document, "1")

    alone = requests.get(url, timeout=TIMEOUT)
    assert alone.status_code == 200
    assert alone.headers["X-Frame-Options"] == "SAMEORIGIN"
    assert "frame-ancestors 'self'" in alone.headers["Content-Security-Policy"]
    for name, value in (("Cache-Control", "no-store"), ("Referrer-Policy", "no-referrer"), ("X-Content-Type-Options", "nosniff")):
        assert alone.headers[name] == value, name
    embedded = requests.get(url, params={"signwell_embedded_iframe": "1"}, timeout=TIMEOUT)
    assert embedded.status_code == 200
    assert "X-Frame-Options" not in embedded.headers
    assert "frame-ancestors" not in embedded.headers["Content-Security-Policy"]

    # In a browser, on the integrator's origin: a raw iframe of the page is refused (Chromium shows
    # its error page instead), while the widget's address is shown.
    page = parent_site["folder"] / "raw-frames.html"
    page.write_text(RAW_FRAME_PAGE.format(alone=url, embedded=url + "?signwell_embedded_iframe=1"))
    browser.get(parent_site["url"] + "/raw-frames.html")

    def frame_url(frame_id):
        browser.switch_to.frame(browser.find_element(By.ID, frame_id))
        try:
            return browser.execute_script("return document.readyState === 'complete' ? document.URL : null")
        finally:
            browser.switch_to.default_content()

    assert WebDriverWait(browser, WAIT).until(lambda _: frame_url("embedded")) == url + "?signwell_embedded_iframe=1"
    assert WebDriverWait(browser, WAIT).until(lambda _: frame_url("alone")).startswith("chrome-error:")
    browser.switch_to.frame(browser.find_element(By.ID, "embedded"))
    WebDriverWait(browser, WAIT).until(lambda b: b.find_element(By.ID, "topbar").is_displayed())
    browser.switch_to.default_content()


def test_a_recipient_with_a_passcode_enters_it_before_seeing_the_document(server, key, browser, parent_site):
    """The sender gave Jane a passcode: the widget asks for it before it shows anything of the
    document, says why a wrong one is refused, and with the right one shows the pages (pdf.js
    fetches the PDF with the proof) and lets her sign. The proof stays in the page's memory."""
    fields = [{"type": "signature", "recipient_id": "1", "page": 1, "x": 100, "y": 700, "width": 240, "height": 60,
               "required": True, "api_id": "signature"}]
    document = create_document(server, key, "Browser passcode", [{**JANE, "passcode": "4711-open"}], fields)
    url = signing_url(document, "1")
    locked = requests.get(url + "/session", timeout=TIMEOUT)
    assert locked.json() == {"state": "locked", "document_name": "Browser passcode", "recipient_name": JANE["name"]}

    browser.get(parent_site["url"] + "/index.html")
    browser.execute_script("openSigning(arguments[0])", {"url": url})
    enter_widget(browser)
    form = browser.find_element(By.ID, "passcode")
    WebDriverWait(browser, WAIT).until(lambda _: form.is_displayed())
    passcode = browser.find_element(By.ID, "passcode-input")
    assert browser.switch_to.active_element == passcode
    assert browser.find_element(By.CSS_SELECTOR, 'label[for="passcode-input"]').text == "Passcode"
    assert passcode.get_attribute("type") == "password"
    assert "Browser passcode" in form.text and JANE["name"] in form.text
    assert not browser.find_element(By.ID, "topbar").is_displayed()
    assert not browser.find_elements(By.CSS_SELECTOR, ".page")

    # A wrong passcode (sent with Enter) is refused with the server's reason.
    passcode.send_keys("4711-opem\n")
    error = browser.find_element(By.ID, "passcode-error")
    WebDriverWait(browser, WAIT).until(lambda _: error.text)
    assert "not right" in error.text, error.text
    assert passcode.get_attribute("aria-invalid") == "true"
    assert form.is_displayed() and not browser.find_elements(By.CSS_SELECTOR, ".page")

    passcode.clear()
    passcode.send_keys("4711-open")
    browser.find_element(By.ID, "passcode-submit").click()
    wait_for_fields(browser)
    assert not form.is_displayed()
    assert_pages_drawn(browser)
    assert browser.execute_script("return [localStorage.length, sessionStorage.length, document.cookie]") == [0, 0, ""]

    browser.find_element(By.CSS_SELECTOR, ".page .field button").click()
    WebDriverWait(browser, WAIT).until(lambda b: dialog_open(b, "signature-dialog"))
    draw_signature(browser)
    adopt(browser)
    assert "Thank you for signing" in finish(browser)
    browser.switch_to.default_content()
    assert wait_for_event(browser, "completed") == {"id": document["id"], "recipient_id": "1"}
    assert [e["name"] for e in events(browser)] == ["loaded", "signed", "completed"]
    # Chromium reports the refused passcode's 403 in the console; nothing else may be there.
    errors = [e for e in browser.get_log("browser") if e["level"] == "SEVERE" and "/favicon.ico" not in e["message"]
              and not ("/unlock" in e["message"] and "403" in e["message"])]
    assert not errors, errors
    assert recipient(get_document(server, key, document["id"]), "1")["status"] == "signed"


def test_the_page_wears_its_api_applications_colours(server, key, browser):
    """A document of an API application with a primary colour, button text colour and radius
    shows its primary button in them; a document without one keeps the page's own blue."""
    response = requests.post(server.url(f"{API}/api_applications"), headers=api_headers(key), timeout=TIMEOUT, json={
        "name": "Browser brand",
        "preferences": {"primary_color": "#0a7d4f", "button_text_color": "#ffee00", "buttons_border_radius": 0},
    })
    assert response.status_code == 201, response.text
    fields = [{"type": "signature", "recipient_id": "1", "page": 1, "x": 100, "y": 300, "required": True}]

    def finish_button_style(document):
        browser.get(signing_url(document, "1"))
        wait_for_fields(browser)
        return browser.execute_script(
            "const s = getComputedStyle(document.getElementById('finish'));"
            "return [s.backgroundColor, s.color, s.borderTopLeftRadius];")

    branded = create_document(server, key, "Browser branded", [JANE], fields, api_application_id=response.json()["id"])
    assert finish_button_style(branded) == ["rgb(10, 125, 79)", "rgb(255, 238, 0)", "0px"]
    plain = create_document(server, key, "Browser plain", [JANE], fields)
    assert finish_button_style(plain) == ["rgb(11, 92, 173)", "rgb(255, 255, 255)", "6px"]
    assert_no_page_errors(browser)
