"""Conversions and renditions through the official client: `@convert` makes real PDFs (of text
through LibreOffice, of pictures as a page) and real PNG or JPEG pictures (of a PDF's first page,
of a picture in the other format); `@rendition/{name}` and the `renditions` enricher give the
thumbnail, the PDF, and the document's XML and ZIP exports (spec 1.x `@convert`, `@rendition`).
What no converter here makes is refused with 501 and Nuxeo's "... is not available"."""

import io
import shutil
import struct
import subprocess
import zipfile
import zlib
from xml.etree import ElementTree

import pytest
from nuxeo.exceptions import Forbidden, HTTPError

from .support import create, create_with_blob, unique

pytestmark = pytest.mark.skipif(
    not (shutil.which("soffice") and shutil.which("pdftoppm") and shutil.which("pdftotext")),
    reason="needs LibreOffice and Poppler (scripts/test installs them)",
)

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png(width, height, rgb=(200, 30, 30)):
    """A PNG of `width` x `height` pixels of one colour, written here byte by byte."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return PNG_SIGNATURE + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def png_size(data):
    """The width and height in a PNG's IHDR chunk."""
    assert data.startswith(PNG_SIGNATURE), data[:16]
    return struct.unpack(">II", data[16:24])


def pdf(width_points, height_points, text):
    """A one-page PDF of the given page size showing `text`, with a correct cross-reference table."""
    stream = f"BT /F1 24 Tf 20 40 Td ({text}) Tj ET".encode()
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {width_points} {height_points}] "
        f"/Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>".encode(),
        b"<< /Length " + str(len(stream)).encode() + b" >>\nstream\n" + stream + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out = b"%PDF-1.4\n"
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{offset:010d} 00000 n \n".encode() for offset in offsets)
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return out


def pdf_text(data, tmp_path):
    """The text Poppler's pdftotext reads in `data`, which must be a PDF."""
    assert data.startswith(b"%PDF-"), data[:16]
    path = tmp_path / f"{unique('read')}.pdf"
    path.write_bytes(data)
    return subprocess.run(["pdftotext", str(path), "-"], check=True, capture_output=True, timeout=60).stdout.decode()


def get(nx, path, **params):
    return nx.client.request("GET", path, params=params)


def test_text_converts_to_a_real_pdf_through_every_convert_path(nx, folder, tmp_path):
    doc = create_with_blob(nx, folder.path, tmp_path, "note.txt", b"plain words to convert")
    base = f"api/v1/repo/default/id/{doc.uid}"
    for path in (f"{base}/@blob/file:content/@convert", f"{base}/@blob/blobholder:0/@convert", f"{base}/@convert"):
        converted = get(nx, path, format="pdf")
        assert converted.headers["Content-Type"] == "application/pdf", path
        assert "plain words to convert" in pdf_text(converted.content, tmp_path), path
        assert "note.pdf" in converted.headers["Content-Disposition"]
    assert "plain words" in pdf_text(get(nx, f"{base}/@convert", type="application/pdf").content, tmp_path)
    assert "plain words" in pdf_text(get(nx, f"{base}/@convert", converter="any2pdf").content, tmp_path)
    # A blob already of the type asked for comes back as it is.
    assert get(nx, f"{base}/@convert", type="text/plain").content == b"plain words to convert"
    assert get(nx, f"{base}/@convert", format="txt").content == b"plain words to convert"


def test_a_picture_becomes_a_pdf_page_and_the_other_picture_format(nx, folder, tmp_path):
    doc = create_with_blob(nx, folder.path, tmp_path, "red.png", png(120, 60), mimetype="image/png")
    base = f"api/v1/id/{doc.uid}/@blob/file:content/@convert"
    page = get(nx, base, format="pdf").content
    assert page.startswith(b"%PDF-")
    assert b"/MediaBox [0 0 90 45]" in page, "a 120 x 60 picture is a 90 x 45 pt page"
    jpeg = get(nx, base, format="jpeg")
    assert jpeg.headers["Content-Type"] == "image/jpeg" and jpeg.content.startswith(b"\xff\xd8\xff")
    assert get(nx, base, format="png").content == png(120, 60), "a PNG asked for as PNG is answered as it is"


def test_a_pdf_first_page_becomes_a_picture_of_its_size(nx, folder, tmp_path):
    doc = create_with_blob(nx, folder.path, tmp_path, "page.pdf", pdf(300, 150, "Drawn"), mimetype="application/pdf")
    picture = get(nx, f"api/v1/id/{doc.uid}/@convert", format="png")
    assert picture.headers["Content-Type"] == "image/png"
    assert png_size(picture.content) == (400, 200), "300 x 150 pt at 96 dpi"


def test_what_no_converter_makes_is_refused_in_nuxeo_format(nx, folder, tmp_path):
    doc = create_with_blob(nx, folder.path, tmp_path, "data.bin", b"\x00\x01binary", mimetype="application/octet-stream")
    base = f"api/v1/id/{doc.uid}/@convert"
    with pytest.raises(HTTPError) as refused:
        get(nx, base, format="pdf")
    assert refused.value.status == 501
    assert refused.value.message == "Converter from application/octet-stream to application/pdf is not available"
    with pytest.raises(HTTPError) as refused:
        get(nx, base, converter="office2html")
    assert refused.value.status == 501 and refused.value.message == "Converter office2html is not available"
    with pytest.raises(HTTPError) as refused:
        get(nx, base, format="gif")
    assert refused.value.status == 501 and "to image/gif is not available" in refused.value.message
    with pytest.raises(HTTPError) as missing:
        get(nx, base)
    assert missing.value.status == 400
    with pytest.raises(HTTPError) as unknown:
        get(nx, base, format="no-such-format")
    assert unknown.value.status == 400 and "pdf" in unknown.value.message


