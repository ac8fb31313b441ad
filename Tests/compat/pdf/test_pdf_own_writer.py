"""Our own writer as a producer: the Notary's report certificate (a PDF the server writes with the
`PDF` module's writer, with attachments and a QR code) read by `pdf info` as pdfinfo reads it, then
signed three times in a row, each revision accepted by qpdf, pdfsig, pyHanko and `pdf verify`.
"""

import hashlib
import json
import os

import pytest

from notary.qed import REPORTS, TIMEOUT, new_user, post_report, report_request, token

from .conftest import chancery, describe
from .validators import assert_pdfsig_valid, assert_pyhanko_valid, assert_qpdf_clean, page_text, pdfinfo_pages


@pytest.fixture(scope="module")
def certificate(server, http, tmp_path_factory):
    """A report certificate PDF fetched from the running server."""
    _, key = new_user(server)
    digest = hashlib.sha256(os.urandom(64)).hexdigest()
    report = post_report(server, http, key, report_request(digest, name="Signed certificate"))["response"]
    response = http.post(server.url(f"{REPORTS}{report['slug']}/pdf/"), headers=token(key), timeout=TIMEOUT)
    assert response.status_code == 200, response.text[:500]
    path = tmp_path_factory.mktemp("own-writer") / "certificate.pdf"
    path.write_bytes(response.content)
    return path


def test_info_reads_our_writer_as_pdfinfo_does(certificate):
    result = chancery("pdf", "info", certificate, "--json")
    assert result.returncode == 0, describe(result)
    info = json.loads(result.stdout)
    expected = pdfinfo_pages(certificate)
    assert info["pageCount"] == len(expected)
    for page, poppler in zip(info["pages"], expected):
        assert abs(page["width"] - poppler.width) < 0.01 and abs(page["height"] - poppler.height) < 0.01
        assert page["rotation"] == poppler.rotation


def test_three_signatures_on_our_writer_stay_valid(certificate, pki, tmp_path):
    signers = [pki.rsa, pki.ec, pki.rsa2]
    source = certificate
    for index, signer in enumerate(signers, start=1):
        output = tmp_path / f"signed-{index}.pdf"
        result = chancery("pdf", "sign", source, output, "--cert", signer.chain, "--key", signer.key, "--pades",
                          "--text", f"Signer {index}", "--page", "1", "--at", f"40,{40 * index}")
        assert result.returncode == 0, describe(result)
        assert output.read_bytes().startswith(source.read_bytes())
        assert_qpdf_clean(output)
        assert_pdfsig_valid(output, pki.nssdir, index)
        assert_pyhanko_valid(output, pki.ca, index)
        verified = chancery("pdf", "verify", output, "--root", pki.ca)
        assert verified.returncode == 0, describe(verified)
        source = output
    assert all(f"Signer {index}" in page_text(source, 1) for index in (1, 2, 3))
