"""Batch uploads through the official client (spec 1.8): batches, normal and chunked uploads
(202 while a chunked file is incomplete, a chunk sent twice rejected, resuming), empty and 10 MiB
files, file info, dropping batches and files, running operations on a batch (the batch is
dropped afterwards unless X-Batch-No-Drop), and the MIME type the server settles on."""

import hashlib
import os

import pytest
from nuxeo.exceptions import CorruptedFile, HTTPError, InvalidUploadHandler, UploadError
from nuxeo.models import Blob, BufferBlob

from .support import assert_blob_property, connect, create, digest_of, file_blob, percent, unique, upload

CHUNK = 1024


def post_file(nx, batch_id, data, name, file_idx=0, mimetype="text/plain", **extra):
    """POST api/v1/upload/{batch}/{idx} with the headers the client sends (handlers/default.py)."""
    headers = {"Cache-Control": "no-cache", "X-File-Name": percent(name), "X-File-Size": str(extra.pop("size", len(data)))}
    if mimetype is None:
        # No X-File-Type at all, and a body typed as bytes.
        headers["Content-Type"] = "application/octet-stream"
    else:
        headers.update({"X-File-Type": mimetype, "Content-Type": mimetype})
    headers.update(extra)
    return nx.client.request("POST", f"api/v1/upload/{batch_id}/{file_idx}", data=data or None, headers=headers)


def post_chunk(nx, batch_id, chunk, index, count, total, name="chunked.txt"):
    return post_file(
        nx, batch_id, chunk, name, size=total,
        **{"X-Upload-Type": "chunked", "X-Upload-Chunk-Index": str(index), "X-Upload-Chunk-Count": str(count)},
    )


def attach(nx, batch, doc, file_idx=0):
    """Blob.AttachOnDocument on one file of the batch, as a void operation (the batch is dropped)."""
    answer = batch.execute("Blob.AttachOnDocument", file_idx=file_idx, params={"document": doc.path})
    assert answer.status_code == 204 and answer.content == b""


def status_of(call):
    with pytest.raises(HTTPError) as error:
        call()
    return error.value.status


# MARK: batches and files


def test_new_batch(nx):
    created = nx.client.request("POST", "api/v1/upload")
    assert created.status_code == 201, created.text[:300]
    batch_id = created.json()["batchId"]
    assert isinstance(batch_id, str) and batch_id
    assert nx.client.request("POST", "api/v1/upload/").status_code == 201

    batch = nx.uploads.batch()
    assert batch.uid and batch.uid != batch_id and batch.upload_idx == 0
    assert nx.uploads.get(batch.uid) == [], "an empty batch lists no file (204)"


def test_handlers(nx):
    """The client's test_handlers / test_batch_handler_*: "default" is listed, an unlisted one
    is refused by the client, and asking the server for an unknown one is an error."""
    handlers = nx.uploads.handlers(force=True)
    assert "default" in handlers and "light" not in handlers
    assert nx.uploads.batch(handler="default").uid
    with pytest.raises(InvalidUploadHandler) as error:
        nx.uploads.batch(handler="light")
    assert "default" in str(error.value)
    assert 400 <= status_of(lambda: nx.client.request("POST", "api/v1/upload/new/no-such-handler")) < 500


def test_normal_upload_answer(nx):
    batch = nx.uploads.batch()
    answer = post_file(nx, batch.uid, b"data", "Test.txt")
    assert answer.status_code == 201, answer.text[:300]
    body = answer.json()
    assert body["batchId"] == batch.uid
    assert int(body["fileIdx"]) == 0
    assert body["uploadType"] == "normal"
    assert int(body["uploadedSize"]) == 4
    assert str(body["uploaded"]).lower() == "true"


