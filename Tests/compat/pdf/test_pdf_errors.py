"""Inputs the engine cannot use: encrypted files (with and without a user password), and files that
are not PDFs or lost their page tree. Every `pdf` subcommand must answer with a non-zero exit and
exactly one line on standard error, and never crash (no signal, no Swift "Fatal error").
"""

import json
import random
import re

import pytest

from .conftest import chancery, describe
from .corpus import ENCRYPTED

# Exit statuses of a process killed by SIGABRT / SIGSEGV / SIGILL / SIGTRAP as a shell reports them.
CRASH_CODES = {132, 133, 134, 139}


def unreadable_inputs(corpus):
    """name -> bytes of files no reader can get a page out of."""
    whole = corpus.path("libreoffice-html").read_bytes()
    truncated = whole[: len(whole) // 2]
    # LibreOffice writes the page tree and catalog at the end: half the file has none of them.
    assert not re.search(rb"/Type\s*/(Catalog|Pages?)\b", truncated), "the truncated file still has a page tree"
    return {
        "empty": b"",
        "random-bytes": random.Random(20).randbytes(4096),
        "plain-text": b"This is a plain text file, not a PDF.\n" * 40,
        "header-only": b"%PDF-1.7\n%%EOF\n",
        "truncated": truncated,
    }


UNREADABLE = ["empty", "random-bytes", "plain-text", "header-only", "truncated", "missing"]


def command(subcommand, path, pki, tmp_path):
    """The arguments of `pdf info|sign|verify` on `path`, otherwise well formed."""
    if subcommand == "info":
        return ["pdf", "info", path, "--json"]
    if subcommand == "sign":
        return ["pdf", "sign", path, tmp_path / "out.pdf", "--cert", pki.rsa.chain, "--key", pki.rsa.key, "--pades"]
    return ["pdf", "verify", path, "--root", pki.ca]


def assert_one_line_error(result):
    """Non-zero exit, no crash, and one line on standard error; returns that line."""
    assert result.returncode != 0, describe(result)
    assert result.returncode > 0 and result.returncode not in CRASH_CODES, f"crashed:\n{describe(result)}"
    assert "Fatal error" not in result.stderr + result.stdout, describe(result)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, f"expected one line on stderr:\n{describe(result)}"
    return lines[0]


@pytest.mark.parametrize("subcommand", ["sign", "verify"])
@pytest.mark.parametrize("name", ENCRYPTED)
def test_encrypted_input_is_refused(corpus, pki, name, subcommand, tmp_path):
    line = assert_one_line_error(chancery(*command(subcommand, corpus.path(name), pki, tmp_path)))
    assert "encrypt" in line.lower(), line


@pytest.mark.parametrize("name", ENCRYPTED)
def test_info_reports_or_refuses_encryption(corpus, pki, name, tmp_path):
    """`pdf info` reports encryption: either it reads the file and says "encrypted": true, or it
    refuses it with one line that says it is encrypted."""
    result = chancery(*command("info", corpus.path(name), pki, tmp_path))
    if result.returncode == 0:
        assert json.loads(result.stdout)["encrypted"] is True, describe(result)
    else:
        line = assert_one_line_error(result)
        assert "encrypt" in line.lower(), line


@pytest.mark.parametrize("subcommand", ["info", "sign", "verify"])
@pytest.mark.parametrize("kind", UNREADABLE)
def test_unreadable_input_is_one_line_error(corpus, pki, kind, subcommand, tmp_path):
    path = tmp_path / f"{kind}.pdf"
    if kind != "missing":
        path.write_bytes(unreadable_inputs(corpus)[kind])
    assert_one_line_error(chancery(*command(subcommand, path, pki, tmp_path)))


def test_page_out_of_range_is_one_line_error(corpus, pki, tmp_path):
    source = corpus.path("hand-geometry")
    result = chancery("pdf", "sign", source, tmp_path / "out.pdf", "--cert", pki.rsa.chain, "--key", pki.rsa.key,
                      "--text", "Nowhere", "--page", 99, "--at", "72,72")
    assert_one_line_error(result)
