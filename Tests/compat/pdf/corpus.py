"""The PDF corpus the engine is checked on, made at test time by independent producers: LibreOffice,
Ghostscript, qpdf, and hand-written files assembled byte by byte here (no PDF library), so that
each entry exercises a part of the format that the others do not.

`SPECS` lists every entry with what it exercises; `Corpus` makes an entry the first time a test
asks for it (one producer failing fails only the tests of its entries) and keeps it for the
session. Nothing here knows what the engine under test answers: the tests compare the engine with
poppler, qpdf and pyHanko on these files.
"""

import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import pytest

TOOL_TIMEOUT = 180


@dataclass(frozen=True)
class Spec:
    """One corpus entry: its name (the test id), who makes it, and what it exercises.

    encrypted entries are only for the error tests; `overlay_pages` are the pages on which every
    page gets its own signature with overlay text (the geometry files: /Rotate and CropBox);
    `pyhanko_strict` is False only where pyHanko refuses the input itself in strict mode."""

    name: str
    producer: str
    exercises: str
    encrypted: bool = False
    overlay_pages: tuple = field(default=())
    pyhanko_strict: bool = True


# Pages of `hand-geometry`, in order: (MediaBox or None when inherited, CropBox or None,
# Rotate on the page or None, whether the page sits under the intermediate Pages node that
# carries /Rotate 90 and /MediaBox A4).
GEOMETRY_PAGES = [
    ([0, 0, 612, 792], None, None, False),
    ([0, 0, 612, 792], None, 90, False),
    ([0, 0, 612, 792], None, 180, False),
    ([0, 0, 612, 792], None, 270, False),
    (None, None, None, True),  # MediaBox and /Rotate 90 both inherited from the intermediate node
    ([0, 0, 612, 792], [50, 60, 500, 700], None, False),
    ([0, 0, 612, 792], [50, 60, 500, 700], 90, False),
    ([100, 200, 712, 992], None, 270, False),  # non-zero MediaBox origin, rotated
]
GEOMETRY_PAGE_NUMBERS = tuple(range(1, len(GEOMETRY_PAGES) + 1))

SPECS = [
    Spec("libreoffice-html", "LibreOffice (soffice --convert-to pdf)",
         "a real office producer: embedded TrueType subsets, several pages, its own xref layout"),
    Spec("ghostscript-mixed", "Ghostscript (gs -sDEVICE=pdfwrite)",
         "pages of different sizes in one file, one of them landscape by its MediaBox"),
    Spec("qpdf-objstm-libreoffice", "qpdf --object-streams=generate",
         "an xref stream (Flate + PNG predictor) with the catalog and pages inside object streams"),
    Spec("qpdf-objstm-geometry", "qpdf --object-streams=generate",
         "the rotated and cropped pages of hand-geometry, inside object streams",
         overlay_pages=GEOMETRY_PAGE_NUMBERS),
    Spec("qpdf-linearized-ghostscript", "qpdf --linearize",
         "a linearized file (first-page xref, hint stream) that must be appended to, not rewritten"),
    Spec("hand-geometry", "hand-written (classic xref)",
         "/Rotate 90/180/270 on pages and inherited from a Pages node, inherited MediaBox and Resources,"
         " a non-zero CropBox origin, a non-zero MediaBox origin",
         overlay_pages=GEOMETRY_PAGE_NUMBERS),
    Spec("hand-form-updated", "hand-written (classic xref + one incremental update)",
         "an AcroForm text field with an appearance stream that must survive, and an earlier incremental"
         " update (/Prev chain) that changed the field, the Info and the page tree"),
    Spec("hand-hybrid", "hand-written (classic xref table + /XRefStm)",
         "a hybrid-reference file: a page and the Info dictionary exist only in an object stream that"
         " only the /XRefStm xref stream lists",
         pyhanko_strict=False),
    Spec("hand-broken-offsets", "hand-geometry with every offset shifted",
         "an xref table and startxref that all point a few bytes off: the reader must recover by scanning"),
    Spec("encrypted-user-password", "qpdf --encrypt user owner 256",
         "AES-256 encryption that needs a password to open", encrypted=True),
    Spec("encrypted-empty-user-password", "qpdf --encrypt '' owner 256",
         "AES-256 encryption that opens without a password (but still encrypts strings and streams)",
         encrypted=True),
]
SPEC_BY_NAME = {spec.name: spec for spec in SPECS}
SIGNABLE = [spec.name for spec in SPECS if not spec.encrypted]
ENCRYPTED = [spec.name for spec in SPECS if spec.encrypted]


