"""Finding 2 and 6 of issue 23: a malformed request is answered at once with a 4xx (501 for an
unknown method) in Chancery's JSON error format, and the connection closes. Before, none of
these shapes got an answer and the connection stayed open; a bad chunk size got a 500."""

import pytest

from raw_http import basic, connect, exchange, read_until_closed

HEAD = b"Host: 127.0.0.1\r\n"

SHAPES = {
    "unknown method": (b"BREW /health HTTP/1.1\r\n" + HEAD + b"\r\n", {501}),
    "long URL": (b"GET /health?" + b"a" * 20_000 + b" HTTP/1.1\r\n" + HEAD + b"\r\n", {414}),
    "URL over the head limit": (b"GET /" + b"a" * 100_000 + b" HTTP/1.1\r\n" + HEAD + b"\r\n", {414, 431}),
    "huge header": (b"GET /health HTTP/1.1\r\n" + HEAD + b"X-Big: " + b"b" * 70_000 + b"\r\n\r\n", {431}),
    "too many headers": (b"GET /health HTTP/1.1\r\n" + HEAD + b"".join(b"X-H%d: v\r\n" % i for i in range(200)) + b"\r\n", {431}),
    "NUL in path": (b"GET /he\x00alth HTTP/1.1\r\n" + HEAD + b"\r\n", {400}),
    "invalid UTF-8 in path": (b"GET /h\xff\xfeealth HTTP/1.1\r\n" + HEAD + b"\r\n", {400}),
    "Content-Length and Transfer-Encoding": (
        b"POST /api/v1/users HTTP/1.1\r\n" + HEAD + b"Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", {400}
    ),
    "duplicate Content-Length": (b"POST /api/v1/users HTTP/1.1\r\n" + HEAD + b"Content-Length: 2\r\nContent-Length: 3\r\n\r\nabc", {400}),
    "negative Content-Length": (b"POST /api/v1/users HTTP/1.1\r\n" + HEAD + b"Content-Length: -1\r\n\r\n", {400}),
    # The decoder reads the first bytes as a method it does not know: 501 or 400 both refuse.
    "garbage bytes": (b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\xde\xad\xbe\xef\r\n\r\n", {400, 501}),
    "HTTP/2 preface": (b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", {400, 505}),
}


@pytest.mark.parametrize("shape", SHAPES)
def test_malformed_request_answered_and_closed(server, shape):
    request, statuses = SHAPES[shape]
    answer = exchange(server, request, within=1.0)
    assert answer.closed, f"connection still open after 1 s; received {answer.data[:200]!r}"
    assert answer.status in statuses, answer.data[:300]
    error = answer.json()["error"]
    assert error["status"] == answer.status and error["message"] and error["request_id"]
    assert answer.headers["connection"] == "close"


def test_malformed_chunk_size_is_400(server, admin, http):
    """A chunked upload whose chunk size is not hexadecimal: the route reading the body
    answers 400 in its API's format (Nuxeo here), not 500, and the connection closes."""
    batch = http.post(server.url("/nuxeo/api/v1/upload"), auth=admin)
    assert batch.status_code == 201, batch.text
    batch_id = batch.json()["batchId"]
    with connect(server) as sock:
        sock.sendall(
            f"POST /nuxeo/api/v1/upload/{batch_id}/0 HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            f"Authorization: {basic(admin)}\r\nX-File-Name: bad.txt\r\nContent-Type: text/plain\r\n"
            "Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\nzz\r\n".encode()
        )
        answer = read_until_closed(sock, within=10)
    assert answer.status == 400, answer.data[:300]
    assert "malformed" in answer.body.decode().lower()
    assert answer.closed
    files = http.get(server.url(f"/nuxeo/api/v1/upload/{batch_id}"), auth=admin)
    assert files.status_code in (200, 204) and (files.status_code == 204 or files.json() == []), files.text
