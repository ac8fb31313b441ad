"""Fixtures of the PDF engine's compatibility suite (`chancery pdf info|sign|verify`).

The suite needs no server and no database, so it runs once: when CHANCERY_TEST_DATABASE is set
(scripts/test's PostgreSQL pass) every test here is skipped before any fixture runs.

Session fixtures: the corpus (corpus.py), a test PKI made with openssl (a CA, an RSA-2048 and an
EC P-256 signer issued by it, and an unrelated CA), an NSS database that trusts the CA for pdfsig,
and `engine`, which runs `chancery pdf sign` by a few fixed plans (once, three times in a row,
once with overlay text on a given page) and keeps what each plan made, so that the tests of info,
sign and verify share one signing of each file instead of signing again.
"""

import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from chancery_server import binary

from .corpus import Corpus
from .validators import blank_spot, pdfinfo_pages, render

HERE = Path(__file__).resolve().parent
CLI_TIMEOUT = 120


def pytest_collection_modifyitems(config, items):
    """Skips this package on the database-specific passes: nothing here touches a database."""
    if not os.environ.get("CHANCERY_TEST_DATABASE"):
        return
    skip = pytest.mark.skip(
        reason="the PDF engine suite uses no database: it runs once, in the pass without CHANCERY_TEST_DATABASE"
    )
    for item in items:
        if HERE in Path(str(item.path)).resolve().parents:
            item.add_marker(skip)


# MARK: certificates


@dataclass(frozen=True)
class Signer:
    """A signing identity as the CLI takes it: the chain file (leaf then CA) and the key."""

    name: str
    common_name: str
    chain: Path
    key: Path
    certificate: Path


@dataclass(frozen=True)
class Pki:
    """The CA the tests trust, an unrelated CA, three signers issued by the CA (two RSA, so that a
    sequence never has the same certificate twice: pdfsig 22.12 then reports "Unknown issue with
    Certificate" for the second one whatever the file), and pdfsig's NSS database."""

    ca: Path
    other_ca: Path
    rsa: Signer
    ec: Signer
    rsa2: Signer
    nssdir: str


