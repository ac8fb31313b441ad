#!/usr/bin/env python3
# An SMTP server on loopback for the Mail tests (Tests/MailTests/TestSMTPServer.swift): aiosmtpd
# on 127.0.0.1 at a free port (or at --port), printing `ready port=N` once it listens.
#
#   smtp_server.py --directory DIR [--tls-cert F --tls-key F [--implicit-tls]] [--user U --password P]
#                  [--auth-mechanisms LOGIN] [--refuse ADDRESS]... [--no-ehlo] [--port N]
#   smtp_server.py --hostile not-smtp|close-after-greeting|endless-line|endless-reply|silent
#
# Each message received is written to DIR/N/ (N = 1, 2, …; the directory appears whole, by a
# rename, before the server answers the data): `summary.json`, the envelope, the SHA-256 of the
# data as received (after dot-unstuffing), and what Python's email package reads in it: decoded
# headers, each leaf part's content type, file name, text and SHA-256, and facts on the raw lines.
# With a certificate the server offers STARTTLS, or with --implicit-tls speaks TLS from the
# first byte (smtps). --user requires AUTH. --refuse makes RCPT TO for that address answer
# 550. --no-ehlo refuses EHLO (502), as a HELO-only server. A --hostile server is not SMTP at
# all: it sends junk, closes early, sends a line or a reply without end, or says nothing.
import argparse
import asyncio
import email
import email.policy
import hashlib
import json
import os
import signal
import ssl
import sys

from aiosmtpd.smtp import SMTP, AuthResult, LoginPassword


class Recorder:
    """aiosmtpd's handler: refuses the configured recipients, writes each message."""

    def __init__(self, directory, refused):
        self.directory = directory
        self.refused = set(refused)
        self.count = 0

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address in self.refused:
            return f"550 5.1.1 <{address}>: recipient refused"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        self.count += 1
        temporary = os.path.join(self.directory, f".{self.count}")
        os.makedirs(temporary)
        with open(os.path.join(temporary, "summary.json"), "w") as file:
            json.dump(summary(envelope), file)
        os.rename(temporary, os.path.join(self.directory, str(self.count)))
        return "250 2.0.0 stored"


def summary(envelope):
    raw = envelope.original_content
    message = email.message_from_bytes(raw, policy=email.policy.default)
    parts = []
    for part in message.walk():
        if part.is_multipart():
            continue
        payload = part.get_payload(decode=True) or b""
        parts.append({
            "content_type": part.get_content_type(),
            "filename": part.get_filename(),
            "sha256": hashlib.sha256(payload).hexdigest(),
            "text": part.get_content() if part.get_content_maintype() == "text" else None,
        })
    lines = raw.split(b"\r\n")
    return {
        "mail_from": envelope.mail_from,
        "rcpt_tos": envelope.rcpt_tos,
        "data_sha256": hashlib.sha256(raw).hexdigest(),
        "headers": {name: str(value) for name, value in message.items()},
        "content_type": message.get_content_type(),
        "parts": parts,
        "defects": [str(defect) for part in message.walk() for defect in part.defects],
        "longest_line": max(len(line) for line in lines),
        "bare_line_feeds": raw.replace(b"\r\n", b"").count(b"\n"),
        "eight_bit": any(byte > 127 for byte in raw),
    }


class NoEHLO(SMTP):
    """A server of RFC 821's time, which knows HELO only."""

    async def smtp_EHLO(self, hostname):
        await self.push("502 5.5.1 EHLO not implemented")


def authenticator(user, password):
    def check(server, session, envelope, mechanism, auth_data):
        valid = isinstance(auth_data, LoginPassword) and auth_data.login == user.encode() and auth_data.password == password.encode()
        # handled=False: aiosmtpd answers 535 itself (with True it would leave the reply to us).
        return AuthResult(success=valid, handled=False)
    return check


async def hostile(mode, reader, writer):
    try:
        if mode == "not-smtp":
            writer.write(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")
        elif mode == "close-after-greeting":
            writer.write(b"220 hello\r\n")
            await reader.readline()
        elif mode == "endless-line":
            writer.write(b"220 ")
            for _ in range(256):
                writer.write(b"x" * 65536)
                await writer.drain()
        elif mode == "endless-reply":
            for _ in range(256):
                writer.write(b"220-x\r\n" * 8192)
                await writer.drain()
        elif mode == "silent":
            await reader.read()
        await writer.drain()
    except (ConnectionError, OSError):
        pass
    writer.close()


async def main():
    # The test process may start this one with SIGTERM blocked (the mask is inherited), which
    # would make its stop wait forever; and when the test process dies, its end of standard
    # input closes: stop then too.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})
    asyncio.get_running_loop().add_reader(sys.stdin.fileno(), lambda: os._exit(0) if not os.read(sys.stdin.fileno(), 4096) else None)
    parser = argparse.ArgumentParser()
    parser.add_argument("--directory")
    parser.add_argument("--tls-cert")
    parser.add_argument("--tls-key")
    parser.add_argument("--implicit-tls", action="store_true")
    parser.add_argument("--user")
    parser.add_argument("--password")
    parser.add_argument("--auth-mechanisms", nargs="*")
    parser.add_argument("--refuse", action="append", default=[])
    parser.add_argument("--no-ehlo", action="store_true")
    parser.add_argument("--hostile")
    parser.add_argument("--port", type=int, default=0)
    arguments = parser.parse_args()
    loop = asyncio.get_running_loop()
    if arguments.hostile:
        server = await asyncio.start_server(lambda r, w: hostile(arguments.hostile, r, w), "127.0.0.1", 0)
    else:
        options = {}
        context = None
        if arguments.tls_cert:
            context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
            context.load_cert_chain(arguments.tls_cert, arguments.tls_key)
            if not arguments.implicit_tls:
                options["tls_context"] = context
        if arguments.user:
            options["authenticator"] = authenticator(arguments.user, arguments.password)
            options["auth_required"] = True
            # aiosmtpd counts STARTTLS only as TLS, not a connection that is TLS from the start.
            options["auth_require_tls"] = bool(arguments.tls_cert) and not arguments.implicit_tls
            if arguments.auth_mechanisms:
                options["auth_exclude_mechanism"] = [m for m in ("PLAIN", "LOGIN") if m not in arguments.auth_mechanisms]
        handler = Recorder(arguments.directory, arguments.refuse)
        kind = NoEHLO if arguments.no_ehlo else SMTP
        server = await loop.create_server(
            lambda: kind(handler, hostname="mail.test", **options), "127.0.0.1", arguments.port, ssl=context if arguments.implicit_tls else None
        )
    print(f"ready port={server.sockets[0].getsockname()[1]}", flush=True)
    async with server:
        await server.serve_forever()


asyncio.run(main())
