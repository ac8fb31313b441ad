"""The Repository console in a real Chromium: a person signs in with HTTP Basic (credentials in the
URL, which Chromium answers the server's challenge with and then keeps for the origin), browses
from the root down to a document by clicking links, reads its page, downloads its file, runs NXQL
queries through the form, and sees neither documents nor pages they may not read.

The content is made first through the Nuxeo REST API with `requests`: a workspace, a folder, a
File whose blob comes from a batch upload, and a File whose ACL stops inheriting, so that plain
members cannot read it. Each signed-in user gets a Chromium of their own, so that one user's
remembered credentials never sign another in.
"""

import secrets
import time
from urllib.parse import urlsplit, urlunsplit

import pytest
import requests
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import CHROMEDRIVER, CHROMIUM

WAIT = 30
TIMEOUT = 60
API = "/nuxeo/api/v1"
WORKSPACES = "/default-domain/workspaces"
TITLE = 'Quarterly <numbers> & "more"'
SECRET_TITLE = "Board minutes"
BLOB_NAME = "numbers q3.csv"
BLOB = b"quarter,revenue\nq3,1234\n" + secrets.token_hex(16).encode() + b"\n"
POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)


def with_credentials(url, user, password):
    """`url` with `user:password@` in it, as a person would type it to sign in."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(netloc=f"{user}:{password}@{parts.netloc}"))


def start_chromium(download_dir):
    """A headless Chromium like the suite's own (conftest.py), that saves downloads in
    `download_dir` without asking."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,1000"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    options.add_experimental_option("prefs", {"download.default_directory": str(download_dir), "download.prompt_for_download": False})
    driver = webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(download_dir)})
    return driver


def signed_in(server, driver, user, password):
    """Signs `driver` in as `user` by opening the console with the credentials in the URL."""
    driver.get(with_credentials(server.url("/repository/browse?path=/"), user, password))
    assert driver.find_element(By.ID, "user").text == user


def assert_no_page_errors(driver):
    """No blocked resource and no failed load, but the HTTP error statuses tests ask for and the
    browser's own /favicon.ico probe."""
    errors = [
        entry for entry in driver.get_log("browser")
        if entry["level"] == "SEVERE" and "/favicon.ico" not in entry["message"] and "status of 40" not in entry["message"]
    ]
    assert not errors, errors


def assert_styled(driver):
    """The stylesheet loaded under the policy: the page is laid out narrower than the window."""
    assert driver.execute_script("return getComputedStyle(document.body).maxWidth") == "1152px"


def create(session, server, parent_path, doc_type, name, properties):
    """Creates a document through the REST API and returns its JSON."""
    body = {"entity-type": "document", "type": doc_type, "name": name, "properties": properties}
    response = session.post(server.url(f"{API}/path{parent_path}"), json=body, timeout=TIMEOUT)
    assert response.status_code == 201, response.text[:500]
    return response.json()


def upload(session, server, name, data, mime_type):
    """Uploads `data` as file 0 of a new batch (spec 1.8) and returns the batch id."""
    created = session.post(server.url(f"{API}/upload"), timeout=TIMEOUT)
    assert created.status_code == 201, created.text[:500]
    batch = created.json()["batchId"]
    headers = {"X-File-Name": requests.utils.quote(name), "X-File-Size": str(len(data)), "X-File-Type": mime_type, "Content-Type": mime_type}
    uploaded = session.post(server.url(f"{API}/upload/{batch}/0"), data=data, headers=headers, timeout=TIMEOUT)
    assert uploaded.status_code == 201, uploaded.text[:500]
    return batch


@pytest.fixture(scope="module")
def admin(server):
    return ("Administrator", server.admin_password)


@pytest.fixture(scope="module")
def member(server):
    """A plain member (in `members`, which the root ACL grants Read)."""
    name = f"console-{secrets.token_hex(4)}"
    password = f"pw-{secrets.token_hex(12)}"
    server.cli("user", "add", name, "--password-stdin", input=f"{password}\n")
    return (name, password)


@pytest.fixture(scope="module")
def content(server, admin):
    """Made through the REST API: workspace > folder > (a File with a blob, a File only the
    administrator may read)."""
    session = requests.Session()
    session.auth = admin
    workspace_name = f"console-{secrets.token_hex(4)}"
    workspace = create(session, server, WORKSPACES, "Workspace", workspace_name, {"dc:title": f"Console {workspace_name}"})
    folder = create(session, server, workspace["path"], "Folder", "reports", {"dc:title": "Reports"})
    batch = upload(session, server, BLOB_NAME, BLOB, "text/csv")
    document = create(session, server, folder["path"], "File", "quarterly", {
        "dc:title": TITLE, "dc:subjects": ["finance", "q3"], "dc:description": "Numbers of the third quarter",
        "file:content": {"upload-batch": batch, "upload-fileId": "0"},
    })
    secret = create(session, server, folder["path"], "File", "minutes", {"dc:title": SECRET_TITLE})
    blocked = session.post(
        server.url(f"{API}/automation/Document.BlockPermissionInheritance"),
        json={"input": secret["uid"], "params": {}}, headers={"X-NXVoidOperation": "true"}, timeout=TIMEOUT,
    )
    assert blocked.status_code in (200, 204), blocked.text[:500]
    return {"workspace": workspace, "folder": folder, "document": document, "secret": secret}


