"""The real `chancery` binary as a process, for the pytest suites (Tests/compat, Tests/browser):
nothing is mocked.

Environment:
  CHANCERY_BIN            the binary (default: .build/debug/chancery in the repository)
  CHANCERY_TEST_DATABASE  a PostgreSQL URL; when set, the server and the CLI get
                          `--database URL`. The database must be empty: the suite creates the
                          administrator and users in it. Unset means SQLite in the data folder.
  CHANCERY_TEST_BLOBS     a blob store URL (s3://BUCKET?endpoint=…); when set, the server gets
                          `--blobs URL`. Unset means files in the data folder.
  CHANCERY_TEST_CLUSTER   the cluster.env of a deployment `scripts/cluster start` runs; when set,
                          every suite talks to that deployment's load balancer instead of
                          starting servers (`Deployment`), and the CLI runs against its database.

A suite imports this module from its conftest (Tests/compat is on its sys.path as its rootdir;
Tests/browser puts it there) and runs one server for the whole session with `session_server`.
"""

import os
import re
import secrets
import shlex
import signal
import subprocess
import threading
import uuid
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

REPO = Path(__file__).resolve().parents[2]
START_TIMEOUT = 60
STOP_TIMEOUT = 20
CLI_TIMEOUT = 60
LISTENING = re.compile(r"listening on (https?://([^\s/:]+):(\d+))")


class Server:
    """A running `chancery serve`, its data folder, and its output so far."""

    def __init__(self, binary, data_dir, database, args=()):
        self.binary = binary
        self.data_dir = data_dir
        self.database = database
        self.args = list(args)
        self.admin_password = secrets.token_urlsafe(24)
        self.base_url = None
        self.process = None
        self._output = []
        self._lock = threading.Lock()
        self._ready = threading.Event()

    def start(self):
        command = [self.binary, "serve", "--data", str(self.data_dir), "--host", "127.0.0.1", "--port", "0"]
        command += self._database_args() + self._blob_args() + self.args
        # Every test calls from 127.0.0.1, and many send wrong credentials on purpose: together
        # they must not lock the suite's one address out (the lock-out of an address is tested on
        # servers of its own, Tests/security/test_password_guessing.py).
        env = dict(os.environ, CHANCERY_ADMIN_PASSWORD=self.admin_password, CHANCERY_LOCKOUT_ADDRESS_FREE_FAILURES="100000")
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

    def _blob_args(self):
        blobs = os.environ.get("CHANCERY_TEST_BLOBS")
        return ["--blobs", blobs] if blobs else []

    def _database_args(self):
        return ["--database", self.database] if self.database else []

    def _store_environment(self):
        """The environment the server and its CLI reach their stores with."""
        return dict(os.environ)

    def cli(self, *args, input=None):
        """Runs `chancery ARGS --data DIR [--database URL] [--blobs URL]` next to the running
        server and returns its CompletedProcess; fails the test when it exits non-zero."""
        command = [self.binary, *args, "--data", str(self.data_dir), *self._database_args(), *self._blob_args()]
        result = subprocess.run(
            command, input=input, capture_output=True, text=True, timeout=CLI_TIMEOUT, env=self._store_environment()
        )
        assert result.returncode == 0, (
            f"{' '.join(command)} exited with {result.returncode}\n"
            f"stdout:\n{result.stdout}\nstderr:\n{result.stderr}"
        )
        return result