def run(command, cwd=None, timeout=TOOL_TIMEOUT):
    """Runs a producer and fails the test with everything it said when it exits non-zero."""
    result = subprocess.run(command, cwd=cwd, capture_output=True, timeout=timeout)
    if result.returncode != 0:
        pytest.fail(
            f"{' '.join(map(str, command))} exited {result.returncode}\n"
            f"stdout:\n{result.stdout.decode(errors='replace')}\nstderr:\n{result.stderr.decode(errors='replace')}"
        )
    return result


class Corpus:
    """The session's corpus folder; `path(name)` makes the entry on first use."""

    def __init__(self, folder):
        self.folder = Path(folder)
        self._made = {}

    def path(self, name):
        """The file of entry `name`, made (with the entries it derives from) on first use."""
        if name not in self._made:
            make = getattr(self, "_make_" + name.replace("-", "_"))
            target = self.folder / f"{name}.pdf"
            make(target)
            assert target.stat().st_size > 0, f"{name}: the producer wrote an empty file"
            self._made[name] = target
        return self._made[name]

    # MARK: independent producers

    def _make_libreoffice_html(self, target):
        """Four pages of HTML (forced page breaks), with accented text so that LibreOffice embeds
        TrueType subsets. A private profile folder keeps concurrent runs apart."""
        work = self.folder / "libreoffice"
        work.mkdir(exist_ok=True)
        sections = []
        for number in range(1, 5):
            style = ' style="page-break-before: always"' if number > 1 else ""
            sections.append(
                f"<h1{style}>Chapter {number}</h1>"
                f"<p>Page {number} of the LibreOffice corpus file: déjà vu, Grüße, naïve café.</p>"
                "<p>The lower part of this page stays blank for the signature overlay.</p>"
            )
        source = work / "libreoffice-html.html"
        source.write_text(
            "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Chancery LibreOffice corpus</title></head>"
            f"<body>{''.join(sections)}</body></html>",
            encoding="utf-8",
        )
        profile = (work / "profile").as_uri()
        run(["soffice", f"-env:UserInstallation={profile}", "--headless", "--norestore",
             "--convert-to", "pdf:writer_web_pdf_Export", "--outdir", str(work), str(source)], cwd=work)
        shutil.move(work / "libreoffice-html.pdf", target)

    def _make_ghostscript_mixed(self, target):
        """A PostScript program of three pages: Letter portrait, A4 landscape (by its page size, with
        automatic rotation off so that the MediaBox stays landscape), A5 portrait."""
        pages = [
            (612, 792, "Ghostscript page 1: US Letter portrait"),
            (842, 595, "Ghostscript page 2: A4 landscape"),
            (420, 595, "Ghostscript page 3: A5"),
        ]
        program = ["%!PS-Adobe-3.0", "/Helvetica findfont 14 scalefont setfont"]
        for width, height, label in pages:
            program += [
                f"<< /PageSize [{width} {height}] >> setpagedevice",
                "/Helvetica findfont 14 scalefont setfont",
                f"36 {height - 50} moveto ({label}) show",
                f"2 setlinewidth {width - 80} {height - 80} 40 40 rectstroke",
                "showpage",
            ]
        source = self.folder / "ghostscript-mixed.ps"
        source.write_text("\n".join(program) + "\n", encoding="ascii")
        run(["gs", "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=pdfwrite", "-dAutoRotatePages=/None",
             f"-sOutputFile={target}", str(source)])

    def _make_qpdf_objstm_libreoffice(self, target):
        """qpdf rewrites the LibreOffice file with object streams and an xref stream."""
        run(["qpdf", "--object-streams=generate", str(self.path("libreoffice-html")), str(target)])

    def _make_qpdf_objstm_geometry(self, target):
        """qpdf moves hand-geometry's page tree into object streams."""
        run(["qpdf", "--object-streams=generate", str(self.path("hand-geometry")), str(target)])

    def _make_qpdf_linearized_ghostscript(self, target):
        """qpdf linearizes the Ghostscript file."""
        run(["qpdf", "--linearize", str(self.path("ghostscript-mixed")), str(target)])

    def _make_encrypted_user_password(self, target):
        """AES-256 with user password "user"."""
        run(["qpdf", "--encrypt", "user", "owner", "256", "--", str(self.path("libreoffice-html")), str(target)])

    def _make_encrypted_empty_user_password(self, target):
        """AES-256 with an empty user password: opens without asking, still encrypted."""
        run(["qpdf", "--encrypt", "", "owner", "256", "--", str(self.path("libreoffice-html")), str(target)])

    # MARK: hand-written files

    def _make_hand_geometry(self, target):
        target.write_bytes(geometry_pdf())

    def _make_hand_form_updated(self, target):
        target.write_bytes(form_updated_pdf())

    def _make_hand_hybrid(self, target):
        target.write_bytes(hybrid_pdf())

    def _make_hand_broken_offsets(self, target):
        target.write_bytes(shift_offsets(geometry_pdf()))


