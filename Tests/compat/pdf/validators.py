"""What independent tools say about a PDF: poppler (pdfinfo, pdfsig, pdftotext, pdftoppm), qpdf and
the pyHanko library. Each helper runs one tool and returns what it found, or asserts what every
good file must satisfy; none of them trusts anything `chancery` printed.
"""

import json
import re
import subprocess
from dataclasses import dataclass

TOOL_TIMEOUT = 120


def tool(*command, codes=(0,)):
    """Runs a validator; fails when its exit code is not one of `codes`. Returns the
    CompletedProcess with text output."""
    result = subprocess.run([str(part) for part in command], capture_output=True, text=True, timeout=TOOL_TIMEOUT,
                            errors="replace")
    assert result.returncode in codes, (
        f"{' '.join(map(str, command))} exited {result.returncode}\nstdout:\n{result.stdout}\nstderr:\n{result.stderr}"
    )
    return result


# MARK: pdfinfo


def pdfinfo(path):
    """pdfinfo's document fields ("Pages", "Encrypted", "Title", ...) as a dict of strings."""
    fields = {}
    for line in tool("pdfinfo", path).stdout.splitlines():
        key, sep, value = line.partition(":")
        if sep and not key.startswith("Page "):
            fields[key.strip()] = value.strip()
    return fields


@dataclass(frozen=True)
class PopplerPage:
    """One page as pdfinfo -box reports it: size is the CropBox's, unrotated."""

    number: int
    width: float
    height: float
    rotation: int
    media_box: tuple
    crop_box: tuple


PAGE_LINE = re.compile(r"^Page\s+(\d+)\s+(size|rot|MediaBox|CropBox):\s+(.*)$")


def pdfinfo_pages(path):
    """Every page of the file per `pdfinfo -box -f 1 -l N`."""
    count = int(pdfinfo(path)["Pages"])
    found = {}
    for line in tool("pdfinfo", "-box", "-f", 1, "-l", count, path).stdout.splitlines():
        match = PAGE_LINE.match(line)
        if match:
            number, key, value = int(match[1]), match[2], match[3]
            found.setdefault(number, {})[key] = value
    pages = []
    for number in range(1, count + 1):
        values = found[number]
        width, height = re.match(r"([\d.]+) x ([\d.]+) pts", values["size"]).groups()
        pages.append(PopplerPage(
            number, float(width), float(height), int(values["rot"]),
            tuple(float(v) for v in values["MediaBox"].split()), tuple(float(v) for v in values["CropBox"].split()),
        ))
    return pages


# MARK: qpdf


def assert_qpdf_clean(path):
    """`qpdf --check`: exit 0 (qpdf exits 3 on warnings, 2 on errors), no warning, and its verdict
    that no syntax or stream encoding error was found."""
    result = tool("qpdf", "--check", path, codes=(0, 2, 3))
    output = result.stdout + result.stderr
    assert result.returncode == 0 and "WARNING" not in output.upper(), (
        f"qpdf --check {path} exited {result.returncode}:\n{output}")
    assert "No syntax or stream encoding errors found" in output, f"qpdf --check {path}:\n{output}"


def qpdf_form_fields(path):
    """{fully qualified field name: field type} of the AcroForm, per `qpdf --json` (exit 3, warnings,
    is accepted: the unsigned hand-broken-offsets is damaged on purpose)."""
    document = json.loads(tool("qpdf", "--json", "--json-key=acroform", path, codes=(0, 3)).stdout)
    return {field["fullname"]: field["fieldtype"] for field in document["acroform"]["fields"]}


def qpdf_trailer(path):
    """The newest trailer (or xref stream) dictionary, per `qpdf --json`: {"/Root": "1 0 R", ...}."""
    document = json.loads(tool("qpdf", "--json", "--json-key=qpdf", "--json-object=trailer", path).stdout)
    return document["qpdf"][1]["trailer"]["value"]


# MARK: pdfsig


@dataclass(frozen=True)
class PdfsigSignature:
    """One `Signature #N:` block of pdfsig's report: its `- Key: value` lines and bare lines."""

    number: int
    fields: dict
    flags: tuple

    @property
    def valid(self):
        return self.fields.get("Signature Validation") == "Signature is Valid."

    @property
    def trusted(self):
        return self.fields.get("Certificate Validation") == "Certificate is Trusted."

    @property
    def total(self):
        return "Total document signed" in self.flags


