"""`chancery pdf info FILE [--json]` against poppler's pdfinfo and pdfsig on every readable corpus
file: page count, each page's CropBox size (unrotated), /Rotate, MediaBox and CropBox, the Info
dictionary, encryption, and the signatures of signed files.
"""

import json

import pytest

from .conftest import chancery, describe
from .corpus import SIGNABLE
from .validators import pdfinfo, pdfinfo_pages, pdfsig

TOLERANCE = 0.01  # points


def info_json(path):
    """`chancery pdf info --json`, which must exit 0 and print one JSON object."""
    result = chancery("pdf", "info", path, "--json")
    assert result.returncode == 0, describe(result)
    try:
        return json.loads(result.stdout)
    except ValueError:
        pytest.fail(f"pdf info --json did not print JSON:\n{describe(result)}")


def assert_box(ours, poppler, what):
    """Our [llx lly urx ury] equals pdfinfo's within TOLERANCE."""
    assert isinstance(ours, list) and len(ours) == 4, f"{what}: {ours!r}"
    assert all(abs(a - b) <= TOLERANCE for a, b in zip(ours, poppler)), f"{what}: ours {ours}, pdfinfo {list(poppler)}"


@pytest.mark.parametrize("name", SIGNABLE)
def test_pages_match_pdfinfo(corpus, name):
    path = corpus.path(name)
    info = info_json(path)
    expected = pdfinfo_pages(path)

    assert info["pageCount"] == len(expected), f"{name}: pageCount {info['pageCount']}, pdfinfo {len(expected)}"
    assert [page["number"] for page in info["pages"]] == [page.number for page in expected], info["pages"]
    for ours, theirs in zip(info["pages"], expected):
        where = f"{name} page {theirs.number}"
        assert abs(ours["width"] - theirs.width) <= TOLERANCE, f"{where}: width {ours['width']}, pdfinfo {theirs.width}"
        assert abs(ours["height"] - theirs.height) <= TOLERANCE, f"{where}: height {ours['height']}, pdfinfo {theirs.height}"
        assert ours["rotation"] == theirs.rotation, f"{where}: rotation {ours['rotation']}, pdfinfo {theirs.rotation}"
        assert_box(ours["mediaBox"], theirs.media_box, f"{where} mediaBox")
        assert_box(ours["cropBox"], theirs.crop_box, f"{where} cropBox")


@pytest.mark.parametrize("name", SIGNABLE)
def test_document_fields_match_pdfinfo(corpus, name):
    """Not encrypted, no signature yet, and the newest Info's Title and Producer as pdfinfo reads
    them (hand-form-updated's update changed the Title; hand-hybrid's Info is in an object stream)."""
    path = corpus.path(name)
    info = info_json(path)
    expected = pdfinfo(path)

    assert expected["Encrypted"] == "no" and info["encrypted"] is False, f"{name}: {info['encrypted']!r}"
    assert info["signatures"] == [], info["signatures"]
    for key in ("Title", "Producer"):
        if key in expected:
            assert info["info"].get(key) == expected[key], f"{name}: info.{key} {info['info'].get(key)!r}, pdfinfo {expected[key]!r}"


@pytest.mark.parametrize("name", SIGNABLE)
def test_plain_output_exits_zero(corpus, name):
    result = chancery("pdf", "info", corpus.path(name))
    assert result.returncode == 0 and result.stdout.strip(), describe(result)


@pytest.mark.parametrize("pades", [True, False], ids=["pades", "pkcs7"])
@pytest.mark.parametrize("name", SIGNABLE)
def test_signatures_match_pdfsig(engine, pki, name, pades):
    """After three signatures: each field, SubFilter, whole-file coverage and signer as pdfsig
    reports them, in any order; the pages are those of the unsigned file."""
    signed = engine.sequence(name, pades)
    final = signed.outputs[-1]
    info = info_json(final)

    report = {signature.fields["Signature Field Name"]: signature for signature in pdfsig(final, pki.nssdir)}
    ours = {signature["field"]: signature for signature in info["signatures"]}
    assert len(info["signatures"]) == 3 and set(ours) == set(report), f"ours {info['signatures']}, pdfsig {sorted(report)}"
    by_common_name = {signer.common_name for signer in signed.signers}
    for field, signature in ours.items():
        theirs = report[field]
        assert signature["subFilter"] == theirs.fields["Signature Type"], (field, signature, theirs.fields)
        assert signature["coversWholeFile"] is theirs.total, (field, signature, theirs.flags)
        assert f"CN={theirs.fields['Signer Certificate Common Name']}" in signature["signer"], (field, signature)
        assert theirs.fields["Signer Certificate Common Name"] in by_common_name, theirs.fields
    assert info["pageCount"] == len(pdfinfo_pages(signed.source))
