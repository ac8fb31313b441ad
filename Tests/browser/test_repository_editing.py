"""The Repository console's changes in a real Chromium, against the real server.

A member signed in with the form sees no change offered in a workspace where they may only
read. Once the administrator grants them ReadWrite and ReadRemove there, they create a folder,
upload two files into it (the page sends them with the script and shows the progress), rename
one, replace its file, lock and unlock it, move it to the trash and restore it from the trash
listing, all by clicking; the API sees each change. They are still not offered the permissions.
"""

import secrets
import uuid
from urllib.parse import urlencode

import requests
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from test_admin_pages import sign_in
from test_repository_console import API, TIMEOUT, WORKSPACES, create
from test_sender_app import WAIT, assert_fits, assert_no_page_errors, shown, signed_out  # noqa: F401 (a fixture)


def document(server, auth, uid):
    response = requests.get(server.url(f"{API}/id/{uid}"), auth=auth, headers={"properties": "*", "fetch-document": "lock"}, timeout=TIMEOUT)
    assert response.status_code == 200, response.text[:500]
    return response.json()


def children(server, auth, uid):
    response = requests.get(server.url(f"{API}/id/{uid}/@children"), auth=auth, timeout=TIMEOUT)
    assert response.status_code == 200, response.text[:500]
    return {entry["title"]: entry for entry in response.json()["entries"]}


def click_and_wait(browser, element_id):
    """Clicks the button `element_id` and waits for the page it submits to replace this one."""
    button = browser.find_element(By.ID, element_id)
    button.click()
    WebDriverWait(browser, WAIT).until(lambda b: not b.find_elements(By.ID, element_id) or b.find_element(By.ID, element_id) != button)


def test_a_member_changes_documents_only_where_their_acl_allows(server, signed_out, tmp_path):
    browser = signed_out
    admin = ("Administrator", server.admin_password)
    session = requests.Session()
    session.auth = admin
    workspace = create(session, server, WORKSPACES, "Workspace", f"edit-{secrets.token_hex(4)}", {"dc:title": "Shared work"})
    name = f"editor-{uuid.uuid4().hex[:8]}"
    password = f"pw-{secrets.token_hex(12)}"
    server.cli("user", "add", name, "--password-stdin", input=password + "\n")
    member = (name, password)

    listing = f"/repository/browse?id={workspace['uid']}"
    sign_in(server, browser, name, password, "/sign-in?" + urlencode({"next": listing}))
    WebDriverWait(browser, WAIT).until(lambda b: b.current_url == server.url(listing))
    shown(browser, "details-link")
    assert not browser.find_elements(By.ID, "folder-editing")

    granted = requests.post(
        server.url(f"{API}/id/{workspace['uid']}/@op/Document.AddPermission"), auth=admin,
        json={"params": {"permission": "ReadWrite", "username": name}}, timeout=TIMEOUT,
    )
    assert granted.status_code == 200, granted.text[:500]
    assert requests.post(
        server.url(f"{API}/id/{workspace['uid']}/@op/Document.AddPermission"), auth=admin,
        json={"params": {"permission": "ReadRemove", "username": name}}, timeout=TIMEOUT,
    ).status_code == 200

    # A folder, by the form.
    browser.refresh()
    shown(browser, "folder-editing")
    browser.find_element(By.CSS_SELECTOR, "#new-type option[value='Folder']").click()
    browser.find_element(By.ID, "new-title").send_keys("Minutes")
    click_and_wait(browser, "create-document")
    assert shown(browser, "title").text == "Minutes"
    folder = children(server, member, workspace["uid"])["Minutes"]
    assert folder["type"] == "Folder"

    # Two files, sent by the page's script with its progress.
    first, second = tmp_path / "january.txt", tmp_path / "février.txt"
    first.write_bytes(b"january minutes\n" + secrets.token_bytes(200_000))
    second.write_bytes(b"february minutes\n")
    browser.find_element(By.ID, "open-folder").click()
    shown(browser, "upload-files").send_keys(f"{first}\n{second}")
    browser.find_element(By.ID, "upload-start").click()
    WebDriverWait(browser, WAIT).until(lambda b: len(b.find_elements(By.CSS_SELECTOR, "#children tbody tr")) == 2)
    files = children(server, member, folder["uid"])
    assert set(files) == {"january.txt", "février.txt"}
    blob = requests.get(server.url(f"{API}/id/{files['january.txt']['uid']}/@blob/file:content"), auth=member, timeout=TIMEOUT)
    assert blob.content == first.read_bytes()

    # Rename, replace the file, lock and unlock.
    browser.find_element(By.LINK_TEXT, "février.txt").click()
    title = shown(browser, "edit-dc-title")
    title.clear()
    title.send_keys("February minutes")
    click_and_wait(browser, "save-properties")
    assert shown(browser, "title").text == "February minutes"
    corrected = tmp_path / "february-v2.txt"
    corrected.write_bytes(b"february minutes, corrected\n")
    browser.find_element(By.ID, "upload-files").send_keys(str(corrected))
    browser.find_element(By.ID, "upload-start").click()
    # The page's script reloads the page once the file is in: the element read may be the old page's.
    WebDriverWait(browser, WAIT, ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda b: "february-v2.txt" in b.find_element(By.ID, "download-main").text
    )
    uid = files["février.txt"]["uid"]
    assert requests.get(server.url(f"{API}/id/{uid}/@blob/file:content"), auth=member, timeout=TIMEOUT).content == corrected.read_bytes()
    click_and_wait(browser, "lock")
    assert f"Locked by {name}" in shown(browser, "fact-lock").text
    assert document(server, admin, uid)["lockOwner"] == name
    click_and_wait(browser, "unlock")
    assert shown(browser, "fact-lock").text == "Not locked"

    # The trash, and back.
    assert not browser.find_elements(By.ID, "add-permission")
    click_and_wait(browser, "trash")
    assert "In the trash" in shown(browser, "fact-flags").text
    assert document(server, admin, uid)["isTrashed"] is True
    browser.get(server.url(f"/repository/browse?id={folder['uid']}"))
    shown(browser, "trash-link").click()
    WebDriverWait(browser, WAIT).until(lambda b: "trash=true" in b.current_url)
    browser.find_element(By.LINK_TEXT, "February minutes").click()
    click_and_wait(browser, "restore")
    assert "In the trash" not in shown(browser, "fact-flags").text
    assert document(server, admin, uid)["isTrashed"] is False

    browser.set_window_size(390, 844)
    for path in (f"/repository/browse?id={folder['uid']}", f"/repository/document/{uid}"):
        browser.get(server.url(path))
        assert_fits(browser)
    assert_no_page_errors(browser)
