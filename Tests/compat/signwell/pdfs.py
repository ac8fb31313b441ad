"""The files the SignWell suite uploads and the checks of the files it gets back.

`pdf_with_pages` writes a small multi-page PDF byte by byte (no PDF library: reportlab is not
installed, and a hand-made file keeps the input fully known); `signature_png` draws a stroke as a
PNG for the signing page. The checks ask independent tools: qpdf for page counts and structure,
pyHanko (through the PDF suite's helper) for the signatures of a completed document.
"""

import struct
import zlib
from pathlib import Path

from pdf.validators import pyhanko_statuses, tool

# US Letter in points: 816 x 1056 CSS px at 96 dpi, the page SignWell's coordinates assume.
LETTER = (612, 792)


def pdf_with_pages(count, label="Chancery SignWell compat"):
    """A classic-xref PDF 1.7 of `count` Letter pages, each showing "<label>: page N of COUNT" in
    Helvetica, with correct byte offsets in its cross-reference table."""
    assert count >= 1
    width, height = LETTER
    # Objects: 1 catalog, 2 page tree, 3 font, then a page and its content stream per page.
    page_numbers = [4 + 2 * index for index in range(count)]
    objects = {
        1: b"<< /Type /Catalog /Pages 2 0 R >>",
        2: b"<< /Type /Pages /Kids [" + b" ".join(b"%d 0 R" % n for n in page_numbers)
           + b"] /Count %d >>" % count,
        3: b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    }
    for index, number in enumerate(page_numbers):
        text = f"{label}: page {index + 1} of {count}".replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
        content = b"BT /F1 18 Tf 72 %d Td (%s) Tj ET" % (height - 96, text.encode("latin-1"))
        objects[number] = (
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %d %d] /Resources << /Font << /F1 3 0 R >> >>"
            b" /Contents %d 0 R >>" % (width, height, number + 1)
        )
        objects[number + 1] = b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream"

    data = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    offsets = {}
    for number in sorted(objects):
        offsets[number] = len(data)
        data += b"%d 0 obj\n" % number + objects[number] + b"\nendobj\n"
    xref_at = len(data)
    size = max(objects) + 1
    data += b"xref\n0 %d\n0000000000 65535 f\r\n" % size
    for number in range(1, size):
        data += b"%010d 00000 n\r\n" % offsets[number]
    data += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (size, xref_at)
    return bytes(data)


def signature_png(width=240, height=80):
    """An RGBA PNG, transparent with a dark zig-zag stroke across it: what a drawn signature pad
    sends."""
    rows = []
    for y in range(height):
        row = bytearray([0])  # filter type None
        for x in range(width):
            # A zig-zag of period 60 px whose line is 4 px thick.
            phase = x % 60
            line_y = height * 0.2 + (height * 0.6) * (phase / 30 if phase < 30 else (60 - phase) / 30)
            ink = abs(y - line_y) < 2
            row += bytes((20, 20, 80, 255)) if ink else bytes((0, 0, 0, 0))
        rows.append(bytes(row))

    def chunk(kind, payload):
        return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", zlib.crc32(kind + payload))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"".join(rows)))
            + chunk(b"IEND", b""))


def saved(data, folder, name):
    """Writes bytes to folder/name and returns the path."""
    path = Path(folder) / name
    path.write_bytes(data)
    return path


def page_count(path):
    """The number of pages per `qpdf --show-npages`."""
    return int(tool("qpdf", "--show-npages", path).stdout.strip())


def assert_signed_by_platform(path, ca_path, count):
    """pyHanko, trusting only the server's signing CA: exactly `count` signatures, each intact,
    cryptographically valid and trusted; every signature but the newest is followed only by
    changes its permissions allow (form filling and later signatures, never other edits), and the
    newest covers the whole file."""
    from pyhanko.sign.diff_analysis import ModificationLevel
    from pyhanko.sign.validation.status import SignatureCoverageLevel

    statuses = pyhanko_statuses(path, [ca_path])
    assert len(statuses) == count, f"pyHanko found {len(statuses)} signatures in {path}, expected {count}"
    for index, (field, status) in enumerate(statuses):
        report = f"pyHanko on {path}, signature {index + 1} (field {field}):\n{status.pretty_print_details()}"
        assert status.intact and status.valid, report
        assert status.trusted, report
        assert status.docmdp_ok and status.modification_level != ModificationLevel.OTHER, report
        if index == count - 1:
            assert status.coverage == SignatureCoverageLevel.ENTIRE_FILE, report
