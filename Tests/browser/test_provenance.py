"""Provenance of repository documents in a real Chromium, against the real server.

The administrator, signed in with the form, opens a document in the repository console and
notarizes its file: the page then lists the notarization with the file's SHA-256 and a link to
the Notary's public report page, which names the same report. A person signed in by HTTP
Basic only is not offered the button (a browser sends Basic credentials with any site's forms).
"""

import hashlib
import secrets
from urllib.parse import urlencode

import requests
from selenium.webdriver.common.by import By

from test_admin_pages import sign_in
from test_repository_console import TIMEOUT, create, upload
from selenium.webdriver.support.ui import WebDriverWait

from test_sender_app import WAIT, assert_no_page_errors, shown, signed_out  # noqa: F401 (a fixture)


def test_a_documents_file_is_notarized_from_its_page(server, signed_out):
    browser = signed_out
    name, password = "Administrator", server.admin_password
    session = requests.Session()
    session.auth = (name, password)
    data = f"minutes {secrets.token_hex(8)}\n".encode()
    workspace = create(session, server, "/default-domain/workspaces", "Workspace", f"prov-{secrets.token_hex(4)}", {"dc:title": "Provenance"})
    batch = upload(session, server, "minutes.txt", data, "text/plain")
    document = create(session, server, workspace["path"], "File", "minutes", {
        "dc:title": "Minutes", "file:content": {"upload-batch": batch, "upload-fileId": "0"},
    })
    page = f"/repository/document/{document['uid']}"

    basic = requests.get(server.url(page), auth=(name, password), timeout=TIMEOUT)
    assert basic.status_code == 200 and 'id="notarize"' not in basic.text
    forged = requests.post(server.url(page + "/notarize"), auth=(name, password), timeout=TIMEOUT, allow_redirects=False)
    assert forged.status_code == 303 and forged.headers["Location"].startswith("/sign-in")

    sign_in(server, browser, name, password, "/sign-in?" + urlencode({"next": page}))
    WebDriverWait(browser, WAIT).until(lambda b: b.current_url == server.url(page))
    assert not browser.find_elements(By.ID, "notarizations")
    shown(browser, "notarize").click()
    [entry] = shown(browser, "notarizations").find_elements(By.TAG_NAME, "li")
    assert entry.find_element(By.CSS_SELECTOR, "code.sha256").text == hashlib.sha256(data).hexdigest()
    assert f"by {name}" in entry.text
    link = entry.find_element(By.TAG_NAME, "a")
    report_id = link.text.removeprefix("report ")
    link.click()
    WebDriverWait(browser, WAIT).until(lambda b: "/verify/" in b.current_url)
    assert report_id in shown(browser, "status").find_element(By.XPATH, "//h1").text
    assert_no_page_errors(browser)

    # The API shows the same report to its owner.
    report = requests.get(server.url(f"/qed/v1/reports/{report_id}"), auth=(name, password), timeout=TIMEOUT)
    assert report.status_code == 200, report.text[:500]