def pdfsig(path, nssdir):
    """pdfsig's report of every signature. pdfsig exits 0 whatever it finds, so this reads its
    output; it trusts the issuers in the NSS database `nssdir`. (Not -no-ocsp: with it pdfsig 22.12
    reports "Unknown issue with Certificate" for any chain; our certificates name no OCSP responder,
    so nothing is fetched anyway.)"""
    result = tool("pdfsig", "-nssdir", nssdir, path, codes=(0, 2))
    signatures, current = [], None
    for line in result.stdout.splitlines():
        header = re.match(r"^Signature #(\d+):$", line)
        if header:
            current = (int(header[1]), {}, [])
            signatures.append(current)
        elif current and line.strip().startswith("- "):
            key, sep, value = line.strip()[2:].partition(": ")
            if sep:
                current[1][key] = value.strip()
            else:
                current[2].append(key.strip())
    return [PdfsigSignature(number, fields, tuple(flags)) for number, fields, flags in signatures]


def assert_pdfsig_valid(path, nssdir, count):
    """pdfsig finds `count` signatures, each "Signature is Valid." with a trusted certificate, and
    only the last one signs the total document (each signature is a later revision)."""
    report = pdfsig(path, nssdir)
    raw = tool("pdfsig", "-nssdir", nssdir, path, codes=(0, 2)).stdout
    assert len(report) == count, f"pdfsig found {len(report)} signatures, expected {count}:\n{raw}"
    for signature in report:
        assert signature.valid and signature.trusted, f"pdfsig on {path}, signature #{signature.number}:\n{raw}"
    assert [s.total for s in report] == [False] * (count - 1) + [True], f"pdfsig on {path}:\n{raw}"
    return report


# MARK: pyHanko


def pyhanko_statuses(path, trust_roots, strict=True):
    """pyHanko's validation of every embedded signature, oldest first, against `trust_roots`
    (PEM files) with no network access: a list of (field name, PdfSignatureStatus). Non-strict
    reading only for hybrid-reference files, which pyHanko refuses to validate in strict mode by
    policy whatever the signer did."""
    from pyhanko.keys import load_cert_from_pemder
    from pyhanko.pdf_utils.reader import PdfFileReader
    from pyhanko.sign.validation import validate_pdf_signature
    from pyhanko_certvalidator import ValidationContext

    roots = [load_cert_from_pemder(str(root)) for root in trust_roots]
    with open(path, "rb") as handle:
        reader = PdfFileReader(handle, strict=strict)
        return [
            (signature.field_name,
             validate_pdf_signature(signature, ValidationContext(trust_roots=roots, allow_fetching=False)))
            for signature in reader.embedded_signatures
        ]


def assert_pyhanko_valid(path, ca, count, strict=True):
    """pyHanko: `count` signatures, each intact, valid and trusted, none with changes after it that
    its (default: form filling) permissions forbid, and only the newest covering the whole file."""
    from pyhanko.sign.diff_analysis import ModificationLevel
    from pyhanko.sign.validation.status import SignatureCoverageLevel

    statuses = pyhanko_statuses(path, [ca], strict)
    assert len(statuses) == count, f"pyHanko found {len(statuses)} signatures in {path}, expected {count}"
    for index, (field, status) in enumerate(statuses):
        report = f"pyHanko on {path}, field {field}:\n{status.pretty_print_details()}"
        assert status.intact and status.valid, report
        assert status.trusted, report
        assert status.docmdp_ok and status.modification_level != ModificationLevel.OTHER, report
        expected = SignatureCoverageLevel.ENTIRE_FILE if index == count - 1 else SignatureCoverageLevel.ENTIRE_REVISION
        assert status.coverage == expected, report
    return statuses


# MARK: pdftotext and pdftoppm


def page_text(path, page):
    """pdftotext of one page, with every run of whitespace made one space."""
    return " ".join(tool("pdftotext", "-f", page, "-l", page, "-enc", "UTF-8", path, "-").stdout.split())


@dataclass(frozen=True)
class GrayImage:
    """A page rendered at 72 dpi in 8-bit gray: one pixel per point, row 0 at the top."""

    width: int
    height: int
    pixels: bytes

    def at(self, x, y):
        """The pixel at (x, y) in the visible page's coordinates: x from the left, y from the bottom."""
        return self.pixels[(self.height - 1 - y) * self.width + x]


