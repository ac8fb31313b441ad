"""The public verify pages in a real Chromium: `/verify/{slug}` shows a report's public facts and
checks its proof in the browser; `/verify` hashes a chosen file in the browser and finds its
reports. The file never leaves the browser: only its SHA-256 does, which the performance log
and the server's output show.
"""

import hashlib
import json
import os
import secrets

import pytest
import requests
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from notary.qed import REPORTS, TIMEOUT, api_key, token

WAIT = 30
# What the report keeps private: the verify pages must show none of it.
PRIVATE = {
    "name": "Private report name",
    "note": "A private note",
    "email": "private@example.com",
    "meta_data": {"private-key": "private-value"},
}
FILE_NAME = "private-file-name.txt"


def write_file(directory, name, content):
    path = directory / name
    path.write_bytes(content)
    return path


@pytest.fixture(scope="module")
def notarized(server, tmp_path_factory):
    """A real file notarized through the QED API: its path, content, SHA-256 and QED report."""
    content = b"chancery verify test " + secrets.token_hex(32).encode() + b"\n"
    path = write_file(tmp_path_factory.mktemp("files"), "notarized.txt", content)
    digest = hashlib.sha256(content).hexdigest()
    key = api_key(server, "Administrator", f"browser-{secrets.token_hex(4)}")
    body = {
        "hash": digest, "original_created_at": "2026-01-02T03:04:05Z",
        "provable_files": [{"hash": digest, "file_name": FILE_NAME}], **PRIVATE,
    }
    response = requests.post(server.url(REPORTS), json=body, headers=token(key), timeout=TIMEOUT)
    assert response.status_code == 201, response.text[:500]
    return {"path": path, "content": content, "digest": digest, "report": response.json()}


def wait_for_state(browser, element_id, states=("ok", "failed")):
    """Waits until the element's data-state is one of `states`, and returns the element."""
    element = browser.find_element(By.ID, element_id)
    WebDriverWait(browser, WAIT).until(lambda _: element.get_attribute("data-state") in states)
    return element


def assert_no_page_errors(browser):
    """No script error, no blocked resource; the browser's own /favicon.ico probe does not count."""
    errors = [e for e in browser.get_log("browser") if e["level"] == "SEVERE" and "/favicon.ico" not in e["message"]]
    assert not errors, errors


def sent_requests(browser):
    """Every request the browser sent since the log was last read: (method, url, body)."""
    requests_sent = []
    for entry in browser.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            request = message["params"]["request"]
            requests_sent.append((request["method"], request["url"], request.get("postData")))
    return requests_sent


def test_the_report_page_shows_the_facts_and_verifies_the_proof(server, browser, notarized):
    report = notarized["report"]
    # The QED resource links here.
    assert report["tx"]["explorer_url"] == server.url(f"/verify/{report['slug']}")
    browser.get(report["tx"]["explorer_url"])
    result = wait_for_state(browser, "proof-result")
    assert result.get_attribute("data-state") == "ok", result.text
    assert result.text.startswith("Verified"), result.text
    for check in ("check-entry", "check-inclusion", "check-signature"):
        item = browser.find_element(By.ID, check)
        assert item.get_attribute("data-state") == "ok" and item.text.startswith("Passed"), item.text

    assert "Confirmed" in browser.find_element(By.ID, "status").text
    assert browser.find_element(By.ID, "log-index").text == str(report["tx"]["block_height"])
    assert browser.find_element(By.ID, "report-hash").text == notarized["digest"]
    page = browser.page_source
    for private in [*PRIVATE.values(), FILE_NAME, "private-key"]:
        assert str(private) not in page, private
    assert_no_page_errors(browser)


def test_a_file_on_the_report_page_matches_only_if_it_is_the_notarized_one(server, browser, notarized, tmp_path):
    browser.get(server.url(f"/verify/{notarized['report']['slug']}"))
    result = browser.find_element(By.ID, "file-result")

    # Dropped, as a person would drag it from their desktop.
    browser.execute_script(
        """
        const transfer = new DataTransfer();
        transfer.items.add(new File([arguments[0]], "other.txt"));
        document.getElementById("drop").dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
        """,
        "some other content",
    )
    wait_for_state(browser, "file-result")
    assert result.get_attribute("data-state") == "failed", result.text
    assert "other.txt does not match this report" in result.text, result.text
    assert hashlib.sha256(b"some other content").hexdigest() in result.text

    # Chosen with the file input.
    browser.find_element(By.ID, "file").send_keys(str(notarized["path"]))
    WebDriverWait(browser, WAIT).until(lambda _: "notarized.txt" in result.text and result.get_attribute("data-state") != "pending")
    assert result.get_attribute("data-state") == "ok", result.text
    assert "notarized.txt matches" in result.text, result.text
    assert_no_page_errors(browser)