def test_upload_and_file_info(nx, folder):
    """The client's get_batch / test_fetch: two in-memory files (sent as
    application/octet-stream), their info, one removed, the other attached as text/plain."""
    batch = nx.uploads.batch()
    first = batch.upload(BufferBlob(data="data", name="Test.txt", mimetype="text/plain"))
    second = batch.upload(BufferBlob(data="data2", name="Test2.txt", mimetype="text/plain"))
    assert batch.upload_idx == 2
    # JSON numbers (spec 1.8): the client keeps fileIdx as sent and its own test_fetch expects 0.
    assert (first.fileIdx, second.fileIdx) == (0, 1)
    assert batch.blobs[0].fileIdx == 0 and batch.blobs[0].uploaded
    assert (first.uploadedSize, second.uploadedSize) == (4, 5)

    info = batch.get(0)
    assert (info.name, int(info.size), info.uploadType) == ("Test.txt", 4, "normal")
    info = batch.get(1)
    assert (info.name, int(info.size), info.uploadType) == ("Test2.txt", 5, "normal")
    listed = nx.uploads.get(batch.uid)
    assert sorted(blob.name for blob in listed) == ["Test.txt", "Test2.txt"]

    batch.delete(0)
    assert status_of(lambda: nx.uploads.get(batch.uid, file_idx=0)) == 404
    assert batch.get(1).name == "Test2.txt"
    assert [blob.name for blob in nx.uploads.get(batch.uid)] == ["Test2.txt"]

    doc = create(nx, folder.path, "File", unique("buffer"))
    attach(nx, batch, doc, file_idx=1)
    assert_blob_property(nx.documents.get(uid=doc.uid).properties["file:content"], "Test2.txt", b"data2", "text/plain")


def test_unicode_file_name(nx, folder, tmp_path):
    name = "Test é 日本 (1).txt"
    batch, _ = upload(nx, tmp_path, name, b"unicode", "text/plain")
    assert batch.get(0).name == name
    doc = create(nx, folder.path, "File", unique("uni"))
    attach(nx, batch, doc)
    assert nx.documents.get(uid=doc.uid).properties["file:content"]["name"] == name


def test_drop_batch(nx, tmp_path):
    batch, _ = upload(nx, tmp_path, "drop.txt", b"drop me", "text/plain")
    batch_id = batch.uid
    batch.cancel()
    assert batch.uid is None
    assert status_of(lambda: nx.uploads.get(batch_id, file_idx=0)) == 404
    assert status_of(lambda: nx.client.request("DELETE", f"api/v1/upload/{batch_id}")) == 404

    other = nx.uploads.batch()
    deleted = nx.client.request("DELETE", f"api/v1/upload/{other.uid}")
    assert deleted.status_code == 204


def test_unknown_batch_and_bad_index(nx):
    assert status_of(lambda: post_file(nx, "no-such-batch", b"x", "x.txt")) == 404
    assert status_of(lambda: nx.uploads.get("no-such-batch", file_idx=0)) == 404
    assert status_of(
        lambda: nx.client.request(
            "POST", "api/v1/upload/no-such-batch/0/execute/Blob.AttachOnDocument", data={"params": {"document": "/"}}
        )
    ) == 404
    batch = nx.uploads.batch()
    assert status_of(lambda: post_file(nx, batch.uid, b"x", "x.txt", file_idx="abc")) == 400
    assert status_of(lambda: nx.uploads.get(batch.uid, file_idx=7)) == 404


# MARK: chunked uploads


def test_chunked_upload_statuses(nx, folder):
    """202 for each chunk while the file is incomplete, an error for a chunk sent twice, 201 with
    every chunk id for the last one; chunks may come in any order."""
    chunks = [b"a" * CHUNK, b"b" * CHUNK, b"c" * 10]
    total = sum(map(len, chunks))
    batch = nx.uploads.batch()

    first = post_chunk(nx, batch.uid, chunks[0], 0, 3, total)
    assert first.status_code == 202, first.status_code
    body = first.json()
    assert [int(i) for i in body["uploadedChunkIds"]] == [0] and int(body["chunkCount"]) == 3
    assert body["uploadType"] == "chunked"

    status = status_of(lambda: post_chunk(nx, batch.uid, chunks[0], 0, 3, total))
    assert 400 <= status < 600, status

    third = post_chunk(nx, batch.uid, chunks[2], 2, 3, total)
    assert third.status_code == 202
    assert sorted(int(i) for i in third.json()["uploadedChunkIds"]) == [0, 2]

    last = post_chunk(nx, batch.uid, chunks[1], 1, 3, total)
    assert last.status_code == 201, last.status_code
    assert sorted(int(i) for i in last.json()["uploadedChunkIds"]) == [0, 1, 2]

    info = nx.uploads.get(batch.uid, file_idx=0)
    assert (info.name, int(info.size), info.uploadType) == ("chunked.txt", total, "chunked")
    assert int(info.chunkCount) == 3 and sorted(int(i) for i in info.uploadedChunkIds) == [0, 1, 2]

    doc = create(nx, folder.path, "File", unique("chunks"))
    attach(nx, batch, doc)
    assert nx.documents.fetch_blob(uid=doc.uid) == b"".join(chunks)