@pytest.fixture(scope="module")
def downloads(tmp_path_factory):
    return tmp_path_factory.mktemp("downloads")


@pytest.fixture(scope="module")
def admin_browser(server, admin, downloads):
    driver = start_chromium(downloads)
    signed_in(server, driver, *admin)
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def member_browser(server, member, tmp_path_factory):
    driver = start_chromium(tmp_path_factory.mktemp("member-downloads"))
    signed_in(server, driver, *member)
    yield driver
    driver.quit()


def follow(driver, text):
    """Clicks the link `text` and returns the new page's heading once it has loaded."""
    old = driver.find_element(By.TAG_NAME, "html")
    driver.find_element(By.LINK_TEXT, text).click()
    WebDriverWait(driver, WAIT).until(lambda _: is_stale(old))
    return driver.find_element(By.TAG_NAME, "h1").text


def is_stale(element):
    """Whether `element`'s page has been replaced by another. While the new page loads,
    chromedriver may answer with an "unhandled inspector error" instead; the wait asks again."""
    try:
        element.tag_name
        return False
    except StaleElementReferenceException:
        return True
    except WebDriverException as error:
        if "inspector error" in str(error):
            return False
        raise


def run_query(driver, query):
    """Types `query` into the query form and submits it, as a person would."""
    field = driver.find_element(By.ID, "q")
    field.clear()
    field.send_keys(query)
    old = driver.find_element(By.TAG_NAME, "html")
    driver.find_element(By.ID, "run").click()
    WebDriverWait(driver, WAIT).until(lambda _: is_stale(old))


def test_without_credentials_the_console_asks_for_them(server):
    response = requests.get(server.url("/repository/browse"), timeout=TIMEOUT)
    assert response.status_code == 401
    assert 'Basic realm="Nuxeo"' in response.headers["WWW-Authenticate"]
    assert response.headers["Content-Type"] == "text/html; charset=utf-8"
    assert "Sign-in required" in response.text


def test_browsing_from_the_root_down_to_a_document(server, admin_browser, content):
    browser = admin_browser
    browser.get(server.url("/repository/browse?path=/"))
    assert browser.find_element(By.TAG_NAME, "h1").text == "Root"
    assert follow(browser, "Domain") == "Domain"
    assert follow(browser, "Workspaces") == "Workspaces"
    assert follow(browser, content["workspace"]["title"]) == content["workspace"]["title"]
    assert follow(browser, "Reports") == "Reports"

    rows = browser.find_elements(By.CSS_SELECTOR, "#children tbody tr")
    titles = [row.find_element(By.CSS_SELECTOR, "td a").text for row in rows]
    assert titles == [TITLE, SECRET_TITLE]
    row = rows[0]
    cells = [cell.text for cell in row.find_elements(By.TAG_NAME, "td")]
    assert cells[1] == "File"
    assert cells[2].endswith(" UTC")
    assert cells[3] == f"{len(BLOB)} bytes"
    assert browser.find_element(By.ID, "page-status").text == "Page 1 of 1 · 2 documents"

    # The breadcrumb leads back up.
    crumbs = [link.text for link in browser.find_elements(By.CSS_SELECTOR, "nav.breadcrumb a")]
    assert crumbs == ["Root", "default-domain", "workspaces", content["workspace"]["path"].rsplit("/", 1)[1]]
    assert browser.find_element(By.CSS_SELECTOR, "nav.breadcrumb [aria-current=page]").text == "reports"

    assert follow(browser, TITLE) == TITLE
    assert browser.current_url == server.url(f"/repository/document/{content['document']['uid']}")
    assert_styled(browser)
    assert_no_page_errors(browser)

    assert follow(browser, "reports") == "Reports"


def test_a_document_page_shows_facts_properties_and_acl(server, admin_browser, content):
    browser = admin_browser
    document = content["document"]
    browser.get(server.url(f"/repository/document/{document['uid']}"))
    assert browser.find_element(By.ID, "title").text == TITLE
    assert browser.title == f"{TITLE} · Chancery Repository"
    assert browser.find_element(By.ID, "fact-path").text == document["path"]
    assert browser.find_element(By.ID, "fact-uid").text == document["uid"]
    assert browser.find_element(By.ID, "fact-type").text == "File"
    assert browser.find_element(By.ID, "fact-state").text == "project"
    assert browser.find_element(By.ID, "fact-version").text == "0.0"
    assert browser.find_element(By.ID, "fact-lock").text == "Not locked"
    assert "Versionable" in browser.find_element(By.ID, "fact-facets").text

    def value(key):
        return browser.find_element(By.CSS_SELECTOR, f'tr[data-key="{key}"] td').text

    assert value("dc:title") == TITLE
    assert value("dc:subjects").splitlines() == ["finance", "q3"]
    assert value("dc:creator") == "Administrator"
    assert value("dc:rights") == "not set"
    assert value("file:content").startswith(BLOB_NAME)
    assert "text/csv" in value("file:content")

    inherited = browser.find_element(By.ID, "inherited-acl").text
    assert "members Read Granted" in inherited
    assert "Administrator Everything Granted" in inherited
    assert browser.find_element(By.ID, "local-acl").text == "Local: no entries."
    assert_styled(browser)
    assert_no_page_errors(browser)


