"""The administration pages (/admin) in a real Chromium, against the real server.

The administrator signs in with the form, makes a user, changes their groups, makes an API key
whose secret the page shows once (and which works against the API), revokes it, and clears a
lock-out that wrong passwords caused. A member who signs in is refused the pages.
"""

import secrets
import uuid

import requests
from selenium.webdriver.common.by import By

from selenium.webdriver.support.ui import WebDriverWait

from test_sender_app import TIMEOUT, WAIT, assert_fits, assert_no_page_errors, shown, signed_out  # noqa: F401 (a fixture)


def sign_in(server, browser, name, password, path):
    """Opens `path`, signs in on the form it leads to, and returns to it."""
    browser.get(server.url(path))
    browser.find_element(By.ID, "username").send_keys(name)
    browser.find_element(By.ID, "password").send_keys(password)
    browser.find_element(By.CSS_SELECTOR, "form.sign-in button").click()


def row_showing(browser, table_id, text):
    """The row of the table `table_id` that shows `text`, once the page that has it has loaded: a
    page that redirects back to the one it was submitted from has the table before and after, so
    the row is found by one XPath query in whichever page is there (reading rows one at a time
    could reach into the page being replaced)."""
    rows = f"//table[@id='{table_id}']/tbody/tr[contains(., '{text}')]"
    WebDriverWait(browser, WAIT).until(lambda b: b.find_elements(By.XPATH, rows))
    return browser.find_element(By.XPATH, rows)


def test_an_administrator_manages_users_keys_and_lockouts(server, signed_out):
    browser = signed_out
    sign_in(server, browser, "Administrator", server.admin_password, "/admin")
    WebDriverWait(browser, WAIT).until(lambda b: b.current_url == server.url("/admin/users"))

    name = f"clerk-{uuid.uuid4().hex[:8]}"
    password = f"pw-{secrets.token_hex(12)}"
    browser.find_element(By.ID, "new-name").send_keys(name)
    browser.find_element(By.ID, "new-password").send_keys(password)
    browser.find_element(By.ID, "create-user").click()
    assert shown(browser, "user-name").text == name
    assert "was created" in browser.find_element(By.ID, "notice").text
    assert browser.find_element(By.ID, "group-members").is_selected()
    assert not browser.find_element(By.ID, "group-administrators").is_selected()

    browser.find_element(By.ID, "key-label").send_keys("reports")
    browser.find_element(By.ID, "create-key").click()
    secret = shown(browser, "api-key-secret").text
    me = requests.get(server.url("/api/v1/me"), headers={"X-Api-Key": secret}, timeout=TIMEOUT)
    assert me.status_code == 200 and me.json()["name"] == name
    browser.find_element(By.LINK_TEXT, f"Back to {name}").click()
    shown(browser, "api-keys")
    assert secret not in browser.page_source
    browser.find_element(By.CSS_SELECTOR, "#api-keys button.danger").click()
    assert "revoked" in shown(browser, "notice").text
    assert requests.get(server.url("/api/v1/me"), headers={"X-Api-Key": secret}, timeout=TIMEOUT).status_code == 401

    # Wrong passwords are listed with the user's name (whether or not the lock they caused has
    # ended yet); the administrator clears them.
    for _ in range(6):
        assert requests.get(server.url("/api/v1/me"), auth=(name, "wrong"), timeout=TIMEOUT).status_code in (401, 429)
    browser.find_element(By.LINK_TEXT, "Lock-outs").click()
    shown(browser, "lockouts")
    row = next(r for r in browser.find_elements(By.CSS_SELECTOR, "#lockouts tbody tr") if name in r.text)
    row.find_element(By.CSS_SELECTOR, "button.danger").click()
    assert "cleared" in shown(browser, "notice").text
    assert not [r for r in browser.find_elements(By.CSS_SELECTOR, "#lockouts tbody tr") if name in r.text]
    assert requests.get(server.url("/api/v1/me"), auth=(name, password), timeout=TIMEOUT).status_code == 200

    browser.set_window_size(390, 844)
    for path in ("/admin/users", f"/admin/users/{name}", "/admin/lockouts"):
        browser.get(server.url(path))
        assert_fits(browser)
    assert_no_page_errors(browser)

    # A member is refused.
    browser.find_element(By.CSS_SELECTOR, "form.sign-out button").click()
    WebDriverWait(browser, WAIT).until(lambda b: b.current_url.startswith(server.url("/sign-in")))
    sign_in(server, browser, name, password, "/admin/users")
    WebDriverWait(browser, WAIT).until(lambda b: b.current_url == server.url("/admin/users"))
    assert shown(browser, "error-message") and browser.find_element(By.TAG_NAME, "h1").text == "Forbidden"