class Deployment(Server):
    """A deployment of several instances behind a load balancer, started by `scripts/cluster`
    (CHANCERY_TEST_CLUSTER names its cluster.env): used like a `Server`, but started and
    stopped by the script. The CLI runs with the first instance's data folder and the
    deployment's database and blob store; `sql` reads the database."""

    def __init__(self, env_path):
        values = {}
        for line in Path(env_path).read_text().splitlines():
            name, _, value = line.partition("=")
            words = shlex.split(value)
            values[name] = words[0] if words else ""
        super().__init__(binary(), Path(values["INSTANCE_1_DATA"]), values["CLUSTER_DATABASE"])
        self.blobs = values["CLUSTER_BLOBS"]
        self.credentials = {name: values[name] for name in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY")}
        self.admin_password = values["CLUSTER_ADMIN_PASSWORD"]
        self.base_url = values["CLUSTER_URL"]
        self.instance_logs = sorted(Path(env_path).parent.glob("instance-*.log"))

    def _blob_args(self):
        return ["--blobs", self.blobs]

    def _store_environment(self):
        return dict(os.environ, **self.credentials)

    def start(self):
        pass

    def stop(self):
        pass

    def sql(self, query):
        """The rows `query` gives on the deployment's database, as lists of text values."""
        result = subprocess.run(
            ["psql", "--no-psqlrc", "--quiet", "--tuples-only", "--no-align", "--field-separator=|", "--set=ON_ERROR_STOP=1",
             self.database, "--command", query],
            capture_output=True, text=True, check=True, timeout=CLI_TIMEOUT,
        )
        return [line.split("|") for line in result.stdout.splitlines() if line]

    def output(self):
        return "".join(f"--- {log.name}\n{log.read_text(errors='replace')[-4000:]}" for log in self.instance_logs)


def deployment():
    """The deployment CHANCERY_TEST_CLUSTER names, or None."""
    path = os.environ.get("CHANCERY_TEST_CLUSTER")
    return Deployment(path) if path else None


def own_server(tmp_path_factory, name, args=()):
    """Starts a server of a suite's own (its own data folder and, on PostgreSQL, a scratch
    database), yields it and stops it: the body of the fixtures of suites that keep their
    data apart. Against a deployment (CHANCERY_TEST_CLUSTER) it yields the deployment, whose
    instances `scripts/cluster` starts with the same arguments."""
    cluster = deployment()
    if cluster is not None:
        yield cluster
        return
    path = executable_binary()
    databases = scratch_database()
    database = next(databases)
    server = Server(path, tmp_path_factory.mktemp(name), database, args=args)
    server.start()
    yield server
    server.stop()
    next(databases, None)


def binary():
    """The binary the suites run: CHANCERY_BIN, or the debug build in the repository."""
    return os.environ.get("CHANCERY_BIN") or str(REPO / ".build/debug/chancery")


def executable_binary():
    """`binary()`, failing the test when there is no executable there."""
    path = binary()
    if not os.access(path, os.X_OK):
        pytest.fail(f"no executable chancery binary at {path}: build it first, or set CHANCERY_BIN")
    return path


def session_server(tmp_path_factory):
    """Starts the server a session shares, yields it, and stops it cleanly at the end; the body
    of each suite's `server` fixture. Against a deployment (CHANCERY_TEST_CLUSTER) it yields
    the deployment."""
    cluster = deployment()
    if cluster is not None:
        yield cluster
        return
    path = executable_binary()
    server = Server(path, tmp_path_factory.mktemp("data"), os.environ.get("CHANCERY_TEST_DATABASE"))
    server.start()
    yield server
    server.stop()


def scratch_database():
    """Yields None on SQLite; on PostgreSQL (CHANCERY_TEST_DATABASE set) the URL of a fresh
    database next to the suite's, dropped afterwards: the body of fixtures for tests that run a
    server of their own."""
    url = os.environ.get("CHANCERY_TEST_DATABASE")
    if not url:
        yield None
        return
    name = f"chancery_scratch_{uuid.uuid4().hex[:8]}"
    psql = ["psql", "--no-psqlrc", "--quiet", "--set=ON_ERROR_STOP=1", url]
    subprocess.run([*psql, "--command", f"CREATE DATABASE {name}"], check=True, capture_output=True, timeout=CLI_TIMEOUT)
    yield urlunsplit(urlsplit(url)._replace(path=f"/{name}"))
    subprocess.run([*psql, "--command", f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"], capture_output=True, timeout=CLI_TIMEOUT)


def shared_database():
    """The body of fixtures for tests of several instances on one database: a fresh PostgreSQL
    database (`scratch_database`), dropped afterwards; the test is skipped on SQLite, where a
    database belongs to one server."""
    for url in scratch_database():
        if url is None:
            pytest.skip("instances share a database on PostgreSQL only")
        yield url
