"""Finding 2 of issue 23: every connection is bounded. A client that sends nothing, half a
head, or a body slower than it promised is cut after the configured time; a kept-alive
connection is closed when idle; a flood of connections from one address is refused at once
while the server keeps answering others. Before, all of these stayed open for ever, and
20,000 half-open connections from one host stopped /health.

Each test runs against a server with short limits, so that it takes seconds; the tests of the
header timeout share one."""

import resource
import select
import time

import pytest

from raw_http import basic, connect, read_bytes, read_response, read_until_closed

MARGIN = 2.0  # seconds a loaded machine may add to a timer


@pytest.fixture(scope="module")
def header_timeout_server(start_module_server):
    """A server whose clients have one second to send a whole request head; its other limits
    are the defaults."""
    return start_module_server("--header-timeout", "1")


def test_silent_connection_closed_after_header_timeout(header_timeout_server):
    server = header_timeout_server
    with connect(server) as sock:
        closed = read_until_closed(sock, within=1 + MARGIN)
    assert closed.closed, "a connection that sent nothing is still open"
    assert closed.data == b""
    assert closed.elapsed >= 0.8, f"closed after {closed.elapsed:.2f} s, before the header timeout"


def test_half_sent_head_answered_408_and_closed(header_timeout_server):
    server = header_timeout_server
    with connect(server) as sock:
        sock.sendall(b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        answer = read_until_closed(sock, within=1 + MARGIN)
    assert answer.closed, "a half-sent head is still waited for"
    assert answer.status == 408, answer.data[:300]
    assert answer.json()["error"]["status"] == 408
    assert answer.elapsed >= 0.8


def test_head_sent_a_byte_at_a_time_does_not_extend_the_header_timeout(header_timeout_server):
    """Slowloris: each byte arrives well within the timeout, the whole head does not."""
    server = header_timeout_server
    request = b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n" + b"X-Drip: " + b"d" * 200
    start = time.monotonic()
    with connect(server) as sock:
        for byte in request:
            try:
                sock.sendall(bytes([byte]))
            except OSError:
                break
            readable, _, _ = select.select([sock], [], [], 0.1)
            if readable or time.monotonic() - start > 1 + MARGIN:
                break
        answer = read_until_closed(sock, within=MARGIN)
    assert answer.closed and answer.status == 408, answer.data[:300]
    assert time.monotonic() - start < 1 + 2 * MARGIN


def test_idle_keep_alive_connection_closed(start_server):
    server = start_server("--idle-timeout", "1", "--header-timeout", "30")
    with connect(server) as sock:
        sock.sendall(b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert read_response(sock, within=10).status == 200
        closed = read_until_closed(sock, within=1 + MARGIN)
    assert closed.closed and closed.data == b"", "an idle kept-alive connection is still open"
    assert closed.elapsed >= 0.8


def test_slow_body_answered_408_and_nothing_stored(start_server, http):
    server = start_server("--body-timeout", "1")
    admin = ("Administrator", server.admin_password)
    batch_id = http.post(server.url("/nuxeo/api/v1/upload"), auth=admin).json()["batchId"]
    with connect(server) as sock:
        sock.sendall(
            f"POST /nuxeo/api/v1/upload/{batch_id}/0 HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            f"Authorization: {basic(admin)}\r\nX-File-Name: slow.txt\r\nContent-Type: text/plain\r\n"
            "Content-Length: 100\r\n\r\n0123456789".encode()
        )
        answer = read_until_closed(sock, within=10)
    assert answer.closed, "a stalled body is still waited for"
    assert answer.status == 408, answer.data[:300]
    files = http.get(server.url(f"/nuxeo/api/v1/upload/{batch_id}"), auth=admin)
    assert files.status_code == 204 or files.json() == [], files.text


def test_connection_flood_from_one_address_refused_while_health_answers(start_server):
    """250 connections from 127.0.0.2 against a limit of 10 per address: the 10 first stay
    open, every other one is answered 503 and closed at once, and /health still answers
    a client at 127.0.0.1."""
    flood, limit = 250, 10
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < flood + 200:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, flood + 200), hard))
    server = start_server("--max-connections-per-address", str(limit), "--header-timeout", "60")
    sockets = []
    try:
        for _ in range(flood):
            sockets.append(connect(server, source="127.0.0.2"))
        refused = {}
        deadline = time.monotonic() + 15
        waiting = set(sockets)
        while len(refused) < flood - limit and time.monotonic() < deadline:
            readable, _, _ = select.select(list(waiting), [], [], 0.5)
            for sock in readable:
                refused[sock] = read_until_closed(sock, within=2)
                waiting.discard(sock)
        assert len(refused) == flood - limit, f"{len(refused)} of {flood - limit} connections over the limit were refused"
        assert all(answer.closed and answer.status == 503 for answer in refused.values())
        # The admitted ones are still open: nothing to read on them.
        readable, _, _ = select.select(list(waiting), [], [], 0)
        assert len(waiting) == limit and not readable

        start = time.monotonic()
        with connect(server, source="127.0.0.1") as sock:
            sock.sendall(b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            health = read_until_closed(sock, within=5)
        assert health.status == 200, health.data[:300]
        assert time.monotonic() - start < 1.0
    finally:
        for sock in sockets:
            sock.close()


def test_total_connection_limit(start_server):
    """The total limit holds across addresses: with 10 allowed, the 11th connection, from
    another address, is refused."""
    server = start_server("--max-connections", "10", "--header-timeout", "60")
    sockets = [connect(server, source=f"127.0.0.{2 + i % 5}") for i in range(10)]
    try:
        # A connection has surely been admitted once a request on it is answered.
        for sock in sockets:
            sock.sendall(b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            assert read_response(sock, within=10).status == 200
        with connect(server, source="127.0.0.9") as extra:
            answer = read_until_closed(extra, within=5)
        assert answer.closed and answer.status == 503, answer.data[:300]
        for sock in sockets:
            readable, _, _ = select.select([sock], [], [], 0)
            assert not readable, "an admitted connection was closed"
    finally:
        for sock in sockets:
            sock.close()


def test_websocket_outlives_the_http_timeouts(start_server):
    """An upgraded connection is the WebSocket's: with every HTTP timeout at one second, it is
    still open three seconds after the upgrade and answers a ping (iSCP's own connect timeout
    is ten seconds)."""
    server = start_server("--header-timeout", "1", "--idle-timeout", "1", "--body-timeout", "1")
    with connect(server) as sock:
        sock.sendall(
            b"GET /intdash/api/iscp/connect?enc=proto HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
            b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        upgraded = read_until_closed(sock, within=3)
        assert upgraded.data.startswith(b"HTTP/1.1 101 "), upgraded.data[:300]
        assert not upgraded.closed, f"the WebSocket was closed {upgraded.elapsed:.2f} s after the upgrade"
        mask = b"\x01\x02\x03\x04"
        sock.sendall(b"\x89\x84" + mask + bytes(byte ^ mask[i % 4] for i, byte in enumerate(b"ping")))
        pong = read_bytes(sock, 6, within=2)
    assert pong == b"\x8a\x04ping", pong
