"""Other producers' signatures: files signed by pyHanko (PAdES, with and without a visible
field) are checked by `chancery pdf verify`, and our signatures added after pyHanko's leave it
valid for pyHanko, pdfsig and our verify alike; tampering is caught in pyHanko's files too.
"""

import pytest

from .conftest import chancery, describe
from .validators import assert_pdfsig_valid, assert_pyhanko_valid, assert_qpdf_clean, tamper


def pyhanko_sign(source, output, signer, ca, field, subfilter):
    """Signs `source` into `output` with pyHanko's own incremental signer."""
    from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
    from pyhanko.sign import fields, signers

    credentials = signers.SimpleSigner.load(str(signer.key), str(signer.certificate), ca_chain_files=(str(ca),))
    with open(source, "rb") as handle:
        writer = IncrementalPdfFileWriter(handle)
        fields.append_signature_field(writer, fields.SigFieldSpec(field, box=(50, 50, 250, 100), on_page=0))
        metadata = signers.PdfSignatureMetadata(field_name=field, subfilter=subfilter)
        with open(output, "wb") as out:
            signers.sign_pdf(writer, metadata, signer=credentials, output=out)


@pytest.mark.parametrize("subfilter", ["PADES", "ADOBE_PKCS7_DETACHED"])
def test_our_verify_accepts_pyhankos_signatures(corpus, pki, tmp_path, subfilter):
    from pyhanko.sign.fields import SigSeedSubFilter

    output = tmp_path / "pyhanko.pdf"
    pyhanko_sign(corpus.path("ghostscript-mixed"), output, pki.rsa, pki.ca, "PyHanko", getattr(SigSeedSubFilter, subfilter))
    assert_pyhanko_valid(output, pki.ca, 1)

    verified = chancery("pdf", "verify", output, "--root", pki.ca)
    assert verified.returncode == 0, describe(verified)
    assert "PyHanko (" in verified.stdout and "FAIL" not in verified.stdout, verified.stdout

    tampered = tmp_path / "tampered.pdf"
    tampered.write_bytes(tamper(output.read_bytes()))
    assert chancery("pdf", "verify", tampered, "--root", pki.ca).returncode != 0


def test_our_signature_after_pyhankos_keeps_both_valid(corpus, pki, tmp_path):
    from pyhanko.sign.fields import SigSeedSubFilter

    first = tmp_path / "first.pdf"
    pyhanko_sign(corpus.path("libreoffice-html"), first, pki.ec, pki.ca, "PyHanko", SigSeedSubFilter.PADES)
    second = tmp_path / "second.pdf"
    result = chancery("pdf", "sign", first, second, "--cert", pki.rsa.chain, "--key", pki.rsa.key, "--pades",
                      "--text", "Second signer", "--page", "2", "--at", "72,72")
    assert result.returncode == 0, describe(result)
    assert_qpdf_clean(second)
    assert_pdfsig_valid(second, pki.nssdir, 2)
    assert_pyhanko_valid(second, pki.ca, 2)
    verified = chancery("pdf", "verify", second, "--root", pki.ca)
    assert verified.returncode == 0, describe(verified)
