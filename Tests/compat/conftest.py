"""Fixtures that run the real `chancery` binary as a process; nothing is mocked.

Environment:
  CHANCERY_BIN            the binary (default: .build/debug/chancery in the repository)
  CHANCERY_TEST_DATABASE  a PostgreSQL URL; when set, the server and the CLI get
                          `--database URL`. The database must be empty: the suite creates the
                          administrator and users in it. Unset means SQLite in the data folder.

One server runs for the whole session (starting it migrates a store, which is the slow part);
tests that change state (API keys, users) use names of their own so they don't interfere.
"""

import os
import re
import secrets
import signal
import subprocess
import threading
from pathlib import Path

import pytest
import requests

REPO = Path(__file__).resolve().parents[2]
START_TIMEOUT = 60
STOP_TIMEOUT = 20
CLI_TIMEOUT = 60
LISTENING = re.compile(r"listening on (https?://([^\s/:]+):(\d+))")


class Server:
    """A running `chancery serve`, its data folder, and its output so far."""

    def __init__(self, binary, data_dir, database):
        self.binary = binary
        self.data_dir = data_dir
        self.database = database
        self.admin_password = secrets.token_urlsafe(24)
        self.base_url = None
        self.process = None
        self._output = []
        self._lock = threading.Lock()
        self._ready = threading.Event()

    def start(self):
        command = [self.binary, "serve", "--data", str(self.data_dir), "--host", "127.0.0.1", "--port", "0"]
        command += self._database_args()
        env = dict(os.environ, CHANCERY_ADMIN_PASSWORD=self.admin_password)
        # stderr joins stdout so that a failure message shows everything the server said.
        self.process = subprocess.Popen(
            command, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        )
        threading.Thread(target=self._drain, daemon=True).start()

        if not self._ready.wait(START_TIMEOUT):
            self.process.kill()
            self.process.wait()
            pytest.fail(f"server did not print 'listening on http://HOST:PORT' within {START_TIMEOUT} s:\n{self.output()}")
        if self.base_url is None:
            self.process.wait()
            pytest.fail(f"server exited with {self.process.returncode} before listening:\n{self.output()}")

    def _drain(self):
        # Reads every line until the server closes stdout, so the pipe never fills up.
        for line in self.process.stdout:
            with self._lock:
                self._output.append(line)
            match = LISTENING.search(line)
            if match and self.base_url is None:
                url, host, port = match.groups()
                assert host == "127.0.0.1" and port != "0", f"server announced {url!r}"
                self.base_url = url
                self._ready.set()
        self._ready.set()

    def stop(self):
        """Sends SIGTERM and checks that the server shuts down cleanly."""
        self.process.send_signal(signal.SIGTERM)
        try:
            code = self.process.wait(STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            pytest.fail(f"server did not exit within {STOP_TIMEOUT} s of SIGTERM:\n{self.output()}")
        assert code == 0, f"server exited with {code} after SIGTERM:\n{self.output()}"

    def output(self):
        with self._lock:
            return "".join(self._output)

    def url(self, path):
        return self.base_url + path

    def _database_args(self):
        return ["--database", self.database] if self.database else []

    def cli(self, *args, input=None):
        """Runs `chancery ARGS --data DIR [--database URL]` next to the running server and
        returns its CompletedProcess; fails the test when it exits non-zero."""
        command = [self.binary, *args, "--data", str(self.data_dir), *self._database_args()]
        result = subprocess.run(command, input=input, capture_output=True, text=True, timeout=CLI_TIMEOUT)
        assert result.returncode == 0, (
            f"{' '.join(command)} exited with {result.returncode}\n"
            f"stdout:\n{result.stdout}\nstderr:\n{result.stderr}"
        )
        return result


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    binary = os.environ.get("CHANCERY_BIN") or str(REPO / ".build/debug/chancery")
    if not os.access(binary, os.X_OK):
        pytest.fail(f"no executable chancery binary at {binary}: build it first, or set CHANCERY_BIN")
    server = Server(binary, tmp_path_factory.mktemp("data"), os.environ.get("CHANCERY_TEST_DATABASE"))
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def admin(server):
    """Basic-auth credentials of the administrator the server created at start."""
    return ("Administrator", server.admin_password)


@pytest.fixture(scope="session")
def member(server):
    """Basic-auth credentials of `alice`, a plain member added with the CLI."""
    password = secrets.token_urlsafe(18)
    server.cli("user", "add", "alice", "--password-stdin", input=password + "\n")
    return ("alice", password)


@pytest.fixture(scope="session")
def http():
    with requests.Session() as session:
        yield session

