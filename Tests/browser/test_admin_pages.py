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