def test_chunked_upload_with_the_client(nx, folder, tmp_path):
    """The client's test_upload (chunked): its progress callback sees 1, 2, 3, 4 chunks."""
    data = os.urandom(4 * CHUNK)
    seen = []

    def callback(uploader):
        assert uploader.blob.uploadType == "chunked"
        seen.append((len(uploader.blob.uploadedChunkIds), uploader.blob.uploadedSize))

    batch = nx.uploads.batch()
    blob = batch.upload(
        file_blob(tmp_path, "four.bin", data, "application/octet-stream"), chunked=True, chunk_size=CHUNK, callback=callback
    )
    assert seen == [(1, CHUNK), (2, 2 * CHUNK), (3, 3 * CHUNK), (4, 4 * CHUNK)]
    assert blob.chunkCount == 4 and sorted(blob.uploadedChunkIds) == [0, 1, 2, 3]

    doc = create(nx, folder.path, "File", unique("client-chunks"))
    operation = nx.operations.new("Blob.AttachOnDocument")
    operation.params = {"document": doc.path}
    operation.input_obj = batch.get(0)
    assert operation.execute(void_op=True) == b""
    assert nx.documents.fetch_blob(uid=doc.uid) == data


def test_resume_a_chunked_upload(nx, folder, tmp_path):
    """Two chunks sent, then the client's uploader asks the server what it has (file info) and
    sends only the rest."""
    data = os.urandom(4 * CHUNK)
    blob = file_blob(tmp_path, "resume.bin", data, "application/octet-stream")
    batch = nx.uploads.batch()
    for index in (0, 1):
        response = post_chunk(nx, batch.uid, data[index * CHUNK:(index + 1) * CHUNK], index, 4, len(data), name="resume.bin")
        assert response.status_code == 202

    sent = []
    uploader = batch.get_uploader(
        blob, chunked=True, chunk_size=CHUNK, callback=lambda up: sent.append(sorted(up.blob.uploadedChunkIds))
    )
    assert uploader.chunk_count == 4
    assert sorted(uploader.blob.uploadedChunkIds) == [0, 1]
    assert not uploader.is_complete()
    uploader.upload()
    assert uploader.is_complete()
    assert sent == [[0, 1, 2], [0, 1, 2, 3]]

    doc = create(nx, folder.path, "File", unique("resumed"))
    attach(nx, batch, doc)
    assert nx.documents.fetch_blob(uid=doc.uid) == data


def test_chunk_sent_twice_through_the_client_fails_then_upload_finishes(nx, folder, tmp_path):
    """The client's test_upload_error: re-sending chunk 0 ends in UploadError, and the upload
    can still be finished."""
    data = os.urandom(4 * CHUNK)
    batch = nx.uploads.batch()
    uploader = batch.get_uploader(file_blob(tmp_path, "twice.bin", data), chunked=True, chunk_size=CHUNK)
    steps = uploader.iter_upload()
    next(steps)
    next(steps)
    remaining = uploader._to_upload
    uploader._to_upload = [0]
    with pytest.raises(UploadError):
        next(steps)
    uploader._to_upload = remaining
    list(uploader.iter_upload())
    assert uploader.is_complete()
    doc = create(nx, folder.path, "File", unique("twice"))
    attach(nx, batch, doc)
    assert nx.documents.fetch_blob(uid=doc.uid) == data


# MARK: sizes


def test_empty_file(nx, folder, tmp_path):
    batch, blob = upload(nx, tmp_path, "empty.txt", b"", "text/plain")
    assert blob.uploadedSize == 0
    info = batch.get(0)
    assert (info.name, int(info.size)) == ("empty.txt", 0)
    doc = create(nx, folder.path, "File", unique("empty"))
    attach(nx, batch, doc)
    assert_blob_property(nx.documents.get(uid=doc.uid).properties["file:content"], "empty.txt", b"")
    assert nx.documents.fetch_blob(uid=doc.uid) == b""