# MARK: a byte-level PDF writer, just enough for the hand-written entries

HEADER = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"


def stream(entries, data):
    """The body of a stream object: its dictionary entries (bytes, without << >>) and data."""
    return b"<< " + entries + b" /Length %d >>\nstream\n" % len(data) + data + b"\nendstream"


def text_string(text):
    """A PDF literal string of ASCII text, with ( ) and \\ escaped."""
    escaped = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
    return b"(" + escaped.encode("ascii") + b")"


def numbers(values):
    """A PDF array of integers."""
    return b"[" + b" ".join(b"%d" % value for value in values) + b"]"


def xref_table(offsets):
    """A classic xref section for {object number: offset}, with one subsection per run of
    consecutive numbers; object 0 (the head of the free list) when it is in the dict as None."""
    out = [b"xref\n"]
    ordered = sorted(offsets)
    runs, start = [], 0
    for index in range(1, len(ordered) + 1):
        if index == len(ordered) or ordered[index] != ordered[index - 1] + 1:
            runs.append(ordered[start:index])
            start = index
    for run_numbers in runs:
        out.append(b"%d %d\n" % (run_numbers[0], len(run_numbers)))
        for number in run_numbers:
            offset = offsets[number]
            out.append(b"0000000000 65535 f\r\n" if offset is None else b"%010d 00000 n\r\n" % offset)
    return b"".join(out)


def write_objects(prefix, objects):
    """Appends `N 0 obj ... endobj` for each (number, body) to prefix; returns the bytes and
    {number: offset}."""
    data = bytearray(prefix)
    offsets = {}
    for number, body in objects:
        offsets[number] = len(data)
        data += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    return data, offsets


def classic_file(objects, root, info, extra_trailer=b""):
    """A complete single-revision file with a classic xref table."""
    data, offsets = write_objects(HEADER, objects)
    offsets[0] = None
    start = len(data)
    size = max(offsets) + 1
    data += xref_table(offsets)
    data += b"trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R%s >>\n" % (size, root, info, extra_trailer)
    data += b"startxref\n%d\n%%%%EOF\n" % start
    return bytes(data)


def append_update(base, objects, root, info, size):
    """Appends an incremental update to `base` (any file whose last cross-reference section is at
    its last startxref): the changed or new objects, a classic xref section for exactly them, and a
    trailer with /Prev. Used to make hand-form-updated and by the tests to add unsigned changes."""
    previous = int(base[base.rindex(b"startxref") + len(b"startxref"):].split()[0])
    prefix = base if base.endswith(b"\n") else base + b"\n"
    data, offsets = write_objects(prefix, objects)
    start = len(data)
    data += xref_table(offsets)
    data += b"trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R /Prev %d >>\n" % (size, root, info, previous)
    data += b"startxref\n%d\n%%%%EOF\n" % start
    return bytes(data)


def page_content(label, width, height):
    """A page's content: a label at the top left of its user space and a filled square at the top
    right, so that a wrong rotation shows; the rest of the page stays white."""
    return (
        b"BT /F1 14 Tf 1 0 0 1 %d %d Tm " % (36, height - 40) + text_string(label) + b" Tj ET\n"
        + b"0.2 g %d %d 24 24 re f\n" % (width - 60, height - 60)
    )