def test_a_damaged_file_is_refused_not_answered(nx, folder, tmp_path):
    doc = create_with_blob(nx, folder.path, tmp_path, "broken.png", PNG_SIGNATURE + b"not really", mimetype="image/png")
    with pytest.raises(HTTPError) as refused:
        get(nx, f"api/v1/id/{doc.uid}/@convert", format="pdf")
    assert refused.value.status == 422 and "cannot be converted" in refused.value.message


def test_the_renditions_enricher_lists_what_the_document_has(nx, folder, tmp_path):
    with_file = create_with_blob(nx, folder.path, tmp_path, "listed.txt", b"listed")
    assert set(with_file.fetch_renditions()) == {"thumbnail", "pdf", "xmlExport", "zipExport"}
    entries = nx.client.request(
        "GET", f"api/v1/id/{with_file.uid}", headers={"enrichers-document": "renditions"}
    ).json()["contextParameters"]["renditions"]
    pdf_entry = next(entry for entry in entries if entry["name"] == "pdf")
    assert pdf_entry["url"].endswith(f"/api/v1/id/{with_file.uid}/@rendition/pdf")
    thumbnail = nx.client.request(
        "GET", f"api/v1/id/{with_file.uid}", headers={"enrichers-document": "thumbnail"}
    ).json()["contextParameters"]["thumbnail"]
    assert thumbnail["url"].endswith(f"/api/v1/id/{with_file.uid}/@rendition/thumbnail")
    without_file = create(nx, folder.path, "File", unique("bare"))
    assert set(without_file.fetch_renditions()) == {"xmlExport", "zipExport"}
    assert nx.client.request(
        "GET", f"api/v1/id/{without_file.uid}", headers={"enrichers-document": "thumbnail"}
    ).json()["contextParameters"]["thumbnail"] == {"url": None}


def test_thumbnail_and_pdf_renditions_of_a_picture(nx, folder, tmp_path):
    doc = create_with_blob(nx, folder.path, tmp_path, "wide.png", png(1000, 500), mimetype="image/png")
    thumbnail = doc.fetch_rendition("thumbnail")
    assert png_size(thumbnail) == (350, 175), "the longer side is scaled to 350 pixels"
    assert doc.fetch_rendition("pdf").startswith(b"%PDF-")
    text = create_with_blob(nx, folder.path, tmp_path, "words.txt", b"rendered words")
    assert "rendered words" in pdf_text(text.fetch_rendition("pdf"), tmp_path)
    width, height = png_size(text.fetch_rendition("thumbnail"))
    assert max(width, height) <= 350 and height > width, "a portrait page, at most 350 pixels"


def test_xml_and_zip_exports(nx, folder, tmp_path):
    data = b"exported bytes"
    doc = create_with_blob(nx, folder.path, tmp_path, "export.txt", data)
    xml = doc.fetch_rendition("xmlExport")
    assert xml.startswith(b'<?xml version="1.0" encoding="UTF-8"?>')
    assert f"<path>{doc.path.lstrip('/')}</path>".encode() in xml
    root = ElementTree.fromstring(xml)
    assert root.tag == "document" and root.get("id") == doc.uid and root.findtext("system/type") == "File"
    schemas = {schema.get("name"): schema for schema in root.findall("schema")}
    dublincore = "{http://www.nuxeo.org/ecm/schemas/dublincore/}"
    assert schemas["dublincore"].findtext(f"{dublincore}title") == "export.txt"
    content = schemas["file"].find("{http://www.nuxeo.org/ecm/schemas/file/}content")
    assert content.findtext("filename") == "export.txt" and content.findtext("mime-type") == "text/plain"

    archive = zipfile.ZipFile(io.BytesIO(doc.fetch_rendition("zipExport")))
    names = set(archive.namelist())
    assert f"{doc.title}/document.xml" in names
    assert archive.read(f"{doc.title}/{content.findtext('data')}") == data


def test_renditions_follow_the_documents_permissions_and_names(nx, member_nx, member, folder, tmp_path):
    doc = create_with_blob(nx, folder.path, tmp_path, "private.txt", b"private")
    nx.operations.execute(command="Document.BlockPermissionInheritance", input_obj=doc.path)
    for name in ("xmlExport", "pdf"):
        with pytest.raises(Forbidden):
            member_nx.client.request("GET", f"api/v1/id/{doc.uid}/@rendition/{name}")
    doc.add_permission({"username": member[0], "permission": "Read"})
    assert b"<path>" in member_nx.client.request("GET", f"api/v1/id/{doc.uid}/@rendition/xmlExport").content
    for path in (f"api/v1/id/{doc.uid}/@rendition/nonsense", f"api/v1/id/{doc.uid}/@rendition",
                 f"api/v1/id/{doc.uid}/@rendition/pdf/more"):
        with pytest.raises(HTTPError) as error:
            nx.client.request("GET", path)
        assert error.value.status == 404, path
    bare = create(nx, folder.path, "File", unique("bare"))
    with pytest.raises(HTTPError) as error:
        nx.client.request("GET", f"api/v1/id/{bare.uid}/@rendition/thumbnail")
    assert error.value.status == 404
