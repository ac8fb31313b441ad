"""Finding 3 of issue 23: a stalled request no longer holds SIGTERM for ever. In-flight
requests get the drain deadline (--drain-timeout), then their connections are cut and the
server exits 0. Before, a body that declared 100 bytes and sent one kept the server running."""

import re
import signal
import subprocess
import time

from raw_http import basic, connect, read_until_closed

DRAIN = 1.0
MARGIN = 6.0  # seconds for the services' own shutdown on a loaded machine


def active_posts(server, http, admin):
    """The requests the server is serving now, by /metrics (the scrape itself is a GET)."""
    text = http.get(server.url("/metrics"), auth=admin).text
    match = re.search(r'http_server_active_requests\{[^}]*"POST"[^}]*\} (\d+)', text)
    return int(match.group(1)) if match else 0


def test_stalled_body_does_not_hold_sigterm_past_the_drain_deadline(start_server, http):
    server = start_server("--drain-timeout", str(DRAIN), "--body-timeout", "600")
    admin = ("Administrator", server.admin_password)
    batch_id = http.post(server.url("/nuxeo/api/v1/upload"), auth=admin).json()["batchId"]
    with connect(server) as sock:
        sock.sendall(
            f"POST /nuxeo/api/v1/upload/{batch_id}/0 HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            f"Authorization: {basic(admin)}\r\nX-File-Name: stalled.txt\r\nContent-Type: text/plain\r\n"
            "Content-Length: 100\r\n\r\nx".encode()
        )
        deadline = time.monotonic() + 20
        while active_posts(server, http, admin) < 1:
            assert time.monotonic() < deadline, "the stalled upload never reached the router"

        start = time.monotonic()
        server.process.send_signal(signal.SIGTERM)
        try:
            code = server.process.wait(DRAIN + MARGIN)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"server still running {DRAIN + MARGIN} s after SIGTERM:\n{server.output()}")
        elapsed = time.monotonic() - start
        assert code == 0, server.output()
        # The request in flight got its drain time before it was cut.
        assert elapsed >= DRAIN - 0.2, f"exited {elapsed:.2f} s after SIGTERM, before the drain deadline"
        cut = read_until_closed(sock, within=1)
        assert cut.closed