def geometry_pdf():
    """hand-geometry: GEOMETRY_PAGES under a root Pages node that carries the Resources and a
    Letter MediaBox, with an intermediate Pages node that carries /Rotate 90 and an A4 MediaBox."""
    objects = []
    catalog, pages_root, intermediate, font, info = 1, 2, 3, 4, 5
    objects.append((catalog, b"<< /Type /Catalog /Pages 2 0 R >>"))
    objects.append((font, b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"))
    objects.append((info, b"<< /Title (Chancery corpus: page geometry) /Producer (Chancery compat suite) >>"))
    top_kids, inner_kids = [], []
    number = 6
    for index, (media, crop, rotate, inherited) in enumerate(GEOMETRY_PAGES, start=1):
        page, content = number, number + 1
        number += 2
        box = crop or media or [0, 0, 595, 842]
        width, height = box[2] - box[0], box[3] - box[1]
        label = f"Page {index}: rotate {rotate if rotate is not None else ('90 inherited' if inherited else 0)}"
        # The content is drawn in the box's own coordinates: shift by its origin.
        body = b"q 1 0 0 1 %d %d cm\n" % (box[0], box[1]) + page_content(label, width, height) + b"Q\n"
        objects.append((content, stream(b"", body)))
        entries = b"/Type /Page /Parent %d 0 R /Contents %d 0 R" % (intermediate if inherited else pages_root, content)
        if media:
            entries += b" /MediaBox " + numbers(media)
        if crop:
            entries += b" /CropBox " + numbers(crop)
        if rotate is not None:
            entries += b" /Rotate %d" % rotate
        objects.append((page, b"<< " + entries + b" >>"))
        if inherited:
            if intermediate not in top_kids:
                top_kids.append(intermediate)
            inner_kids.append(page)
        else:
            top_kids.append(page)
    kids = b" ".join(b"%d 0 R" % kid for kid in top_kids)
    objects.append((pages_root, b"<< /Type /Pages /Kids [" + kids + b"] /Count %d /MediaBox [0 0 612 792]"
                    b" /Resources << /Font << /F1 4 0 R >> >> >>" % len(GEOMETRY_PAGES)))
    inner = b" ".join(b"%d 0 R" % kid for kid in inner_kids)
    objects.append((intermediate, b"<< /Type /Pages /Parent 2 0 R /Kids [" + inner + b"] /Count %d"
                    b" /Rotate 90 /MediaBox [0 0 595 842] >>" % len(inner_kids)))
    objects.sort()
    return classic_file(objects, catalog, info)


FIELD_VALUE_BEFORE = "Jane Roe"
FIELD_VALUE = "Jane Q. Roe"
FORM_FIELD_NAME = "customer"


def field_appearance(value):
    """The text field's normal appearance: `value` in Helvetica, as a viewer would have drawn it."""
    return stream(
        b"/Type /XObject /Subtype /Form /BBox [0 0 228 24] /Resources << /Font << /Helv 4 0 R >> >>",
        b"/Tx BMC q BT /Helv 12 Tf 0 g 2 7 Td " + text_string(value) + b" Tj ET Q EMC",
    )


def form_updated_pdf():
    """hand-form-updated: two pages with an AcroForm text field (and its appearance) on page 1,
    then an incremental update that changes the field's value and appearance, the Info Title, and
    adds a third page: only a reader that follows the newest revision sees three pages."""
    objects = [
        (1, b"<< /Type /Catalog /Pages 2 0 R /AcroForm 3 0 R >>"),
        (2, b"<< /Type /Pages /Kids [6 0 R 8 0 R] /Count 2 >>"),
        (3, b"<< /Fields [10 0 R] /DR << /Font << /Helv 4 0 R >> >> /DA (/Helv 0 Tf 0 g) >>"),
        (4, b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"),
        (5, b"<< /Title (Chancery corpus: form, first revision) /Producer (Chancery compat suite) >>"),
        (6, b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >>"
            b" /Contents 7 0 R /Annots [10 0 R] >>"),
        (7, stream(b"", page_content("Form page 1: the customer field is below", 612, 792)
                   + b"BT /F1 10 Tf 72 630 Td (Customer:) Tj ET\n")),
        (8, b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >>"
            b" /Contents 9 0 R >>"),
        (9, stream(b"", page_content("Form page 2", 612, 792))),
        (10, b"<< /FT /Tx /T (" + FORM_FIELD_NAME.encode() + b") /V " + text_string(FIELD_VALUE_BEFORE)
             + b" /DA (/Helv 12 Tf 0 g) /Type /Annot /Subtype /Widget /Rect [72 600 300 624] /P 6 0 R /F 4"
             b" /AP << /N 11 0 R >> >>"),
        (11, field_appearance(FIELD_VALUE_BEFORE)),
    ]
    base = classic_file(objects, 1, 5)
    update = [
        (2, b"<< /Type /Pages /Kids [6 0 R 8 0 R 12 0 R] /Count 3 >>"),
        (5, b"<< /Title (Chancery corpus: form, updated) /Producer (Chancery compat suite) >>"),
        (10, b"<< /FT /Tx /T (" + FORM_FIELD_NAME.encode() + b") /V " + text_string(FIELD_VALUE)
             + b" /DA (/Helv 12 Tf 0 g) /Type /Annot /Subtype /Widget /Rect [72 600 300 624] /P 6 0 R /F 4"
             b" /AP << /N 14 0 R >> >>"),
        (12, b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >>"
             b" /Contents 13 0 R >>"),
        (13, stream(b"", page_content("Form page 3, added by the update", 612, 792))),
        (14, field_appearance(FIELD_VALUE)),
    ]
    return append_update(base, update, root=1, info=5, size=15)


def hybrid_pdf():
    """hand-hybrid: a classic table that leaves out page 2 (object 7) and the Info (object 5), and
    an uncompressed xref stream, named by /XRefStm in the trailer, that places them in an object
    stream (object 9). A reader that ignores /XRefStm loses a page and the Title."""
    in_stream = [
        (5, b"<< /Title (Chancery corpus: hybrid reference) /Producer (Chancery compat suite) >>"),
        (7, b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >>"
            b" /Contents 8 0 R >>"),
    ]
    header = b" ".join(b"%d %d" % (number, offset) for number, offset in zip(
        [n for n, _ in in_stream], _running_offsets([body for _, body in in_stream], separator=1)))
    first = len(header) + 1
    objstm_data = header + b"\n" + b"\n".join(body for _, body in in_stream)
    objects = [
        (1, b"<< /Type /Catalog /Pages 2 0 R >>"),
        (2, b"<< /Type /Pages /Kids [3 0 R 7 0 R] /Count 2 >>"),
        (3, b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >>"
            b" /Contents 6 0 R >>"),
        (4, b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"),
        (6, stream(b"", page_content("Hybrid page 1 (classic table)", 612, 792))),
        (8, stream(b"", page_content("Hybrid page 2 (only in the xref stream)", 612, 792))),
        (9, stream(b"/Type /ObjStm /N %d /First %d" % (len(in_stream), first), objstm_data)),
    ]
    data, offsets = write_objects(HEADER, objects)
    # The xref stream (object 10) lists the compressed objects: type 2, object stream 9, index.
    rows = b"".join(bytes([2]) + (9).to_bytes(4, "big") + index.to_bytes(2, "big") for index in range(len(in_stream)))
    xref_stream_offset = len(data)
    data += b"10 0 obj\n" + stream(b"/Type /XRef /Size 11 /W [1 4 2] /Index [5 1 7 1]", rows) + b"\nendobj\n"
    offsets[10] = xref_stream_offset
    offsets[0] = None
    start = len(data)
    data += xref_table(offsets)
    data += b"trailer\n<< /Size 11 /Root 1 0 R /Info 5 0 R /XRefStm %d >>\n" % xref_stream_offset
    data += b"startxref\n%d\n%%%%EOF\n" % start
    return bytes(data)


def _running_offsets(bodies, separator):
    """The offsets of bodies laid one after another with `separator` bytes between them."""
    offsets, position = [], 0
    for body in bodies:
        offsets.append(position)
        position += len(body) + separator
    return offsets


def shift_offsets(data):
    """The same file with a comment line inserted after the header: every xref offset and the
    startxref value now point a few bytes before the objects they name."""
    padding = b"% this line shifts every object; the xref no longer matches\n"
    return data[:len(HEADER)] + padding + data[len(HEADER):]