def openssl(*args, cwd):
    """Runs openssl and fails with its message when it exits non-zero."""
    result = subprocess.run(["openssl", *args], cwd=cwd, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, f"openssl {' '.join(args)} exited {result.returncode}:\n{result.stderr}"


def make_ca(folder, name, common_name):
    """A self-signed RSA-2048 CA; returns (certificate, key)."""
    cert, key = folder / f"{name}.pem", folder / f"{name}.key"
    openssl(
        "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-sha256", "-days", "3650",
        "-keyout", str(key), "-out", str(cert), "-subj", f"/O=Chancery compat suite/CN={common_name}",
        "-addext", "basicConstraints=critical,CA:TRUE",
        "-addext", "keyUsage=critical,keyCertSign,cRLSign",
        "-addext", "subjectKeyIdentifier=hash",
        cwd=folder,
    )
    return cert, key


def make_signer(folder, name, common_name, key_args, ca_cert, ca_key, serial):
    """A leaf for document signing (digitalSignature + nonRepudiation) issued by the CA, its PEM
    key (PKCS#8, openssl's default) and the chain file: leaf, then CA."""
    key, csr, cert = folder / f"{name}.key", folder / f"{name}.csr", folder / f"{name}.pem"
    openssl("req", "-new", "-newkey", *key_args, "-nodes", "-keyout", str(key), "-out", str(csr),
            "-subj", f"/O=Chancery compat suite/CN={common_name}", cwd=folder)
    extensions = folder / f"{name}.ext"
    extensions.write_text(
        "basicConstraints=critical,CA:FALSE\n"
        "keyUsage=critical,digitalSignature,nonRepudiation\n"
        "subjectKeyIdentifier=hash\n"
        "authorityKeyIdentifier=keyid\n"
    )
    openssl("x509", "-req", "-in", str(csr), "-CA", str(ca_cert), "-CAkey", str(ca_key), "-set_serial", str(serial),
            "-sha256", "-days", "825", "-extfile", str(extensions), "-out", str(cert), cwd=folder)
    chain = folder / f"{name}-chain.pem"
    chain.write_text(cert.read_text() + ca_cert.read_text())
    return Signer(name, common_name, chain, key, cert)


def make_nss_trust(folder, ca_cert):
    """An NSS database (for pdfsig -nssdir) in which the CA is a trusted issuer."""
    folder.mkdir()
    for command in (
        ["certutil", "-N", "-d", f"sql:{folder}", "--empty-password"],
        ["certutil", "-A", "-d", f"sql:{folder}", "-n", "Chancery compat CA", "-t", "CT,C,C", "-i", str(ca_cert)],
    ):
        result = subprocess.run(command, capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, f"{' '.join(command)} exited {result.returncode}:\n{result.stdout}{result.stderr}"
    return f"sql:{folder}"


@pytest.fixture(scope="session")
def pki(tmp_path_factory):
    """The session's certificates and keys, made with openssl (see Pki)."""
    folder = tmp_path_factory.mktemp("pki")
    ca_cert, ca_key = make_ca(folder, "ca", "Chancery Compat Test CA")
    other_ca, _ = make_ca(folder, "other-ca", "Unrelated Test CA")
    rsa = make_signer(folder, "signer-rsa", "Chancery Test Signer RSA", ["rsa:2048"], ca_cert, ca_key, 1001)
    ec = make_signer(folder, "signer-ec", "Chancery Test Signer EC",
                     ["ec", "-pkeyopt", "ec_paramgen_curve:P-256"], ca_cert, ca_key, 1002)
    rsa2 = make_signer(folder, "signer-rsa2", "Chancery Test Signer RSA Two", ["rsa:2048"], ca_cert, ca_key, 1003)
    return Pki(ca_cert, other_ca, rsa, ec, rsa2, make_nss_trust(folder / "nss", ca_cert))


# MARK: the corpus and the engine


@pytest.fixture(scope="session")
def corpus(tmp_path_factory):
    """The session's corpus (corpus.py), made lazily in a folder of its own."""
    return Corpus(tmp_path_factory.mktemp("corpus"))


def chancery(*args):
    """Runs `chancery ARGS` with no CHANCERY_* variable and returns the CompletedProcess (text)."""
    environment = {key: value for key, value in os.environ.items() if not key.startswith("CHANCERY_")}
    return subprocess.run([binary(), *map(str, args)], env=environment, capture_output=True, text=True,
                          timeout=CLI_TIMEOUT)


def describe(result):
    """A failed command, for an assertion message."""
    return (f"{' '.join(map(str, result.args))}\nexited {result.returncode}\n"
            f"stdout:\n{result.stdout}\nstderr:\n{result.stderr}")


@dataclass(frozen=True)
class Overlay:
    """Overlay text on a page at X,Y (points from the bottom left of the visible page)."""

    text: str
    page: int
    x: int
    y: int


# How each single signature is made: (--pades?, which signer).
MODES = {"pkcs7-rsa": (False, "rsa"), "pades-rsa": (True, "rsa"), "pades-ec": (True, "ec")}


@dataclass(frozen=True)
class Signed:
    """The outputs of one plan, in signing order, the overlay each step drew (or None) and the
    signer of each step; `source` is the corpus file they started from."""

    source: Path
    outputs: list
    overlays: list
    signers: list
    pades: bool


class Engine:
    """`chancery pdf sign` as the tests use it. Each plan runs once per session and is shared by the
    tests of info, sign and verify (a failure is not remembered: every test that needs the file
    fails with the engine's own message)."""

    def __init__(self, folder, corpus, pki):
        self.folder = Path(folder)
        self.corpus = corpus
        self.pki = pki
        self._made = {}

    def sign(self, source, output, signer, pades, overlay=None):
        """Runs `pdf sign` and requires exit 0 and an output that starts with the input byte for byte
        (an incremental update); returns the output path."""
        args = ["pdf", "sign", source, output, "--cert", signer.chain, "--key", signer.key]
        if overlay:
            args += ["--text", overlay.text, "--page", overlay.page, "--at", f"{overlay.x},{overlay.y}"]
        if pades:
            args.append("--pades")
        result = chancery(*args)
        assert result.returncode == 0, describe(result)
        before, after = Path(source).read_bytes(), Path(output).read_bytes()
        assert len(after) > len(before) and after.startswith(before), (
            f"{describe(result)}\nthe output does not start with the input: not an incremental update")
        return Path(output)

    def overlay_at_blank_spot(self, source, page, text):
        """An overlay on `page` at a point where the unsigned page is white all around."""
        spot = blank_spot(render(source, page))
        if spot is None:
            pytest.fail(f"page {page} of {source} has no blank room for an overlay: fix the corpus")
        return Overlay(text, page, *spot)

    def _plan(self, key, make):
        """make() once per key for the session."""
        if key not in self._made:
            self._made[key] = make()
        return self._made[key]

    def once(self, name, mode):
        """One invisible signature on the corpus file, per MODES[mode]."""
        def make():
            pades, who = MODES[mode]
            source = self.corpus.path(name)
            signer = getattr(self.pki, who)
            output = self.sign(source, self.folder / f"{name}-{mode}.pdf", signer, pades)
            return Signed(source, [output], [None], [signer], pades)
        return self._plan(("once", name, mode), make)

    def sequence(self, name, pades):
        """Three signatures in a row by three signers (RSA, EC, another RSA): the first invisible,
        the second with text on the last page but one, the third with text on the last page."""
        def make():
            source = self.corpus.path(name)
            count = len(pdfinfo_pages(source))
            assert count >= 2, f"{name} has {count} page(s): the sequence needs two different pages"
            signers = [self.pki.rsa, self.pki.ec, self.pki.rsa2]
            overlays = [
                None,
                self.overlay_at_blank_spot(source, count - 1, "Second signer approves"),
                self.overlay_at_blank_spot(source, count, "Third signer approves"),
            ]
            outputs, current = [], source
            for step, (signer, overlay) in enumerate(zip(signers, overlays), start=1):
                tag = "pades" if pades else "pkcs7"
                current = self.sign(current, self.folder / f"{name}-sequence-{tag}-{step}.pdf", signer, pades, overlay)
                outputs.append(current)
            return Signed(source, outputs, overlays, signers, pades)
        return self._plan(("sequence", name, pades), make)

    def single_overlay(self, name, page, text, tag):
        """One PAdES signature by the RSA signer with `text` at a blank spot of `page`."""
        def make():
            source = self.corpus.path(name)
            overlay = self.overlay_at_blank_spot(source, page, text)
            output = self.sign(source, self.folder / f"{name}-{tag}-page{page}.pdf", self.pki.rsa, True, overlay)
            return Signed(source, [output], [overlay], [self.pki.rsa], True)
        return self._plan(("overlay", name, page, text), make)


@pytest.fixture(scope="session")
def engine(tmp_path_factory, corpus, pki):
    """The session's signing plans and their outputs (see Engine)."""
    return Engine(tmp_path_factory.mktemp("signed"), corpus, pki)
