"""Raw-socket HTTP/1.1 for the security suite's connection tests: what a hostile or broken
client sends, byte for byte, and what the server answers before it closes the connection.

Every wait has a deadline; nothing sleeps."""

import base64
import json
import re
import socket
import time
from urllib.parse import urlsplit

STATUS_LINE = re.compile(rb"^HTTP/1\.1 (\d{3}) ")


def address(server):
    """(host, port) of a running server."""
    parts = urlsplit(server.base_url)
    return parts.hostname, parts.port


def connect(server, source="127.0.0.1"):
    """A TCP connection to `server` from the loopback address `source`."""
    sock = socket.create_connection(address(server), timeout=5, source_address=(source, 0))
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


def basic(credentials):
    """The Authorization header value for (user, password)."""
    return "Basic " + base64.b64encode(f"{credentials[0]}:{credentials[1]}".encode()).decode()


class Closed:
    """What a connection received until the server closed it, and when it closed."""

    def __init__(self, data, closed, elapsed):
        self.data = data
        self.closed = closed
        self.elapsed = elapsed

    @property
    def status(self):
        match = STATUS_LINE.match(self.data)
        return int(match.group(1)) if match else None

    @property
    def headers(self):
        head = self.data.split(b"\r\n\r\n", 1)[0].decode("latin-1")
        lines = head.split("\r\n")[1:]
        return {name.strip().lower(): value.strip() for name, value in (line.split(":", 1) for line in lines if ":" in line)}

    @property
    def body(self):
        return self.data.split(b"\r\n\r\n", 1)[1] if b"\r\n\r\n" in self.data else b""

    def json(self):
        return json.loads(self.body)


def read_until_closed(sock, within):
    """Reads until the server closes the connection or `within` seconds pass; the time is
    counted from the call."""
    start = time.monotonic()
    deadline = start + within
    data = b""
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return Closed(data, False, time.monotonic() - start)
        sock.settimeout(remaining)
        try:
            chunk = sock.recv(65536)
        except socket.timeout:
            return Closed(data, False, time.monotonic() - start)
        except ConnectionResetError:
            return Closed(data, True, time.monotonic() - start)
        if not chunk:
            return Closed(data, True, time.monotonic() - start)
        data += chunk


def read_response(sock, within):
    """Reads one response whose length is given by Content-Length, leaving the connection
    open; returns it as a `Closed` whose `closed` is False."""
    start = time.monotonic()
    deadline = start + within
    data = b""
    while True:
        if b"\r\n\r\n" in data:
            head, body = data.split(b"\r\n\r\n", 1)
            match = re.search(rb"(?i)\r\ncontent-length: *(\d+)", head)
            if match and len(body) >= int(match.group(1)):
                return Closed(data, False, time.monotonic() - start)
        remaining = deadline - time.monotonic()
        assert remaining > 0, f"no whole response within {within} s: {data[:300]!r}"
        sock.settimeout(remaining)
        chunk = sock.recv(65536)
        assert chunk, f"connection closed before a whole response: {data[:300]!r}"
        data += chunk


def read_bytes(sock, count, within):
    """Reads until `count` bytes have come, leaving the connection open, and returns them;
    returns fewer when the server closes the connection or `within` seconds pass."""
    deadline = time.monotonic() + within
    data = b""
    while len(data) < count:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return data
        sock.settimeout(remaining)
        try:
            chunk = sock.recv(count - len(data))
        except (socket.timeout, ConnectionResetError):
            return data
        if not chunk:
            return data
        data += chunk
    return data


def exchange(server, request, within=5):
    """Sends `request` on a new connection and returns what came back until it closed."""
    with connect(server) as sock:
        sock.sendall(request)
        return read_until_closed(sock, within)
