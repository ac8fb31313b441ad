"""Templates in the web app for senders, in a real Chromium against the real server.

A sender saves a sent document as a template, naming the role of each recipient; uses it to
send the same file and fields to two other people, handing out the links themselves; the new
document has the template's fields, each for the person in its role.
"""

import uuid

import requests
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from test_sender_app import (  # noqa: F401 (a fixture)
    API, TIMEOUT, WAIT, assert_fits, assert_no_page_errors, create_document, member, shown, sign_in, signed_out,
)


def test_a_document_becomes_a_template_that_sends_it_again(server, signed_out):
    browser = signed_out
    name, password, key = member(server)
    lease = create_document(server, key, f"Lease {uuid.uuid4().hex[:6]}", [
        {"id": "1", "name": "Jane Doe", "email": "jane@example.com"},
        {"id": "2", "name": "John Roe", "email": "john@example.com"},
    ])
    sign_in(server, browser, name, password)
    browser.get(server.url(f"/signing/documents/{lease['id']}"))

    template_name = f"Standard lease {uuid.uuid4().hex[:6]}"
    field = shown(browser, "template-name")
    field.clear()
    field.send_keys(template_name)
    for recipient, role in (("1", "Landlord"), ("2", "Tenant")):
        role_field = browser.find_element(By.ID, f"role-{recipient}")
        role_field.clear()
        role_field.send_keys(role)
    browser.find_element(By.ID, "save-template").click()
    assert shown(browser, "send-from-template")  # only on the template's page
    assert "template was saved" in browser.find_element(By.ID, "notice").text
    assert browser.find_element(By.ID, "template-name").text == template_name

    document_name = browser.find_element(By.ID, "name")
    assert document_name.get_attribute("value") == template_name
    document_name.clear()
    document_name.send_keys("Flat 2")
    for role_id, person, email in (("1", "Lara Lord", "lara@example.com"), ("2", "Tim Tenant", "tim@example.com")):
        browser.find_element(By.ID, f"name-{role_id}").send_keys(person)
        browser.find_element(By.ID, f"email-{role_id}").send_keys(email)
    browser.find_element(By.ID, "delivery-links").click()
    browser.find_element(By.ID, "send-from-template").click()
    assert shown(browser, "document-name").text == "Flat 2"  # only on the document's page
    assert "sent for signature" in browser.find_element(By.ID, "notice").text
    links = {item.text.split(":")[0]: item.find_element(By.TAG_NAME, "a").get_attribute("href")
             for item in browser.find_elements(By.CSS_SELECTOR, "#signing-links li")}
    assert set(links) == {"Lara Lord", "Tim Tenant"}

    document_id = browser.current_url.split("/signing/documents/")[1].split("?")[0]
    made = requests.get(server.url(f"{API}/documents/{document_id}"), headers={"X-Api-Key": key}, timeout=TIMEOUT).json()
    assert [len(page) for page in made["fields"]] == [2]
    assert [f["recipient_id"] for f in made["fields"][0]] == [r["id"] for r in made["recipients"]]

    # The templates' list has it; the page fits a phone.
    browser.find_element(By.LINK_TEXT, "Templates").click()
    WebDriverWait(browser, WAIT).until(lambda b: b.find_elements(By.ID, "templates"))
    assert template_name in browser.find_element(By.ID, "templates").text
    browser.set_window_size(390, 844)
    for path in ("/signing/templates", f"/signing/documents/{lease['id']}"):
        browser.get(server.url(path))
        assert_fits(browser)
    assert_no_page_errors(browser)
