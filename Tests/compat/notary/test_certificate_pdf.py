"""The report certificate PDF, checked with independent tools only:

- `qpdf --check` finds the file well formed;
- `pdftotext` shows the file name, the digests, the slug and the log position;
- `zbarimg` decodes the QR code of a `pdftoppm` rendering to the report's verify URL;
- `pdfdetach` extracts the proof files, and `openssl ts -verify` accepts the attached token
  for the original file with the attached TSA root.
"""

import base64
import hashlib
import os
import subprocess

import pytest

from .qed import REPORTS, TIMEOUT, new_user, post_report, report_request, token
from .tlog import parse_entry

OPENSSL = os.environ.get("OPENSSL", "/usr/bin/openssl")
TOOL_TIMEOUT = 60


def run(*command):
    """Runs a tool and returns its standard output; fails the test with all its output when
    it fails."""
    result = subprocess.run(command, capture_output=True, text=True, timeout=TOOL_TIMEOUT)
    assert result.returncode == 0, f"{' '.join(map(str, command))} exited {result.returncode}:\n{result.stdout}\n{result.stderr}"
    return result.stdout


@pytest.fixture(scope="module")
def owner(server):
    return new_user(server)


@pytest.fixture(scope="module")
def certified(server, http, owner, tmp_path_factory):
    """A notarized file, its report, and the certificate PDF fetched with POST."""
    _, key = owner
    folder = tmp_path_factory.mktemp("certificate")
    photo = folder / "photo.jpg"
    photo.write_bytes(os.urandom(200_000))
    digest = hashlib.sha256(photo.read_bytes()).hexdigest()
    body = report_request(digest, name="Holiday photo")
    body["provable_files"] = [{"hash": digest, "file_name": "photo.jpg"}]
    report = post_report(server, http, key, body)["response"]
    response = http.post(server.url(f"{REPORTS}{report['slug']}/pdf/"), headers=token(key), timeout=TIMEOUT)
    assert response.status_code == 200, response.text[:500]
    assert response.headers["Content-Type"] == "application/pdf"
    assert f'filename="{report["slug"]}.pdf"' in response.headers.get("Content-Disposition", "")
    pdf = folder / "certificate.pdf"
    pdf.write_bytes(response.content)
    return {"folder": folder, "photo": photo, "digest": digest, "report": report, "pdf": pdf}


def test_qpdf_finds_the_certificate_well_formed(certified):
    result = subprocess.run(["qpdf", "--check", certified["pdf"]], capture_output=True, text=True, timeout=TOOL_TIMEOUT)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "No syntax or stream encoding errors found" in output, output
    assert "WARNING" not in output, output


def test_pdfinfo_shows_one_a4_page_with_the_slug_in_the_title(certified):
    output = run("pdfinfo", certified["pdf"])
    assert "Pages:           1" in output, output
    assert "595.28 x 841.89 pts (A4)" in output, output
    assert certified["report"]["slug"] in output, output


def test_pdftotext_shows_the_file_digest_and_log_position(certified):
    report = certified["report"]
    text = run("pdftotext", "-layout", certified["pdf"], "-")
    for expected in (
        "Certificate of Existence", "photo.jpg", "Holiday photo", certified["digest"], report["slug"],
        report["tx"]["hash"], report["tx"]["network_name"], report["tx"]["network_id"],
        report["tx"]["data"]["checkpoint_root"], report["tx"]["explorer_url"],
    ):
        assert expected in text, f"{expected!r} is not in the certificate's text:\n{text}"
    assert f"Entry index {report['tx']['block_height']}" in " ".join(text.split()), text


def test_zbarimg_reads_the_verify_url_from_the_qr_code(certified):
    prefix = certified["folder"] / "page"
    run("pdftoppm", "-png", "-r", "150", "-singlefile", certified["pdf"], prefix)
    decoded = run("zbarimg", "--raw", "-q", f"{prefix}.png").strip()
    assert decoded == certified["report"]["tx"]["explorer_url"]
    assert decoded.endswith(f"/verify/{certified['report']['slug']}")


def test_attached_proof_files_verify_with_openssl(server, http, certified):
    slug = certified["report"]["slug"]
    folder = certified["folder"] / "attachments"
    folder.mkdir()
    listing = run("pdfdetach", "-list", certified["pdf"])
    run("pdfdetach", "-saveall", "-o", folder, certified["pdf"])
    names = sorted(path.name for path in folder.iterdir())
    assert names == sorted([f"{slug}.tlog-proof", f"{slug}.tsr", "meta.json", "log.vkey", "tsa-root.pem", "VERIFY.txt"]), listing

    # The anchors are the ones the server publishes.
    assert (folder / "tsa-root.pem").read_text() == http.get(server.url("/.well-known/chancery/tsa-root.pem"), timeout=TIMEOUT).text
    assert (folder / "log.vkey").read_text() == http.get(server.url("/.well-known/chancery/log.vkey"), timeout=TIMEOUT).text

    output = run(
        OPENSSL, "ts", "-verify", "-data", certified["photo"], "-in", folder / f"{slug}.tsr", "-CAfile", folder / "tsa-root.pem"
    )
    assert "Verification: OK" in output, output

    # The attached proof carries the entry that commits to the file's digest.
    proof = (folder / f"{slug}.tlog-proof").read_text()
    extra = next(line for line in proof.splitlines() if line.startswith("extra "))
    entry = parse_entry(base64.b64decode(extra[len("extra "):]), certified["report"]["tx"]["network_name"])
    assert entry["slug"] == slug and certified["digest"] in entry["files"]


def test_get_returns_a_certificate_too(server, http, owner, certified):
    _, key = owner
    response = http.get(server.url(f"{REPORTS}{certified['report']['slug']}/pdf"), headers=token(key), timeout=TIMEOUT)
    assert response.status_code == 200 and response.content.startswith(b"%PDF-1.7"), response.content[:200]


def test_certificate_needs_the_owners_key(server, http, certified):
    slug = certified["report"]["slug"]
    assert http.post(server.url(f"{REPORTS}{slug}/pdf/"), timeout=TIMEOUT).status_code == 401
    _, stranger = new_user(server)
    response = http.post(server.url(f"{REPORTS}{slug}/pdf/"), headers=token(stranger), timeout=TIMEOUT)
    assert response.status_code == 404, response.text[:300]
    response = http.post(server.url(f"{REPORTS}nosuchslug/pdf/"), headers=token(stranger), timeout=TIMEOUT)
    assert response.status_code == 404, response.text[:300]
    assert "detail" in response.json()


def test_a_report_without_a_sha256_hash_has_no_time_stamp_to_attach(server, http, owner, tmp_path):
    _, key = owner
    report = post_report(server, http, key, report_request(os.urandom(16).hex()))["response"]
    response = http.get(server.url(f"{REPORTS}{report['slug']}/pdf/"), headers=token(key), timeout=TIMEOUT)
    assert response.status_code == 200, response.text[:300]
    pdf = tmp_path / "certificate.pdf"
    pdf.write_bytes(response.content)
    text = " ".join(run("pdftotext", pdf, "-").split())
    assert "none: the report hash is not a SHA-256 digest" in text, text
    assert report["hash"] in text, text
    listing = run("pdfdetach", "-list", pdf)
    assert ".tlog-proof" in listing and ".tsr" not in listing, listing