def test_downloading_the_blob(server, admin, admin_browser, content, downloads):
    browser = admin_browser
    browser.get(server.url(f"/repository/document/{content['document']['uid']}"))
    link = browser.find_element(By.CSS_SELECTOR, 'tr[data-key="file:content"] a.blob')
    assert link.text == BLOB_NAME
    href = link.get_attribute("href")

    response = requests.get(href, auth=admin, timeout=TIMEOUT)
    assert response.status_code == 200
    assert response.content == BLOB
    assert response.headers["Content-Disposition"] == "attachment; filename*=UTF-8''numbers%20q3.csv"
    assert response.headers["Content-Type"].startswith("text/csv")

    # And as a person downloads it: a click, and the file lands in the download folder.
    link.click()
    target = downloads / BLOB_NAME
    deadline = time.monotonic() + WAIT
    while not (target.exists() and target.read_bytes() == BLOB) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert target.read_bytes() == BLOB
    assert browser.current_url == server.url(f"/repository/document/{content['document']['uid']}")


def test_running_a_query_through_the_form(server, admin_browser, content):
    browser = admin_browser
    browser.get(server.url("/repository/browse?path=/"))
    assert follow(browser, "Query") == "Query the repository"
    query = f"SELECT * FROM File WHERE ecm:path STARTSWITH '{content['folder']['path']}' ORDER BY dc:title"
    run_query(browser, query)

    assert browser.find_element(By.ID, "q").get_attribute("value") == query
    rows = browser.find_elements(By.CSS_SELECTOR, "#results tbody tr")
    assert [row.find_element(By.CSS_SELECTOR, "td a").text for row in rows] == [SECRET_TITLE, TITLE]
    assert rows[1].find_elements(By.TAG_NAME, "td")[2].text == content["document"]["path"]
    assert follow(browser, TITLE) == TITLE
    assert_no_page_errors(browser)


def test_an_invalid_query_says_why(server, admin_browser):
    browser = admin_browser
    browser.get(server.url("/repository/query"))
    run_query(browser, "SELECT * FROM NoSuchType WHERE <b>")

    error = browser.find_element(By.ID, "query-error")
    assert error.text.startswith("Invalid NXQL query:"), error.text
    assert browser.find_element(By.ID, "q").get_attribute("value") == "SELECT * FROM NoSuchType WHERE <b>"
    assert browser.find_elements(By.TAG_NAME, "b") == []
    assert browser.find_elements(By.ID, "results") == []


def test_a_member_does_not_see_what_they_may_not_read(server, member, member_browser, content):
    browser = member_browser
    browser.get(server.url(f"/repository/browse?id={content['folder']['uid']}"))
    assert browser.find_element(By.TAG_NAME, "h1").text == "Reports"
    titles = [link.text for link in browser.find_elements(By.CSS_SELECTOR, "#children tbody td:first-child a")]
    assert titles == [TITLE]
    assert SECRET_TITLE not in browser.page_source
    assert content["secret"]["uid"] not in browser.page_source
    assert browser.find_element(By.ID, "page-status").text == "Page 1 of 1 · 1 document"

    # The document itself answers with the 403 page, which names nothing of it.
    browser.get(server.url(f"/repository/document/{content['secret']['uid']}"))
    assert browser.find_element(By.TAG_NAME, "h1").text == "Not allowed"
    assert "minutes" not in browser.page_source and SECRET_TITLE not in browser.page_source
    response = requests.get(server.url(f"/repository/document/{content['secret']['uid']}/blob"), auth=member, timeout=TIMEOUT)
    assert response.status_code == 403

    # Queries leave it out too.
    browser.get(server.url("/repository/query?q=" + requests.utils.quote(f"SELECT * FROM File WHERE ecm:path STARTSWITH '{content['folder']['path']}'")))
    titles = [link.text for link in browser.find_elements(By.CSS_SELECTOR, "#results tbody td:first-child a")]
    assert titles == [TITLE]

    # What they may read, they read.
    assert follow(browser, TITLE) == TITLE
    assert browser.find_element(By.ID, "user").text == member[0]
    assert_no_page_errors(browser)


def test_pages_run_under_a_strict_policy_and_without_script_for_basic_credentials(server, admin, content):
    """Only a browser session, which may change documents, gets the uploads' script (its own file)."""
    for path in ["/repository/browse?path=/", f"/repository/document/{content['document']['uid']}", "/repository/query?q=SELECT+*+FROM+Note"]:
        response = requests.get(server.url(path), auth=admin, timeout=TIMEOUT)
        assert response.status_code == 200, path
        assert response.headers["Content-Security-Policy"] == POLICY
        assert "<script" not in response.text