def render(path, page):
    """`pdftoppm -r 72 -gray -cropbox` of one page: what a viewer shows, the CropBox turned by
    /Rotate, annotations included (without -cropbox pdftoppm renders the whole MediaBox)."""
    result = subprocess.run(["pdftoppm", "-r", "72", "-f", str(page), "-l", str(page), "-gray", "-cropbox", str(path)],
                            capture_output=True, timeout=TOOL_TIMEOUT)
    assert result.returncode == 0, f"pdftoppm of page {page} of {path} failed:\n{result.stderr.decode(errors='replace')}"
    return parse_pgm(result.stdout)


def parse_pgm(data):
    """A binary PGM (P5, maxval 255) as a GrayImage."""
    match = re.match(rb"P5\s+(\d+)\s+(\d+)\s+255\s", data)
    assert match, f"not an 8-bit binary PGM: {data[:20]!r}"
    width, height = int(match[1]), int(match[2])
    pixels = data[match.end():match.end() + width * height]
    assert len(pixels) == width * height, "truncated PGM"
    return GrayImage(width, height, pixels)


WHITE = 250  # at least this light: paper
INK = 160    # at most this light: something was drawn

# Where overlay text may land around the requested point, and how much farther we still call
# "near": new ink must be inside NEAR, and none may appear outside FAR.
NEAR = (-30, 350, -80, 80)   # (left, right, below, above) of X,Y
FAR = (-100, 450, -160, 240)


def region(x, y, extent, image):
    """The pixel box (x0, x1, y0, y1), clipped to the image, of `extent` around (x, y)."""
    left, right, below, above = extent
    return (max(0, x + left), min(image.width, x + right), max(0, y + below), min(image.height, y + above))


def blank_spot(image):
    """A point, scanned from the bottom left upwards, whose whole NEAR region lies on the page and is
    white, so that any ink there after signing is the overlay's. None when the page has no room."""
    # dark[y][x]: how many non-white points lie below y and left of x (a summed-area table).
    width = image.width
    dark = [[0] * (width + 1) for _ in range(image.height + 1)]
    for y in range(image.height):
        row = image.pixels[(image.height - 1 - y) * width:(image.height - y) * width]
        running, above_row, this_row = 0, dark[y], dark[y + 1]
        for x in range(width):
            running += row[x] < WHITE
            this_row[x + 1] = above_row[x + 1] + running
    left, right, below, above = NEAR
    for y in range(-below + 10, image.height - above, 10):
        for x in range(-left + 6, image.width - right, 10):
            x0, x1, y0, y1 = x + left, x + right, y + below, y + above
            if dark[y1][x1] - dark[y0][x1] - dark[y1][x0] + dark[y0][x0] == 0:
                return x, y
    return None


def new_ink(before, after):
    """The points (x, y), in visible-page coordinates, that were white before and are ink after."""
    width, height = before.width, before.height
    return [
        (index % width, height - 1 - index // width)
        for index, (old, new) in enumerate(zip(before.pixels, after.pixels))
        if new <= INK and old >= WHITE
    ]


def inside(point, box):
    """Whether (x, y) lies in the box (x0, x1, y0, y1), ends excluded."""
    x0, x1, y0, y1 = box
    return x0 <= point[0] < x1 and y0 <= point[1] < y1


def assert_ink_near(before, after, x, y, what):
    """The overlay drew near (x, y) of the visible page and nowhere far from it: new ink in the NEAR
    box, and none outside the FAR box (a mirrored or rotated placement would land there)."""
    assert (after.width, after.height) == (before.width, before.height), (
        f"{what}: the page's rendered size changed from {before.width}x{before.height} to {after.width}x{after.height}")
    ink = new_ink(before, after)
    near_box, far_box = region(x, y, NEAR, before), region(x, y, FAR, before)
    near_in = sum(inside(point, near_box) for point in ink)
    far_out = sum(not inside(point, far_box) for point in ink)
    assert near_in >= 10, f"{what}: no new ink near ({x},{y}) of the visible page (found {near_in} points)"
    assert far_out == 0, f"{what}: {far_out} points of new ink far from ({x},{y}), outside {far_box} (x0,x1,y0,y1)"


def tamper(data):
    """The file with one byte changed inside the first signed range: the minor version digit of
    the %PDF-1.x header, which every reader still parses the same way."""
    assert data.startswith(b"%PDF-1.") and data[7:8].isdigit(), data[:16]
    changed = bytearray(data)
    changed[7] = ord("4") if data[7:8] != b"4" else ord("5")
    return bytes(changed)