@pytest.mark.parametrize("chunked", [False, True], ids=["normal", "chunked"])
def test_ten_mib_file_imported_and_fetched_with_digest(nx, folder, tmp_path, chunked):
    data = os.urandom(10 * 1024 * 1024)
    name = f"big-{'chunked' if chunked else 'normal'}.bin"
    batch = nx.uploads.batch()
    blob = batch.upload(file_blob(tmp_path, name, data, "application/octet-stream"), chunked=chunked, chunk_size=1024 * 1024)
    if chunked:
        assert sorted(blob.uploadedChunkIds) == list(range(10))
    assert int(batch.get(0).size) == len(data)

    doc = nx.operations.execute(command="FileManager.Import", context={"currentDocument": folder.path}, input_obj=blob)
    assert doc["entity-type"] == "document" and doc["type"] == "File"
    assert doc["title"] == name and doc["parentRef"] == folder.uid
    content = doc["properties"]["file:content"]
    assert_blob_property(content, name, data)

    out = tmp_path / f"{name}.out"
    fetch = nx.operations.new("Blob.Get")
    fetch.input_obj = doc["uid"]
    fetch.execute(file_out=str(out), digest=content["digest"])
    assert hashlib.sha256(out.read_bytes()).digest() == hashlib.sha256(data).digest()

    offset = 5 * 1024 * 1024
    part = nx.client.request(
        "GET", f"api/v1/repo/default/id/{doc['uid']}/@blob/file:content", headers={"Range": f"bytes={offset}-{offset + 99}"}
    )
    assert part.status_code == 206 and part.content == data[offset:offset + 100]
    # FileManager.Import ran on the batch without X-Batch-No-Drop: the batch is gone.
    assert status_of(lambda: nx.uploads.get(batch.uid, file_idx=0)) == 404


# MARK: operations on a batch


def test_execute_drops_the_batch(nx, folder, tmp_path):
    """The client's test_execute: Blob.AttachOnDocument through .../execute, X-NXVoidOperation."""
    batch, _ = upload(nx, tmp_path, "Test.txt", b"data", "text/plain")
    doc = create(nx, folder.path, "File", unique("exec"))
    assert nx.documents.get(uid=doc.uid).properties["file:content"] is None
    attach(nx, batch, doc)
    got = nx.documents.get(path=doc.path)
    assert_blob_property(got.properties["file:content"], "Test.txt", b"data", "text/plain")
    assert got.fetch_blob() == b"data"
    assert status_of(lambda: nx.uploads.get(batch.uid, file_idx=0)) == 404


def test_batch_no_drop_keeps_the_batch(nx, folder, tmp_path):
    batch, blob = upload(nx, tmp_path, "kept.txt", b"kept", "text/plain")
    first = create(nx, folder.path, "File", unique("first"))
    second = create(nx, folder.path, "File", unique("second"))
    for doc in (first, second):
        answer = nx.operations.execute(
            command="Blob.AttachOnDocument", input_obj=blob, params={"document": doc.path},
            headers={"X-Batch-No-Drop": "true"}, void_op=True,
        )
        assert answer == b""
        assert batch.get(0).name == "kept.txt"
    assert nx.documents.fetch_blob(uid=first.uid) == nx.documents.fetch_blob(uid=second.uid) == b"kept"


def test_attach_answers_the_blob_without_void(nx, folder, tmp_path):
    """The client's test_operation: without X-NXVoidOperation the output blob comes back raw."""
    batch, _ = upload(nx, tmp_path, "answer.txt", b"hello attach", "text/plain")
    doc = create(nx, folder.path, "File", unique("answer"))
    operation = nx.operations.new("Blob.AttachOnDocument")
    operation.params = {"document": doc.path}
    operation.input_obj = batch.get(0)
    assert operation.execute() == b"hello attach"
    assert nx.documents.fetch_blob(uid=doc.uid) == b"hello attach"


def test_batch_attach_one_file_goes_to_file_content(nx, folder, tmp_path):
    batch, _ = upload(nx, tmp_path, "single.txt", b"single", "text/plain")
    doc = create(nx, folder.path, "File", unique("single"))
    answer = batch.attach(doc.path)
    assert answer.status_code == 204
    props = nx.documents.get(uid=doc.uid).properties
    assert props["file:content"]["name"] == "single.txt"
    assert not props["files:files"]


