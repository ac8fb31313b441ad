"""`chancery mail test`: the outbound mail settings, checked by sending through a real SMTP
server on loopback (aiosmtpd, Tests/mail/smtp_server.py)."""

import os
import subprocess
from pathlib import Path

import pytest

from mail_server import received, smtp_server

REPO = Path(__file__).resolve().parents[3]
CLI_TIMEOUT = 60


@pytest.fixture(scope="module")
def binary():
    path = os.environ.get("CHANCERY_BIN") or str(REPO / ".build/debug/chancery")
    if not os.access(path, os.X_OK):
        pytest.fail(f"no executable chancery binary at {path}: build it first, or set CHANCERY_BIN")
    return path


def chancery_mail_test(binary, *arguments, **environment):
    """Runs `chancery mail test ARGUMENTS` with no CHANCERY_* variable but `environment`."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("CHANCERY_")}
    env.update(environment)
    return subprocess.run([binary, "mail", "test", *arguments], capture_output=True, text=True, timeout=CLI_TIMEOUT, env=env)


def test_a_test_message_arrives_from_the_configured_sender(binary, tmp_path):
    with smtp_server(tmp_path) as port:
        result = chancery_mail_test(
            binary, "--smtp-url", f"smtp://127.0.0.1:{port}", "--mail-from", "Chancery Notices <notices@example.com>", "--to", "ops@example.com"
        )
    assert result.returncode == 0, result.stderr
    assert "sent a test message to ops@example.com" in result.stdout
    [message] = received(tmp_path)
    assert message["mail_from"] == "notices@example.com"
    assert message["rcpt_tos"] == ["ops@example.com"]
    assert message["headers"]["Subject"] == "Chancery test message"
    assert message["headers"]["From"] == "Chancery Notices <notices@example.com>"
    assert "chancery mail test" in message["parts"][0]["text"]
    assert message["defects"] == []


def test_the_settings_come_from_the_environment_too(binary, tmp_path):
    with smtp_server(tmp_path) as port:
        result = chancery_mail_test(
            binary, "--to", "ops@example.com", CHANCERY_SMTP_URL=f"smtp://127.0.0.1:{port}", CHANCERY_MAIL_FROM="notices@example.com"
        )
    assert result.returncode == 0, result.stderr
    assert [message["rcpt_tos"] for message in received(tmp_path)] == [["ops@example.com"]]


def test_a_refused_recipient_is_reported_with_the_servers_answer(binary, tmp_path):
    with smtp_server(tmp_path, "--refuse", "nobody@example.com") as port:
        result = chancery_mail_test(
            binary, "--smtp-url", f"smtp://127.0.0.1:{port}", "--mail-from", "notices@example.com", "--to", "nobody@example.com"
        )
    assert result.returncode != 0
    assert "not sent" in result.stderr and "550" in result.stderr, result.stderr
    assert received(tmp_path) == []


def test_a_password_is_never_printed(binary, tmp_path):
    with smtp_server(tmp_path, "--user", "mailer", "--password", "right-password") as port:
        result = chancery_mail_test(
            binary, "--smtp-url", f"smtp://mailer:wrong-password@127.0.0.1:{port}", "--mail-from", "notices@example.com", "--to", "ops@example.com"
        )
    assert result.returncode != 0
    assert "535" in result.stderr or "auth" in result.stderr.lower(), result.stderr
    assert "wrong-password" not in result.stdout + result.stderr
    assert received(tmp_path) == []


@pytest.mark.parametrize(
    "arguments, complaint",
    [
        (["--to", "ops@example.com"], "no SMTP server"),
        (["--smtp-url", "http://127.0.0.1:25", "--mail-from", "notices@example.com", "--to", "ops@example.com"], "--smtp-url"),
        (["--smtp-url", "smtp://127.0.0.1:25", "--to", "ops@example.com"], "--mail-from"),
        (["--smtp-url", "smtp://127.0.0.1:25", "--mail-from", "not an address", "--to", "ops@example.com"], "--mail-from"),
        (["--smtp-url", "smtp://127.0.0.1:25", "--mail-from", "notices@example.com", "--to", "ops@example.com\r\nBcc: x@example.com"], "--to"),
        (["--smtp-url", "smtp://127.0.0.1:25", "--mail-from", "notices@example.com", "--mail-daily-limit", "-1", "--to", "ops@example.com"],
         "--mail-daily-limit"),
    ],
)
def test_settings_that_cannot_work_are_refused_before_connecting(binary, arguments, complaint):
    result = chancery_mail_test(binary, *arguments)
    assert result.returncode != 0
    assert complaint in result.stderr, result.stderr
