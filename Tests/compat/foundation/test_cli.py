"""The operator CLI (`chancery user|group|apikey|serve`) against the real binary.

Account commands run next to the session server, on its data folder (and its `--database`
when CHANCERY_TEST_DATABASE is set), and their effect is checked over HTTP. Configuration
tests start short-lived servers of their own on fresh SQLite data folders, because they are
about flags and variables rather than storage.
"""

import json
import os
import re
import signal
import subprocess
import threading
import time
import uuid
from pathlib import Path

import pytest
import requests

from helpers import assert_json_error

REPO = Path(__file__).resolve().parents[3]
CLI_TIMEOUT = 60
START_TIMEOUT = 60
STOP_TIMEOUT = 20
LISTENING = re.compile(r"listening on (https?://([^\s/:]+):(\d+))")
# A strong enough password for tests: bcrypt at cost 12 makes each check ~0.25 s.
ADMIN_PASSWORD = "standalone-admin-secret"


def unique(prefix):
    """A user or group name no other test (or earlier run on the same database) uses."""
    return f"{prefix}-{uuid.uuid4().hex[:12]}"


@pytest.fixture(scope="session")
def binary():
    path = os.environ.get("CHANCERY_BIN") or str(REPO / ".build/debug/chancery")
    if not os.access(path, os.X_OK):
        pytest.fail(f"no executable chancery binary at {path}: build it first, or set CHANCERY_BIN")
    return path