def test_blob_get_checks_the_digest(nx, folder, tmp_path):
    """The client's test_digester: Blob.Get saved to a file is checked against the digest the
    server reports; a wrong digest raises CorruptedFile."""
    data = os.urandom(3000)
    batch, _ = upload(nx, tmp_path, "digest.bin", data, "application/octet-stream")
    doc = create(nx, folder.path, "File", unique("digest"))
    attach(nx, batch, doc)
    info = nx.operations.execute(command="Document.Fetch", params={"value": doc.path})
    digest = info["properties"]["file:content"]["digest"]
    assert digest == digest_of(data, digest)

    # An Operation object, as the client's tests do: execute()'s keyword arguments would
    # otherwise be sent as operation parameters.
    fetch = nx.operations.new("Blob.Get")
    fetch.input_obj = doc.path
    out = tmp_path / "digest.out"
    assert fetch.execute(file_out=str(out), digest=digest) == str(out)
    assert out.read_bytes() == data
    with pytest.raises(CorruptedFile):
        fetch.execute(file_out=str(tmp_path / "bad.out"), digest="0" * len(digest))
    assert nx.operations.execute(command="Blob.Get", input_obj=doc.uid, json=False) == data
    alias = nx.operations.execute(command="Document.GetBlob", input_obj=doc.uid, params={"xpath": "file:content"}, json=False)
    assert alias == data


# MARK: MIME types


@pytest.mark.parametrize(
    "name, sent, expected",
    [
        ("file.pdf", "application/octet-stream", {"application/pdf"}),
        ("file.pdf", "pdf", {"application/pdf"}),
        ("file.pdf", None, {"application/pdf"}),
        ("file.bmp", None, {"image/bmp", "image/x-ms-bmp"}),
        ("notes.txt", "application/octet-stream", {"text/plain"}),
        ("page.html", "application/octet-stream", {"text/html"}),
        ("data.json", "application/octet-stream", {"application/json"}),
        ("picture.png", "application/octet-stream", {"image/png"}),
        ("table.txt", "text/csv", {"text/csv"}),
    ],
)
def test_mime_type(nx, host, admin, folder, tmp_path, name, sent, expected):
    """The client's test_mimetype / test_bad_mimetype: the server detects the type from the file
    name when the one sent is generic or invalid, and keeps a real one. Read back by
    Document.Fetch with client schemas `dublincore`: automation output carries every schema
    (X-NXproperties: * is unioned with X-NXDocumentProperties)."""
    blob = file_blob(tmp_path, name, b"0" * 42, sent)
    batch = nx.uploads.batch()
    batch.upload(blob)
    doc = create(nx, folder.path, "File", unique("mime"))
    operation = nx.operations.new("Blob.AttachOnDocument")
    operation.params = {"document": doc.path}
    operation.input_obj = batch.get(0)
    operation.execute(void_op=True)

    dublincore = connect(host, admin, schemas=["dublincore"])
    info = dublincore.operations.new("Document.Fetch")
    info.params = {"value": doc.path}
    mimetype = info.execute()["properties"]["file:content"]["mime-type"]
    assert mimetype in expected, mimetype


def test_mime_type_when_none_is_sent(nx, folder):
    batch = nx.uploads.batch()
    answer = post_file(nx, batch.uid, b"%PDF-1.4", "report.pdf", mimetype=None)
    assert answer.status_code == 201
    doc = create(nx, folder.path, "File", unique("nomime"))
    attach(nx, batch, doc)
    assert nx.documents.get(uid=doc.uid).properties["file:content"]["mime-type"] == "application/pdf"


def test_blob_model_reference(nx, folder, tmp_path):
    """A Blob with only batchId and fileIdx (what an application keeps between calls) is enough
    to reference the upload in a document."""
    batch, uploaded = upload(nx, tmp_path, "ref.txt", b"by reference", "text/plain")
    reference = Blob(batchId=batch.uid, fileIdx=uploaded.fileIdx)
    assert reference.to_json() == {"upload-batch": batch.uid, "upload-fileId": "0"}
    doc = create(nx, folder.path, "File", unique("ref"), properties={"file:content": reference})
    assert nx.documents.fetch_blob(uid=doc.uid) == b"by reference"
