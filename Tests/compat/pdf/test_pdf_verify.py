"""`chancery pdf verify FILE --root CA.pem` says no when a validator says no: one byte changed inside
a signed range (pdfsig: digest mismatch, pyHanko: not intact), a chain to another root, and an
unsigned incremental update after the last signature (no signature covers the whole file any more,
while the file itself stays well formed). The good cases are in test_pdf_sign.py.
"""

import re

import pytest

from .conftest import chancery, describe
from .corpus import SIGNABLE, SPEC_BY_NAME, append_update
from .validators import assert_qpdf_clean, pdfsig, pyhanko_statuses, qpdf_trailer, tamper


def verify(path, root):
    """`chancery pdf verify FILE --root CA`, as a CompletedProcess."""
    return chancery("pdf", "verify", path, "--root", root)


@pytest.mark.parametrize("name", SIGNABLE)
def test_one_changed_byte_fails_every_validator(engine, pki, name, tmp_path):
    signed = engine.once(name, "pades-rsa")
    untouched = verify(signed.outputs[0], pki.ca)
    assert untouched.returncode == 0, describe(untouched)
    tampered = tmp_path / "tampered.pdf"
    tampered.write_bytes(tamper(signed.outputs[0].read_bytes()))

    report = pdfsig(tampered, pki.nssdir)
    assert len(report) == 1 and not report[0].valid, report
    statuses = pyhanko_statuses(tampered, [pki.ca], strict=SPEC_BY_NAME[name].pyhanko_strict)
    assert len(statuses) == 1 and not statuses[0][1].intact, statuses
    result = verify(tampered, pki.ca)
    assert result.returncode != 0, describe(result)


def test_one_changed_byte_fails_a_file_with_three_signatures(engine, pki, tmp_path):
    signed = engine.sequence("libreoffice-html", True)
    tampered = tmp_path / "tampered.pdf"
    tampered.write_bytes(tamper(signed.outputs[-1].read_bytes()))

    report = pdfsig(tampered, pki.nssdir)
    assert len(report) == 3 and not any(signature.valid for signature in report), report
    result = verify(tampered, pki.ca)
    assert result.returncode != 0, describe(result)


@pytest.mark.parametrize("mode", ["pkcs7-rsa", "pades-ec"])
def test_a_chain_to_another_root_fails(engine, pki, mode):
    output = engine.once("hand-geometry", mode).outputs[0]
    trusted = verify(output, pki.ca)
    assert trusted.returncode == 0, describe(trusted)
    untrusted = verify(output, pki.other_ca)
    assert untrusted.returncode != 0, describe(untrusted)


def reference(value):
    """The object number of an indirect reference as qpdf's JSON writes it ("12 0 R")."""
    match = re.fullmatch(r"(\d+) 0 R", value)
    assert match, value
    return int(match[1])


@pytest.mark.parametrize("name", ["hand-geometry", "qpdf-objstm-libreoffice"])
def test_an_unsigned_update_after_the_last_signature_fails(engine, pki, name, tmp_path):
    """A classic-xref update that replaces the Info dictionary, appended after the signatures: still a
    clean PDF, every signature still intact, but none covers the whole file."""
    signed = engine.sequence(name, True)
    trailer = qpdf_trailer(signed.outputs[-1])
    size = trailer["/Size"]
    changed = tmp_path / "appended.pdf"
    changed.write_bytes(append_update(
        signed.outputs[-1].read_bytes(),
        [(size, b"<< /Title (Changed after signing) /Producer (someone else) >>")],
        root=reference(trailer["/Root"]), info=size, size=size + 1,
    ))
    assert_qpdf_clean(changed)

    report = pdfsig(changed, pki.nssdir)
    assert len(report) == 3 and all(signature.valid and not signature.total for signature in report), report
    result = verify(changed, pki.ca)
    assert result.returncode != 0, describe(result)
