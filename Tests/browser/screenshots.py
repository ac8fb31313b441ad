"""Takes the screenshots of the main pages that the docs show (docs/screenshots/*.png).

Run by `scripts/screenshots` (not a test: pytest collects only test_*.py). It starts the real
server on a fresh data folder, makes a little content through the APIs and the CLI, signs the
administrator in with the form in a headless Chromium, and saves each page at 1200 × 860.
"""

import base64
import sys
import tempfile
import time
import uuid
from pathlib import Path

import requests
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

sys.path.append(str(Path(__file__).resolve().parents[1] / "compat"))

from chancery_server import Server, executable_binary  # noqa: E402
from conftest import CHROMEDRIVER, CHROMIUM  # noqa: E402
from test_signing import letter_pdf  # noqa: E402

OUTPUT = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
TIMEOUT = 60
WAIT = 30
NUXEO = "/nuxeo/api/v1"


def content(server, admin):
    """Documents to sign, a repository folder with files, an edge and a user of each kind."""
    server.cli("user", "add", "clerk", "--password-stdin", input="a long clerk password\n")
    key = server.cli("apikey", "create", "--user", "Administrator", "--name", "screenshots").stdout.strip()
    signing = {"X-Api-Key": key}
    documents = []
    for name, people in (
        ("Lease, Flat 2", [("Lara Lord", "lara@example.com"), ("Tim Tenant", "tim@example.com")]),
        ("Offer letter", [("Jane Doe", "jane@example.com")]),
        ("Supplier agreement", [("Ann Poe", "ann@example.com"), ("Max Moe", "max@example.com")]),
    ):
        recipients = [{"id": str(i + 1), "name": person, "email": email} for i, (person, email) in enumerate(people)]
        body = {
            "name": name, "embedded_signing": True, "recipients": recipients,
            "files": [{"name": f"{name}.pdf", "file_base64": base64.b64encode(letter_pdf(name)).decode()}],
            "fields": [[{"x": 72, "y": 300 + 80 * i, "page": 1, "recipient_id": r["id"], "type": "signature"} for i, r in enumerate(recipients)]],
        }
        answer = requests.post(server.url("/signwell/api/v1/documents"), json=body, headers=signing, timeout=TIMEOUT)
        answer.raise_for_status()
        documents.append(answer.json())

    session = requests.Session()
    session.auth = admin
    workspace = session.post(
        server.url(f"{NUXEO}/path/default-domain/workspaces"), timeout=TIMEOUT,
        json={"entity-type": "document", "type": "Workspace", "name": "contracts", "properties": {"dc:title": "Contracts"}},
    ).json()
    for title, text in (("Minutes, January", "minutes\n"), ("Price list 2027", "prices\n"), ("Handbook", "handbook\n")):
        batch = session.post(server.url(f"{NUXEO}/upload/"), timeout=TIMEOUT).json()["batchId"]
        session.post(
            server.url(f"{NUXEO}/upload/{batch}/0"), data=text.encode() * 400, timeout=TIMEOUT,
            headers={"X-File-Name": f"{title}.txt", "X-File-Type": "text/plain", "Content-Type": "application/octet-stream"},
        ).raise_for_status()
        session.post(
            server.url(f"{NUXEO}/path{workspace['path']}"), timeout=TIMEOUT,
            json={"entity-type": "document", "type": "File", "name": title,
                  "properties": {"dc:title": title, "file:content": {"upload-batch": batch, "upload-fileId": "0"}}},
        ).raise_for_status()
    server.cli("edge", "create", "--name", "truck-7", "--nickname", "Truck 7", "--owner", "Administrator")
    server.cli("edge", "create", "--name", "weather-station", "--owner", "clerk")
    return documents, workspace


def main():
    OUTPUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as data:
        server = Server(executable_binary(), Path(data), None)
        server.start()
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1200,860", "--hide-scrollbars"):
            options.add_argument(argument)
        browser = webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))
        try:
            admin = ("Administrator", server.admin_password)
            documents, workspace = content(server, admin)
            browser.get(server.url("/sign-in?next=/signing/documents"))
            browser.find_element(By.ID, "username").send_keys(admin[0])
            browser.find_element(By.ID, "password").send_keys(admin[1])
            browser.find_element(By.CSS_SELECTOR, "form.sign-in button").click()
            WebDriverWait(browser, WAIT).until(lambda b: b.current_url.endswith("/signing/documents"))
            pages = [
                ("signing-documents.png", "/signing/documents", "documents"),
                ("signing-document.png", f"/signing/documents/{documents[0]['id']}", "recipients"),
                ("signing-new-document.png", "/signing/documents/new", "upload"),
                ("admin-users.png", "/admin/users", "users"),
                ("admin-edges.png", "/admin/edges", "edges"),
                ("admin-storage.png", "/admin/storage", "storage-use"),
                ("repository-folder.png", f"/repository/browse?id={workspace['uid']}", "children"),
            ]
            for file, path, element in pages:
                browser.get(server.url(path))
                WebDriverWait(browser, WAIT).until(lambda b, element=element: b.find_elements(By.ID, element))
                browser.save_screenshot(str(OUTPUT / file))
            draft = browser.find_element(By.CSS_SELECTOR, "#children tbody a").get_attribute("href")
            browser.get(draft)
            WebDriverWait(browser, WAIT).until(lambda b: b.find_elements(By.ID, "document-editing"))
            browser.save_screenshot(str(OUTPUT / "repository-document.png"))
        finally:
            browser.quit()
            server.stop()
    for file in sorted(OUTPUT.glob("*.png")):
        print(f"{file.relative_to(OUTPUT.parents[1])}: {file.stat().st_size // 1024} KiB")


if __name__ == "__main__":
    started = time.monotonic()
    main()
    print(f"took {time.monotonic() - started:.0f} s")
