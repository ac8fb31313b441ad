"""PAdES B-T: `chancery pdf sign --pades --tsa URL` puts an RFC 3161 signature time-stamp from the
Chancery server's own TSA (`POST /tsa`) into the CMS, and pyHanko, openssl and our verify accept it.
"""

import subprocess
import uuid

import requests

from .conftest import chancery, describe
from .validators import assert_pdfsig_valid, assert_qpdf_clean, pyhanko_statuses

TIMEOUT = 30


def server_api_key(server):
    """An API key of a fresh member of the running server, made with the real CLI."""
    name = f"pdf-tsa-{uuid.uuid4().hex[:10]}"
    server.cli("user", "add", name, "--password-stdin", input=f"pw-{uuid.uuid4().hex}\n")
    created = server.cli("apikey", "create", "--user", name, "--name", "pdf-tsa")
    return created.stdout.strip()


def test_a_pades_signature_carries_a_time_stamp_from_our_tsa(server, pki, corpus, tmp_path):
    source = corpus.path("ghostscript-mixed")
    output = tmp_path / "timestamped.pdf"
    result = chancery("pdf", "sign", source, output, "--cert", pki.rsa.chain, "--key", pki.rsa.key, "--pades",
                      "--tsa", server.url("/tsa"), "--tsa-api-key", server_api_key(server))
    assert result.returncode == 0, describe(result)
    assert_qpdf_clean(output)
    assert_pdfsig_valid(output, pki.nssdir, 1)

    tsa_root = tmp_path / "tsa-root.pem"
    tsa_root.write_text(requests.get(server.url("/.well-known/chancery/tsa-root.pem"), timeout=TIMEOUT).text)
    [(field, status)] = pyhanko_statuses(output, [pki.ca, tsa_root])
    report = status.pretty_print_details()
    assert status.intact and status.valid and status.trusted, report
    assert status.timestamp_validity is not None, report
    assert status.timestamp_validity.intact and status.timestamp_validity.valid, report
    assert status.timestamp_validity.trusted, report

    verified = chancery("pdf", "verify", output, "--root", pki.ca, "--root", tsa_root)
    assert verified.returncode == 0, describe(verified)
    assert "ok   time-stamp at " in verified.stdout, verified.stdout

    without_tsa_root = chancery("pdf", "verify", output, "--root", pki.ca)
    assert without_tsa_root.returncode != 0, describe(without_tsa_root)
    assert "FAIL time-stamp" in without_tsa_root.stdout, without_tsa_root.stdout


def test_a_time_stamp_refused_by_the_tsa_fails_the_signing(server, pki, corpus, tmp_path):
    output = tmp_path / "unsigned.pdf"
    result = chancery("pdf", "sign", corpus.path("ghostscript-mixed"), output, "--cert", pki.rsa.chain,
                      "--key", pki.rsa.key, "--pades", "--tsa", server.url("/tsa"))
    assert result.returncode != 0
    assert "401" in result.stderr, describe(result)
    assert len(result.stderr.strip().splitlines()) == 1, describe(result)
    assert not output.exists()


def test_the_server_checks_a_signed_pdf(server, pki, corpus, tmp_path):
    key = server_api_key(server)
    output = tmp_path / "checked.pdf"
    result = chancery("pdf", "sign", corpus.path("ghostscript-mixed"), output, "--cert", pki.rsa.chain,
                      "--key", pki.rsa.key, "--pades", "--tsa", server.url("/tsa"), "--tsa-api-key", key)
    assert result.returncode == 0, describe(result)
    headers = {"X-Api-Key": key, "Content-Type": "application/pdf"}

    answer = requests.post(server.url("/verify/pdf"), data=output.read_bytes(), headers=headers, timeout=TIMEOUT)
    assert answer.status_code == 200, answer.text
    [signature] = answer.json()["signatures"]
    assert signature["field"] == "Signature1" and signature["sub_filter"] == "ETSI.CAdES.detached"
    assert signature["covers_whole_file"] is True
    checks = signature["checks"]
    assert checks["digest"] is None and checks["signature"] is None and checks["byte_range"] is None, checks
    assert checks["time_stamp"] is None, "the server trusts its own TSA"
    assert checks["chain"], "the test CA is not one of the server's roots"
    assert answer.json()["valid"] is False

    tampered = bytearray(output.read_bytes())
    tampered[200] ^= 0x01
    answer = requests.post(server.url("/verify/pdf"), data=bytes(tampered), headers=headers, timeout=TIMEOUT)
    assert answer.status_code == 200, answer.text
    assert answer.json()["signatures"][0]["checks"]["digest"], answer.text


def test_the_server_check_needs_credentials_and_a_pdf(server):
    anonymous = requests.post(server.url("/verify/pdf"), data=b"%PDF-1.7", timeout=TIMEOUT)
    assert anonymous.status_code == 401
    garbage = requests.post(server.url("/verify/pdf"), data=b"not a pdf at all",
                            headers={"X-Api-Key": server_api_key(server)}, timeout=TIMEOUT)
    assert garbage.status_code == 400, garbage.text
    assert "not a PDF" in garbage.text
