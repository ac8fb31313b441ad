"""The test SMTP server (aiosmtpd, Tests/mail/smtp_server.py) for the compat suites: started on a
free loopback port, it stores each message it accepts as DIR/N/summary.json."""

import json
import os
import re
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

from chancery_server import own_server

REPO = Path(__file__).resolve().parents[2]
READY = re.compile(r"ready port=(\d+)")

# The sender a mailing server is started with, and the links its signing mail carries.
SENDER = "Chancery Signing <signing@example.com>"
SIGNING_LINK = re.compile(r"https?://\S+/signwell/sign/\S+")
FILE_LINK = re.compile(r"https?://\S+/signwell/files/\S+")


@contextmanager
def smtp_server(directory, *arguments):
    """Runs the server, storing what it receives in `directory`, and yields its port. It stops
    when its standard input closes."""
    process = subprocess.Popen(
        [sys.executable, str(REPO / "Tests/mail/smtp_server.py"), "--directory", str(directory), *arguments],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    try:
        line = process.stdout.readline()
        match = READY.search(line)
        assert match, f"the SMTP server did not start: {line}{process.stdout.read() if process.poll() is not None else ''}"
        yield int(match.group(1))
    finally:
        process.stdin.close()
        process.wait(timeout=30)


def received(directory):
    """The summaries of the messages the server stored, in the order they came."""
    names = sorted((name for name in os.listdir(directory) if name.isdigit()), key=int)
    return [json.loads((Path(directory) / name / "summary.json").read_text()) for name in names]


def wait_for_mail(directory, condition, count=1, timeout=60):
    """The messages for which `condition(summary)` holds, once there are `count` of them. The
    server writes each message whole (a rename) before it answers the sender, so a message is
    either there or not; polled, as another process writes them, and bounded by `timeout`."""
    deadline = time.monotonic() + timeout
    while True:
        matching = [summary for summary in received(directory) if condition(summary)]
        if len(matching) >= count or time.monotonic() > deadline:
            assert len(matching) == count, f"{len(matching)} of {count} messages within {timeout} s: {matching}"
            return matching
        time.sleep(0.05)


class Mailbox:
    """What a running test SMTP server stored, read by recipient: the fixture of the suites that
    check the mail a server sends."""

    def __init__(self, directory, port):
        self.directory = directory
        self.port = port

    def mail_to(self, address, count=1):
        """The `count` messages to `address` alone, once they have all arrived."""
        return wait_for_mail(self.directory, lambda summary: summary["rcpt_tos"] == [address], count=count)

    def so_far(self, address):
        """The messages to `address` alone that have arrived by now, without waiting."""
        return [summary for summary in received(self.directory) if summary["rcpt_tos"] == [address]]


@contextmanager
def mailbox_server(directory, *arguments):
    """Runs the server as `smtp_server` does and yields its `Mailbox`."""
    with smtp_server(directory, *arguments) as port:
        yield Mailbox(directory, port)


def text_of(message):
    """A stored message's plain-text part."""
    [text] = [part["text"] for part in message["parts"] if part["content_type"] == "text/plain"]
    return text


def link_in(message, pattern):
    """The one link `pattern` matches in a stored message's plain text."""
    links = pattern.findall(text_of(message))
    assert len(links) == 1, text_of(message)
    return links[0]


def serve_mailing(tmp_path_factory, mailbox, name):
    """Runs a server of its own (`own_server`, named `name`) that mails through `mailbox`'s SMTP
    server from ``SENDER``, and yields it."""
    yield from own_server(tmp_path_factory, name, args=["--smtp-url", f"smtp://127.0.0.1:{mailbox.port}", "--mail-from", SENDER])

