"""Debian's `nats-server` as a process on loopback, for the suites that run several
`chancery serve` instances of one deployment."""

import re
import shutil
import subprocess
import threading

import pytest

START_TIMEOUT = 20
LISTENING = re.compile(r"Listening for client connections on 127\.0\.0\.1:(\d+)")


class NatsServer:
    """A running `nats-server` on a free port; `url` is what `--nats` is given."""

    def __init__(self):
        executable = shutil.which("nats-server") or shutil.which("nats-server", path="/usr/sbin:/usr/bin")
        if executable is None:
            pytest.fail("nats-server is not installed (scripts/test installs it)")
        self.process = subprocess.Popen(
            [executable, "-a", "127.0.0.1", "-p", "-1"],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        )
        self.url = None
        self._output = []
        self._ready = threading.Event()
        threading.Thread(target=self._drain, daemon=True).start()
        if not self._ready.wait(START_TIMEOUT) or self.url is None:
            self.process.kill()
            self.process.wait()
            pytest.fail("nats-server did not start:\n" + "".join(self._output))

    def _drain(self):
        # Reads every line until the server ends, so that the pipe never fills up.
        for line in self.process.stdout:
            self._output.append(line)
            match = LISTENING.search(line)
            if match and self.url is None:
                self.url = f"nats://127.0.0.1:{match.group(1)}"
            if "Server is ready" in line:
                self._ready.set()
        self._ready.set()

    def stop(self):
        self.process.terminate()
        self.process.wait(START_TIMEOUT)
