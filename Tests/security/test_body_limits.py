"""Finding 4 (first half) of issue 23: --max-body-bytes holds for every transfer encoding. A
chunked upload over the limit is refused with 413 in the API's own format and nothing is
stored; before, a 256 MiB chunked upload was stored with a 1 MiB limit."""

import select

import pytest

from raw_http import basic, connect, read_until_closed

LIMIT = 64 * 1024
CHUNK = 16 * 1024


@pytest.fixture(scope="module")
def limited_server(start_module_server):
    """A server that accepts no request body larger than LIMIT; both tests use it."""
    return start_module_server("--max-body-bytes", str(LIMIT))


def test_chunked_body_over_the_limit_refused_with_nothing_stored(limited_server, http):
    server = limited_server
    admin = ("Administrator", server.admin_password)
    batch_id = http.post(server.url("/nuxeo/api/v1/upload"), auth=admin).json()["batchId"]
    with connect(server) as sock:
        sock.sendall(
            f"POST /nuxeo/api/v1/upload/{batch_id}/0 HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            f"Authorization: {basic(admin)}\r\nX-File-Name: big.bin\r\nContent-Type: application/octet-stream\r\n"
            "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n".encode()
        )
        # Up to 16 times the limit, until the server answers.
        for _ in range(16 * LIMIT // CHUNK):
            readable, _, _ = select.select([sock], [], [], 0)
            if readable:
                break
            sock.sendall(b"%x\r\n" % CHUNK + b"z" * CHUNK + b"\r\n")
        answer = read_until_closed(sock, within=10)
    assert answer.status == 413, answer.data[:300]
    error = answer.json()
    assert error["entity-type"] == "exception" and error["status"] == 413, error
    files = http.get(server.url(f"/nuxeo/api/v1/upload/{batch_id}"), auth=admin)
    assert files.status_code == 204 or files.json() == [], files.text


def test_chunked_body_within_the_limit_stored(limited_server, http):
    """The limit refuses only what is over it: a chunked upload just under it is stored whole."""
    server = limited_server
    admin = ("Administrator", server.admin_password)
    batch_id = http.post(server.url("/nuxeo/api/v1/upload"), auth=admin).json()["batchId"]
    body = b"y" * (LIMIT - 1)

    def chunks():
        for start in range(0, len(body), CHUNK):
            yield body[start:start + CHUNK]

    stored = http.post(
        server.url(f"/nuxeo/api/v1/upload/{batch_id}/0"), data=chunks(), auth=admin,
        headers={"X-File-Name": "fits.bin", "Content-Type": "application/octet-stream"},
    )
    assert stored.status_code == 201, stored.text
    files = http.get(server.url(f"/nuxeo/api/v1/upload/{batch_id}"), auth=admin).json()
    assert [file["size"] for file in files] == [LIMIT - 1]
