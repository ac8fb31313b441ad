"""`chancery pdf sign` on every readable corpus file, judged by tools that share no code with it:
qpdf --check (structure), pdfsig and pyHanko (each signature: digest, CMS, chain to our CA, and
for pyHanko no forbidden change after it), then our own `pdf verify --root`. Signing once (PKCS#7
and PAdES, RSA and EC) and three times in a row with overlay text on two pages; the overlay must
be extractable by pdftotext and drawn where --at asked on the page as a viewer shows it, which the
rotated and cropped pages check in particular; Japanese text needs an embedded font.
"""

import pytest

from .conftest import MODES, chancery, describe
from .corpus import SIGNABLE, SPEC_BY_NAME
from .validators import (
    assert_ink_near,
    assert_pdfsig_valid,
    assert_pyhanko_valid,
    assert_qpdf_clean,
    page_text,
    pdfinfo_pages,
    qpdf_form_fields,
    render,
)

PADES = {True: "ETSI.CAdES.detached", False: "adbe.pkcs7.detached"}

OVERLAY_CASES = [(spec.name, page) for spec in SPEC_BY_NAME.values() for page in spec.overlay_pages]


def assert_valid_everywhere(path, count, pki, name, pades):
    """Every check a good signed file passes, for a file with `count` signatures."""
    assert_qpdf_clean(path)
    report = assert_pdfsig_valid(path, pki.nssdir, count)
    assert report[-1].fields.get("Signature Type") == PADES[pades], report[-1].fields
    assert_pyhanko_valid(path, pki.ca, count, strict=SPEC_BY_NAME[name].pyhanko_strict)
    result = chancery("pdf", "verify", path, "--root", pki.ca)
    assert result.returncode == 0, describe(result)


def assert_pages_unchanged(source, output):
    """Signing changes no page's size, boxes or rotation, and removes no word of its text."""
    before, after = pdfinfo_pages(source), pdfinfo_pages(output)
    assert after == before, f"pages changed by signing:\nbefore {before}\nafter  {after}"
    for page in before:
        lost = set(page_text(source, page.number).split()) - set(page_text(output, page.number).split())
        assert not lost, f"page {page.number} of {output} lost text {sorted(lost)}"


def assert_overlay(signed, step):
    """The overlay of sequence step `step` (0-based) is in pdftotext's text of its page and drawn
    around its X,Y, compared with the unsigned page."""
    overlay, output = signed.overlays[step], signed.outputs[step]
    text = page_text(output, overlay.page)
    assert overlay.text in text, f"{overlay.text!r} not in pdftotext of page {overlay.page} of {output}:\n{text}"
    assert_ink_near(render(signed.source, overlay.page), render(output, overlay.page), overlay.x, overlay.y,
                    f"{output} page {overlay.page}, --at {overlay.x},{overlay.y}")


@pytest.mark.parametrize("mode", list(MODES))
@pytest.mark.parametrize("name", SIGNABLE)
def test_sign_once(engine, pki, name, mode):
    signed = engine.once(name, mode)
    output = signed.outputs[0]
    assert_valid_everywhere(output, 1, pki, name, signed.pades)
    assert_pages_unchanged(signed.source, output)


@pytest.mark.parametrize("pades", [True, False], ids=["pades", "pkcs7"])
@pytest.mark.parametrize("name", SIGNABLE)
def test_sign_three_times_with_overlays(engine, pki, name, pades):
    """Each of the three outputs is good with all its signatures (a later signature and its
    overlay must not break an earlier one), and the overlays of steps 2 and 3 are where asked."""
    signed = engine.sequence(name, pades)
    for step, output in enumerate(signed.outputs):
        assert_valid_everywhere(output, step + 1, pki, name, pades)
    assert_overlay(signed, 1)
    assert_overlay(signed, 2)
    final = signed.outputs[-1]
    assert signed.overlays[1].text in page_text(final, signed.overlays[1].page), "the third signature hid the second's overlay"
    assert_pages_unchanged(signed.source, final)


@pytest.mark.parametrize("name", SIGNABLE)
def test_existing_form_fields_survive(engine, name):
    """The fields the file had are all still there, with their types, and each signature added
    one signature field (hand-form-updated has a text field with an appearance)."""
    signed = engine.sequence(name, True)
    before, after = qpdf_form_fields(signed.source), qpdf_form_fields(signed.outputs[-1])
    assert {field: after.get(field) for field in before} == before, f"before {before}, after {after}"
    added = {field: kind for field, kind in after.items() if field not in before}
    assert len(added) == 3 and set(added.values()) == {"/Sig"}, f"fields added by three signatures: {added}"


def test_updated_form_value_still_shows(engine):
    """The value set by hand-form-updated's own incremental update is what page 1 shows after
    signing, not the first revision's."""
    signed = engine.sequence("hand-form-updated", True)
    text = page_text(signed.outputs[-1], 1)
    assert "Jane Q. Roe" in text, text


@pytest.mark.parametrize("name,page", OVERLAY_CASES, ids=[f"{name}-page{page}" for name, page in OVERLAY_CASES])
def test_overlay_lands_where_asked_on_every_page(engine, pki, name, page):
    """Pages rotated by 90/180/270 (own or inherited), with a CropBox or a MediaBox not at the
    origin: --at X,Y is on the page as the viewer sees it."""
    signed = engine.single_overlay(name, page, f"Mark on page {page}", "mark")
    assert_overlay(signed, 0)
    assert_valid_everywhere(signed.outputs[0], 1, pki, name, True)


@pytest.mark.parametrize("name", SIGNABLE)
def test_japanese_overlay_text(engine, pki, name):
    """Text outside any standard font's encoding comes back from pdftotext: the engine embeds a
    font (with a ToUnicode map) for it."""
    signed = engine.single_overlay(name, 1, "山田太郎", "japanese")
    overlay, output = signed.overlays[0], signed.outputs[0]
    text = "".join(page_text(output, 1).split())
    assert "山田太郎" in text, f"pdftotext of page 1 of {output}:\n{text}"
    assert_ink_near(render(signed.source, 1), render(output, 1), overlay.x, overlay.y, f"{output} page 1")
    assert_valid_everywhere(signed.outputs[0], 1, pki, name, True)