def token_for_edge(server, uuid, secret):
    return requests.post(
        server.url("/intdash/api/auth/oauth2/token"),
        data={"grant_type": "client_credentials", "client_id": uuid, "client_secret": secret},
        timeout=TIMEOUT,
    )


def test_an_administrator_manages_edges_clients_quotas_and_disables_users(server, signed_out):
    browser = signed_out
    sign_in(server, browser, "Administrator", server.admin_password, "/admin/edges")
    WebDriverWait(browser, WAIT).until(lambda b: b.current_url == server.url("/admin/edges"))

    # An edge: its secret is shown once and yields tokens until the edge is disabled.
    edge_name = f"truck-{uuid.uuid4().hex[:8]}"
    browser.find_element(By.ID, "edge-name").send_keys(edge_name)
    browser.find_element(By.ID, "edge-owner").send_keys("Administrator")
    browser.find_element(By.ID, "create-edge").click()
    secret = shown(browser, "edge-secret").text
    edge_uuid = browser.find_element(By.ID, "secret-identifier").text
    assert token_for_edge(server, edge_uuid, secret).status_code == 200
    browser.find_element(By.LINK_TEXT, "Back to the edges").click()
    row = row_showing(browser, "edges", edge_name)
    assert "enabled" in row.text and secret not in browser.page_source
    row.find_element(By.XPATH, ".//button[text()='Disable']").click()
    assert "disabled" in shown(browser, "notice").text
    assert token_for_edge(server, edge_uuid, secret).status_code == 400

    # An application registered for the OAuth2 sign-in.
    browser.find_element(By.LINK_TEXT, "OAuth2 clients").click()
    app_name = f"Viewer {uuid.uuid4().hex[:6]}"
    shown(browser, "client-name").send_keys(app_name)
    browser.find_element(By.ID, "client-redirect-uris").send_keys("com.example.viewer:/callback")
    browser.find_element(By.ID, "register-client").click()
    row = row_showing(browser, "oauth2-clients", app_name)
    assert "public" in row.text and "com.example.viewer:/callback" in row.text

    # A user, a quota on them, and disabling them.
    name = f"clerk-{uuid.uuid4().hex[:8]}"
    password = f"pw-{secrets.token_hex(12)}"
    assert server.cli("user", "add", name, "--password-stdin", input=password + "\n").stdout.startswith(f"added {name}")
    browser.find_element(By.LINK_TEXT, "Storage").click()
    shown(browser, "quota-name").send_keys(name)
    browser.find_element(By.ID, "quota-size").send_keys("2GiB")
    browser.find_element(By.ID, "set-quota").click()
    assert "quota was set" in shown(browser, "notice").text
    usage = next(r for r in browser.find_elements(By.CSS_SELECTOR, "#storage-use tbody tr") if r.text.startswith(name))
    assert usage.text.split()[-2:] == ["2", "GiB"]

    # A group of their own, made and joined from the pages.
    group = f"clerks-{uuid.uuid4().hex[:6]}"
    browser.get(server.url("/admin/users"))
    shown(browser, "new-group").send_keys(group)
    browser.find_element(By.ID, "create-group").click()
    assert "group was created" in shown(browser, "notice").text
    browser.get(server.url(f"/admin/users/{name}"))
    shown(browser, f"group-{group}").click()
    browser.find_element(By.ID, "save-groups").click()
    assert "groups were saved" in shown(browser, "notice").text
    listed = next(line for line in server.cli("user", "list").stdout.splitlines() if line.startswith(name + " "))
    assert group in listed.split()[1].split(",")

    shown(browser, "disable-user").click()
    enable = shown(browser, "enable-user")  # only on the page after the change
    assert "disabled" in browser.find_element(By.ID, "notice").text
    assert requests.get(server.url("/api/v1/me"), auth=(name, password), timeout=TIMEOUT).status_code == 401
    enable.click()
    shown(browser, "disable-user")
    assert "enabled" in browser.find_element(By.ID, "notice").text
    assert requests.get(server.url("/api/v1/me"), auth=(name, password), timeout=TIMEOUT).status_code == 200

    browser.set_window_size(390, 844)
    for path in ("/admin/edges", "/admin/oauth2-clients", "/admin/storage"):
        browser.get(server.url(path))
        assert_fits(browser)
    assert_no_page_errors(browser)
