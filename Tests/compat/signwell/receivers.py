"""Small real HTTP servers on 127.0.0.1 that the Chancery server talks to: a file server for
`file_url` downloads and a receiver for webhook deliveries. Each records every request it gets."""

import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass(frozen=True)
class ReceivedRequest:
    """One request as it arrived: method, path, headers (names lower-cased) and raw body."""

    method: str
    path: str
    headers: dict
    body: bytes
    received_at: float


class LocalServer:
    """A threading HTTP server on an ephemeral loopback port; `respond(request)` gives
    (status, content type, body) for each request. Use as a context manager."""

    def __init__(self, respond):
        self._respond = respond
        self._condition = threading.Condition()
        self.requests = []
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def _handle(self):
                length = int(self.headers.get("Content-Length") or 0)
                request = ReceivedRequest(
                    self.command, self.path, {k.lower(): v for k, v in self.headers.items()},
                    self.rfile.read(length) if length else b"", time.time(),
                )
                owner._record(request)
                status, content_type, body = owner._respond(request)
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            do_GET = do_POST = do_HEAD = _handle

            def log_message(self, *args):
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(10)

    @property
    def base_url(self):
        """http://127.0.0.1:PORT"""
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def _record(self, request):
        with self._condition:
            self.requests.append(request)
            self._condition.notify_all()

    def wait_for(self, matches, timeout=30):
        """The first recorded request for which `matches(request)` is true, waiting up to
        `timeout` seconds for it; None when none came."""
        deadline = time.monotonic() + timeout
        with self._condition:
            while True:
                for request in self.requests:
                    if matches(request):
                        return request
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return None
                self._condition.wait(remaining)


class FileServer(LocalServer):
    """A LocalServer answering GET /<name> with `files[name]` (bytes) as application/pdf, and 404
    for anything else."""

    def __init__(self):
        self.files = {}
        super().__init__(self._serve)

    def _serve(self, request):
        name = request.path.lstrip("/")
        if request.method == "GET" and name in self.files:
            return 200, "application/pdf", self.files[name]
        return 404, "text/plain", b"not found"

    def url(self, name):
        """The URL of files[name]."""
        return f"{self.base_url}/{name}"


def hook_receiver():
    """A LocalServer that accepts every POST with 200 (as a webhook endpoint should)."""
    return LocalServer(lambda request: (200, "text/plain", b"ok"))