def clean_env(**overrides):
    """The test process's environment without any CHANCERY_* variable, plus `overrides`,
    so that a variable set in the caller's shell cannot change what a test means."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("CHANCERY_")}
    env.update(overrides)
    return env


def run(server, *args, input=None):
    """Runs `chancery ARGS --data DIR [--database URL]` against the session server's store
    and returns the CompletedProcess whatever its exit status."""
    command = [server.binary, *args, "--data", str(server.data_dir)]
    if server.database:
        command += ["--database", server.database]
    return subprocess.run(command, input=input, capture_output=True, text=True, timeout=CLI_TIMEOUT)


def described(result):
    return f"exit {result.returncode}\nstdout:\n{result.stdout}\nstderr:\n{result.stderr}"


def me(server, http, auth):
    return http.get(server.url("/api/v1/me"), auth=auth, timeout=30)


def assert_me(server, http, auth):
    """Checks that Basic auth with `auth` works and returns the /api/v1/me body."""
    response = me(server, http, auth)
    assert response.status_code == 200, f"{auth[0]}: {response.status_code} {response.text[:500]}"
    body = response.json()
    assert body["name"] == auth[0], body
    return body


def table(text):
    """Rows of a CLI listing (header dropped), each split on whitespace, keyed by first cell."""
    lines = text.splitlines()
    assert lines, "empty listing"
    return {cells[0]: cells for cells in (line.split() for line in lines[1:]) if cells}


def add_user(server, name, password):
    result = server.cli("user", "add", name, "--password-stdin", input=password + "\n")
    assert result.stdout == f"added {name} (members)\n", described(result)
    return (name, password)


# MARK: users


def test_user_add_with_password_on_stdin(server, http):
    name, password = add_user(server, unique("cli-stdin"), "stdin-secret-" + uuid.uuid4().hex[:8])

    users = table(server.cli("user", "list").stdout)
    assert name in users, f"{name} missing from user list: {sorted(users)}"
    assert users[name][1].split(",") == ["members"], users[name]

    body = assert_me(server, http, (name, password))
    assert "members" in body["groups"] and "administrators" not in body["groups"], body


def test_user_disable_refuses_password_and_keys_until_enabled(server, http):
    name, password = add_user(server, unique("cli-disable"), "disable-secret-" + uuid.uuid4().hex[:8])
    key = server.cli("apikey", "create", "--user", name, "--name", "cli").stdout.strip()
    assert http.get(server.url("/api/v1/me"), headers={"X-Api-Key": key}, timeout=30).status_code == 200

    result = server.cli("user", "disable", name)
    assert result.stdout == f"disabled {name}\n", described(result)
    assert table(server.cli("user", "list").stdout)[name][2] == "disabled"
    assert me(server, http, (name, password)).status_code == 401
    # The CLI is another process: its change applies to the server's next request all the same.
    assert http.get(server.url("/api/v1/me"), headers={"X-Api-Key": key}, timeout=30).status_code == 401

    result = server.cli("user", "enable", name)
    assert result.stdout == f"enabled {name}\n", described(result)
    assert table(server.cli("user", "list").stdout)[name][2] == "enabled"
    assert_me(server, http, (name, password))
    assert http.get(server.url("/api/v1/me"), headers={"X-Api-Key": key}, timeout=30).status_code == 200


def test_user_add_reads_only_first_line_of_stdin(server, http):
    name = unique("cli-firstline")
    password = "first-line-" + uuid.uuid4().hex[:8]
    server.cli("user", "add", name, "--password-stdin", input=f"{password}\nsecond-line-ignored\n")
    assert_me(server, http, (name, password))
    assert_json_error(me(server, http, (name, f"{password}\nsecond-line-ignored")), 401)


def test_user_add_generates_password(server, http):
    name = unique("cli-generated")
    result = server.cli("user", "add", name)
    lines = result.stdout.splitlines()
    assert lines[0] == f"added {name} (members)", described(result)
    generated = [line[len("password: "):] for line in lines if line.startswith("password: ")]
    assert len(generated) == 1, f"expected one 'password: XXX' line:\n{described(result)}"
    password = generated[0]
    assert len(password) >= 8 and password.strip() == password, repr(password)
    assert password not in result.stderr

    assert_me(server, http, (name, password))


def test_user_add_with_explicit_group(server, http):
    name = unique("cli-admin")
    result = server.cli("user", "add", name, "--password-stdin", "--group", "administrators", input="admin-secret-1\n")
    assert result.stdout == f"added {name} (administrators)\n", described(result)
    body = assert_me(server, http, (name, "admin-secret-1"))
    assert set(body["groups"]) == {"administrators"}, body


def test_user_add_with_an_email_address(server, http):
    name = unique("cli-email")
    address = f"{name}@example.com"
    result = server.cli("user", "add", name, "--password-stdin", "--email", address, input="email-secret-1\n")
    assert result.stdout == f"added {name} (members)\n", described(result)
    response = http.get(server.url("/nuxeo/api/v1/me"), auth=(name, "email-secret-1"), timeout=30)
    assert response.status_code == 200, response.text[:500]
    assert response.json()["properties"]["email"] == address, response.text[:500]

    refused = run(server, "user", "add", unique("cli-bad-email"), "--password-stdin", "--email", "not an address", input="x-secret-1\n")
    assert refused.returncode != 0 and "is not an email address" in refused.stderr, described(refused)


def test_user_add_with_unknown_group_creates_nothing(server, http):
    name = unique("cli-nogroup")
    result = run(server, "user", "add", name, "--password-stdin", "--group", "no-such-group", input="group-secret-1\n")
    assert result.returncode != 0, described(result)
    assert "no-such-group" in result.stderr, described(result)
    assert result.stdout == "", described(result)
    # The failed add left no half-made user behind: the name is still free.
    assert name not in table(server.cli("user", "list").stdout)
    add_user(server, name, "group-secret-2")


def test_passwd_replaces_password_while_server_runs(server, http):
    old = "old-secret-" + uuid.uuid4().hex[:8]
    new = "new-secret-" + uuid.uuid4().hex[:8]
    name, _ = add_user(server, unique("cli-passwd"), old)
    # Twice, so that the server has certainly remembered the successful check.
    assert_me(server, http, (name, old))
    assert_me(server, http, (name, old))

    result = server.cli("user", "passwd", name, "--password-stdin", input=new + "\n")
    assert result.stdout == f"changed the password of {name}\n", described(result)

    assert_json_error(me(server, http, (name, old)), 401)
    assert_me(server, http, (name, new))
    assert_json_error(me(server, http, (name, old)), 401)


def test_passwd_generates_password(server, http):
    name, old = add_user(server, unique("cli-passwd-gen"), "before-change-1")
    assert_me(server, http, (name, old))

    result = server.cli("user", "passwd", name)
    lines = result.stdout.splitlines()
    assert lines[0] == f"changed the password of {name}", described(result)
    generated = [line[len("password: "):] for line in lines if line.startswith("password: ")]
    assert len(generated) == 1, described(result)

    assert_me(server, http, (name, generated[0]))
    assert_json_error(me(server, http, (name, old)), 401)


# MARK: groups


def test_group_add_and_add_member(server, http):
    group = unique("auditors")
    name, password = add_user(server, unique("cli-auditor"), "auditor-secret-1")
    other, _ = add_user(server, unique("cli-bystander"), "bystander-secret-1")

    result = server.cli("group", "add", group)
    assert result.stdout == f"added group {group}\n", described(result)
    groups = table(server.cli("group", "list").stdout)
    assert groups.get(group) == [group], f"new group should be listed empty: {groups.get(group)}"

    result = server.cli("group", "add-member", group, name)
    assert result.stdout == f"added {name} to {group}\n", described(result)
    # Adding a member twice is not an error and does not list them twice.
    server.cli("group", "add-member", group, name)

    groups = table(server.cli("group", "list").stdout)
    assert group in groups, sorted(groups)
    assert groups[group][1].split(",") == [name], groups[group]
    assert other in groups["members"][1].split(","), groups["members"]

    users = table(server.cli("user", "list").stdout)
    assert sorted(users[name][1].split(",")) == sorted([group, "members"]), users[name]

    body = assert_me(server, http, (name, password))
    assert group in body["groups"] and "members" in body["groups"], body
    assert group not in assert_me(server, http, (other, "bystander-secret-1"))["groups"]


def test_group_add_twice_fails(server):
    group = unique("twice")
    server.cli("group", "add", group)
    result = run(server, "group", "add", group)
    assert result.returncode != 0, described(result)
    assert group in result.stderr and "exists" in result.stderr, described(result)


# MARK: errors


def test_user_add_existing_name_fails(server, http):
    name, password = add_user(server, unique("cli-dup"), "first-secret-1")
    result = run(server, "user", "add", name, "--password-stdin", input="second-secret-1\n")
    assert result.returncode != 0, described(result)
    assert name in result.stderr, described(result)
    assert result.stdout == "", described(result)
    # The original password still works; the second add changed nothing.
    assert_me(server, http, (name, password))
    assert_json_error(me(server, http, (name, "second-secret-1")), 401)


def test_add_member_to_missing_group_fails(server):
    name, _ = add_user(server, unique("cli-nomember"), "member-secret-1")
    result = run(server, "group", "add-member", "nosuchgroup", name)
    assert result.returncode != 0, described(result)
    assert "nosuchgroup" in result.stderr and "no group" in result.stderr.lower(), described(result)
    assert result.stdout == "", described(result)


def test_add_missing_member_fails(server):
    result = run(server, "group", "add-member", "members", unique("nobody"))
    assert result.returncode != 0, described(result)
    assert "no user" in result.stderr.lower(), described(result)


def test_apikey_for_missing_user_fails_with_empty_stdout(server):
    result = run(server, "apikey", "create", "--user", "nobody", "--name", "x")
    assert result.returncode != 0, described(result)
    assert result.stdout == "", "a script doing KEY=$(chancery apikey create ...) must not get a key-like value"
    assert "nobody" in result.stderr, described(result)


def test_apikey_revoke_unknown_id_fails(server):
    result = run(server, "apikey", "revoke", "no-such-id")
    assert result.returncode != 0, described(result)
    assert "no-such-id" in result.stderr, described(result)
    assert result.stdout == "", described(result)


def test_admin_command_without_named_data_and_none_here_fails_and_creates_nothing(binary, tmp_path):
    result = subprocess.run([binary, "group", "list"], capture_output=True, text=True, timeout=CLI_TIMEOUT, env=clean_env(), cwd=tmp_path)
    assert result.returncode != 0, described(result)
    assert "no Chancery database at" in result.stderr, described(result)
    assert str(tmp_path / "chancery-data") in result.stderr and "CHANCERY_DATA" in result.stderr, described(result)
    assert not (tmp_path / "chancery-data").exists(), "an admin command must not make an empty data directory"


def test_admin_command_finds_the_data_directory_named_by_chancery_data(server, tmp_path):
    name = unique("cli-env")
    overrides = {"CHANCERY_DATA": str(server.data_dir)}
    if server.database:
        overrides["CHANCERY_DATABASE"] = server.database
    result = subprocess.run(
        [server.binary, "group", "add", name], capture_output=True, text=True, timeout=CLI_TIMEOUT,
        env=clean_env(**overrides), cwd=tmp_path,
    )
    assert result.returncode == 0, described(result)
    listed = run(server, "group", "list")
    assert name in listed.stdout, described(listed)


@pytest.mark.parametrize("command", [["user", "add", None], ["user", "passwd", "Administrator"]])
def test_short_password_on_stdin_fails(server, http, admin, command):
    args = [part if part is not None else unique("cli-short") for part in command]
    result = run(server, *args, "--password-stdin", input="1234567\n")
    assert result.returncode != 0, described(result)
    assert "8" in result.stderr, described(result)
    if args[1] == "add":
        assert args[2] not in table(server.cli("user", "list").stdout)
    else:
        assert_me(server, http, admin)  # the administrator's password is unchanged


def test_password_of_exactly_eight_characters_is_accepted(server, http):
    name, password = add_user(server, unique("cli-eight"), "12345678")
    assert_me(server, http, (name, password))


def test_password_stdin_without_input_fails(server):
    name = unique("cli-empty")
    result = run(server, "user", "add", name, "--password-stdin", input="")
    assert result.returncode != 0, described(result)
    assert "password" in result.stderr, described(result)
    assert name not in table(server.cli("user", "list").stdout)


# MARK: help

LEAF_COMMANDS = [
    ["serve"],
    ["apikey", "create"],
    ["apikey", "list"],
    ["apikey", "revoke"],
    ["user", "add"],
    ["user", "passwd"],
    ["user", "list"],
    ["group", "add"],
    ["group", "list"],
    ["group", "add-member"],
]
GROUP_COMMANDS = {
    (): ["serve", "apikey", "user", "group"],
    ("apikey",): ["create", "list", "revoke"],
    ("user",): ["add", "passwd", "list"],
    ("group",): ["add", "list", "add-member"],
}


def help_text(binary, command):
    result = subprocess.run(
        [binary, *command, "--help"], capture_output=True, text=True, timeout=CLI_TIMEOUT, env=clean_env()
    )
    assert result.returncode == 0, described(result)
    assert result.stdout.strip(), "help must go to standard output"
    return result.stdout


@pytest.mark.parametrize("command", LEAF_COMMANDS, ids=" ".join)
def test_help_has_example(binary, command):
    text = help_text(binary, command)
    assert f"USAGE: chancery {' '.join(command)}" in text, text
    lines = text.splitlines()
    headers = [i for i, line in enumerate(lines) if re.fullmatch(r"Examples?:\s*", line)]
    assert headers, f"no 'Example:' or 'Examples:' line in the help of {' '.join(command)}:\n{text}"
    # The indented lines after the header (until a blank line) show the command itself.
    block = []
    for line in lines[headers[0] + 1 :]:
        if not line.strip():
            break
        block.append(line)
    invocation = "chancery " + " ".join(command)
    assert any(line.startswith("  ") and invocation in line for line in block), (
        f"no indented example containing {invocation!r} under 'Example(s):':\n{text}"
    )


@pytest.mark.parametrize("command", list(GROUP_COMMANDS), ids=lambda c: " ".join(c) or "chancery")
def test_help_of_command_groups_lists_subcommands(binary, command):
    text = help_text(binary, list(command))
    section = text.split("SUBCOMMANDS:", 1)
    assert len(section) == 2, text
    listed = [line.split()[0] for line in section[1].splitlines() if re.match(r"  \S", line)]
    for subcommand in GROUP_COMMANDS[command]:
        assert subcommand in listed, f"{subcommand} missing from SUBCOMMANDS of {' '.join(command)}:\n{text}"


def test_top_level_help_shows_examples_and_precedence(binary):
    text = help_text(binary, [])
    assert re.search(r"^  chancery serve\s*$", text, re.MULTILINE), text
    assert re.search(r"^  chancery apikey create ", text, re.MULTILINE), text
    assert "A flag wins over the variable" in text, text


# MARK: configuration


class Standalone:
    """A short-lived `chancery serve` with its own data folder, flags and environment."""

    def __init__(self, binary, data_dir, args, env):
        self.command = [binary, "serve", "--data", str(data_dir), *args]
        # From the folder above the data folder, so a default ./chancery-data lands there too.
        self.process = subprocess.Popen(
            self.command,
            env=env,
            cwd=data_dir.parent,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        self.base_url = None
        self.host = None
        self.port = None
        self._lines = []
        self._lock = threading.Lock()
        self._ready = threading.Event()
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self):
        for line in self.process.stdout:
            with self._lock:
                self._lines.append(line)
            match = LISTENING.search(line)
            if match and self.base_url is None:
                self.base_url, self.host, self.port = match.groups()
                self._ready.set()
        self._ready.set()

    def output(self):
        with self._lock:
            return "".join(self._lines)

    def wait_listening(self):
        """Waits for the 'listening on' line; fails the test if the server exits or hangs."""
        if not self._ready.wait(START_TIMEOUT):
            pytest.fail(f"{' '.join(self.command)} did not announce itself within {START_TIMEOUT} s:\n{self.output()}")
        if self.base_url is None:
            self.process.wait(STOP_TIMEOUT)
            pytest.fail(f"server exited with {self.process.returncode} before listening:\n{self.output()}")

    def wait_exit(self):
        """Waits for a server that should refuse to start; returns its exit status."""
        # Set when the server announces itself or closes its output, whichever comes first.
        self._ready.wait(START_TIMEOUT)
        if self.base_url is not None:
            pytest.fail(f"{' '.join(self.command)} started on {self.base_url}; expected it to refuse:\n{self.output()}")
        try:
            return self.process.wait(STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            pytest.fail(f"{' '.join(self.command)} kept running; expected it to refuse to start:\n{self.output()}")

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                return self.process.wait(STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
                pytest.fail(f"server did not exit within {STOP_TIMEOUT} s of SIGTERM:\n{self.output()}")
        return self.process.returncode


@pytest.fixture
def launch(binary, tmp_path):
    """Starts standalone servers on a fresh data folder; stops whatever is still running after
    the test, and checks that a server that was listening exits 0 on SIGTERM."""
    started = []
    data_dir = tmp_path / "data"

    def start(*args, **env):
        server = Standalone(binary, data_dir, args, clean_env(**env))
        started.append(server)
        return server

    start.data_dir = data_dir
    yield start
    for server in started:
        was_running = server.process.poll() is None
        code = server.stop()
        if was_running and server.base_url is not None:
            assert code == 0, f"server exited with {code} after SIGTERM:\n{server.output()}"


def test_port_and_host_from_environment(launch):
    server = launch(CHANCERY_PORT="0", CHANCERY_HOST="127.0.0.1", CHANCERY_ADMIN_PASSWORD=ADMIN_PASSWORD)
    server.wait_listening()
    assert server.host == "127.0.0.1", server.base_url
    assert server.port not in ("0", "8080"), f"CHANCERY_PORT=0 was ignored: {server.base_url}"

    assert requests.get(server.base_url + "/health", timeout=10).status_code == 200
    # The administrator got the password from CHANCERY_ADMIN_PASSWORD.
    response = requests.get(server.base_url + "/api/v1/me", auth=("Administrator", ADMIN_PASSWORD), timeout=30)
    assert response.status_code == 200, response.text
    assert "administrators" in response.json()["groups"], response.text
    assert ADMIN_PASSWORD not in server.output(), "a password given in the environment must not be printed"


def test_host_from_environment_is_used(launch):
    # 192.0.2.1 (TEST-NET-1) is no address of this machine: binding to it must fail. If the
    # variable were ignored, the server would listen on the default 127.0.0.1 instead.
    server = launch(CHANCERY_HOST="192.0.2.1", CHANCERY_PORT="0", CHANCERY_ADMIN_PASSWORD=ADMIN_PASSWORD)
    code = server.wait_exit()
    assert code != 0, server.output()
    assert server.base_url is None, f"CHANCERY_HOST was ignored: {server.base_url}"


def test_host_flag_beats_environment(launch):
    server = launch("--host", "127.0.0.1", CHANCERY_HOST="192.0.2.1", CHANCERY_PORT="0", CHANCERY_ADMIN_PASSWORD=ADMIN_PASSWORD)
    server.wait_listening()
    assert server.host == "127.0.0.1", server.base_url


def test_port_flag_beats_environment(launch):
    # Port 1 is privileged (and, when running as root, would be bound): either way the
    # announced port shows whether the flag won.
    server = launch("--port", "0", CHANCERY_PORT="1", CHANCERY_HOST="127.0.0.1", CHANCERY_ADMIN_PASSWORD=ADMIN_PASSWORD)
    server.wait_listening()
    assert server.port not in ("0", "1", "8080"), f"--port 0 lost to CHANCERY_PORT=1: {server.base_url}"
    assert requests.get(server.base_url + "/health", timeout=10).status_code == 200


def test_port_out_of_range_is_refused_before_starting(launch):
    started = time.monotonic()
    server = launch("--host", "127.0.0.1", "--port", "70000", CHANCERY_ADMIN_PASSWORD=ADMIN_PASSWORD)
    code = server.wait_exit()
    assert code != 0, server.output()
    assert "70000" in server.output() and "port" in server.output().lower(), server.output()
    assert server.base_url is None, server.output()
    assert not launch.data_dir.exists(), "the server created its data folder before checking its options"
    assert time.monotonic() - started < 10


def test_port_variable_that_is_not_a_number_is_refused(launch):
    server = launch(CHANCERY_PORT="eighty", CHANCERY_ADMIN_PASSWORD=ADMIN_PASSWORD)
    code = server.wait_exit()
    assert code != 0, server.output()
    assert "CHANCERY_PORT" in server.output() and "eighty" in server.output(), server.output()
    assert server.base_url is None, server.output()


def test_short_admin_password_is_refused(launch):
    server = launch("--host", "127.0.0.1", "--port", "0", CHANCERY_ADMIN_PASSWORD="short")
    code = server.wait_exit()
    assert code != 0, server.output()
    assert "8 characters" in server.output(), server.output()
    assert "CHANCERY_ADMIN_PASSWORD" in server.output(), server.output()
    assert server.base_url is None, server.output()
    assert not launch.data_dir.exists(), "the server created its data folder before checking its options"


def test_tsa_policy_that_is_not_an_oid_is_refused(launch):
    server = launch("--host", "127.0.0.1", "--port", "0", CHANCERY_TSA_POLICY="one.two", CHANCERY_ADMIN_PASSWORD=ADMIN_PASSWORD)
    code = server.wait_exit()
    assert code != 0, server.output()
    assert "TSA policy 'one.two'" in server.output(), server.output()
    assert server.base_url is None, server.output()


def test_cli_data_folder_from_environment_and_flag(binary, tmp_path):
    data_dir = tmp_path / "cli-data"
    name = unique("cli-env")
    added = subprocess.run(
        [binary, "user", "add", name, "--password-stdin"],
        input="env-secret-1\n", capture_output=True, text=True, timeout=CLI_TIMEOUT,
        env=clean_env(CHANCERY_DATA=str(data_dir)), cwd=tmp_path,
    )
    assert added.returncode == 0, described(added)
    assert (data_dir / "chancery.sqlite").exists(), "CHANCERY_DATA was not used as the data folder"
    assert f"no Chancery database at {data_dir / 'chancery.sqlite'} yet: creating a new one" in added.stderr, described(added)

    # The flag wins over the variable: the variable points at an empty folder.
    listed = subprocess.run(
        [binary, "user", "list", "--data", str(data_dir)],
        capture_output=True, text=True, timeout=CLI_TIMEOUT,
        env=clean_env(CHANCERY_DATA=str(tmp_path / "other")), cwd=tmp_path,
    )
    assert listed.returncode == 0, described(listed)
    assert name in table(listed.stdout), listed.stdout
    assert not (tmp_path / "other").exists(), "the CLI used CHANCERY_DATA although --data was given"
    assert not (tmp_path / "chancery-data").exists(), "the CLI ignored CHANCERY_DATA and used ./chancery-data"


def test_serve_with_nats_refuses_what_instances_would_not_share(binary, tmp_path):
    """--nats means several instances: on SQLite, local blobs and keys of its own, serve
    names the three options it lacks and exits before it listens."""
    result = subprocess.run(
        [binary, "serve", "--data", str(tmp_path), "--port", "0", "--nats", "nats://127.0.0.1:4222"],
        capture_output=True, text=True, timeout=CLI_TIMEOUT, env=clean_env(), stdin=subprocess.DEVNULL,
    )
    assert result.returncode != 0, described(result)
    assert "listening on" not in result.stdout
    for option in ("--database postgres://", "--blobs s3://", "--key-encryption-key-file"):
        assert option in result.stderr, described(result)


def test_oauth2_clients_are_registered_listed_and_removed(server):
    name = unique("cli-app")
    created = json.loads(server.cli("oauth2", "client", "create", "--name", name, "--redirect-uri", "com.example.app:/cb").stdout)
    client_id = created["client_id"]
    assert "client_secret" not in created
    assert table(server.cli("oauth2", "client", "ls").stdout)[client_id][1] == "public"

    result = server.cli("oauth2", "client", "rm", client_id)
    assert result.stdout == f"removed {client_id}\n", described(result)
    assert client_id not in server.cli("oauth2", "client", "ls").stdout
    result = run(server, "oauth2", "client", "rm", client_id)
    assert result.returncode != 0 and "no OAuth2 client" in result.stderr, described(result)