def test_the_lookup_page_finds_the_report_of_a_file_without_uploading_it(server, browser, notarized):
    browser.get(server.url("/verify"))
    browser.find_element(By.ID, "file").send_keys(str(notarized["path"]))
    status = wait_for_state(browser, "status")
    assert status.get_attribute("data-state") == "ok", status.text
    slug = notarized["report"]["slug"]
    link = browser.find_element(By.CSS_SELECTOR, f'#reports a[href="/verify/{slug}"]')
    assert link.text == f"Report {slug}"

    sent = sent_requests(browser)
    assert sent, "the performance log recorded no requests"
    marker = notarized["content"].decode().split()[-1]
    for method, url, body in sent:
        assert method == "GET" and body is None, (method, url, body)
        assert marker not in url, url
    assert any(url == server.url(f"/verify/lookup?hash={notarized['digest']}") for _, url, _ in sent), sent
    assert marker not in server.output()

    link.click()
    WebDriverWait(browser, WAIT).until(lambda _: browser.current_url == server.url(f"/verify/{slug}"))
    assert wait_for_state(browser, "proof-result").get_attribute("data-state") == "ok"
    assert_no_page_errors(browser)


def test_a_file_that_was_never_notarized_has_no_report(server, browser, tmp_path):
    # Over 4 MiB, so that it is hashed in several slices.
    content = os.urandom(9 * 1024 * 1024 + 7)
    path = write_file(tmp_path, "never-notarized.bin", content)
    browser.get(server.url("/verify"))
    browser.find_element(By.ID, "file").send_keys(str(path))
    status = wait_for_state(browser, "status")
    assert status.get_attribute("data-state") == "failed", status.text
    assert "No report found for never-notarized.bin" in status.text, status.text
    assert hashlib.sha256(content).hexdigest() in status.text
    assert browser.find_elements(By.CSS_SELECTOR, "#reports li") == []
    assert_no_page_errors(browser)


def test_an_unknown_report_gets_a_friendly_page(server, browser):
    browser.get(server.url("/verify/NoSuchSlug"))
    assert browser.find_element(By.TAG_NAME, "h1").text == "No report here"
    assert browser.find_element(By.LINK_TEXT, "look up a file").get_attribute("href") == server.url("/verify")


def test_the_browser_sha256_matches_python(server, browser):
    """The pages' own SHA-256, fed whole and in uneven pieces, against hashlib, at the lengths
    where padding changes."""
    lengths = [0, 1, 55, 56, 63, 64, 65, 119, 120, 127, 128, 1000, 100_003]
    browser.get(server.url("/verify"))
    digests = browser.execute_async_script(
        """
        const [lengths, done] = arguments;
        import("/verify/assets/sha256.js").then(({ SHA256, sha256, hex }) => done(lengths.map((length) => {
          const bytes = Uint8Array.from({ length }, (_, i) => (i * 31 + 7) % 256);
          const pieces = new SHA256();
          for (let offset = 0, size = 1; offset < length; offset += size, size = size * 3 % 97 + 1) {
            pieces.update(bytes.subarray(offset, offset + size));
          }
          return [hex(sha256(bytes)), hex(pieces.digest())];
        })));
        """,
        lengths,
    )
    for length, (whole, pieces) in zip(lengths, digests):
        expected = hashlib.sha256(bytes((i * 31 + 7) % 256 for i in range(length))).hexdigest()
        assert whole == expected and pieces == expected, length


def test_the_proof_check_rejects_tampered_proofs(server, browser, notarized):
    """The in-browser checker is not vacuous: a changed entry, proof hash or signature fails."""
    slug = notarized["report"]["slug"]
    browser.get(server.url(f"/verify/{slug}"))
    outcomes = browser.execute_async_script(
        """
        const [slug, done] = arguments;
        Promise.all([import("/verify/assets/tlog.js"), fetch(`/verify/${slug}.json`).then((r) => r.json())])
          .then(async ([tlog, facts]) => {
            const key = tlog.parseVerifierKey(facts.log_key);
            async function outcome(change) {
              try {
                const proof = tlog.parseProof(facts.proof);
                const note = tlog.parseNote(proof.note);
                change(proof, note);
                const checkpoint = tlog.parseCheckpoint(note.text);
                const root = tlog.rootFromInclusionProof(tlog.leafHash(proof.entry), proof.index, checkpoint.size, proof.hashes);
                if (!tlog.equalBytes(root, checkpoint.root)) return "root mismatch";
                await tlog.verifyNote(note, key);
                return "ok";
              } catch (error) {
                return error instanceof tlog.ProofError ? error.message : `unexpected: ${error}`;
              }
            }
            done({
              untouched: await outcome(() => {}),
              entry: await outcome((proof) => { proof.entry[proof.entry.length - 2] ^= 1; }),
              index: await outcome((proof) => { proof.index += 1; }),
              signature: await outcome((proof, note) => { note.signatures[0].signature[0] ^= 1; }),
              text: await outcome((proof, note) => { note.text = note.text.replace(/\\n[0-9]+\\n/, "\\n999999\\n"); }),
            });
          });
        """,
        slug,
    )
    assert outcomes["untouched"] == "ok", outcomes
    assert outcomes["entry"] == "root mismatch", outcomes
    assert outcomes["index"] != "ok" and not outcomes["index"].startswith("unexpected"), outcomes
    assert outcomes["signature"] == "the checkpoint's signature is not valid", outcomes
    assert outcomes["text"] != "ok" and not outcomes["text"].startswith("unexpected"), outcomes
